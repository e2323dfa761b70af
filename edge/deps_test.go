package edge

import (
	"os/exec"
	"strings"
	"testing"
)

// TestEdgeImportsNothingOfTheGame: the plumbing knows nothing of the game.
// go list -deps names every package edge's build takes in, directly or
// not; none may be another package of this module (handlers, store,
// views, scoring or any added later), so the arrows run from handlers to
// edge and never back, and a change to the game cannot reach here.
func TestEdgeImportsNothingOfTheGame(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if .Module}}{{.ImportPath}} {{.Module.Path}}{{end}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	self, module := "", ""
	var deps []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, mod, _ := strings.Cut(line, " ")
		deps = append(deps, path)
		if strings.HasSuffix(path, "/edge") || path == "edge" {
			self, module = path, mod
		}
	}
	if self == "" {
		t.Fatalf("go list -deps did not name edge itself in:\n%s", out)
	}
	for _, path := range deps {
		if path != self && (path == module || strings.HasPrefix(path, module+"/")) {
			t.Errorf("edge depends on %s, a package of this module; the plumbing must not know the game", path)
		}
	}
}
