package edge

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// InvalidUTF8Path walks the JSON tokens of body, keeping the path to
// each, and returns the path of the first string (a key or a value)
// whose bytes are not UTF-8, as players[1] or rounds[0][2].pool[0]; ""
// when it finds none (or the JSON breaks off first). Go's JSON decoder
// would turn such bytes into U+FFFD without a word.
func InvalidUTF8Path(body []byte) string {
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
