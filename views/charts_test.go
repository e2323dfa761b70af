package views

import (
	"context"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"

	"ruthless/views/lang"
)

// svgOf draws a Chart as the pages do.
func svgOf(t *testing.T, c Chart) string {
	t.Helper()
	var b strings.Builder
	if err := ChartSVG(c).Render(context.Background(), &b); err != nil {
		t.Fatalf("rendering %s: %v", c.Class, err)
	}
	return b.String()
}

// checkSVG parses an SVG, and checks it has a title and scales to its
// box: a viewBox no wider than a phone's 390 px and width 100%.
func checkSVG(t *testing.T, svg, wantTitle string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	var root *xml.StartElement
	title, inTitle := "", false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v\n%s", err, svg)
		}
		switch v := tok.(type) {
		case xml.StartElement:
			if root == nil {
				c := v.Copy()
				root = &c
			}
			inTitle = v.Name.Local == "title" && title == ""
		case xml.CharData:
			if inTitle {
				title = string(v)
			}
		case xml.EndElement:
			inTitle = false
		}
	}
	if root == nil || root.Name.Local != "svg" {
		t.Fatalf("root is not <svg>")
	}
	attrs := map[string]string{}
	for _, a := range root.Attr {
		attrs[a.Name.Local] = a.Value
	}
	if attrs["width"] != "100%" {
		t.Errorf("width: got %q, want 100%%", attrs["width"])
	}
	box := strings.Fields(attrs["viewBox"])
	if len(box) != 4 {
		t.Fatalf("viewBox %q", attrs["viewBox"])
	}
	if w, _ := strconv.Atoi(box[2]); w <= 0 || w > 390 {
		t.Errorf("viewBox width %d, want 1 to 390", w)
	}
	if title != wantTitle {
		t.Errorf("title: got %q, want %q", title, wantTitle)
	}
	if strings.Contains(svg, "style=") {
		t.Errorf("an inline style would be blocked by the page's CSP")
	}
}

func TestCharts(t *testing.T) {
	t.Parallel()
	evil := `<script>alert(1)</script> & "x"`
	cases := []struct {
		name, title string
		chart       Chart
	}{
		{"line", "NP by round", LineChart("NP by round", []string{"R1", "R2", "End"}, []Series{{Name: evil, Seat: 0, Values: []int{1, 2, 17}}, {Name: "B", Seat: 1, Values: []int{0, 1, 9}}})},
		{"line, one step", "one", LineChart("one", []string{"R1"}, []Series{{Name: "A", Values: []int{0}}})},
		{"bars", "sources", StackedBars("sources", []StackRow{{Name: evil, Parts: []int{8, 4, 3, 1}}, {Name: "B", Parts: []int{0, 0, 0, 0}}})},
		{"results", "over time", ResultsChart(lang.English, "over time", []ResultPoint{{Label: "1 Jan 25", NP: 21, Won: true}, {Label: evil, NP: 12}})},
		{"results, none", "empty", ResultsChart(lang.English, "empty", nil)},
		{"title escaped", evil, StackedBars(evil, nil)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			svg := svgOf(t, c.chart)
			checkSVG(t, svg, c.title)
			if strings.Contains(svg, "<script>") {
				t.Errorf("a name came out unescaped")
			}
		})
	}
}

func TestStackedBarsLabel(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		row  StackRow
		want string
	}{
		{"sum of the parts", StackRow{Name: "A", Parts: []int{3, 4, 0, 1}}, ">8</text>"},
		{"a label given", StackRow{Name: "A", Parts: []int{30, 40}, Label: "7.0"}, ">7.0</text>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if svg := svgOf(t, StackedBars("t", []StackRow{c.row})); !strings.Contains(svg, c.want) {
				t.Errorf("got %s, want it to hold %q", svg, c.want)
			}
		})
	}
}
