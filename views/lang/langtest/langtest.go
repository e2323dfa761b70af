// Package langtest holds what the tests of several packages ask of the
// catalogues (views/lang/catalogues): the handlers' test of the offline
// pages and the browser walk in every language both look for English
// left on a page of another language, by the words of the catalogues.
package langtest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

var (
	wordPattern  = regexp.MustCompile(`\p{L}{3,}`)
	placeholders = regexp.MustCompile(`\{[a-zA-Z0-9_]+\}`)
)

// Words are the words (three letters or more, in lower case) of every
// message and every plural form of language code's catalogue, the
// {names} left out; a catalogue that cannot be read fails the test.
func Words(tb testing.TB, code string) map[string]bool {
	tb.Helper()
	_, here, _, ok := runtime.Caller(0)
	if !ok {
		tb.Fatal("langtest: cannot find the catalogues")
	}
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "catalogues", code+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	var cat map[string]any
	if err := json.Unmarshal(raw, &cat); err != nil {
		tb.Fatalf("%s.json: %v", code, err)
	}
	words := map[string]bool{}
	add := func(s string) {
		for _, w := range wordPattern.FindAllString(placeholders.ReplaceAllString(s, " "), -1) {
			words[strings.ToLower(w)] = true
		}
	}
	for _, v := range cat {
		switch m := v.(type) {
		case string:
			add(m)
		case map[string]any:
			for _, f := range m {
				add(fmt.Sprint(f))
			}
		}
	}
	return words
}
