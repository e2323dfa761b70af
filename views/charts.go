package views

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/a-h/templ"
)

// Charts are drawn on the server as inline SVG: no chart library and no
// JavaScript. Each one scales to its box (a viewBox and width 100%), so it
// fits a 390 px phone, and takes its colours from classes in app.css built
// on the page's colour variables, so it follows light and dark. Colours
// are never the only cue: every chart has a <title> and the page shows
// the same numbers as a table or list next to it. The SVG carries no
// style attribute, which the page's Content-Security-Policy would block.

// chartWidth is the viewBox width; the drawing scales to the page.
const chartWidth = 360

// Series is one player's line in a line chart.
type Series struct {
	Name string
	// Seat picks the colour (c0…c3).
	Seat   int
	Values []int
}

// StackRow is one bar of a stacked bar chart.
type StackRow struct {
	Name  string
	Parts []int
	// Label is written at the bar's end; "" writes the sum of the parts.
	Label string
}

// ResultPoint is one game in a player's results over time.
type ResultPoint struct {
	Label string // the date
	NP    int
	Won   bool
}

// SVG puts an SVG document built here into a page.
func SVG(svg string) templ.Component { return templ.Raw(svg) }

func esc(s string) string { return html.EscapeString(s) }

// niceMax rounds a maximum up to a step that gives a few readable grid
// lines, and returns the step.
func niceMax(v int) (top, step int) {
	if v <= 0 {
		return 5, 1
	}
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 500} {
		if v/s <= 5 {
			return (v + s - 1) / s * s, s
		}
	}
	s := 1000
	return (v + s - 1) / s * s, s
}

func open(b *strings.Builder, class, title string, height int) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" class="chart %s" viewBox="0 0 %d %d" width="100%%" role="img" aria-label="%s" data-testid="%s">`,
		class, chartWidth, height, esc(title), class)
	fmt.Fprintf(b, `<title>%s</title>`, esc(title))
}

