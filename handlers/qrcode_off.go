//go:build noqrcode

package handlers

import "errors"

// qrPNG draws nothing in a build with the noqrcode tag: the offline site,
// where no other phone can join (handlers/offline.go answers the invite
// routes before they get here), and where the QR encoder and PNG writer
// would only add to the download.
func qrPNG(string) ([]byte, error) {
	return nil, errors.New("no QR codes in this build")
}
