package views

import "errors"

// The share image: the result card as a picture, for the og:image a
// messenger shows beside a shared link. It is drawn in shareimage.go,
// with the Go fonts (BSD-licensed, shipped inside golang.org/x/image) and,
// for the scripts they lack, the machine's own fonts (sharefonts.go), in
// the app's light colours (static/app.css).

// ShareWidth and ShareHeight are the image's size: the 1.91:1 that link
// previews are cut to.
const (
	ShareWidth  = 1200
	ShareHeight = 630
)

// ShareImage is what the share image shows.
type ShareImage struct {
	// Headline is the result ("Lucy wins"), or where a game in progress
	// stands ("After round 3 of 5").
	Headline string
	// Subline is under it ("with 21 NP").
	Subline string
	Date    string
	// Rows are the seats in the order shown (places, or NP so far).
	Rows []ShareRow
	// Unit is the language's short word for Notoriety Points ("NP",
	// "RP"); "" draws "NP".
	Unit string
}

// ShareRow is one seat of the share image.
type ShareRow struct {
	Place string // "1st"; "" for a game in progress
	Name  string
	NP    int
	Seat  int // picks the seat's colour
	Won   bool
}

// ErrShareImageLeftOut is what ShareImagePNG answers in a build without
// the drawing (-tags noshareimage: the offline site, where no messenger
// asks a phone for a link preview, and the fonts and PNG encoder would
// add about a tenth to the download).
var ErrShareImageLeftOut = errors.New("the share image is not drawn in this build")
