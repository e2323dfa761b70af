//go:build !noshareimage

package views

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"testing"

	"golang.org/x/image/font"
)

// shareSample is a finished game of three, Ann winning.
func shareSample() ShareImage {
	return ShareImage{Headline: "Ann wins", Subline: "with 23 NP · Ruthless, 3 players", Date: "4 May 2025", Rows: []ShareRow{
		{Place: "1st", Name: "Ann", NP: 23, Seat: 1, Won: true},
		{Place: "2nd", Name: "Bob", NP: 19, Seat: 0},
		{Place: "3rd", Name: "Cid", NP: 7, Seat: 2},
	}}
}

// runFor is the run drawn for purpose (in row, or -1).
func runFor(t *testing.T, runs []TextRun, purpose string, row int) TextRun {
	t.Helper()
	for _, r := range runs {
		if r.Purpose == purpose && r.RowIndex == row {
			return r
		}
	}
	t.Fatalf("no %s text drawn (row %d)", purpose, row)
	return TextRun{}
}

// renderedDiff says where the image fails to show want, alone, where run
// says text was drawn ("" when it does): want is drawn afresh with the
// same font, size and colours at the same baseline onto the run's
// background, and every pixel of the region (both texts' boxes, and a
// margin) must match.
func renderedDiff(img *image.RGBA, run TextRun, want string) string {
	face, err := shareFace(run.Bold, run.Size)
	if err != nil {
		return err.Error()
	}
	ref := image.NewRGBA(img.Bounds())
	d := font.Drawer{Dst: ref, Src: image.NewUniform(run.Ink), Face: face, Dot: run.Dot}
	b, _ := d.BoundString(want)
	region := run.Bounds.Union(image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil())).Inset(-2)
	draw.Draw(ref, region, image.NewUniform(run.Bg), image.Point{}, draw.Src)
	d.DrawString(want)
	for y := region.Min.Y; y < region.Max.Y; y++ {
		for x := region.Min.X; x < region.Max.X; x++ {
			if img.RGBAAt(x, y) != ref.RGBAAt(x, y) {
				return fmt.Sprintf("pixel (%d, %d) is %v, want %v", x, y, img.RGBAAt(x, y), ref.RGBAAt(x, y))
			}
		}
	}
	return ""
}

func expectRendered(t *testing.T, img *image.RGBA, run TextRun, want string) {
	t.Helper()
	if diff := renderedDiff(img, run, want); diff != "" {
		t.Errorf("%s: the image does not show %q: %s", run.Purpose, want, diff)
	}
}

func TestShareCardShowsTheGame(t *testing.T) {
	t.Parallel()
	c := shareSample()
	data, err := ShareImagePNG(c)
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	if got := decoded.Bounds().Size(); got != image.Pt(1200, 630) {
		t.Fatalf("size %v, want 1200×630", got)
	}
	img := image.NewRGBA(decoded.Bounds())
	draw.Draw(img, img.Bounds(), decoded, image.Point{}, draw.Src)
	_, runs, err := DrawShareImage(c)
	if err != nil {
		t.Fatal(err)
	}
	expectRendered(t, img, runFor(t, runs, "headline", -1), "Ann wins")
	expectRendered(t, img, runFor(t, runs, "date", -1), "4 May 2025")
	for i, want := range []struct{ place, name, np string }{{"1st", "Ann", "23 NP"}, {"2nd", "Bob", "19 NP"}, {"3rd", "Cid", "7 NP"}} {
		expectRendered(t, img, runFor(t, runs, "place", i), want.place)
		expectRendered(t, img, runFor(t, runs, "name", i), want.name)
		expectRendered(t, img, runFor(t, runs, "np", i), want.np)
	}
}

// TestShareCardCheckFails: the pixel check sees another name or another
// NP, so the test above can fail.
func TestShareCardCheckFails(t *testing.T) {
	t.Parallel()
	c := shareSample()
	c.Headline, c.Rows[0].Name, c.Rows[1].NP = "Bob wins", "Bob", 18
	img, runs, err := DrawShareImage(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		run  TextRun
		want string
	}{
		{runFor(t, runs, "headline", -1), "Ann wins"},
		{runFor(t, runs, "name", 0), "Ann"},
		{runFor(t, runs, "np", 1), "19 NP"},
	} {
		if renderedDiff(img, tc.run, tc.want) == "" {
			t.Errorf("%s drawn as %q passes the check for %q", tc.run.Purpose, tc.run.Text, tc.want)
		}
	}
}

func TestShareCardLongNameFits(t *testing.T) {
	t.Parallel()
	c := shareSample()
	long := "Wolfeschlegelsteinhausenbergerdorff the Elder Third"
	c.Headline, c.Rows[0].Name = long+" wins", long
	_, runs, err := DrawShareImage(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		if !r.Bounds.In(image.Rect(0, 0, ShareWidth, ShareHeight)) {
			t.Errorf("%s %q at %v leaves the image", r.Purpose, r.Text, r.Bounds)
		}
	}
	if name, np := runFor(t, runs, "name", 0), runFor(t, runs, "np", 0); name.Bounds.Max.X >= np.Bounds.Min.X {
		t.Errorf("name %v runs into the NP %v", name.Bounds, np.Bounds)
	}
}

// BenchmarkCardImage draws and encodes one share image.
func BenchmarkCardImage(b *testing.B) {
	c := shareSample()
	for b.Loop() {
		if _, err := ShareImagePNG(c); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCardImageDrawOnly draws without encoding, to tell the two apart.
func BenchmarkCardImageDrawOnly(b *testing.B) {
	c := shareSample()
	for b.Loop() {
		if _, _, err := DrawShareImage(c); err != nil {
			b.Fatal(err)
		}
	}
}
