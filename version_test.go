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
// image of this version, and leaves the health check to the image's
// HEALTHCHECK, which runs the binary itself: a compose healthcheck would
// replace it, and podman-compose 1.0.3 runs its test through /bin/sh,
// which the image does not have (the container was marked unhealthy).
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
	if regexp.MustCompile(`(?m)^\s+healthcheck:`).Match(compose) {
		t.Error("docs/compose.yaml overrides the image's health check")
	}
	if !regexp.MustCompile(`(?m)^HEALTHCHECK .*\\\n\s+CMD \["/ruthless", "healthcheck"`).Match(container) {
		t.Error(`Containerfile has no HEALTHCHECK … CMD ["/ruthless", "healthcheck", …]`)
	}
}
