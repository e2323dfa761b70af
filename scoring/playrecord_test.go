package scoring

import (
	"errors"
	"strings"
	"testing"
)

// fullRecord is a game file carrying every field of the play's record.
const fullRecord = `{
  "version": 1,
  "players": [
    "Ann",
    "Bob"
  ],
  "start_player": 1,
  "achievements": [
    "richest",
    "merciless"
  ],
  "zero_counts": false,
  "played": "2024-05-01T20:00:00+02:00",
  "duration_min": 55,
  "location": "Café Ñandú, back room",
  "notes": "Bob's first game.\nTea 🫖 spilled in round 3.",
  "rounds": []
}
`

// TestPlayRecordRoundTrip: a file with every field of the play's record
// is written back byte for byte, and a file without them gains none.
func TestPlayRecordRoundTrip(t *testing.T) {
	t.Parallel()
	if got := mustEncode(t, mustDecode(t, fullRecord)); got != fullRecord {
		t.Errorf("round trip:\ngot  %s\nwant %s", got, fullRecord)
	}
	g := mustDecode(t, fullRecord)
	if g.DurationMin != 55 || g.Location != "Café Ñandú, back room" || !strings.Contains(g.Notes, "\n") {
		t.Errorf("decoded record = %d, %q, %q; want 55, the café, two lines", g.DurationMin, g.Location, g.Notes)
	}
	old := `{"version":1,"players":["A","B"],"duration_min":null,"location":null,"notes":null,"rounds":[]}`
	out := mustEncode(t, mustDecode(t, old))
	for _, field := range []string{"duration_min", "location", "notes"} {
		if strings.Contains(out, field) {
			t.Errorf("EncodeGame(%s) = %s, want no %s", old, out, field)
		}
	}
}

// TestPlayRecordErrors: each bad value is refused at its own field,
// whether the file is decoded or the game was built in Go.
func TestPlayRecordErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		fields      string // JSON members added to a valid file
		wantField   string
		wantMessage string
	}{
		{"duration of zero", `"duration_min":0`, "duration_min", "from 1 to 1440"},
		{"negative duration", `"duration_min":-5`, "duration_min", "not -5"},
		{"over a day", `"duration_min":1441`, "duration_min", "not 1441"},
		{"duration as text", `"duration_min":"55"`, "duration_min", "whole number"},
		{"fractional duration", `"duration_min":55.5`, "duration_min", "whole number"},
		{"location as a number", `"location":7`, "location", "must be text"},
		{"location too long", `"location":"` + strings.Repeat("é", 81) + `"`, "location", "at most 80"},
		{"location over two lines", `"location":"a\nb"`, "location", "control character"},
		{"location with an escape", `"location":"a\u001b[31mb"`, "location", "U+001B"},
		{"location of spaces", `"location":"   "`, "location", "only spaces"},
		{"location not UTF-8", "\"location\":\"caf\xe9\"", "location", "UTF-8"},
		{"notes too long", `"notes":"` + strings.Repeat("x", 1001) + `"`, "notes", "at most 1000"},
		{"notes with a bell", `"notes":"ding\u0007"`, "notes", "control character"},
		{"notes as a list", `"notes":["a"]`, "notes", "must be text"},
		{"notes not UTF-8", "\"notes\":\"\xff\xfe\"", "notes", "UTF-8"},
		// As names (R4.5): no text direction controls, no line separators.
		{"location turned around (U+202E)", `"location":"pub\u202egnikooc"`, "location", "text direction control (U+202E"},
		{"location with an isolate (U+2066)", `"location":"a\u2066b"`, "location", "U+2066"},
		{"location with a line separator", `"location":"a\u2028b"`, "location", "is one line"},
		{"location with a paragraph separator", `"location":"a\u2029b"`, "location", "U+2029"},
		{"notes turned around (U+202E)", `"notes":"won by\u202e 3"`, "notes", "text direction control (U+202E"},
		{"notes with a left-to-right mark", `"notes":"a\u200eb"`, "notes", "U+200E"},
		{"notes with a line separator", `"notes":"a\u2028b"`, "notes", "plain line break"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := `{"version":1,"players":["A","B"],` + tt.fields + `}`
			_, err := DecodeGame(strings.NewReader(in))
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("DecodeGame: got %v, want a *FieldError", err)
			}
			if fe.Field != tt.wantField {
				t.Errorf("field = %q, want %q", fe.Field, tt.wantField)
			}
			if !strings.Contains(fe.Message, tt.wantMessage) {
				t.Errorf("message = %q, want it to contain %q", fe.Message, tt.wantMessage)
			}
		})
	}
}

