package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// watchMainThreadJS runs before any script of a page: it counts the
// animation frames a script asks for, and keeps the main thread's long
// tasks (over 50 ms, what Total Blocking Time sums) as they happen.
const watchMainThreadJS = `(() => {
	window.__frames = 0;
	const raf = window.requestAnimationFrame.bind(window);
	window.requestAnimationFrame = cb => { window.__frames++; return raf(cb); };
	window.__long = [];
	try {
		new PerformanceObserver(l => l.getEntries().forEach(e => window.__long.push(e.duration)))
			.observe({type: "longtask", buffered: true});
	} catch (e) {}
})()`

// celebrationLook is how the final scores' celebration moves.
type celebrationLook struct {
	// Kinds are the constructor names of the page's animations: a
	// CSSAnimation is the stylesheet's, an Animation a script's.
	Kinds []string `json:"kinds"`
	// Props are the properties the keyframes move.
	Props []string `json:"props"`
	// Vars are keyframe values that lean on a custom property (var()):
	// such an animation is resolved per frame on the main thread rather
	// than handed whole to the compositor.
	Vars []string `json:"vars"`
	// Frames is how many animation frames scripts asked for.
	Frames int `json:"frames"`
	// Long are the main thread's long tasks so far, in ms.
	Long []float64 `json:"long"`
}

// TestCelebrationCostsNoBlocking (issue 31) opens the final scores of a
// table with long names on a phone whose processor is slowed four times:
// the celebration's movement is the stylesheet's alone (CSS animations,
// no script asking for animation frames) and moves only transform and
// opacity, with plain keyframes (no var()), which the browser's compositor
// animates off the main thread;
// with reduced motion nothing moves. The long tasks of each run are
// logged (a measurement, not a pass mark: timings vary from machine to
// machine).
func TestCelebrationCostsNoBlocking(t *testing.T) {
	t.Parallel()
	q := newTable(t)
	final := "/games/" + createGame(t, q.base, namedNight(longNames, 5, false, true)) + "/final"
	if err := q.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watchMainThreadJS}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4})
		return err
	})); err != nil {
		t.Fatalf("watching the main thread, slowing the processor: %v", err)
	}
	const lookJS = `(() => {
		const anims = document.getAnimations(), props = new Set(), vars = new Set();
		anims.forEach(a => a.effect.getKeyframes().forEach(k => Object.keys(k).forEach(p => {
			if (["offset", "computedOffset", "easing", "composite"].includes(p)) return;
			props.add(p);
			if (String(k[p]).includes("var(")) vars.add(a.animationName + ": " + p + " " + k[p]);
		})));
		Array.from(document.styleSheets).forEach(sh => { try { Array.from(sh.cssRules).forEach(r => {
			if (r.type === CSSRule.KEYFRAMES_RULE && r.cssText.includes("var(")) vars.add("@keyframes " + r.name);
		}); } catch (e) {} });
		return {kinds: anims.map(a => a.constructor.name), props: Array.from(props).sort(), vars: Array.from(vars),
			frames: window.__frames, long: window.__long};
	})()`
	blocking := func(long []float64) (sum float64) {
		for _, d := range long {
			sum += max(0, d-50)
		}
		return sum
	}

	t.Run("moving", func(t *testing.T) {
		p := q.on(t)
		// Once first, so that both runs below load the page from a warm
		// browser cache and their long tasks compare.
		p.open(final, "final-warm-up")
		p.open(final, "final-moving")
		p.waitFor(`document.getAnimations().length > 0`, "the celebration to move")
		look := eval[celebrationLook](p, lookJS)
		for _, k := range look.Kinds {
			if k != "CSSAnimation" {
				p.errorf("an animation of kind %s on the final scores, want the stylesheet's (CSSAnimation) only", k)
			}
		}
		for _, prop := range look.Props {
			if prop != "transform" && prop != "opacity" {
				p.errorf("the celebration moves %q, want only transform and opacity (the compositor's, off the main thread); all: %s", prop, strings.Join(look.Props, ", "))
			}
		}
		for _, v := range look.Vars {
			p.errorf("the celebration's keyframes use a custom property (%s), want plain values the compositor takes whole", v)
		}
		p.waitFor(`document.getAnimations().every(a => a.playState === "finished")`, "the celebration to end")
		look = eval[celebrationLook](p, lookJS)
		if look.Frames != 0 {
			p.errorf("scripts asked for %d animation frames during the celebration, want none", look.Frames)
		}
		t.Logf("moving, processor slowed 4×: %d animations (%s) moving %s; long tasks %v ms, blocking %.0f ms",
			len(look.Kinds), strings.Join(look.Kinds, ","), strings.Join(look.Props, ","), look.Long, blocking(look.Long))
	})
	t.Run("reduced motion", func(t *testing.T) {
		p := q.on(t)
		emulateMedia(p, "prefers-reduced-motion", "reduce")
		p.open(final, "final-still")
		look := eval[celebrationLook](p, lookJS)
		if len(look.Kinds) != 0 || look.Frames != 0 {
			p.errorf("with reduced motion: %d animations, %d animation frames asked for; want none", len(look.Kinds), look.Frames)
		}
		t.Logf("reduced motion, processor slowed 4×: long tasks %v ms, blocking %.0f ms", look.Long, blocking(look.Long))
	})
}
