//go:build !noshareimage

package views

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// TextRun is one piece of text as the image drew it, so a test can draw
// the text it expects in the same place and compare the pixels.
type TextRun struct {
	Text     string
	Size     float64
	Bold     bool
	Dot      fixed.Point26_6 // the baseline's start
	Ink, Bg  color.RGBA
	Bounds   image.Rectangle // the pixels the text may touch
	Purpose  string          // "headline", "name", "np" …
	RowIndex int             // the row of a row's text, else -1
}

// The app's light palette (static/app.css).
var (
	shareBg     = color.RGBA{0xf6, 0xf0, 0xe1, 0xff} // --bg
	shareFg     = color.RGBA{0x17, 0x12, 0x0c, 0xff} // --fg
	shareMuted  = color.RGBA{0x4d, 0x44, 0x37, 0xff} // --muted
	shareAccent = color.RGBA{0x0b, 0x4a, 0x6f, 0xff} // --accent
	shareWhite  = color.RGBA{0xff, 0xff, 0xff, 0xff} // --accent-fg
	shareLine   = color.RGBA{0xdd, 0xd4, 0xc2, 0xff} // --off
	// shareWon is the winner's row: --gold at about a sixth over --bg.
	shareWon   = color.RGBA{0xee, 0xe3, 0xc8, 0xff}
	shareSeats = []color.RGBA{
		{0x00, 0x72, 0xb2, 0xff}, {0xc7, 0x4a, 0x00, 0xff}, {0x00, 0x85, 0x6a, 0xff}, {0xb0, 0x3a, 0x8a, 0xff}, // --seat-0…3
	}
)

// Layout of the image, in pixels.
const (
	shareMargin   = 60
	shareBand     = 96  // the top band's height
	shareRowsTop  = 300 // where the rows start
	shareRowH     = 78
	shareNameX    = 220
	shareNPRight  = ShareWidth - shareMargin
	shareNameMaxW = 740
)

// shareFonts are the parsed Go fonts, regular and bold; parsing once is
// what makes a drawing cheap.
var shareFonts = sync.OnceValues(func() ([2]*opentype.Font, error) {
	var out [2]*opentype.Font
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return out, err
		}
		out[i] = f
	}
	return out, nil
})

// shareFace is a face of the Go font at size, falling back to the
// machine's fonts for the scripts it lacks (sharefonts.go): a new one each
// time, since a face may not be shared between goroutines.
func shareFace(bold bool, size float64) (*fallbackFace, error) {
	fonts, err := shareFonts()
	if err != nil {
		return nil, err
	}
	f := fonts[0]
	if bold {
		f = fonts[1]
	}
	return newFallbackFace(f, bold, size)
}

// sharePainter draws text onto the image and notes each run.
type sharePainter struct {
	img  *image.RGBA
	runs []TextRun
	err  error
}

// text draws s at (x, baseline) with its left end at x (or its right end
// there, when right), shrinking the size down to minSize to fit maxW and
// then cutting the text with "…", and notes the run drawn.
func (p *sharePainter) text(s string, bold bool, size, minSize float64, x, baseline, maxW int, right bool, ink, bg color.RGBA, purpose string, row int) {
	if p.err != nil {
		return
	}
	s = visualOrder(s)
	face, err := fitFace(s, bold, size, minSize, maxW)
	if err != nil {
		p.err = err
		return
	}
	s = cutToWidth(face, s, maxW)
	width := font.MeasureString(face, s).Ceil()
	if right {
		x -= width
	}
	dot := fixed.P(x, baseline)
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(ink), Face: face, Dot: dot}
	b, _ := d.BoundString(s)
	d.DrawString(s)
	p.runs = append(p.runs, TextRun{Text: s, Size: faceSize(face, size), Bold: bold, Dot: dot, Ink: ink, Bg: bg, Purpose: purpose, RowIndex: row,
		Bounds: image.Rect(b.Min.X.Floor()-1, b.Min.Y.Floor()-1, b.Max.X.Ceil()+1, b.Max.Y.Ceil()+1)})
}

// sizedFace remembers the size a face was made at.
type sizedFace struct {
	font.Face
	size float64
}

func faceSize(f font.Face, fallback float64) float64 {
	if sf, ok := f.(sizedFace); ok {
		return sf.size
	}
	return fallback
}

