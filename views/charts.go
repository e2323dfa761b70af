package views

import (
	"strconv"
	"strings"

	"ruthless/views/lang"
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

// Chart is a drawing for ChartSVG: its class (which also names it for
// tests), its title for screen readers and tooltips, its height in the
// viewBox (the width is chartWidth), and its shapes in drawing order,
// later ones on top. The geometry is worked out here in Go; the markup is
// the templ component's.
type Chart struct {
	Class, Title string
	Height       int
	Shapes       []Shape
}

// Empty reports whether there is no chart to draw.
func (c Chart) Empty() bool { return c.Class == "" }

// ShapeKind is what a Shape draws.
type ShapeKind uint8

// The shapes of a chart.
const (
	// ShapeLine is a straight line From To: a grid line.
	ShapeLine ShapeKind = iota
	// ShapeText is Text written at At, aligned by Anchor.
	ShapeText
	// ShapePolyline joins Points: a series.
	ShapePolyline
	// ShapeCircle is a dot of radius R at At.
	ShapeCircle
	// ShapeRect is a bar W wide and H high from At.
	ShapeRect
)

// Point is a place in the chart's viewBox.
type Point struct{ X, Y float64 }

// Shape is one piece of a Chart. Class picks its colour from app.css;
// Title, when set, is its tooltip (and what a screen reader finds on it).
type Shape struct {
	Kind     ShapeKind
	Class    string
	From, To Point
	At       Point
	R, W, H  float64
	Points   []Point
	// Anchor is the text-anchor of a ShapeText: "" (start), "middle" or
	// "end".
	Anchor string
	Text   string
	Title  string
}

// chart starts a Chart of a class, a title and a height.
func chart(class, title string, height int) *Chart {
	return &Chart{Class: class, Title: title, Height: height}
}

func (c *Chart) line(class string, x1, y1, x2, y2 float64) {
	c.Shapes = append(c.Shapes, Shape{Kind: ShapeLine, Class: class, From: Point{x1, y1}, To: Point{x2, y2}})
}

func (c *Chart) text(class string, x, y float64, anchor, text string) {
	c.Shapes = append(c.Shapes, Shape{Kind: ShapeText, Class: class, At: Point{x, y}, Anchor: anchor, Text: text})
}

func (c *Chart) polyline(class string, pts []Point, title string) {
	c.Shapes = append(c.Shapes, Shape{Kind: ShapePolyline, Class: class, Points: pts, Title: title})
}

func (c *Chart) circle(class string, x, y, r float64, title string) {
	c.Shapes = append(c.Shapes, Shape{Kind: ShapeCircle, Class: class, At: Point{x, y}, R: r, Title: title})
}

func (c *Chart) rect(class string, x, y, w, h float64, title string) {
	c.Shapes = append(c.Shapes, Shape{Kind: ShapeRect, Class: class, At: Point{x, y}, W: w, H: h, Title: title})
}

// seatClass is the colour class of a seat: c0…c3.
func seatClass(base string, seat int) string { return base + " c" + strconv.Itoa(seat%4) }

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

// LineChart draws running totals: one line per series over the labelled
// steps (rounds, then "End").
func LineChart(title string, labels []string, series []Series) Chart {
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
	c := chart("line-chart", title, h)
	for v := 0; v <= yTop; v += step {
		c.line("grid", left, y(v), chartWidth-right, y(v))
		c.text("axis", left-4, y(v)+4, "end", strconv.Itoa(v))
	}
	for i, l := range labels {
		c.text("axis", x(i), h-8, "middle", l)
	}
	for _, s := range series {
		pts := make([]Point, len(s.Values))
		for i, v := range s.Values {
			pts[i] = Point{x(i), y(v)}
		}
		c.polyline(seatClass("series", s.Seat), pts, s.Name)
		for i, v := range s.Values {
			c.circle(seatClass("dot", s.Seat), x(i), y(v), 3.5, s.Name+": "+strconv.Itoa(v))
		}
	}
	return *c
}

// StackedBars draws one horizontal bar per row, split into its parts
// (classes part0, part1 …), with the row's total at its end.
func StackedBars(title string, rows []StackRow) Chart {
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
	c := chart("bar-chart", title, h)
	for i, r := range rows {
		y0 := float64(top + i*(barH+gap+label))
		c.text("label", 0, y0+label-3, "", r.Name)
		x, total := 0.0, 0
		for k, p := range r.Parts {
			if p <= 0 {
				continue
			}
			w := float64(p) * scale
			c.rect("part"+strconv.Itoa(k), x, y0+label, w, barH, r.Name+": "+strconv.Itoa(p))
			x += w
			total += p
		}
		end := r.Label
		if end == "" {
			end = strconv.Itoa(total)
		}
		c.text("label", x+4, y0+label+barH-6, "", end)
	}
	return *c
}

// ResultsChart draws a player's NP game by game, oldest first; a win is a
// filled dot, any other result a ring.
func ResultsChart(l lang.Lang, title string, pts []ResultPoint) Chart {
	maxV := 0
	labels := make([]string, len(pts))
	for i, p := range pts {
		maxV = max(maxV, p.NP)
		labels[i] = p.Label
	}
	c := chart("results-chart", title, 150)
	f := gamesFrame{height: 150, left: 30, right: 10, top: 10, bottom: 24}.draw(c, labels, maxV)
	x, y := f.x, f.y
	line := make([]Point, len(pts))
	for i, p := range pts {
		line[i] = Point{x(i), y(p.NP)}
	}
	if len(line) > 1 {
		c.polyline("series c0", line, "")
	}
	for i, p := range pts {
		class, what := "ring", l.T("chart.not_won", "label", p.Label, "np", p.NP)
		if p.Won {
			class, what = "win", l.T("chart.won", "label", p.Label, "np", p.NP)
		}
		c.circle(class, x(i), y(p.NP), 4.5, what)
	}
	return *c
}

// gamesFrame is the frame of a chart of NP game by game: its margins,
// and once drawn, how many games run along the x axis and the NP at the
// top of the y axis.
type gamesFrame struct {
	height, left, right, top, bottom int
	games, yTop                      int
}

// draw draws the frame into c: grid lines with their NP from 0 to a
// round top above maxV, and the first and last games' labels under the
// axis. The frame it returns places the points.
func (f gamesFrame) draw(c *Chart, labels []string, maxV int) gamesFrame {
	f.games = len(labels)
	var step int
	f.yTop, step = niceMax(maxV)
	for v := 0; v <= f.yTop; v += step {
		c.line("grid", float64(f.left), f.y(v), float64(chartWidth-f.right), f.y(v))
		c.text("axis", float64(f.left-4), f.y(v)+4, "end", strconv.Itoa(v))
	}
	if len(labels) > 0 {
		c.text("axis", float64(f.left), float64(f.height-6), "", labels[0])
		if len(labels) > 1 {
			c.text("axis", float64(chartWidth-f.right), float64(f.height-6), "end", labels[len(labels)-1])
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

// num writes a coordinate as the charts always have: a whole number
// plain, anything else to one decimal.
func num(v float64) string {
	if v == float64(int(v)) {
		return strconv.Itoa(int(v))
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}

// points writes a polyline's points: "x,y x,y …".
func points(pts []Point) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p.X) + "," + num(p.Y))
	}
	return b.String()
}
