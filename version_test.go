package ruthless

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// semver is a semantic version (semver.org) with the leading v of a git
// tag: v0.6.0, v1.0.0-rc.1.
var semver = regexp.MustCompile(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`)

// TestVersionIsSemantic: VERSION holds one semantic version, and it is
// the newest one CHANGELOG.md describes (its first "## v…" heading), so
// the number an admin reads in `ruthless version` always has an entry
// with its upgrade notes.
func TestVersionIsSemantic(t *testing.T) {
	v := Version()
	if !semver.MatchString(v) {
		t.Fatalf("VERSION holds %q, want a semantic version such as v0.6.0", v)
	}
	log, err := os.ReadFile("CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	first := regexp.MustCompile(`(?m)^## (v[0-9][^ ]*)`).FindStringSubmatch(string(log))
	if first == nil {
		t.Fatal(`CHANGELOG.md has no "## v…" heading`)
	}
	if got := first[1]; got != v {
		t.Errorf("CHANGELOG.md's newest version is %s, VERSION says %s", got, v)
	}
	if !strings.Contains(string(log), "### Upgrade notes") {
		t.Error(`CHANGELOG.md has no "### Upgrade notes" section`)
	}
}

// TestComposeFollowsTheImage: the compose example in docs/ names the
// image of this version and restates the Containerfile's HEALTHCHECK
// command word for word, so the example cannot drift from the image.
func TestComposeFollowsTheImage(t *testing.T) {
	compose, err := os.ReadFile("docs/compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	container, err := os.ReadFile("Containerfile")
	if err != nil {
		t.Fatal(err)
	}
	if want := "image: localhost/ruthless:" + Version() + "\n"; !strings.Contains(string(compose), want) {
		t.Errorf("docs/compose.yaml does not say %q", strings.TrimSpace(want))
	}
	hc := regexp.MustCompile(`(?m)^HEALTHCHECK .*\\\n\s+CMD (\[.*\])$`).FindSubmatch(container)
	if hc == nil {
		t.Fatal("Containerfile has no HEALTHCHECK … CMD [...]")
	}
	want := `test: ["CMD", ` + strings.TrimPrefix(string(hc[1]), "[")
	if !strings.Contains(string(compose), want) {
		t.Errorf("docs/compose.yaml's healthcheck is not %s", want)
	}
}
