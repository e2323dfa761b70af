package views_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoHTMLOrSentencesAcrossTheBoundary keeps issue 30's boundary
// between handlers and views: no markup is put into a page with
// templ.Raw (charts are components fed by a Chart model), and no sentence
// is searched for card codes (a Phrase is built from its parts). It reads
// the hand-written sources of views and handlers; the generated
// *_templ.go files are templ's own.
func TestNoHTMLOrSentencesAcrossTheBoundary(t *testing.T) {
	t.Parallel()
	banned := []string{"templ.Raw(", "PhraseOf("}
	for _, dir := range []string{".", "../handlers"} {
		files, err := filepath.Glob(filepath.Join(dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			name := filepath.Base(f)
			if strings.HasSuffix(name, "_templ.go") || strings.HasSuffix(name, "_test.go") ||
				!(strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".templ")) {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range banned {
				if strings.Contains(string(src), b) {
					t.Errorf("%s calls %s", f, strings.TrimSuffix(b, "("))
				}
			}
		}
	}
}
