//go:build !js

// Command taptime times how long pages take to come in one phone-sized
// tab of headless Chromium, from the tap (the navigation's start) to the
// page's load event: the figure issue 42 calls "tap → page". It visits the
// addresses given in turn, -n times over, in the same tab (as a phone shows
// one page at a time), and prints for each its median and range, the
// first visit left out (the browser's caches are cold then), and where the
// time went by the page's own clock: the answer, the document parsed, the
// load event.
//
//	go run ./scripts/taptime [-n 10] [-browser chromium] URL...
//
// scripts/taptime.sh builds two versions of the server and times the same
// pages of the same game on both, side by side (docs/measurements.md).
// It drives a browser on this machine, so it has no WebAssembly build
// (make test-wasm builds the rest of the tree for GOOS=js).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"time"

	"github.com/chromedp/chromedp"
)

func main() {
	n := flag.Int("n", 10, "visits of each address")
	browser := flag.String("browser", "chromium", "the browser to drive")
	flag.Parse()
	if flag.NArg() == 0 || *n < 2 {
		fmt.Fprintln(os.Stderr, "usage: taptime [-n 10] [-browser chromium] URL...")
		os.Exit(2)
	}
	exe, err := exec.LookPath(*browser)
	if err != nil {
		fmt.Fprintln(os.Stderr, "taptime:", err)
		os.Exit(1)
	}
	if err := run(exe, *n, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "taptime:", err)
		os.Exit(1)
	}
}

// visit is one timed visit: the whole tap as the driver saw it, and the
// page's own marks (answer in, document parsed, load event over).
type visit struct{ tap, answered, parsed, loaded float64 }

func run(exe string, n int, urls []string) error {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(390, 844))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	tab, cancelTab := chromedp.NewContext(alloc)
	defer cancelTab()
	if err := chromedp.Do(tab, chromedp.EmulateViewport(390, 844,
		chromedp.EmulateScale(1), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		return fmt.Errorf("emulating a phone: %w", err)
	}
	visits := make([][]visit, len(urls))
	for round := range n {
		for i, u := range urls {
			ctx, cancel := context.WithTimeout(tab, time.Minute)
			start := time.Now()
			_, err := chromedp.Run(ctx, chromedp.NavigateResponse(u))
			tap := time.Since(start)
			var marks []float64
			if err == nil {
				marks, err = chromedp.Run(ctx, chromedp.Evaluate[[]float64](
					`(() => { const e = performance.getEntriesByType("navigation")[0]; return [e.responseEnd, e.domInteractive, e.loadEventEnd]; })()`))
			}
			cancel()
			if err != nil {
				return fmt.Errorf("%s: %w", u, err)
			}
			if round > 0 {
				visits[i] = append(visits[i], visit{float64(tap.Microseconds()) / 1000, marks[0], marks[1], marks[2]})
			}
		}
	}
	for i, u := range urls {
		fmt.Println(summary(u, visits[i]))
	}
	return nil
}

// summary is one address's line: the tap's median and range, then the
// medians of the page's own marks.
func summary(u string, vs []visit) string {
	median := func(f func(visit) float64) float64 {
		xs := make([]float64, len(vs))
		for i, v := range vs {
			xs[i] = f(v)
		}
		slices.Sort(xs)
		return xs[len(xs)/2]
	}
	taps := make([]float64, len(vs))
	for i, v := range vs {
		taps[i] = v.tap
	}
	return fmt.Sprintf("%s\n  tap → page median %.0f ms (%.0f–%.0f over %d visits); answered at %.0f ms, parsed at %.0f ms, loaded at %.0f ms (medians)",
		u, median(func(v visit) float64 { return v.tap }), slices.Min(taps), slices.Max(taps), len(vs),
		median(func(v visit) float64 { return v.answered }), median(func(v visit) float64 { return v.parsed }), median(func(v visit) float64 { return v.loaded }))
}
