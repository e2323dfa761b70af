package ruthless

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckBinaries runs scripts/check-binaries.sh (make check-fmt's
// check against committed build outputs) in a new git repository: it
// passes on text, on images under docs/img and static and on a binary
// data file with an extension, and then refuses, one line each, a staged
// ELF program (this test's own binary), an executable binary script, a
// binary file with no extension, and a WebAssembly module.
func TestCheckBinaries(t *testing.T) {
	script, err := filepath.Abs("scripts/check-binaries.sh")
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	elf, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name string, data []byte, mode os.FileMode) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, mode); err != nil {
			t.Fatal(err)
		}
	}
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	git("init", "-q")
	write("scripts/check-binaries.sh", mustRead(t, script), 0o755)
	write("main.go", []byte("package main\n"), 0o644)
	write("run.sh", []byte("#!/bin/sh\necho hi\n"), 0o755)
	write("docs/img/shot.png", png, 0o644)
	write("static/icon.png", png, 0o644)
	write("e2e/testdata/font.ttf", []byte("\x00\x01\x00\x00\x00\x0f"), 0o644)
	git("add", ".")

	run := func() (int, string) {
		cmd := exec.Command("bash", "scripts/check-binaries.sh")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if exit, ok := err.(*exec.ExitError); ok {
			return exit.ExitCode(), string(out)
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, string(out)
	}
	if code, out := run(); code != 0 || out != "" {
		t.Fatalf("on text, images and a font: exit %d, %q; want 0 and nothing", code, out)
	}

	write("loadtest", elf, 0o755)
	write("tools/blob", []byte("data\x00more"), 0o644)
	write("tools/packed.dat", []byte("#!\x00\x01"), 0o755)
	write("static/app.wasm", []byte("\x00asm\x01\x00\x00\x00"), 0o644)
	git("add", ".")
	code, out := run()
	want := map[string]string{
		"loadtest":         "an executable (ELF)",
		"tools/blob":       "binary with no extension",
		"tools/packed.dat": "binary and marked executable",
		"static/app.wasm":  "an executable (WebAssembly)",
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != len(want) {
		t.Fatalf("with binaries staged: exit %d, %d lines %q; want 1 and %d lines", code, len(lines), out, len(want))
	}
	for path, why := range want {
		if !strings.Contains(out, "check-binaries: "+path+" is "+why+":") {
			t.Errorf("output %q does not say %s is %s", out, path, why)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
