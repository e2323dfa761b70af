package views_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"ruthless/scoring"
	"ruthless/views"
	"ruthless/views/lang"
)

// goldenGrids are card grids with every kind of card a grid draws: held
// by a short or a long name, clashing (on a deck and on a form), ticked,
// a Captain with its power ticked, buried, noted, placed, outside,
// disabled; with the names of the offline test's four-player game.
func goldenGrids() map[string]views.TapGrid {
	names := []string{"Ann", "Анастасия Ковалевская", "欧阳晓明", "Bartholomew Roberts"}
	build := func(sub string, players int, card func(i int, tc *views.TapCard)) views.TapGrid {
		g := views.TapGrid{Name: "card", Prefix: "card"}
		i := 0
		for _, s := range scoring.SuitsInPlay(players) {
			row := views.TapRow{Letter: s.Letter(), Name: s.Name()}
			for r := scoring.Rank(1); r <= scoring.Parrot; r++ {
				tc := views.TapCard{CardFace: views.Face(scoring.Card{Suit: s, Rank: r})}
				if sub == "buried" || sub == "power" && r == scoring.Cpt {
					tc.Sub = sub
				}
				card(i, &tc)
				row.Cards = append(row.Cards, tc)
				i++
			}
			g.Rows = append(g.Rows, row)
		}
		return g
	}
	marks := func(i int, tc *views.TapCard) {
		switch i % 7 {
		case 1:
			tc.Holder = names[i%4]
		case 2:
			tc.Checked = true
			tc.SubChecked = tc.Sub != ""
		case 3:
			tc.Checked, tc.Holder, tc.Clash = true, names[(i+1)%4], true
		case 4:
			tc.Checked = true
		}
	}
	deck := build("power", 4, marks)
	deck.EntryForm, deck.Deck = true, true
	final := build("buried", 3, marks)
	final.EntryForm = true
	check := build("", 2, func(i int, tc *views.TapCard) {
		tc.Placed, tc.Outside, tc.Disabled = i%3 == 0, i%3 == 1, i%5 == 0
		if i%4 == 0 {
			tc.Note = "set <1>"
		}
		tc.Checked = i%2 == 0
	})
	check.Prefix = "check"
	return map[string]views.TapGrid{"deck": deck, "final": final, "check": check}
}

// TestTapCellsAsBefore: the card grids are drawn byte for byte as the
// templ markup drew them before the cards were written in Go (issue 42);
// testdata/tapcards-*.html was written by that markup. With
// RUTHLESS_UPDATE_GOLDEN=1 the test writes the files instead.
func TestTapCellsAsBefore(t *testing.T) {
	for name, g := range goldenGrids() {
		for _, code := range []string{"en", "de"} {
			l, _ := lang.Find(code)
			var b bytes.Buffer
			if err := views.TapCards(g).Render(lang.With(context.Background(), l), &b); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "tapcards-"+name+"-"+code+".html")
			if os.Getenv("RUTHLESS_UPDATE_GOLDEN") == "1" {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != string(want) {
				at := 0
				for at < len(got) && at < len(want) && got[at] == want[at] {
					at++
				}
				t.Errorf("%s grid in %s differs from %s at byte %d:\n got …%.200s\nwant …%.200s", name, code, path, at, got[at:], want[at:])
			}
		}
	}
}

// TestTapCellsAllocations: drawing a round entry's deck of 50 cards, a
// third of them held by the other players and some ticked, allocates a
// few times a card at most (it was some 80 times a card: issue 42, where
// the offline build's garbage collector made the entry page too slow).
func TestTapCellsAllocations(t *testing.T) {
	names := []string{"Анастасия Ковалевская", "欧阳晓明", "Bartholomew Roberts"}
	g := views.TapGrid{Name: "card", Prefix: "card", EntryForm: true, Deck: true}
	for i, s := range scoring.SuitsInPlay(4) {
		row := views.TapRow{Letter: s.Letter(), Name: s.Name()}
		for r := scoring.Rank(1); r <= scoring.Parrot; r++ {
			tc := views.TapCard{CardFace: views.Face(scoring.Card{Suit: s, Rank: r})}
			if r == scoring.Cpt {
				tc.Sub = "power"
			}
			switch (i + int(r)) % 3 {
			case 0:
				tc.Holder = names[i%3]
			case 1:
				tc.Checked = r%2 == 0
			}
			row.Cards = append(row.Cards, tc)
		}
		g.Rows = append(g.Rows, row)
	}
	ctx := lang.With(context.Background(), lang.English)
	var b bytes.Buffer
	views.TapCards(g).Render(ctx, &b) // the marks of the language, drawn once
	n := testing.AllocsPerRun(20, func() {
		b.Reset()
		if err := views.TapCards(g).Render(ctx, &b); err != nil {
			t.Fatal(err)
		}
	})
	if perCard := n / 50; perCard > 4 {
		t.Errorf("drawing the deck allocates %.0f times (%.1f a card), want at most 4 a card", n, perCard)
	}
}
