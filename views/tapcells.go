package views

import (
	"context"
	"html"
	"io"
	"strings"

	"github.com/a-h/templ"

	"ruthless/views/lang"
)

// The cards of a card grid, written in Go rather than in templ.
//
// A round's entry page draws the whole deck, 40 or 50 cards, and the
// offline build draws it as WebAssembly, whose garbage collector is slow
// (issue 42: the entry page took over 150 ms a tap). templ spends a few
// allocations on every value it writes (fmt.Sprint for a string) and a
// dozen on every class list, some 80 a card; here a card costs about
// three, most of them its title when another player holds it. What is the same on every card of a
// language (the rank and suit mark, the card's name) is drawn once per
// language and kept, and a holder's name once per grid. The markup is
// byte for byte what the templ markup it replaces wrote (TestTapCells…).

// tapRows writes the blocks of grid g, one a suit: its heading, then its
// cards.
func tapRows(g TapGrid) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		out := &htmlOut{w: w}
		cw := cellWriter{ctx: ctx, l: lang.From(ctx), out: out, g: g, marks: cardMarksIn.in(ctx), power: powerWordsIn.in(ctx)}
		for _, s := range g.Rows {
			out.raw(`<fieldset class="suit" data-testid="`)
			out.text(g.suitID(s.Letter))
			out.raw(`"><legend class="s`)
			out.text(s.Letter)
			out.raw(`">`)
			out.render(ctx, SuitHeading(s.Letter, suitNameIn(ctx, s.Letter)))
			out.raw(`</legend><div class="grid">`)
			for _, c := range s.Cards {
				cw.card(c)
			}
			out.raw(`</div></fieldset>`)
		}
		return out.err
	})
}

// htmlOut writes a page's markup, keeping the first error.
type htmlOut struct {
	w   io.Writer
	err error
}

// raw writes markup as it is.
func (o *htmlOut) raw(parts ...string) {
	for _, p := range parts {
		if o.err == nil {
			_, o.err = io.WriteString(o.w, p)
		}
	}
}

// text writes s escaped, as templ writes a value.
func (o *htmlOut) text(s string) { o.raw(html.EscapeString(s)) }

// render writes component c.
func (o *htmlOut) render(ctx context.Context, c templ.Component) {
	if o.err == nil {
		o.err = c.Render(ctx, o.w)
	}
}

// cellWriter writes the cards of one grid in one language.
type cellWriter struct {
	ctx   context.Context
	l     lang.Lang
	out   *htmlOut
	g     TapGrid
	marks map[markKey]string
	power powerWords
	// holders are holderName's markup by holder, drawn once a grid.
	holders map[string]string
}

// markKey names a card's mark: its rank code and suit letter.
type markKey struct{ rank, suit string }

// cardMarksIn is the markup of every card's CardMark, by language.
var cardMarksIn = perLanguage[map[markKey]string]{make: func(l lang.Lang) map[markKey]string {
	ctx := lang.With(context.Background(), l)
	marks := map[markKey]string{}
	for _, suit := range []string{"A", "H", "K", "X", "S"} {
		for _, rank := range []string{"1", "2", "3", "4", "5", "6", "7", "Q", "C", "P"} {
			marks[markKey{rank, suit}] = renderString(ctx, CardMark(rank, suit))
		}
	}
	return marks
}}

// powerWords are the words of the "power" tick under a Captain: its
// tooltip, its label, and what a screen reader says before the label, by
// suit letter.
type powerWords struct {
	title, label string
	said         map[string]string
}

// powerWordsIn is powerWords by language.
var powerWordsIn = perLanguage[powerWords]{make: func(l lang.Lang) powerWords {
	ctx := lang.With(context.Background(), l)
	w := powerWords{title: l.T("grid.wild.title"), label: l.T("grid.wild"), said: map[string]string{}}
	for _, suit := range []string{"A", "H", "K", "X", "S"} {
		w.said[suit] = l.T("grid.wild.said", "suit", suitNameIn(ctx, suit)) + " "
	}
	return w
}}

// renderString is component c's markup.
func renderString(ctx context.Context, c templ.Component) string {
	var b strings.Builder
	if err := c.Render(ctx, &b); err != nil {
		return "" // a strings.Builder never fails, nor do these components
	}
	return b.String()
}

