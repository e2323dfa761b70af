package handlers

import (
	"crypto/rand"
	"encoding/base32"
	"net/url"
	"strings"

	"ruthless/store"
	"ruthless/views"
)

// Every form that writes (new game, round entry, end of game) carries a
// one-time token, made when the form is drawn. The store keeps it with
// what the form wrote, in the same transaction, so the same form posted
// again (Back, then submit) is recognised: the new-game form opens the
// game it already made, and an entry form finds that the stored save is
// its own, not another phone's. Tokens are random and unguessable, so
// none needs keeping until it is used.

var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newToken returns a fresh form token: 128 random bits, 26 characters.
func newToken() string {
	var b [16]byte
	rand.Read(b[:]) // never fails: crypto/rand panics rather than return short
	return tokenEncoding.EncodeToString(b[:])
}

// formToken reads the token a posted form carries: "" for a form without
// one (a page from before tokens, a script), which then writes as forms
// always did. Anything but a token this app could have made is refused.
func formToken(form url.Values) (string, error) {
	tok := form.Get("token")
	if tok == "" {
		return "", nil
	}
	if len(tok) > store.MaxTokenLength || strings.Trim(tok, "abcdefghijklmnopqrstuvwxyz234567") != "" {
		return "", &badRequest{field: "token", message: "the form's token is damaged; open the form again", text: views.TokenDamagedText}
	}
	return tok, nil
}

// orNewToken keeps the posted form's token for the form drawn again, or
// makes one when it came without.
func orNewToken(tok string) string {
	if tok == "" {
		return newToken()
	}
	return tok
}
