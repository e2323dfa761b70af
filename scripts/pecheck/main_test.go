package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestIsSystemDLL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		want bool
	}{
		{"kernel32.dll", true},
		{"msvcrt.dll", true},
		{"ws2_32.dll", true},
		{"libwinpthread-1.dll", false},
		{"LIBGCC_S_SEH-1.DLL", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := isSystemDLL(tt.name); got != tt.want {
				t.Errorf("isSystemDLL(%q) = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}

// A file that is not a PE image is an error, not a pass with no problems.
func TestCheckRefusesWhatIsNotPE(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "not.exe")
	if err := os.WriteFile(path, []byte("\x7fELF, not a Windows program"), 0o644); err != nil {
		t.Fatal(err)
	}
	problems, err := check(path, nil, io.Discard)
	if err == nil {
		t.Errorf("check(%q) = %v, nil; want an error", path, problems)
	}
}
