//go:build !noshareimage

package views

import (
	"image"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The share image's names come in any script, but the Go fonts cover only
// Latin, Greek and Cyrillic. Shipping a font for Chinese inside the binary
// would add 10–20 MB to a program of about 20; instead the image borrows
// the fonts the machine already has (Noto on Debian and Raspberry Pi OS,
// the system fonts on Windows and macOS), opened once and read from disk
// as glyphs are needed. A name with a character no font on the machine
// covers is never drawn as boxes: DrawShareImage writes the seat instead
// ("Player 3"), and the card page beside the image has the name.

// systemFontFiles are the font files tried for the scripts the Go fonts
// lack, best first, regular and bold. A missing file is skipped.
var systemFontFiles = []struct{ regular, bold string }{
	// Debian: fonts-noto-cjk, fonts-noto-core.
	{"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"},
	{"/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf"},
	{"/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansHebrew-Bold.ttf"},
	{"/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Bold.ttf"},
	{"/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansThai-Bold.ttf"},
	{"/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf"},
	// Debian's fonts-wqy-zenhei and fonts-dejavu-core, often there already.
	{"/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", ""},
	{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"},
	// macOS.
	{"/System/Library/Fonts/PingFang.ttc", ""},
	{"/System/Library/Fonts/Supplemental/Arial Unicode.ttf", ""},
	// Windows.
	{`C:\Windows\Fonts\msyh.ttc`, `C:\Windows\Fonts\msyhbd.ttc`},
	{`C:\Windows\Fonts\arial.ttf`, `C:\Windows\Fonts\arialbd.ttf`},
	{`C:\Windows\Fonts\seguisym.ttf`, ""},
}

// extraFonts are the fonts of systemFontFiles found on this machine,
// [regular, bold] (bold is the regular one where no bold was found).
// The files stay open for the life of the process: glyphs are read from
// them on demand, so a 20 MB collection costs little memory.
var extraFonts = sync.OnceValue(func() [][2]*sfnt.Font {
	var out [][2]*sfnt.Font
	for _, f := range systemFontFiles {
		if runtime.GOOS != "windows" && strings.HasPrefix(f.regular, `C:\`) {
			continue
		}
		reg := openFontFile(f.regular)
		if reg == nil {
			continue
		}
		bold := reg
		if f.bold != "" {
			if b := openFontFile(f.bold); b != nil {
				bold = b
			}
		}
		out = append(out, [2]*sfnt.Font{reg, bold})
	}
	return out
})

// openFontFile opens the first font of a font file or collection, or
// returns nil when there is none to use.
func openFontFile(path string) *sfnt.Font {
	file, err := os.Open(filepath.Clean(path))
	if err != nil {
		return nil
	}
	if strings.HasSuffix(strings.ToLower(path), ".ttc") {
		c, err := sfnt.ParseCollectionReaderAt(file)
		if err != nil || c.NumFonts() == 0 {
			file.Close()
			return nil
		}
		// Noto CJK's first font is its Japanese cut; the Simplified
		// Chinese one (SC) draws the hanzi a Chinese player expects, and
		// every cut covers the same characters.
		for i := range c.NumFonts() {
			f, err := c.Font(i)
			if err != nil {
				continue
			}
			if name, err := f.Name(nil, sfnt.NameIDFamily); err == nil && strings.HasSuffix(name, " SC") {
				return f
			}
		}
		f, err := c.Font(0)
		if err != nil {
			file.Close()
			return nil
		}
		return f
	}
	f, err := sfnt.ParseReaderAt(file)
	if err != nil {
		file.Close()
		return nil
	}
	return f
}

// fallbackFace draws each rune with the first of its faces that has a
// glyph for it: the Go font first, then the machine's fonts. Its metrics
// are the first face's, so lines sit where they always did.
type fallbackFace struct {
	faces []font.Face
	fonts []*sfnt.Font // fonts[i] is faces[i]'s font, for its coverage
	buf   sfnt.Buffer
}

// pick is the face that has r, and whether any has.
func (f *fallbackFace) pick(r rune) (font.Face, bool) {
	for i, face := range f.faces {
		if idx, err := f.fonts[i].GlyphIndex(&f.buf, r); err == nil && idx != 0 {
			return face, true
		}
	}
	return f.faces[0], false
}

// covers reports whether some face has a glyph for every rune of s
// (spaces and joiners aside).
func (f *fallbackFace) covers(s string) bool {
	for _, r := range s {
		if r == ' ' || r == '\u200c' || r == '\u200d' {
			continue
		}
		if _, ok := f.pick(r); !ok {
			return false
		}
	}
	return true
}

func (f *fallbackFace) Close() error {
	var first error
	for _, face := range f.faces {
		if err := face.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func (f *fallbackFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	face, _ := f.pick(r)
	return face.Glyph(dot, r)
}

func (f *fallbackFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	face, _ := f.pick(r)
	return face.GlyphBounds(r)
}

func (f *fallbackFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	face, _ := f.pick(r)
	return face.GlyphAdvance(r)
}

// Kern is the first face's kerning for a pair it draws both of, and none
// across two fonts.
func (f *fallbackFace) Kern(r0, r1 rune) fixed.Int26_6 {
	a, _ := f.pick(r0)
	b, _ := f.pick(r1)
	if a != b {
		return 0
	}
	return a.Kern(r0, r1)
}

func (f *fallbackFace) Metrics() font.Metrics { return f.faces[0].Metrics() }

// newFallbackFace is the Go font goFont at size, falling back to the
// machine's fonts.
func newFallbackFace(goFont *opentype.Font, bold bool, size float64) (*fallbackFace, error) {
	opts := &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone}
	first, err := opentype.NewFace(goFont, opts)
	if err != nil {
		return nil, err
	}
	ff := &fallbackFace{faces: []font.Face{first}, fonts: []*sfnt.Font{goFont}}
	for _, pair := range extraFonts() {
		f := pair[0]
		if bold {
			f = pair[1]
		}
		face, err := opentype.NewFace(f, opts)
		if err != nil {
			continue
		}
		ff.faces = append(ff.faces, face)
		ff.fonts = append(ff.fonts, f)
	}
	return ff, nil
}
