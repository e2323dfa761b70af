//go:build noshareimage

package views

// ShareImagePNG draws nothing in this build (see ErrShareImageLeftOut).
func ShareImagePNG(ShareImage) ([]byte, error) { return nil, ErrShareImageLeftOut }
