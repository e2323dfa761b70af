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
	maxV := 0
	for _, s := range series {
		for i, v := range s.NP {
			if i < len(s.Played) && s.Played[i] {
				maxV = max(maxV, v)
			}
		}
	}
	var b strings.Builder
	f := gamesFrame{height: 150, left: 30, right: 12, top: 10, bottom: 24}.draw(&b, "timeline-chart", title, labels, maxV)
	x, y := f.x, f.y
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
