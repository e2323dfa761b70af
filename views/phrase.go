package views

import (
	"fmt"
	"strings"

	"ruthless/scoring"
)

// Building a Phrase from its parts. Handlers and the wording of scoring's
// facts hand text pieces and cards separately, so no sentence is ever
// searched for card codes afterwards.

// Phrasef builds a Phrase from a format and its arguments: each %s
// argument that is a scoring.Card becomes a drawn card, a []scoring.Card
// becomes its cards separated by spaces, and every other verb takes its
// argument as fmt formats it. Only the verbs %s, %d and %v are used by
// the app's sentences; %% is a percent sign.
func Phrasef(format string, args ...any) Phrase {
	var out Phrase
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, PhrasePart{Text: text.String()})
			text.Reset()
		}
	}
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 == len(format) {
			text.WriteByte(format[i])
			continue
		}
		i++
		verb := format[i]
		if verb == '%' {
			text.WriteByte('%')
			continue
		}
		if arg >= len(args) {
			text.WriteString("%!" + string(verb) + "(MISSING)")
			continue
		}
		a := args[arg]
		arg++
		switch v := a.(type) {
		case scoring.Card:
			flush()
			out = append(out, CardPart(v))
		case []scoring.Card:
			for j, c := range v {
				if j > 0 {
					text.WriteByte(' ')
				}
				flush()
				out = append(out, CardPart(c))
			}
		default:
			fmt.Fprintf(&text, "%"+string(verb), a)
		}
	}
	flush()
	return out
}

// Codes is the phrase with its cards written as their codes (H2, SC*), as
// the command line and the JSON API write them.
func (p Phrase) Codes() string {
	var b strings.Builder
	for _, part := range p {
		if part.Rank == "" {
			b.WriteString(part.Text)
			continue
		}
		b.WriteString(part.Suit + part.Rank)
		if part.Power {
			b.WriteByte('*')
		}
	}
	return b.String()
}

// Capitalized is the phrase with the first letter of its first text piece
// in upper case and a full stop after it, for a phrase shown on its own.
func (p Phrase) Capitalized() Phrase {
	out := append(Phrase{}, p...)
	if len(out) > 0 && out[0].Rank == "" && out[0].Icon == "" {
		out[0].Text = UpperFirst(out[0].Text)
	}
	return append(out, PhrasePart{Text: "."})
}