// LineChart draws running totals: one line per series over the labelled
// steps (rounds, then "End").
func LineChart(title string, labels []string, series []Series) string {
	const h, left, right, top, bottom = 220, 30, 12, 10, 26
	maxV := 0
	for _, s := range series {
		for _, v := range s.Values {
			maxV = max(maxV, v)
		}
	}
	yTop, step := niceMax(maxV)
	plotW, plotH := chartWidth-left-right, h-top-bottom
	x := func(i int) float64 {
		if len(labels) <= 1 {
			return float64(left)
		}
		return float64(left) + float64(i)*float64(plotW)/float64(len(labels)-1)
	}
	y := func(v int) float64 { return float64(top) + float64(plotH)*(1-float64(v)/float64(yTop)) }
	var b strings.Builder
	open(&b, "line-chart", title, h)
	for v := 0; v <= yTop; v += step {
		fmt.Fprintf(&b, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/>`, left, chartWidth-right, y(v), y(v))
		fmt.Fprintf(&b, `<text class="axis" x="%d" y="%.1f" text-anchor="end">%d</text>`, left-4, y(v)+4, v)
	}
	for i, l := range labels {
		fmt.Fprintf(&b, `<text class="axis" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x(i), h-8, esc(l))
	}
	for _, s := range series {
		var pts []string
		for i, v := range s.Values {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
		}
		fmt.Fprintf(&b, `<polyline class="series c%d" fill="none" points="%s"><title>%s</title></polyline>`, s.Seat%4, strings.Join(pts, " "), esc(s.Name))
		for i, v := range s.Values {
			fmt.Fprintf(&b, `<circle class="dot c%d" cx="%.1f" cy="%.1f" r="3.5"><title>%s: %d</title></circle>`, s.Seat%4, x(i), y(v), esc(s.Name), v)
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// StackedBars draws one horizontal bar per row, split into its parts
// (classes part0, part1 …), with the row's total at its end.
func StackedBars(title string, rows []StackRow) string {
	const barH, gap, label, top = 22, 14, 16, 4
	h := top + len(rows)*(barH+gap+label)
	maxV := 0
	for _, r := range rows {
		t := 0
		for _, p := range r.Parts {
			t += max(p, 0)
		}
		maxV = max(maxV, t)
	}
	maxV = max(maxV, 1)
	const right = 36
	scale := float64(chartWidth-right) / float64(maxV)
	var b strings.Builder
	open(&b, "bar-chart", title, h)
	for i, r := range rows {
		y0 := top + i*(barH+gap+label)
		fmt.Fprintf(&b, `<text class="label" x="0" y="%d">%s</text>`, y0+label-3, esc(r.Name))
		x, total := 0.0, 0
		for k, p := range r.Parts {
			if p <= 0 {
				continue
			}
			w := float64(p) * scale
			fmt.Fprintf(&b, `<rect class="part%d" x="%.1f" y="%d" width="%.1f" height="%d"><title>%s: %d</title></rect>`, k, x, y0+label, w, barH, esc(r.Name), p)
			x += w
			total += p
		}
		end := r.Label
		if end == "" {
			end = strconv.Itoa(total)
		}
		fmt.Fprintf(&b, `<text class="label" x="%.1f" y="%d">%s</text>`, x+4, y0+label+barH-6, esc(end))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// ResultsChart draws a player's NP game by game, oldest first; a win is a
// filled dot, any other result a ring.
func ResultsChart(title string, pts []ResultPoint) string {
	maxV := 0
	labels := make([]string, len(pts))
	for i, p := range pts {
		maxV = max(maxV, p.NP)
		labels[i] = p.Label
	}
	var b strings.Builder
	f := gamesFrame{height: 150, left: 30, right: 10, top: 10, bottom: 24}.draw(&b, "results-chart", title, labels, maxV)
	x, y := f.x, f.y
	var line []string
	for i, p := range pts {
		line = append(line, fmt.Sprintf("%.1f,%.1f", x(i), y(p.NP)))
	}
	if len(line) > 1 {
		fmt.Fprintf(&b, `<polyline class="series c0" fill="none" points="%s"/>`, strings.Join(line, " "))
	}
	for i, p := range pts {
		class, what := "ring", "did not win"
		if p.Won {
			class, what = "win", "won"
		}
		fmt.Fprintf(&b, `<circle class="%s" cx="%.1f" cy="%.1f" r="4.5"><title>%s: %s NP, %s</title></circle>`, class, x(i), y(p.NP), esc(p.Label), strconv.Itoa(p.NP), what)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// gamesFrame is the frame of a chart of NP game by game: its margins,
// and once drawn, how many games run along the x axis and the NP at the
// top of the y axis.
type gamesFrame struct {
	height, left, right, top, bottom int
	games, yTop                      int
}

// draw opens the SVG and draws the frame: grid lines with their NP from
// 0 to a round top above maxV, and the first and last games' labels
// under the axis. The frame it returns places the points.
func (f gamesFrame) draw(b *strings.Builder, class, title string, labels []string, maxV int) gamesFrame {
	f.games = len(labels)
	var step int
	f.yTop, step = niceMax(maxV)
	open(b, class, title, f.height)
	for v := 0; v <= f.yTop; v += step {
		fmt.Fprintf(b, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/>`, f.left, chartWidth-f.right, f.y(v), f.y(v))
		fmt.Fprintf(b, `<text class="axis" x="%d" y="%.1f" text-anchor="end">%d</text>`, f.left-4, f.y(v)+4, v)
	}
	if len(labels) > 0 {
		fmt.Fprintf(b, `<text class="axis" x="%d" y="%d">%s</text>`, f.left, f.height-6, esc(labels[0]))
		if len(labels) > 1 {
			fmt.Fprintf(b, `<text class="axis" x="%d" y="%d" text-anchor="end">%s</text>`, chartWidth-f.right, f.height-6, esc(labels[len(labels)-1]))
		}
	}
	return f
}

// x is where game i stands: spread evenly across the plot, or in its
// middle when there is one game.
func (f gamesFrame) x(i int) float64 {
	plotW := chartWidth - f.left - f.right
	if f.games <= 1 {
		return float64(f.left) + float64(plotW)/2
	}
	return float64(f.left) + float64(i)*float64(plotW)/float64(f.games-1)
}

// y is the height of v NP.
func (f gamesFrame) y(v int) float64 {
	plotH := f.height - f.top - f.bottom
	return float64(f.top) + float64(plotH)*(1-float64(v)/float64(f.yTop))
}
