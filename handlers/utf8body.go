package handlers

import (
	"unicode/utf8"

	"ruthless/edge"
	"ruthless/views"
)

// Go's JSON decoder turns bytes that are not UTF-8 into U+FFFD without a
// word, so a player's name sent as "An\xffn" was stored altered ("An�n",
// 201) while the form refuses it (issue 44 item 6). Every API body is
// checked first: the first string (a key or a value) that is not UTF-8 is
// named in a 400, as the form names its field.

// checkUTF8 refuses a JSON body holding a string that is not UTF-8,
// naming where it is (players[1], rounds[0][2].pool[0]); a body that is
// all UTF-8, or is not JSON (the decoder then says what is wrong), passes.
func checkUTF8(body []byte) error {
	if utf8.Valid(body) {
		return nil
	}
	field := edge.InvalidUTF8Path(body)
	if field == "" {
		field = "body"
	}
	return &badRequest{field: field, message: field + " is not valid UTF-8 text", text: views.NotUTF8Text(field)}
}