// fitFace is the largest face from size down to minSize (in steps of 2)
// in which s fits maxW, or the smallest.
func fitFace(s string, bold bool, size, minSize float64, maxW int) (font.Face, error) {
	for {
		f, err := shareFace(bold, size)
		if err != nil {
			return nil, err
		}
		if size-2 < minSize || font.MeasureString(f, s).Ceil() <= maxW {
			return sizedFace{f, size}, nil
		}
		size -= 2
	}
}

// cutToWidth shortens s, ending it with "…", until it fits maxW.
func cutToWidth(f font.Face, s string, maxW int) string {
	if font.MeasureString(f, s).Ceil() <= maxW {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		if t := string(r) + "…"; font.MeasureString(f, t).Ceil() <= maxW {
			return t
		}
	}
	return "…"
}

// DrawShareImage draws the share image and says where each text went.
func DrawShareImage(c ShareImage) (*image.RGBA, []TextRun, error) {
	img := image.NewRGBA(image.Rect(0, 0, ShareWidth, ShareHeight))
	fill(img, img.Bounds(), shareBg)
	fill(img, image.Rect(0, 0, ShareWidth, shareBand), shareAccent)
	fill(img, image.Rect(0, ShareHeight-12, ShareWidth, ShareHeight), shareAccent)
	c = drawableNames(c)
	p := &sharePainter{img: img}
	p.text("Ruthless", true, 46, 46, shareMargin, 64, 400, false, shareWhite, shareAccent, "mark", -1)
	p.text(c.Date, false, 34, 24, shareNPRight, 62, 620, true, shareWhite, shareAccent, "date", -1)
	p.text(c.Headline, true, 84, 44, shareMargin, 200, ShareWidth-2*shareMargin, false, shareFg, shareBg, "headline", -1)
	p.text(c.Subline, false, 40, 28, shareMargin, 256, ShareWidth-2*shareMargin, false, shareMuted, shareBg, "subline", -1)
	for i, r := range c.Rows[:min(len(c.Rows), 4)] {
		top := shareRowsTop + i*shareRowH
		bg := shareBg
		if r.Won {
			bg = shareWon
		}
		fill(img, image.Rect(shareMargin-20, top, ShareWidth-shareMargin+20, top+shareRowH-4), bg)
		fill(img, image.Rect(shareMargin-20, top+shareRowH-4, ShareWidth-shareMargin+20, top+shareRowH-2), shareLine)
		disc(img, shareMargin+14, top+shareRowH/2-2, 14, shareSeats[r.Seat%len(shareSeats)])
		baseline := top + shareRowH/2 + 14
		p.text(r.Place, true, 40, 32, shareMargin+44, baseline, 110, false, shareFg, bg, "place", i)
		p.text(r.Name, r.Won, 44, 30, shareNameX, baseline, shareNameMaxW, false, shareFg, bg, "name", i)
		p.text(strconv.Itoa(r.NP)+" "+c.unit(), true, 44, 44, shareNPRight, baseline, 200, true, shareFg, bg, "np", i)
	}
	return img, p.runs, p.err
}

// unit is the word drawn after each seat's NP.
func (c ShareImage) unit() string {
	if c.Unit == "" {
		return "NP"
	}
	return c.Unit
}

// ShareImagePNG is the share image as PNG bytes.
func ShareImagePNG(c ShareImage) ([]byte, error) {
	img, _, err := DrawShareImage(c)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// disc draws a filled circle: the seat's colour, as the chips on the pages.
func disc(img *image.RGBA, cx, cy, radius int, c color.RGBA) {
	for y := -radius; y <= radius; y++ {
		for x := -radius; x <= radius; x++ {
			if x*x+y*y <= radius*radius {
				img.SetRGBA(cx+x, cy+y, c)
			}
		}
	}
}

// drawableNames replaces, in the rows and the headline, each name with a
// character no font on this machine has by the seat it plays ("Player
// 3"): a name of boxes would say nothing, and the card page beside the
// image has the name.
func drawableNames(c ShareImage) ShareImage {
	face, err := shareFace(true, 20)
	if err != nil {
		return c
	}
	defer face.Close()
	rows := slices.Clone(c.Rows)
	for i, r := range rows {
		if face.covers(r.Name) {
			continue
		}
		seat := "Player " + strconv.Itoa(r.Seat+1)
		if r.Name != "" {
			c.Headline = strings.ReplaceAll(c.Headline, r.Name, seat)
		}
		rows[i].Name = seat
	}
	c.Rows = rows
	return c
}
