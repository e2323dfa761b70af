package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestExportAllImportArray: export --all writes every game as an array,
// import of that array stores them all and export --all then writes the
// same bytes; an array with one bad game stores nothing and names it.
func TestExportAllImportArray(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	for _, file := range []string{inProgress, tooManyRecruits} {
		if r := runCmd(t, importCmd, file, "-db", a, "-"); r.code != 0 {
			t.Fatalf("import: %d %s", r.code, r.stderr)
		}
	}
	all := runCmd(t, exportCmd, "", "-db", a, "--all")
	if all.code != 0 || !strings.HasPrefix(all.stdout, "[\n{") {
		t.Fatalf("export --all: code %d, output %.40q", all.code, all.stdout)
	}
	in := runCmd(t, importCmd, all.stdout, "-db", b, "-")
	if in.code != 0 || len(strings.Fields(in.stdout)) != 2 {
		t.Fatalf("import of the array: code %d, ids %q, stderr %s", in.code, in.stdout, in.stderr)
	}
	again := runCmd(t, exportCmd, "", "-db", b, "--all")
	if again.stdout != all.stdout {
		t.Errorf("export --all after import differs:\n%s\n---\n%s", again.stdout, all.stdout)
	}

	bad := "[" + inProgress + `, {"version": 1, "players": ["Ann", "Ann"]}]`
	r := runCmd(t, importCmd, bad, "-db", b, "-")
	if r.code != exitUsage || !strings.Contains(r.stderr, "game 1") || !strings.Contains(r.stderr, "players[1]") {
		t.Errorf("bad array: code %d, stderr %q; want 2 naming game 1 and players[1]", r.code, r.stderr)
	}
	if after := runCmd(t, exportCmd, "", "-db", b, "--all"); after.stdout != all.stdout {
		t.Errorf("a refused import changed the database")
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"all and an id", []string{"-db", a, "--all", "abc"}, "takes no GAME_ID"},
		{"neither", []string{"-db", a}, "or --all"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runCmd(t, exportCmd, "", c.args...)
			if r.code != exitUsage || !strings.Contains(r.stderr, c.want) {
				t.Errorf("got %d %q, want %d and %q", r.code, r.stderr, exitUsage, c.want)
			}
		})
	}
}