// card writes one card: its cell, the checkbox with the card's face,
// what is noted under it, and its second tick (Sub).
func (cw *cellWriter) card(c TapCard) {
	o, g := cw.out, cw.g
	o.raw(`<div class="cell`)
	if c.Rank == "C" {
		o.raw(" cpt")
	}
	o.raw(`"><label class="card s`)
	o.text(c.Suit)
	if c.Placed {
		o.raw(" placed")
	}
	if c.Outside {
		o.raw(" outside")
	}
	if c.Holder != "" && !c.Clash {
		o.raw(" held")
	}
	if c.Clash {
		o.raw(" clash")
	}
	o.raw(`" title="`)
	o.text(cardTitle(cw.l, c))
	o.raw(`"><input type="checkbox" name="`)
	o.text(g.Name)
	o.raw(`" value="`)
	o.text(c.Code)
	o.raw(`" id="`)
	cw.partID("c-", "-", c.Code)
	o.raw(`"`)
	if c.Checked {
		o.raw(" checked")
	}
	if c.Disabled || c.Holder != "" && !c.Clash {
		o.raw(" disabled")
	}
	o.raw(` data-testid="`)
	o.text(g.Prefix)
	o.raw("-")
	o.text(c.Code)
	o.raw(`"> <span><b>`, cw.mark(c), `</b> `)
	cw.note(c)
	o.raw(`</span></label> `)
	cw.sub(c)
	o.raw(`</div>`)
}

// partID writes the id or test id of a part of card code: entry and the
// code in a round or end-of-game form (c-H2 for the checkbox, holder-H2
// for the note, as the forms' tests and scripts know them), else the
// grid's Prefix, grid and the code (card-H2, card-note-H2, as noteID).
// Written in parts, no string is built for it.
func (cw *cellWriter) partID(entry, grid, code string) {
	if cw.g.EntryForm {
		cw.out.raw(entry)
	} else {
		cw.out.text(cw.g.Prefix)
		cw.out.raw(grid)
	}
	cw.out.text(code)
}

// mark is the markup of card c's rank and suit (CardMark).
func (cw *cellWriter) mark(c TapCard) string {
	if m, ok := cw.marks[markKey{c.Rank, c.Suit}]; ok {
		return m
	}
	return renderString(cw.ctx, CardMark(c.Rank, c.Suit))
}

// note writes what is noted under card c: the player it clashes with,
// its holder, or its Note.
func (cw *cellWriter) note(c TapCard) {
	o := cw.out
	switch {
	case c.Clash:
		o.render(cw.ctx, clashNote(cw.g, c))
	case c.Holder != "":
		o.raw(`<small data-testid="`)
		cw.partID("holder-", "-note-", c.Code)
		o.raw(`">`, cw.holder(c.Holder), `</small>`)
	case c.Note != "":
		o.raw(`<small data-testid="`)
		cw.partID("holder-", "-note-", c.Code)
		o.raw(`">`)
		o.text(c.Note)
		o.raw(`</small>`)
	}
}

// holder is holderName's markup for name, drawn once a grid.
func (cw *cellWriter) holder(name string) string {
	if h, ok := cw.holders[name]; ok {
		return h
	}
	if cw.holders == nil {
		cw.holders = map[string]string{}
	}
	h := renderString(cw.ctx, holderName(name, ""))
	cw.holders[name] = h
	return h
}

// sub writes card c's second tick: "power" under a Captain, or the one
// Sub names ("buried").
func (cw *cellWriter) sub(c TapCard) {
	o := cw.out
	switch {
	case c.Sub == "power":
		o.raw(`<label class="sub wild" title="`)
		o.text(cw.power.title)
		o.raw(`"><input type="checkbox" name="`)
		o.text(c.Sub)
		o.raw(`" value="`)
		o.text(c.Code)
		o.raw(`"`)
		if c.SubChecked {
			o.raw(" checked")
		}
		o.raw(` data-testid="`)
		o.text(c.Sub + "-" + c.Code)
		o.raw(`"><span class="vh">`)
		o.text(cw.power.said[c.Suit])
		o.raw(`</span>`)
		o.text(cw.power.label)
		o.raw(`</label>`)
	case c.Sub != "":
		o.raw(`<label class="sub"><input type="checkbox" name="`)
		o.text(c.Sub)
		o.raw(`" value="`)
		o.text(c.Code)
		o.raw(`"`)
		if c.SubChecked {
			o.raw(" checked")
		}
		o.raw(` data-testid="`)
		o.text(c.Sub + "-" + c.Code)
		o.raw(`">`)
		o.text(" " + subLabel(cw.ctx, c.Sub))
		o.raw(`</label>`)
	}
}
