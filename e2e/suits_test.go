package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSuitSymbolsWithoutEmojiFont checks that every suit, and the Parrot,
// is drawn with a shape of its own that needs no emoji font: a phone
// without one showed the Kraken and the Parrot as empty boxes. The page's
// fonts are forced to monospace, a font with no emoji, and the symbols
// are compared by shape, colour left out.
func TestSuitSymbolsWithoutEmojiFont(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	id := createGame(t, p.base, `{"version":1,"players":["Ann","Bo","Cy"],"start_player":0}`)
	p.open("/games/"+id+"/rounds/1/players/0", "entry")

	// CSSOM writes are allowed by the page's CSP (style-src 'self'), a
	// <style> element would not be.
	eval[bool](p, `(() => { for (const e of document.querySelectorAll("*")) e.style.setProperty("font-family", "monospace", "important"); return true; })()`)
	if got := eval[string](p, `getComputedStyle(document.querySelector('[data-testid="card-K6"] + span b')).fontFamily`); got != "monospace" {
		p.fatalf("font of the cards %q, want monospace", got)
	}
	for _, c := range []string{"A6", "H6", "K6", "X6", "S6", "KP"} {
		if got := eval[string](p, `document.querySelector('[data-testid="card-`+c+`"] + span b').innerText`); strings.ContainsAny(got, "⚓♥🐙☠⚔🦜") {
			p.errorf("card %s shows %q, a font glyph, want the sprite's symbol", c, got)
		}
	}
	// Wait until the symbols are drawn from the page's sprite: a symbol
	// the page does not hold would draw nothing and never get a size.
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`Array.from(document.querySelectorAll(".grid svg.sym use")).every(u => u.getBBox().width > 0)`,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepTimeout()))); err != nil {
		p.fatalf("waiting for the suit symbols to be drawn: %v", err)
	}
	p.landed("entry-monospace")

	names := map[string]string{"A6": "Anchor", "H6": "Heart", "K6": "Kraken", "X6": "Skull", "S6": "Swords", "KP": "Parrot of Kraken"}
	masks := map[string]mask{}
	for _, c := range []string{"A6", "H6", "K6", "X6", "S6", "KP"} {
		// The Parrot's card has two symbols; its first is the Parrot.
		sel := `[data-testid="card-` + c + `"] + span svg.sym`
		// Mid-screen, clear of the entry page's bar at the bottom.
		eval[bool](p, `(document.querySelector('`+sel+`').scrollIntoView({block: "center"}), true)`)
		shot, err := chromedp.Run(ctx, chromedp.ScreenshotScale(chromedp.CSS(sel), 4))
		if err != nil {
			p.fatalf("screenshot of %s: %v", c, err)
		}
		// The symbol's picture is saved only for a failure's message.
		saved := func() string {
			path, err := p.save("symbol-"+c, shot)
			if err != nil {
				return err.Error()
			}
			return path
		}
		m, err := inkMask(shot)
		if err != nil {
			p.fatalf("symbol of %s (%s): %v", c, saved(), err)
		}
		// An empty box (a missing glyph) is a hollow outline: little ink,
		// none in the middle. A filled square is all ink.
		if f := m.fraction(0, 0, m.w, m.h); f < 0.08 || f > 0.85 {
			p.errorf("symbol of %s (%s) has %.0f%% ink, want 8–85%%: not a shape", names[c], saved(), 100*f)
		}
		if f := m.fraction(m.w/4, m.h/4, 3*m.w/4, 3*m.h/4); f < 0.15 {
			p.errorf("symbol of %s (%s) has %.0f%% ink in its middle, want at least 15%%: an empty box?", names[c], saved(), 100*f)
		}
		masks[c] = m
	}
	codes := []string{"A6", "H6", "K6", "X6", "S6", "KP"}
	for i, a := range codes {
		for _, b := range codes[i+1:] {
			d, err := masks[a].distance(masks[b])
			if err != nil {
				p.errorf("%s and %s: %v", names[a], names[b], err)
				continue
			}
			if d < 0.25 {
				p.errorf("the %s and %s symbols differ in %.0f%% of their ink, want at least 25%%: they look alike", names[a], names[b], 100*d)
			}
		}
	}
}

// createGame stores a game file through the API and returns its id.
func createGame(t *testing.T, base, game string) string {
	t.Helper()
	resp, err := http.Post(base+"/api/games", "application/json", strings.NewReader(game))
	if err != nil {
		t.Fatalf("POST /api/games: %v", err)
	}
	defer resp.Body.Close()
	var got struct{ ID string }
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || resp.StatusCode != http.StatusCreated || got.ID == "" {
		t.Fatalf("POST /api/games: status %d, id %q, err %v; want 201 and an id", resp.StatusCode, got.ID, err)
	}
	return got.ID
}

// mask is a picture reduced to its shape: which pixels are ink, whatever
// their colour.
type mask struct {
	w, h int
	ink  []bool
}

// inkMask reads a PNG and marks as ink every pixel far from the
// background, the picture's most common colour.
func inkMask(pngData []byte) (mask, error) {
	img, err := png.Decode(bytes.NewReader(pngData))
	if err != nil {
		return mask{}, err
	}
	b := img.Bounds()
	if b.Dx() < 8 || b.Dy() < 8 {
		return mask{}, fmt.Errorf("picture %d×%d, too small to judge", b.Dx(), b.Dy())
	}
	rgb := func(x, y int) [3]int {
		r, g, bl, _ := img.At(x, y).RGBA()
		return [3]int{int(r >> 8), int(g >> 8), int(bl >> 8)}
	}
	counts := map[[3]int]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			counts[rgb(x, y)]++
		}
	}
	var bg [3]int
	for c, n := range counts {
		if n > counts[bg] {
			bg = c
		}
	}
	m := mask{w: b.Dx(), h: b.Dy(), ink: make([]bool, b.Dx()*b.Dy())}
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			c := rgb(b.Min.X+x, b.Min.Y+y)
			d := abs(c[0]-bg[0]) + abs(c[1]-bg[1]) + abs(c[2]-bg[2])
			m.ink[y*m.w+x] = d > 120
		}
	}
	return m, nil
}

// fraction is the share of ink in the rectangle [x0,x1)×[y0,y1).
func (m mask) fraction(x0, y0, x1, y1 int) float64 {
	n, all := 0, 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			all++
			if m.ink[y*m.w+x] {
				n++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(n) / float64(all)
}

// distance is the share of the two shapes' ink that only one of them has
// (1 − intersection over union). Both are sampled on the same grid, since
// a symbol a fraction of a pixel off may come out a pixel larger.
func (m mask) distance(o mask) (float64, error) {
	const n = 48
	either, only := 0, 0
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			a, b := m.at(x, y, n), o.at(x, y, n)
			if a || b {
				either++
			}
			if a != b {
				only++
			}
		}
	}
	if either == 0 {
		return 0, fmt.Errorf("neither symbol has any ink")
	}
	return float64(only) / float64(either), nil
}

// at is the ink at cell (x, y) of an n × n grid laid over the picture.
func (m mask) at(x, y, n int) bool {
	return m.ink[(y*m.h/n)*m.w+x*m.w/n]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
