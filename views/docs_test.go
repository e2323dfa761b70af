package views_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
)

// The documents the code names, and the rule IDs it cites, must exist:
// a comment that points at a document or a rule nobody can open is a
// dead end. The scan covers the code of the whole module, not only this
// package; it lives here because the views cite most of the rules.
var (
	// docName is a document named in capitals, as README.md.
	docName = regexp.MustCompile(`\b[A-Z][A-Z0-9_]*\.md\b`)
	// docPath is a document named by its path, as docs/rules.md.
	docPath = regexp.MustCompile(`\bdocs/[a-z][a-z0-9_-]*\.md\b`)
	// ruleCites are the places a rule ID is cited: a RuleLink call, a Rule
	// field, and an ID alone in parentheses. Test names (TestEntryWarningR43)
	// and chart labels (R1 … R5) are none of these.
	ruleCites = []*regexp.Regexp{
		regexp.MustCompile(`\bRuleLink\(\s*"(R[0-9](?:\.[0-9])?)"\s*\)`),
		regexp.MustCompile(`\bRule:\s*"(R[0-9](?:\.[0-9])?)"`),
		regexp.MustCompile(`\((R[0-9](?:\.[0-9])?)\)`),
	}
	ruleAnchor = regexp.MustCompile(`<a id="(R[0-9](?:\.[0-9])?)"></a>`)
)

// citation is one reference found in a file: a document or a rule ID.
type citation struct {
	file string
	line int
	text string
}

func (c citation) String() string { return fmt.Sprintf("%s:%d: %s", c.file, c.line, c.text) }

// scanCitations finds the documents and rule IDs cited in one file's text.
func scanCitations(file, text string) (docs, rules []citation) {
	for i, line := range strings.Split(text, "\n") {
		// Most lines cite nothing: a plain search for what every match
		// holds spares them the regular expressions, which the race
		// detector slows to most of this package's time.
		if strings.Contains(line, ".md") {
			for _, m := range docName.FindAllString(line, -1) {
				docs = append(docs, citation{file, i + 1, m})
			}
			for _, m := range docPath.FindAllString(line, -1) {
				docs = append(docs, citation{file, i + 1, m})
			}
		}
		if !strings.Contains(line, `"R`) && !strings.Contains(line, "(R") {
			continue
		}
		for _, re := range ruleCites {
			for _, m := range re.FindAllStringSubmatch(line, -1) {
				rules = append(rules, citation{file, i + 1, m[1]})
			}
		}
	}
	return docs, rules
}

// moduleRoot is the folder holding go.mod, above the test's own.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
}

// exists says whether root/rel is a file or folder, matching every part of
// rel's case exactly (os.Stat alone would take a name in capitals for
// docs/rules.md on a file system that ignores case).
func exists(root, rel string) bool {
	dir := root
	for _, part := range strings.Split(filepath.ToSlash(filepath.Clean(rel)), "/") {
		switch part {
		case ".":
			continue
		case "..":
			dir = filepath.Dir(dir)
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return false
		}
		found := false
		for _, e := range entries {
			if e.Name() == part {
				found = true
				break
			}
		}
		if !found {
			return false
		}
		dir = filepath.Join(dir, part)
	}
	return true
}

// docResolves says whether a document the code names exists: a path as
// written from the module root, a bare name in docs/ or at the root.
func docResolves(root, name string) bool {
	if strings.Contains(name, "/") {
		return exists(root, name)
	}
	return exists(root, filepath.Join("docs", name)) || exists(root, name)
}

// codeFiles are the module's files that may cite documents or rules.
func codeFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			// Hidden folders, and what make builds or installs (git
			// ignores both): dist/'s copies of the site's scripts, and
			// axe-core's 2 MB of script in e2e/axe/node_modules, which
			// are not the project's words.
			if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "dist") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(name) {
		case ".go", ".templ", ".js", ".css", ".sh":
			files = append(files, path)
		default:
			if name == "Makefile" {
				files = append(files, path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// ruleAnchors are the rule IDs docs/rules.md has an anchor for.
func ruleAnchors(t *testing.T, root string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, m := range ruleAnchor.FindAllStringSubmatch(string(b), -1) {
		ids[m[1]] = true
	}
	return ids
}

func TestDocsResolve(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	anchors := ruleAnchors(t, root)
	if len(anchors) < 20 {
		t.Fatalf("docs/rules.md has %d rule anchors, want the 28 of R0 … R4.5", len(anchors))
	}
	var docs, rules []citation
	for _, path := range codeFiles(t, root) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, path)
		d, r := scanCitations(filepath.ToSlash(rel), string(b))
		docs = append(docs, d...)
		rules = append(rules, r...)
	}
	// A scan that finds nothing checks nothing.
	if len(docs) < 5 || len(rules) < 50 {
		t.Fatalf("found %d document and %d rule citations in the code; the scan is broken", len(docs), len(rules))
	}
	for _, c := range docs {
		if !docResolves(root, c.text) {
			t.Errorf("%v: no such document (the documents are README.md and docs/*.md)", c)
		}
	}
	for _, c := range rules {
		if !anchors[c.text] {
			t.Errorf("%v: docs/rules.md has no anchor <a id=%q>", c, c.text)
		}
	}
}

func TestScanCitations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		text      string
		wantDocs  []string
		wantRules []string
	}{
		{"comment naming a document", "// the game file of docs/api.md, version 1", []string{"docs/api.md"}, nil},
		{"document named in capitals", `fmt.Println("see NOTES` + md + `")`, []string{"NOTES" + md}, nil},
		{"rule in parentheses", "// two phones, one card (R4.1)", nil, []string{"R4.1"}},
		{"section in parentheses", "// the cards (R0)", nil, []string{"R0"}},
		{"RuleLink call", `@RuleLink("R2.5")`, nil, []string{"R2.5"}},
		{"Rule field", `TieBreak{Rule: "R3.5"}`, nil, []string{"R3.5"}},
		{"test name", "func TestEntryWarningR43(t *testing.T) {", nil, nil},
		{"chart labels", `labels := "R1 … R5"`, nil, nil},
		{"rule in prose", "// R1.2 sets, then R2.5", nil, nil},
		{"lower-case file", "go.md and docs.go", nil, nil},
		{"rule with words", "// (R4.3: three recruits)", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, rules := scanCitations("x.go", tt.text)
			if got := texts(docs); !slices.Equal(got, tt.wantDocs) {
				t.Errorf("documents = %q, want %q", got, tt.wantDocs)
			}
			if got := texts(rules); !slices.Equal(got, tt.wantRules) {
				t.Errorf("rules = %q, want %q", got, tt.wantRules)
			}
		})
	}
}

