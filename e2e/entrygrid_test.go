package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// cardBox is where one card of the entry grid lies on the screen, and
// whether a tap at its centre reaches it (not the sticky bar over it).
type cardBox struct {
	Code    string  `json:"code"`
	Top     float64 `json:"top"`
	Left    float64 `json:"left"`
	Bottom  float64 `json:"bottom"`
	Right   float64 `json:"right"`
	W       float64 `json:"w"`
	H       float64 `json:"h"`
	Reached bool    `json:"reached"`
}

// cardBoxesJS measures every card face of the grid at the current scroll.
const cardBoxesJS = `Array.from(document.querySelectorAll('.card input[name="card"]')).map(i => {
	const face = i.nextElementSibling, r = face.getBoundingClientRect();
	const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
	return {code: i.value, top: r.top, left: r.left, bottom: r.bottom, right: r.right, w: r.width, h: r.height,
		reached: !!hit && (hit === face || face.contains(hit) || i.closest("label").contains(hit))};
})`

// checkWholeDeck checks that every card of the game lies on the screen at
// scroll 0, at least 44 × 44 px, and that no bar covers its centre.
func checkWholeDeck(p phone, want int, when string) {
	p.t.Helper()
	eval[bool](p, `(scrollTo(0, 0), true)`)
	boxes := eval[[]cardBox](p, cardBoxesJS)
	if len(boxes) != want {
		p.errorf("%s: %d cards in the grid, want %d", when, len(boxes), want)
	}
	for _, b := range boxes {
		switch {
		case b.Top < 0 || b.Left < 0 || b.Bottom > screenHeight || b.Right > screenWidth:
			p.errorf("%s: card %s at (%.0f,%.0f)–(%.0f,%.0f) is not wholly on the %d×%d screen", when, b.Code, b.Left, b.Top, b.Right, b.Bottom, screenWidth, screenHeight)
		case b.W < minTarget || b.H < minTarget:
			p.errorf("%s: card %s is %.0f×%.0f px, want at least %d×%d", when, b.Code, b.W, b.H, minTarget, minTarget)
		case !b.Reached:
			p.errorf("%s: a tap at the centre of card %s reaches something else (the bar?)", when, b.Code)
		}
	}
}

// faceLook is what tells a card's state apart besides its colour.
type faceLook struct {
	Tick   string  `json:"tick"`
	TickW  float64 `json:"tickW"`
	Border float64 `json:"border"`
	// Light is the lightness of the rank's ink: the fill turns it over.
	Light float64 `json:"light"`
}

func (p phone) faceLook(code string) faceLook {
	p.t.Helper()
	return eval[faceLook](p, fmt.Sprintf(`(() => { const f = document.querySelector('[data-testid="card-%s"] + span');
		const after = getComputedStyle(f, "::after"), s = getComputedStyle(f);
		const [r, g, b] = getComputedStyle(f.querySelector("b")).color.match(/\d+/g).map(Number);
		return {tick: after.content, tickW: parseFloat(after.width) || 0, border: parseFloat(s.borderTopWidth),
			light: (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255}; })()`, code))
}

