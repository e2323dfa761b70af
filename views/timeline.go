package views

import "ruthless/views/lang"

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
func TimelineChart(l lang.Lang, title string, labels []string, series []TimelineSeries) Chart {
	maxV := 0
	for _, s := range series {
		for i, v := range s.NP {
			if i < len(s.Played) && s.Played[i] {
				maxV = max(maxV, v)
			}
		}
	}
	c := chart("timeline-chart", title, 150)
	f := gamesFrame{height: 150, left: 30, right: 12, top: 10, bottom: 24}.draw(c, labels, maxV)
	x, y := f.x, f.y
	for _, s := range series {
		var pts []Point
		for i, v := range s.NP {
			if i < len(s.Played) && s.Played[i] {
				pts = append(pts, Point{x(i), y(v)})
			}
		}
		if len(pts) > 1 {
			c.polyline(seatClass("series", s.Seat), pts, s.Name)
		}
		for i, v := range s.NP {
			if i < len(s.Played) && s.Played[i] && i < len(labels) {
				c.circle(seatClass("dot", s.Seat), x(i), y(v), 3.5, l.T("chart.timeline_dot", "name", s.Name, "label", labels[i], "np", v))
			}
		}
	}
	return *c
}
