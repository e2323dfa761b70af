package views

import (
	"cmp"
	"context"
	"io"
	"slices"
	"strings"

	"github.com/a-h/templ"

	"ruthless/views/lang"
)

// Players write their names in any script, and a right-to-left name set
// in a left-to-right sentence takes the figures, words and card lists
// next to it into its own direction ("● 0 سارة coins" reads with the
// count on the wrong side). Every name on a page is therefore isolated:
// a <bdi> around it and nothing else. Sentences that carry names (tie
// reasons, warnings, "Ben's phone") are built as strings in one place
// (words.go, tietext.go); Isolated marks the names back in them when the
// page draws them.

// textRun is a piece of a sentence: a player's name, or words between
// names.
type textRun struct {
	Text string
	Name bool
}

// nameRuns cuts text into runs at every occurrence of one of names, the
// longest name first where two would match at the same place. A name is
// found only as a whole: not inside a longer word of letters.
func nameRuns(text string, names []string) []textRun {
	sorted := slices.Clone(names)
	slices.SortFunc(sorted, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	sorted = slices.DeleteFunc(sorted, func(n string) bool { return strings.TrimSpace(n) == "" })
	var runs []textRun
	plain := 0
	for i := 0; i < len(text); {
		name := nameAt(text, i, sorted)
		if name == "" {
			i++
			continue
		}
		if plain < i {
			runs = append(runs, textRun{Text: text[plain:i]})
		}
		runs = append(runs, textRun{Text: name, Name: true})
		i += len(name)
		plain = i
	}
	if plain < len(text) {
		runs = append(runs, textRun{Text: text[plain:]})
	}
	return runs
}

// nameAt is the name of names (longest first) that starts text at byte i
// as a whole word, "" for none.
func nameAt(text string, i int, names []string) string {
	if i > 0 && isWordByte(text[i-1]) && isWordByte(text[i]) {
		return ""
	}
	for _, n := range names {
		if !strings.HasPrefix(text[i:], n) {
			continue
		}
		end := i + len(n)
		if end < len(text) && isWordByte(text[end]) && isWordByte(text[end-1]) {
			continue
		}
		return n
	}
	return ""
}

// isWordByte is an ASCII letter or digit: the names the whole-word rule
// keeps apart ("Ann" in "Anna") are of those; a name in another script
// is long enough not to hide inside another word.
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// Isolated draws a sentence that names players with each name in a
// <bdi> of its own. It is written out here rather than in a template,
// which would put spaces between the runs ("Ben 's phone").
func Isolated(text string, names []string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		for _, r := range nameRuns(text, names) {
			if err := writeRun(w, r); err != nil {
				return err
			}
		}
		return nil
	})
}

// LinkText is a link's words with the player's name in them isolated
// (<bdi>), so a right-to-left name does not carry "(no phone)" or a
// round number along with it. The words are one <span>: a button (.btn)
// is a flex box, which would lay out each run and the <bdi> as items of
// their own, dropping the space before the name and adding a gap before
// "'s cards".
func LinkText(l Link) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if _, err := io.WriteString(w, "<span>"); err != nil {
			return err
		}
		for _, r := range l.runs(lang.From(ctx)) {
			if err := writeRun(w, r); err != nil {
				return err
			}
		}
		_, err := io.WriteString(w, "</span>")
		return err
	})
}

// writeRun writes one run escaped, a name inside <bdi>.
func writeRun(w io.Writer, r textRun) error {
	if r.Text == "" {
		return nil
	}
	s := templ.EscapeString(r.Text)
	if r.Name {
		s = "<bdi>" + s + "</bdi>"
	}
	_, err := io.WriteString(w, s)
	return err
}

// names are the players of a result card, to isolate in its title.
func (vm ResultSheetView) names() []string {
	out := make([]string, len(vm.Rows))
	for i, r := range vm.Rows {
		out[i] = r.Name
	}
	return out
}