// TestEntryGridOnOneScreen: the round entry shows every card of the game
// (50, or 40 with two players) on a 390 × 844 screen without scrolling,
// heading and Save bar included, also with the "wild" row a tapped
// Captain opens; a tapped card differs from the others by more than its
// colour (a tick, a thicker border, a fill of another lightness) in both
// colour schemes; another player's cards are marked with their name and
// cannot be tapped.
func TestEntryGridOnOneScreen(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	base := p.base

	// barGame: Ann's round 2, pre-filled from round 1, the other three
	// players' round 1 cards taken.
	four := createGame(t, base, barGame)
	p.open(fmt.Sprintf("/games/%s/rounds/2/players/0", four), "four-players")
	p.screen("four-players")
	checkWholeDeck(p, 50, "four players, pre-filled")
	for _, c := range []string{"save", "save-next", "input-coins", "plus-coins", "minus-coins"} {
		if !p.inView(byTestID(c)) {
			p.errorf("%s is off the screen", c)
		}
	}
	// The bar's first line is the live best party (issue 31: over Save,
	// always in sight); the rest of the bar is held to its old height.
	p.waitFor(firstPartyJS, "the live best party's first answer")
	if h := eval[float64](p, `(() => { const b = document.querySelector('[data-testid="entry-bar"]'), l = document.getElementById("liveparty");
		return b.getBoundingClientRect().height - l.getBoundingClientRect().height - parseFloat(getComputedStyle(b).rowGap); })()`); h > 66 {
		p.errorf("the Save bar, its live best party aside, is %.0f px tall, want at most 66", h)
	}

	// Taken: Bob's Anchor 2 shows his name, struck, and cannot be tapped.
	if got := p.text("holder-A2"); got != "Bob" {
		p.errorf("the Anchor 2 is marked %q, want Bob", got)
	}
	if !eval[bool](p, `(i => i.disabled && i.closest("label").classList.contains("held") &&
		getComputedStyle(i.nextElementSibling.querySelector("b")).textDecorationLine.includes("line-through"))(document.querySelector('[data-testid="card-A2"]'))`) {
		p.errorf("Bob's Anchor 2 is not drawn as taken (disabled, struck through)")
	}

	// A Captain tapped opens its "wild" toggle; the deck still fits.
	p.setCard("HC", true)
	p.waitFor(`document.querySelector('[data-testid="power-HC"]').closest("label").getClientRects().length > 0`, "the wild toggle")
	if label := strings.Join(strings.Fields(eval[string](p, `document.querySelector('[data-testid="power-HC"]').closest("label").innerText`)), " "); label != "Power used, the Heart Captain counts as wild" {
		p.errorf("the Captain's toggle reads %q", label)
	}
	p.screen("captain-tapped")
	checkWholeDeck(p, 50, "four players, a Captain tapped")

	// Tapped or not, told apart without colour, in both schemes.
	for _, dark := range []bool{false, true} {
		if dark {
			if err := p.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
				_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
				return err
			})); err != nil {
				t.Fatalf("emulating the dark scheme: %v", err)
			}
			p.screen("dark")
		}
		on, off := p.faceLook("H2"), p.faceLook("H1")
		if on.Tick == "none" || on.TickW <= 0 || off.Tick != "none" {
			p.errorf("dark=%t: tick on the tapped card %q (%.0f px wide), on an untapped one %q: want a tick only when tapped", dark, on.Tick, on.TickW, off.Tick)
		}
		if on.Border <= off.Border {
			p.errorf("dark=%t: tapped border %.0f px, untapped %.0f px: want the tapped one thicker", dark, on.Border, off.Border)
		}
		if d := on.Light - off.Light; d < 0.25 && d > -0.25 {
			p.errorf("dark=%t: tapped and untapped ranks' ink lightness %.2f and %.2f, want them far apart", dark, on.Light, off.Light)
		}
	}

	// A notice (saved, cleared, a restored draft) takes the line under
	// the heading: the deck stays on the first screen.
	entry := fmt.Sprintf("/games/%s/rounds/2/players/0", four)
	p.open(entry+"?saved=1", "saved-notice")
	if _, ok := p.maybeText(byTestID("saved")); !ok {
		p.errorf("no saved notice on %s?saved=1", entry)
	}
	checkWholeDeck(p, 50, "with the saved notice")
	p.setCard("X2", true)
	p.open(entry, "draft-notice")
	p.waitFor(`!document.getElementById("draft").hidden`, "the restored draft's notice")
	checkWholeDeck(p, 50, "with a restored draft's notice")
	p.tap(byTestID("discard-draft"))

	// Two players: 40 cards, no Kraken, still on one screen.
	two := createGame(t, base, `{"version": 1, "players": ["Ann", "Bo"], "start_player": 0, "rounds": []}`)
	p.open(fmt.Sprintf("/games/%s/rounds/1/players/0", two), "two-players")
	p.screen("two-players")
	checkWholeDeck(p, 40, "two players")
	if n := p.count(`[data-testid^="card-K"]`); n != 0 {
		p.errorf("%d Kraken cards with two players, want 0", n)
	}
}