// TestValidatePlayRecord: Validate checks the record of a game built in
// Go (the About form builds one), and lets the bounds themselves pass.
func TestValidatePlayRecord(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		edit      func(*Game)
		wantField string // "" for valid
	}{
		{"none", func(*Game) {}, ""},
		{"the bounds", func(g *Game) {
			g.DurationMin, g.Location, g.Notes = 1440, strings.Repeat("a", 80), strings.Repeat("b\n", 500)
		}, ""},
		{"a minute", func(g *Game) { g.DurationMin = 1 }, ""},
		{"negative duration", func(g *Game) { g.DurationMin = -1 }, "duration_min"},
		{"a long location", func(g *Game) { g.Location = strings.Repeat("a", 81) }, "location"},
		{"notes with NUL", func(g *Game) { g.Notes = "a\x00b" }, "notes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Game{Version: 1, Players: []string{"A", "B"}, Achievements: DefaultAchievements()}
			tt.edit(&g)
			_, err := Validate(g)
			var fe *FieldError
			switch {
			case tt.wantField == "" && err != nil:
				t.Errorf("Validate: %v, want no error", err)
			case tt.wantField != "" && (!errors.As(err, &fe) || fe.Field != tt.wantField):
				t.Errorf("Validate: %v, want a *FieldError at %q", err, tt.wantField)
			}
		})
	}
}

// TestCleanRecordText: what a form makes of typed text.
func TestCleanRecordText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		lines    bool
		want     string
	}{
		{"trimmed", "  Kitchen \t", false, "Kitchen"},
		{"a pasted line break in a location goes", "Back\r\nroom", false, "Backroom"},
		{"notes keep their lines, Windows ends made plain", "one\r\ntwo\tthree", true, "one\ntwo\tthree"},
		{"control characters dropped", "a\x00b\x1bc\u0085d", true, "abcd"},
		{"not UTF-8 left for the check to refuse", "caf\xe9", true, "caf\xe9"},
		{"direction control left for the check to refuse (R4.5)", "pub\u202egnikooc", false, "pub\u202egnikooc"},
		{"line separator left for the check to refuse (R4.5)", "one\u2028two", true, "one\u2028two"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CleanRecordText(tt.in, tt.lines); got != tt.want {
				t.Errorf("CleanRecordText(%q, %v) = %q, want %q", tt.in, tt.lines, got, tt.want)
			}
		})
	}
}

// FuzzDecodePlayRecord: whatever DecodeGame accepts is written back to a
// file that decodes to the same bytes again, the record included.
func FuzzDecodePlayRecord(f *testing.F) {
	f.Add(fullRecord)
	f.Add(`{"version":1,"players":["A","B"],"duration_min":1440,"location":"x","notes":"a\tb"}`)
	f.Add(`{"version":1,"players":["A","B"],"duration_min":0}`)
	f.Add(`{"version":1,"players":["A","B"],"notes":"\u0000"}`)
	f.Fuzz(func(t *testing.T, in string) {
		g, err := DecodeGame(strings.NewReader(in))
		if err != nil {
			return
		}
		once := mustEncode(t, g)
		if twice := mustEncode(t, mustDecode(t, once)); twice != once {
			t.Fatalf("second round trip:\ngot  %s\nwant %s", twice, once)
		}
	})
}

// TestNeutralRecordText: what the exports write of a location or notes
// stored before direction controls and separators were refused.
func TestNeutralRecordText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		lines    bool
		want     string
	}{
		{"plain", "Ann's kitchen", false, "Ann's kitchen"},
		{"direction override in a location", "pub\u202egnikooc", false, "pubgnikooc"},
		{"isolates in notes", "a\u2066b\u2069c", true, "abc"},
		{"line separator in a location", "a\u2028b", false, "a b"},
		{"line separator in notes", "a\u2028b\u2029c", true, "a\nb\nc"},
		{"line breaks kept in notes", "a\nb", true, "a\nb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NeutralRecordText(tt.in, tt.lines); got != tt.want {
				t.Errorf("NeutralRecordText(%q, %v) = %q, want %q", tt.in, tt.lines, got, tt.want)
			}
			if fe := checkRecordText("x", NeutralRecordText(tt.in, tt.lines), 100, tt.lines); fe != nil {
				t.Errorf("the neutral text is still refused: %s", fe.Message)
			}
		})
	}
}
