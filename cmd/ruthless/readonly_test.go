package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"ruthless/scoring"
	"ruthless/store"
)

// TestRescueOnReadOnlyDisk: on a file system mounted read-only (a tmpfs
// remounted ro, standing for an SD card gone read-only), export, backup
// and trash read the database and succeed, leaving nothing beside it;
// undelete and import, which must write, refuse, saying why. Two
// databases: one closed cleanly (no -wal), one copied while its server
// ran (its -wal holds games the file lacks).
func TestRescueOnReadOnlyDisk(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		withWAL  bool
		wantGame int
	}{
		{"closed cleanly", false, 3},
		{"copied with its -wal", true, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mnt := tmpfs(t, "16m")
			db := filepath.Join(mnt, "ruthless.db")
			src := filepath.Join(t.TempDir(), "live.db")
			st, err := store.Open(src)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, name := range []string{"Ann", "Bob", "Cy"} {
				id, err := st.CreateGame(context.Background(), scoring.Game{Version: 1, Players: []string{name, "Di"}, Rounds: [][]*scoring.Entry{}})
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, id)
			}
			if err := st.DeleteGame(context.Background(), ids[0]); err != nil {
				t.Fatal(err)
			}
			if tt.withWAL {
				for _, suffix := range []string{"", "-wal", "-shm"} {
					copyFile(t, src+suffix, db+suffix)
				}
				st.Close()
			} else {
				st.Close()
				copyFile(t, src, db)
			}
			if _, err := os.Stat(db + "-wal"); (err == nil) != tt.withWAL {
				t.Fatalf("-wal present %v, want %v", err == nil, tt.withWAL)
			}
			if out, err := exec.Command("mount", "-o", "remount,ro", mnt).CombinedOutput(); err != nil {
				t.Fatalf("remount ro: %v %s", err, out)
			}
			before := listNames(t, mnt)
			out := t.TempDir()
			backup := filepath.Join(out, "rescued.db")
			commands := []struct {
				name string
				args []string
				code int
				want string
			}{
				{"export one", []string{"export", "-db", db, ids[1]}, exitOK, `"Bob"`},
				{"export all", []string{"export", "-db", db, "--all"}, exitOK, `"Cy"`},
				{"backup", []string{"backup", "-db", db, backup}, exitOK, "backed up"},
				{"trash", []string{"trash", "-db", db}, exitOK, ids[0]},
				{"undelete refuses", []string{"undelete", "-db", db, ids[0]}, exitOther, "read-only"},
			}
			for _, c := range commands {
				var stdout, stderr bytes.Buffer
				code := run(c.args, strings.NewReader(""), &stdout, &stderr)
				if code != c.code || !strings.Contains(stdout.String()+stderr.String(), c.want) {
					t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d saying %q", c.name, code, stdout.String(), stderr.String(), c.code, c.want)
				}
			}
			rescued, err := store.Open(backup)
			if err != nil {
				t.Fatalf("the backup does not open: %v", err)
			}
			defer rescued.Close()
			games, err := rescued.Games(context.Background())
			if err != nil || len(games) != 2 {
				t.Errorf("the backup holds %d live games, %v; want 2", len(games), err)
			}
			if after := listNames(t, mnt); strings.Join(after, ",") != strings.Join(before, ",") {
				t.Errorf("the read-only folder held %q, now %q", before, after)
			}
		})
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

func listNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
