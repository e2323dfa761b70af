package scoring

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestPlayedRoundTrip: the time a game was played comes back from a game
// file exactly as written, so moving history between servers keeps its
// dates, and a file without one is written without one.
func TestPlayedRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		played string
	}{
		{"UTC, whole seconds", "2024-05-01T20:00:00Z"},
		{"an offset is kept as written", "2024-05-01T20:00:00+02:00"},
		{"nanoseconds, as an export of a stored game writes them", "2025-06-01T20:00:01.123456789Z"},
		{"a fraction with trailing zeros", "2024-05-01T20:00:00.500-05:30"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := `{"version":1,"players":["A","B"],"played":"` + tt.played + `","rounds":[]}`
			g := mustDecode(t, in)
			if _, err := Validate(g); err != nil {
				t.Errorf("Validate: %v, want no error", err)
			}
			out := mustEncode(t, g)
			if want := `"played": "` + tt.played + `"`; !strings.Contains(out, want) {
				t.Errorf("EncodeGame = %s, want it to hold %s", out, want)
			}
			if again := mustEncode(t, mustDecode(t, out)); again != out {
				t.Errorf("second round trip = %s, want %s", again, out)
			}
			compact, err := json.Marshal(g)
			if err != nil {
				t.Fatalf("json.Marshal: %v", err)
			}
			if want := `"played":"` + tt.played + `"`; !strings.Contains(string(compact), want) {
				t.Errorf("json.Marshal = %s, want it to hold %s", compact, want)
			}
		})
	}
	t.Run("a file without played is written without it", func(t *testing.T) {
		for _, in := range []string{
			`{"version":1,"players":["A","B"],"rounds":[]}`,
			`{"version":1,"players":["A","B"],"played":null,"rounds":[]}`,
		} {
			if out := mustEncode(t, mustDecode(t, in)); strings.Contains(out, "played") {
				t.Errorf("EncodeGame(%s) = %s, want no played", in, out)
			}
		}
	})
}

// TestPlayedErrors: a played value that is not an RFC 3339 time is an
// error at the field "played", wherever the game file is decoded.
func TestPlayedErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		value       string // JSON
		wantMessage string
	}{
		{"words", `"yesterday"`, "RFC 3339"},
		{"a date without a time", `"2024-05-01"`, "RFC 3339"},
		{"a space for the T", `"2024-05-01 20:00:00Z"`, "RFC 3339"},
		{"no time zone", `"2024-05-01T20:00:00"`, "RFC 3339"},
		{"month 13", `"2024-13-01T20:00:00Z"`, "RFC 3339"},
		{"empty text", `""`, "RFC 3339"},
		{"a number", `1714593600`, "RFC 3339"},
		{"a year no game was played in", `"0001-01-01T00:00:00Z"`, "year"},
		{"a year too far ahead", `"9999-01-01T00:00:00Z"`, "year"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := `{"version":1,"players":["A","B"],"played":` + tt.value + `}`
			_, err := DecodeGame(strings.NewReader(in))
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("DecodeGame: got %v, want a *FieldError", err)
			}
			if fe.Field != "played" {
				t.Errorf("field = %q, want %q", fe.Field, "played")
			}
			if !strings.Contains(fe.Message, tt.wantMessage) {
				t.Errorf("message = %q, want it to contain %q", fe.Message, tt.wantMessage)
			}
			var g Game
			if err := json.Unmarshal([]byte(in), &g); !errors.As(err, &fe) || fe.Field != "played" {
				t.Errorf("json.Unmarshal: got %v, want a *FieldError at played", err)
			}
		})
	}
}

// TestValidatePlayed: a game built in Go, not decoded, has its played
// time checked by Validate.
func TestValidatePlayed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		played    string
		wantField string // "" for valid
	}{
		{"none", "", ""},
		{"RFC 3339", "2024-05-01T20:00:00+02:00", ""},
		{"not RFC 3339", "1 May 2024", "played"},
		{"out of range", "1800-05-01T20:00:00Z", "played"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Game{Version: 1, Players: []string{"A", "B"}, Achievements: DefaultAchievements(), Played: tt.played}
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

// TestCheckPlayedAgreesWithTime: CheckPlayed, which reads the text by
// hand, accepts only what time.Parse(time.RFC3339) reads, so a store can
// always turn an accepted played time into an instant.
func TestCheckPlayedAgreesWithTime(t *testing.T) {
	t.Parallel()
	tests := []struct {
		played string
		ok     bool
	}{
		{"2024-02-29T00:00:00Z", true},
		{"2000-02-29T23:59:59Z", true},
		{"2023-02-29T00:00:00Z", false},
		{"2100-02-29T00:00:00Z", false},
		{"2024-04-31T00:00:00Z", false},
		{"2024-05-01T24:00:00Z", false},
		{"2024-05-01T20:60:00Z", false},
		{"2024-05-01T20:00:60Z", false},
		{"2024-05-01T20:00:00+23:59", true},
		{"2024-05-01T20:00:00-00:00", true},
		{"2024-05-01T20:00:00+24:00", false},
		{"2024-05-01T20:00:00+02:60", false},
		{"2024-05-01T20:00:00+0200", false},
		{"2024-05-01T20:00:00+02", false},
		{"2024-05-01t20:00:00Z", false},
		{"2024-05-01T20:00:00z", false},
		{"2024-05-01T20:00Z", false},
		{"2024-05-01T20:00:00.Z", false},
		{"2024-05-01T20:00:00.123456789Z", true},
		{"2024-05-01T20:00:00.1234567891Z", false}, // finer than a nanosecond
		{"2024-05-01T20:00:00,5Z", false},
		{"2024-05-01T20:00:00.5", false},
		{"2024-05-01T20:00:00Z ", false},
		{" 2024-05-01T20:00:00Z", false},
		{"+024-05-01T20:00:00Z", false},
		{"2024-5-01T20:00:00Z", false},
		{"1900-01-01T00:00:00Z", true},
		{"2199-12-31T23:59:59Z", true},
		{"1899-12-31T23:59:59Z", false},
		{"2200-01-01T00:00:00Z", false},
	}
	for _, tt := range tests {
		t.Run(tt.played, func(t *testing.T) {
			err := CheckPlayed(tt.played)
			if got := err == nil; got != tt.ok {
				t.Errorf("CheckPlayed(%q) = %v, want ok %v", tt.played, err, tt.ok)
			}
			var fe *FieldError
			if err != nil && (!errors.As(err, &fe) || fe.Field != "played") {
				t.Errorf("CheckPlayed(%q) = %v, want a *FieldError at played", tt.played, err)
			}
			if _, perr := time.Parse(time.RFC3339, tt.played); err == nil && perr != nil {
				t.Errorf("CheckPlayed accepts %q, time.Parse does not: %v", tt.played, perr)
			}
		})
	}
}

// FuzzCheckPlayed: whatever CheckPlayed accepts, time.Parse reads, in the
// years allowed.
func FuzzCheckPlayed(f *testing.F) {
	for _, s := range []string{"2024-05-01T20:00:00+02:00", "2024-02-29T00:00:00.5Z", "2024-13-01T00:00:00Z", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if CheckPlayed(s) != nil {
			return
		}
		tm, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatalf("CheckPlayed accepts %q, time.Parse does not: %v", s, err)
		}
		if y, _ := strconv.Atoi(s[:4]); y != tm.Year() || y < MinPlayedYear || y > MaxPlayedYear {
			t.Fatalf("CheckPlayed accepts %q: year %d", s, tm.Year())
		}
	})
}
