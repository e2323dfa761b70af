package handlers_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestRecordTextRefusals: a game's location and notes refuse text
// direction controls (U+202E turns every later character around) and
// line separators, as names do (R4.5), with a 400 naming the field;
// nothing is stored.
func TestRecordTextRefusals(t *testing.T) {
	a := newApp(t)
	tests := []struct {
		name, fields, field string
	}{
		{"location with U+202E", `"location":"pub\u202egnikooc"`, "location"},
		{"location with U+2028", `"location":"a\u2028b"`, "location"},
		{"notes with U+202E", `"notes":"won\u202e by 3"`, "notes"},
		{"notes with U+2067", `"notes":"a\u2067b"`, "notes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.sendJSON(t, http.MethodPost, "/api/games", `{"version":1,"players":["Ann","Bob"],`+tt.fields+`}`)
			if res.status != http.StatusBadRequest || !strings.Contains(res.body, `"field":"`+tt.field+`"`) {
				t.Errorf("status %d, body %s; want 400 naming %s", res.status, res.body, tt.field)
			}
		})
	}
	if r := a.get(t, "/"); strings.Contains(r.body, "Ann") {
		t.Error("a refused game was stored")
	}
}
