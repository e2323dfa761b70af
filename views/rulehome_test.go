package views_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRulesHaveOneHome catches a rule written again beside its one
// source (issue 39): a figure or a test that scoring or the store owns,
// copied into handlers, views or the store's SQL. Behaviour cannot show a
// copy that agrees today, so this reads the hand-written sources (not
// comments, tests or templ's generated files). The rules page
// (rules.templ) is the rules in prose and may say the figures.
func TestRulesHaveOneHome(t *testing.T) {
	t.Parallel()
	copies := []struct {
		what, source string
		pattern      *regexp.Regexp
		dirs         []string
		allowed      []string // files where the words are not a copy
	}{
		{"the prize threshold", "scoring.PrizeThreshold", regexp.MustCompile(`strength (of )?4\b|\b4\+|\b4 or more`),
			[]string{"../handlers", "."}, []string{"rules.templ"}},
		{"what a place or a Port token is worth", "scoring.FirstPlaceNP, SecondPlaceNP, PortNP", regexp.MustCompile(`"[^"]*\b[124] NP\b`),
			[]string{"../handlers", "."}, []string{"rules.templ"}},
		{"the two-player rule of second places", "scoring.HasSecondPlace", regexp.MustCompile(`len\([^)]*Counts\)\s*[<>]=?\s*3`),
			[]string{"../handlers", "."}, nil},
		{"how long the trash keeps a game", "store.TrashKeep", regexp.MustCompile(`\b30 days\b`),
			// The login cookie's lifetime is another 30 days.
			[]string{"../handlers", "."}, []string{"login.templ"}},
		{"is the game over", "scoring.Game.Over", regexp.MustCompile(`\.Final\s*[!=]=\s*nil|\.Totals\s*[!=]=\s*nil`),
			[]string{"../handlers", ".", "../store", "../store/memstore", "../table", "../cmd/ruthless"}, nil},
		{"prizes added up", "scoring.PrizesSoFar, PrizesAfter", regexp.MustCompile(`\+=\s*[^\n]*\.Prize\b`),
			[]string{"../handlers", "."}, nil},
		{"names folded by SQLite's ASCII lower()", "scoring.NameKey (name_key in SQL)", regexp.MustCompile(`lower\(`),
			[]string{"../store", "../store/memstore"}, nil},
		{"names folded by hand", "scoring.NameKey, SameName", regexp.MustCompile(`EqualFold|asciiLower`),
			[]string{"../store", "../store/memstore", "../scoring"}, nil},
	}
	for _, c := range copies {
		for _, dir := range c.dirs {
			files, err := filepath.Glob(filepath.Join(dir, "*"))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				name := filepath.Base(f)
				if strings.HasSuffix(name, "_templ.go") || strings.HasSuffix(name, "_test.go") ||
					!(strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".templ")) || contains(c.allowed, name) {
					continue
				}
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				for i, line := range strings.Split(string(src), "\n") {
					if code := codeOf(line); c.pattern.MatchString(code) {
						t.Errorf("%s:%d: %s written again (its one source is %s): %s", f, i+1, c.what, c.source, strings.TrimSpace(line))
					}
				}
			}
		}
	}
}

// codeOf is a source line without its comment ("" for a comment line).
func codeOf(line string) string {
	trimmed := strings.TrimSpace(line)
	if strings.HasPrefix(trimmed, "//") {
		return ""
	}
	return trimmed
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