func TestDocResolves(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	tests := []struct {
		name string
		want bool
	}{
		{"README.md", true},
		{"rules.md", true},
		{"docs/api.md", true},
		{"docs/design.md", true},
		{"RULES" + md, false},
		{"CONTRACT" + md, false},
		{"docs/contract" + md, false},
		{"docs/API" + md, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := docResolves(root, tt.name); got != tt.want {
				t.Errorf("docResolves(%q) = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}

// md is the documents' extension, kept apart in the cases above so that
// this file's own scan does not take them for citations.
const md = ".md"

func texts(cs []citation) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.text)
	}
	return out
}

// mdLink is a Markdown link's target, and imgSrc an HTML image's.
var (
	mdLink  = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	imgSrc  = regexp.MustCompile(`<img [^>]*src="([^"]+)"`)
	idTag   = regexp.MustCompile(`<a id="([^"]+)">`)
	heading = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	// inLink is a link inside a heading, whose text alone makes the slug.
	inLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
)

// anchors are the fragments a Markdown page answers to: its <a id>s and
// its headings' slugs as GitHub makes them (lower case, punctuation
// dropped, spaces as hyphens, a repeated slug numbered).
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fence := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		for _, m := range idTag.FindAllStringSubmatch(line, -1) {
			out[m[1]] = true
		}
		m := heading.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		title := inLink.ReplaceAllString(m[1], "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case unicode.IsLetter(r), unicode.IsDigit(r), r == '_', r == '-':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		slug := b.String()
		if n := seen[slug]; n > 0 {
			out[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}

// TestDocLinksResolve follows every relative link of the README and of
// docs/: the file must exist and, on a Markdown page, the anchor too.
func TestDocLinksResolve(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, filepath.Join(root, "README.md"))
	sort.Strings(pages)
	links := 0
	// Each page's anchors, worked out once: measurements.md alone is
	// linked to dozens of times.
	anchorsOf := map[string]map[string]bool{}
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		var targets []string
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			targets = append(targets, m[1])
		}
		for _, m := range imgSrc.FindAllStringSubmatch(string(b), -1) {
			targets = append(targets, m[1])
		}
		for _, target := range targets {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			file, frag, _ := strings.Cut(target, "#")
			dest := page
			if file != "" {
				dest = filepath.Join(filepath.Dir(page), file)
				destRel, _ := filepath.Rel(root, dest)
				if !exists(root, destRel) {
					t.Errorf("%s: link %q: no such file", rel, target)
					continue
				}
			}
			if frag == "" || filepath.Ext(dest) != ".md" {
				continue
			}
			if _, ok := anchorsOf[dest]; !ok {
				text, err := os.ReadFile(dest)
				if err != nil {
					t.Errorf("%s: link %q: %v", rel, target, err)
					continue
				}
				anchorsOf[dest] = anchors(string(text))
			}
			if !anchorsOf[dest][frag] {
				t.Errorf("%s: link %q: no anchor #%s there", rel, target, frag)
			}
		}
	}
	if links < 50 {
		t.Fatalf("followed %d links in README.md and docs/; the scan is broken", links)
	}
}

func TestAnchors(t *testing.T) {
	t.Parallel()
	page := "# Top\n## `score --json` output\n```sh\n# not a heading\n```\n## Top\n<a id=\"R1.2\"></a>\n### [Link](x.md) text, and more!\n"
	got := anchors(page)
	for _, want := range []string{"top", "score---json-output", "top-1", "R1.2", "link-text-and-more"} {
		if !got[want] {
			t.Errorf("anchors lack %q; have %v", want, got)
		}
	}
	if got["not-a-heading"] {
		t.Errorf("a comment in a code block became an anchor")
	}
}
