package views

import (
	"fmt"
	"strings"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// PhraseT is the catalogue's message key in language l as a Phrase, its
// {names} filled from args (pairs of name and value, as lang.Lang.T takes
// them): a scoring.Card becomes a drawn card, a []scoring.Card its cards
// separated by spaces, a PhrasePart itself, an int a number of the
// language, anything else its text. Cards stay drawn, so no sentence is
// searched for codes.
func PhraseT(l lang.Lang, key string, args ...any) Phrase {
	return fillPhrase(l, l.T(key), args)
}

// PhraseN is PhraseT for a message counting n ({n}).
func PhraseN(l lang.Lang, key string, n int, args ...any) Phrase {
	return fillPhrase(l, l.N(key, n), args)
}

func fillPhrase(l lang.Lang, text string, args []any) Phrase {
	values := map[string]any{}
	for i := 0; i+1 < len(args); i += 2 {
		if name, ok := args[i].(string); ok {
			values[name] = args[i+1]
		}
	}
	var out Phrase
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, PhrasePart{Text: b.String()})
			b.Reset()
		}
	}
	for text != "" {
		open := strings.IndexByte(text, '{')
		end := strings.IndexByte(text[max(open, 0):], '}')
		if open < 0 || end < 0 {
			b.WriteString(text)
			break
		}
		end += open
		b.WriteString(text[:open])
		v, ok := values[text[open+1:end]]
		if !ok {
			b.WriteString(text[open : end+1])
			text = text[end+1:]
			continue
		}
		switch v := v.(type) {
		case scoring.Card:
			flush()
			out = append(out, CardPart(v))
		case []scoring.Card:
			for j, c := range v {
				if j > 0 {
					b.WriteByte(' ')
				}
				flush()
				out = append(out, CardPart(c))
			}
		case PhrasePart:
			// A symbol of the suit sprite (the rules' suits), or a card
			// given by its face's letters.
			flush()
			out = append(out, v)
		case int:
			b.WriteString(l.Number(v))
		default:
			b.WriteString(fmt.Sprint(v))
		}
		text = text[end+1:]
	}
	flush()
	return out
}
