package handlers

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
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
	field := invalidUTF8Field(body)
	if field == "" {
		field = "body"
	}
	return &badRequest{field: field, message: field + " is not valid UTF-8 text"}
}

// invalidUTF8Field walks the JSON tokens of body, keeping the path to
// each, and returns the path of the first string whose bytes are not
// UTF-8; "" when it finds none (or the JSON breaks off first).
func invalidUTF8Field(body []byte) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	type level struct {
		object  bool
		key     string
		index   int
		wantKey bool
	}
	var path []level
	where := func() string {
		var b []byte
		for i, l := range path {
			switch {
			case l.object && i == 0:
				b = append(b, l.key...)
			case l.object:
				b = append(append(b, '.'), l.key...)
			default:
				b = append(append(append(b, '['), strconv.Itoa(l.index)...), ']')
			}
		}
		return string(b)
	}
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		raw := body[start:dec.InputOffset()]
		top := len(path) - 1
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' || t == '[' {
				path = append(path, level{object: t == '{', wantKey: t == '{'})
				continue
			}
			path = path[:top]
		case string:
			if top >= 0 && path[top].object && path[top].wantKey {
				path[top].key = t
				path[top].wantKey = false
				if !utf8.Valid(raw) {
					return where()
				}
				continue
			}
			if !utf8.Valid(raw) {
				return where()
			}
		}
		// A value ended: the next is a key, or the next index.
		if top = len(path) - 1; top >= 0 {
			if path[top].object {
				path[top].wantKey = true
			} else {
				path[top].index++
			}
		}
	}
}
