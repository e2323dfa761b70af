package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestDocsFollowTheHelp: the README's command table names every command
// `ruthless help` lists, and the serve-flag tables of docs/api.md and
// docs/operations.md name every flag `ruthless serve -h` prints, and
// no flag it does not. The lists come from the program's own output, so
// a new command or flag fails here until its documentation line exists.
func TestDocsFollowTheHelp(t *testing.T) {
	t.Parallel()
	var help bytes.Buffer
	if code := run([]string{"help"}, strings.NewReader(""), &help, &bytes.Buffer{}); code != exitOK {
		t.Fatalf("ruthless help: exit %d", code)
	}
	commands := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  ruthless (?:\[(\w+)\]|(\w+))`).FindAllStringSubmatch(help.String(), -1) {
		commands[m[1]+m[2]] = true
	}
	if len(commands) < 10 {
		t.Fatalf("ruthless help lists %d commands, want at least 10: %q", len(commands), help.String())
	}
	readme := readDoc(t, "../../README.md")
	for cmd := range commands {
		if !regexp.MustCompile("(?m)^\\|[^|\n]*`ruthless " + cmd + "\\b").MatchString(readme) {
			t.Errorf("README.md's command table has no row for `ruthless %s`", cmd)
		}
	}

	var flags bytes.Buffer
	if code := run([]string{"serve", "-h"}, strings.NewReader(""), &flags, &flags); code != exitOK && code != exitUsage {
		t.Fatalf("ruthless serve -h: exit %d", code)
	}
	printed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  -([\w-]+)`).FindAllStringSubmatch(flags.String(), -1) {
		printed[m[1]] = true
	}
	if len(printed) < 5 {
		t.Fatalf("ruthless serve -h prints %d flags, want at least 5: %q", len(printed), flags.String())
	}
	for _, doc := range []string{"../../docs/api.md", "../../docs/operations.md"} {
		documented := flagRows(t, readDoc(t, doc))
		for f := range printed {
			if !documented[f] {
				t.Errorf("%s: the serve-flag table has no row for -%s", doc, f)
			}
		}
		for f := range documented {
			if !printed[f] {
				t.Errorf("%s: the serve-flag table names -%s, which serve -h does not print", doc, f)
			}
		}
	}
}

// flagRows are the flags that start a row of a doc's serve-flag table:
// the table under the heading that names the serve flags.
func flagRows(t *testing.T, doc string) map[string]bool {
	t.Helper()
	start := regexp.MustCompile("(?m)^#+ .*(`serve` flags|[Ff]lags and environment)").FindStringIndex(doc)
	if start == nil {
		t.Fatal("no serve-flag heading")
	}
	rest := doc[start[1]:]
	if end := regexp.MustCompile(`(?m)^#`).FindStringIndex(rest); end != nil {
		rest = rest[:end[0]]
	}
	out := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `-([\\w-]+)").FindAllStringSubmatch(rest, -1) {
		out[m[1]] = true
	}
	return out
}

func readDoc(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
