// Package ruthless holds the one thing every build of the program shares
// and no layer owns: its version, read from the file VERSION at the root
// of the repository. The file is the only place the number is written:
// `go run`, `go build`, scripts/release.sh (the release files' names) and
// the container image all take it from there.
package ruthless

import (
	_ "embed"
	"strings"
)

//go:embed VERSION
var versionFile string

// Version is the program's semantic version with a leading v (v0.6.0),
// as VERSION holds it; CHANGELOG.md says what each version changed.
func Version() string { return strings.TrimSpace(versionFile) }
