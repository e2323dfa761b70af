package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"ruthless"
	"ruthless/store"
)

// TestVersion: `ruthless version` prints one line with the version of the
// file VERSION (in any build, go run included), and the commit and build
// date a release build sets; it takes no arguments.
// It runs alone (no t.Parallel): it sets the package's version variables.
func TestVersion(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"version"}, nil, &out, &errs); code != exitOK || !strings.HasPrefix(out.String(), "ruthless ") {
		t.Fatalf("version: exit %d, %q %q", code, out.String(), errs.String())
	}
	defer func(c, d string) { commit, date = c, d }(commit, date)
	commit, date = "abc1234", "2026-11-25T18:00:00Z"
	out.Reset()
	run([]string{"version"}, nil, &out, &errs)
	if got, want := strings.TrimSpace(out.String()), fmt.Sprintf("ruthless %s, commit abc1234, built 2026-11-25T18:00:00Z, database schema %d", ruthless.Version(), store.SchemaWritten()); got != want || store.SchemaWritten() < 6 || !strings.HasPrefix(ruthless.Version(), "v") {
		t.Errorf("version prints %q, want %q", got, want)
	}
	errs.Reset()
	if code := run([]string{"version", "x"}, nil, &out, &errs); code != exitUsage || !strings.Contains(errs.String(), `"x"`) {
		t.Errorf("version x: exit %d, %q; want 2 naming the argument", code, errs.String())
	}
}
