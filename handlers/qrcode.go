//go:build !noqrcode

package handlers

import "github.com/skip2/go-qrcode"

// qrPNG draws link as the invite's QR code (a PNG of qrSize pixels).
func qrPNG(link string) ([]byte, error) {
	return qrcode.Encode(link, qrcode.Medium, qrSize)
}
