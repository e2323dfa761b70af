package views

import (
	"fmt"
	"strings"
)

// TimelineSeries is one player's NP over a run of games they did not all
// play: NP[i] counts only where Played[i].
type TimelineSeries struct {
	Name string
	// Seat picks the colour (c0…c3).
	Seat   int
	NP     []int
	Played []bool
}

// TimelineChart draws several players' NP game by game, oldest first: a
// line per player through the games they played (a game they missed is
// skipped, not drawn as 0), first and last labels under the axis. It is
// kept short (a phone shows it whole); the page gives the numbers as a
// table too.
func TimelineChart(title string, labels []string, series []TimelineSeries) string {
	const h, left, right, top, bottom = 150, 30, 12, 10, 24
	maxV := 0
	for _, s := range series {
		for i, v := range s.NP {
			if i < len(s.Played) && s.Played[i] {
				maxV = max(maxV, v)
			}
		}
	}
	yTop, step := niceMax(maxV)
	plotW, plotH := chartWidth-left-right, h-top-bottom
	x := func(i int) float64 {
		if len(labels) <= 1 {
			return float64(left) + float64(plotW)/2
		}
		return float64(left) + float64(i)*float64(plotW)/float64(len(labels)-1)
	}
	y := func(v int) float64 { return float64(top) + float64(plotH)*(1-float64(v)/float64(yTop)) }
	var b strings.Builder
	open(&b, "timeline-chart", title, h)
	for v := 0; v <= yTop; v += step {
		fmt.Fprintf(&b, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/>`, left, chartWidth-right, y(v), y(v))
		fmt.Fprintf(&b, `<text class="axis" x="%d" y="%.1f" text-anchor="end">%d</text>`, left-4, y(v)+4, v)
	}
	if len(labels) > 0 {
		fmt.Fprintf(&b, `<text class="axis" x="%d" y="%d">%s</text>`, left, h-6, esc(labels[0]))
		if len(labels) > 1 {
			fmt.Fprintf(&b, `<text class="axis" x="%d" y="%d" text-anchor="end">%s</text>`, chartWidth-right, h-6, esc(labels[len(labels)-1]))
		}
	}
	for _, s := range series {
		var pts []string
		for i, v := range s.NP {
			if i < len(s.Played) && s.Played[i] {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
			}
		}
		if len(pts) > 1 {
			fmt.Fprintf(&b, `<polyline class="series c%d" fill="none" points="%s"><title>%s</title></polyline>`, s.Seat%4, strings.Join(pts, " "), esc(s.Name))
		}
		for i, v := range s.NP {
			if i < len(s.Played) && s.Played[i] && i < len(labels) {
				fmt.Fprintf(&b, `<circle class="dot c%d" cx="%.1f" cy="%.1f" r="3.5"><title>%s, %s: %d NP</title></circle>`, s.Seat%4, x(i), y(v), esc(s.Name), esc(labels[i]), v)
			}
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}
