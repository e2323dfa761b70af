package lang

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// neededForms are the plural categories the language uses for whole
// numbers, found by asking its rules for the counts a game can reach and
// beyond.
func neededForms(l Lang) []string {
	seen := map[string]bool{}
	for n := 0; n <= 2000; n++ {
		seen[l.PluralForm(n)] = true
	}
	seen[l.PluralForm(1000000)] = true
	var out []string
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// TestCataloguesHaveEveryKey fails when a catalogue lacks a key the
// English one has, or has one English does not (a key no page asks for,
// or a typo of one that is then missing).
func TestCataloguesHaveEveryKey(t *testing.T) {
	for _, l := range All()[1:] {
		for _, k := range English.Keys() {
			if _, ok := l.messages()[k]; !ok {
				t.Errorf("%s.json lacks %q (English: %q)", l.Code(), k, English.messages()[k].Text+strings.Join(values(English.messages()[k].Forms), " | "))
			}
		}
		for _, k := range l.Keys() {
			if _, ok := English.messages()[k]; !ok {
				t.Errorf("%s.json has %q, which en.json does not", l.Code(), k)
			}
		}
	}
}

func values(m map[string]string) []string {
	var out []string
	for _, k := range []string{"zero", "one", "two", "few", "many", "other"} {
		if v, ok := m[k]; ok {
			out = append(out, k+": "+v)
		}
	}
	return out
}

// TestPluralForms fails when a counted message lacks a form its language
// needs (German needs "one" and "other"; French's "one" covers 0 and 1),
// has a form the language never uses, or when a language writes as one
// text what English counts.
func TestPluralForms(t *testing.T) {
	for _, l := range All() {
		need := neededForms(l)
		for _, k := range English.Keys() {
			m, counted := l.messages()[k], English.messages()[k].Forms != nil
			if !counted {
				if m.Forms != nil {
					t.Errorf("%s.json: %q has plural forms, but English does not count it", l.Code(), k)
				}
				continue
			}
			if m.Forms == nil {
				if _, ok := l.messages()[k]; ok {
					t.Errorf("%s.json: %q must have plural forms %v", l.Code(), k, need)
				}
				continue
			}
			for _, f := range need {
				if _, ok := m.Forms[f]; !ok {
					t.Errorf("%s.json: %q lacks the plural form %q", l.Code(), k, f)
				}
			}
			for f := range m.Forms {
				if !contains(need, f) {
					t.Errorf("%s.json: %q has the form %q, which %s does not use", l.Code(), k, f, l.Code())
				}
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var placeholder = regexp.MustCompile(`\{[a-zA-Z0-9_]+\}`)

// names is the set of {names} a message fills, over all its forms.
func names(m message) map[string]bool {
	out := map[string]bool{}
	for _, s := range append(values(m.Forms), m.Text) {
		for _, p := range placeholder.FindAllString(s, -1) {
			out[p] = true
		}
	}
	return out
}

// TestPlaceholdersMatch fails when a translation fills other values than
// English does: a "{name}" misspelt would show braces on the page, and a
// value dropped would hide a number a player needs. A plural form may
// leave out {n} ("eine Runde"), so only the forms together must match.
func TestPlaceholdersMatch(t *testing.T) {
	for _, l := range All()[1:] {
		for _, k := range l.Keys() {
			en, ok := English.messages()[k]
			if !ok {
				continue
			}
			want, got := names(en), names(l.messages()[k])
			for p := range got {
				if !want[p] {
					t.Errorf("%s.json: %q fills %s, which English does not give", l.Code(), k, p)
				}
			}
			for p := range want {
				if !got[p] && p != "{n}" {
					t.Errorf("%s.json: %q leaves out %s", l.Code(), k, p)
				}
			}
		}
	}
}

// builtKeys are the key families the code puts together from a prefix
// and a value (a rule's ID, a suit's letter): a key under one of them
// counts as used when the prefix itself is written in the code.
var builtKeys = []string{"field.", "rule.", "suit.", "js.", "start.", "achievement.", "achievement_summary."}

// TestEveryKeyUsed fails when en.json has a key no code asks for: a word
// left behind by a page that changed, which translators would still be
// asked to write.
func TestEveryKeyUsed(t *testing.T) {
	code := sourceText(t, "../..")
	for _, p := range builtKeys {
		if !strings.Contains(code, `"`+p) {
			t.Errorf("builtKeys lists %q, but no code writes it", p)
		}
	}
	for _, k := range English.Keys() {
		if strings.HasPrefix(k, "lang.") || strings.Contains(code, `"`+k+`"`) {
			continue
		}
		used := false
		for _, p := range builtKeys {
			used = used || strings.HasPrefix(k, p)
		}
		if !used {
			t.Errorf("en.json has %q, which no code uses", k)
		}
	}
}

// TestEveryStartWordUsed fails when en.json has a start.* word (the
// offline site's start page and worker, cmd/offline/startwords) that
// neither asks for.
func TestEveryStartWordUsed(t *testing.T) {
	var site strings.Builder
	for _, name := range []string{"index.html", "start.js", "sw.js"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "cmd", "offline", "site", name))
		if err != nil {
			t.Fatal(err)
		}
		site.Write(src)
	}
	for key := range English.Messages("start.") {
		if !strings.Contains(site.String(), `"`+key+`"`) {
			t.Errorf("en.json has start.%s, which neither the start page nor the worker asks for", key)
		}
	}
}

// TestEveryScriptWordUsed fails when en.json has a js.* word (the words a
// page hands its scripts) that no script asks for, or a script asks for
// one en.json lacks.
func TestEveryScriptWordUsed(t *testing.T) {
	var scripts strings.Builder
	for _, name := range []string{"app.js", "live.js", "offline.js"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "static", name))
		if err != nil {
			t.Fatal(err)
		}
		scripts.Write(src)
	}
	words := English.Messages("js.")
	for key := range words {
		if !strings.Contains(scripts.String(), `ruthlessSay("`+key+`"`) {
			t.Errorf("en.json has js.%s, which no script asks for", key)
		}
	}
	for _, m := range regexp.MustCompile(`ruthlessSay\("([a-z_]+)"`).FindAllStringSubmatch(scripts.String(), -1) {
		if _, ok := words[m[1]]; !ok {
			t.Errorf("a script asks for %q, which en.json lacks as js.%s", m[1], m[1])
		}
	}
}

// sourceText is every hand-written Go and templ file of the project
// (not tests, not generated code), joined.
func sourceText(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "dist" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		name := d.Name()
		hand := strings.HasSuffix(name, ".templ") || (strings.HasSuffix(name, ".go") &&
			!strings.HasSuffix(name, "_test.go") && !strings.HasSuffix(name, "_templ.go"))
		if d.IsDir() || !hand {
			return nil
		}
		src, err := os.ReadFile(path)
		b.Write(src)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestFromAcceptLanguage(t *testing.T) {
	for header, want := range map[string]string{
		"de-DE,de;q=0.9,en;q=0.8": "de",
		"fr-CA":                   "fr",
		"es-419,es;q=0.9":         "es",
		"en-GB":                   "en",
		"it-IT,it;q=0.9":          "en",
		"pt-BR, de;q=0.5":         "de",
		"":                        "en",
		"%%%;q=x":                 "en",
		"*":                       "en",
	} {
		if got := FromAcceptLanguage(header).Code(); got != want {
			t.Errorf("Accept-Language %q: got %s, want %s", header, got, want)
		}
	}
}

func TestFindAndFrom(t *testing.T) {
	if l, ok := Find(" DE "); !ok || l.Code() != "de" {
		t.Errorf("Find(\" DE \") = %v, %v", l.Code(), ok)
	}
	if _, ok := Find("xx"); ok {
		t.Error("Find(xx) found a language")
	}
	if From(context.Background()).Code() != "en" {
		t.Error("an empty context is not English")
	}
	if l, _ := Find("fr"); From(With(context.Background(), l)).Code() != "fr" {
		t.Error("With(fr) did not carry French")
	}
}

func TestPluralFormByLanguage(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
		want string
	}{{"en", 0, "other"}, {"en", 1, "one"}, {"en", 2, "other"}, {"de", 1, "one"}, {"de", 0, "other"},
		{"fr", 0, "one"}, {"fr", 1, "one"}, {"fr", 2, "other"}, {"es", 1, "one"}, {"es", 0, "other"}} {
		l, _ := Find(c.code)
		if got := l.PluralForm(c.n); got != c.want {
			t.Errorf("%s: PluralForm(%d) = %s, want %s", c.code, c.n, got, c.want)
		}
	}
}

func TestFillAndCount(t *testing.T) {
	b := &book{cat: catalogue{
		"coins": {Forms: map[string]string{"one": "{n} Münze", "other": "{n} Münzen"}},
		"next":  {Text: "{name} ist dran ({n})"},
	}}
	b.once.Do(func() {}) // the catalogue above, not de.json
	l := Lang{code: "de", book: b}
	l.tag = byCode["de"].tag
	if got := l.N("coins", 1); got != "1 Münze" {
		t.Errorf("1 coin: %q", got)
	}
	if got := l.N("coins", 2); got != "2 Münzen" {
		t.Errorf("2 coins: %q", got)
	}
	if got := l.T("next", "name", "{n}", "n", 3); got != "{n} ist dran (3)" {
		t.Errorf("a name holding braces is filled in as typed: %q", got)
	}
	if got := l.T("no.such.key"); got != "no.such.key" {
		t.Errorf("a missing key: %q", got)
	}
}

func TestNumbersAndDates(t *testing.T) {
	at := time.Date(2026, 11, 28, 21, 4, 0, 0, time.UTC)
	for _, c := range []struct{ code, number, date, datetime string }{
		{"en", "1,234", "28 Nov 2026", "28 Nov 2026, 21:04"},
		{"de", "1.234", "28.11.2026", "28.11.2026, 21:04"},
		{"fr", "1\u202f234", "28/11/2026", "28/11/2026 21:04"},
		{"es", "1.234", "28/11/2026", "28/11/2026, 21:04"},
	} {
		l, _ := Find(c.code)
		if got := l.Number(1234); got != c.number {
			t.Errorf("%s: Number(1234) = %q, want %q", c.code, got, c.number)
		}
		if got := l.Date(at); got != c.date {
			t.Errorf("%s: Date = %q, want %q", c.code, got, c.date)
		}
		if got := l.DateTime(at); got != c.datetime {
			t.Errorf("%s: DateTime = %q, want %q", c.code, got, c.datetime)
		}
	}
	if got := English.Number(-1234567); got != "-1,234,567" {
		t.Errorf("Number(-1234567) = %q", got)
	}
	if got := English.Number(999); got != "999" {
		t.Errorf("Number(999) = %q", got)
	}
}
