package store

import (
	"errors"
	"strings"
	"testing"
)

// countingReader counts the bytes read from it, to show that a refused
// import stops reading.
type countingReader struct {
	r *strings.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestReadGameFilesCaps: an import over a cap is refused by name, and
// early: a file of many games stops at the first game past the cap, and
// a "game" of a million rounds is refused by its size, never decoded.
func TestReadGameFilesCaps(t *testing.T) {
	t.Parallel()
	good := `{"version": 1, "players": ["Ann", "Bob"]}`
	many := "[" + strings.Repeat(good+",", 9999) + good + "]"
	huge := `{"version": 1, "players": ["Ann", "Bob"], "rounds": [` + strings.Repeat(`[null,null],`, 1<<20) + `[null,null]]}`
	tests := []struct {
		name      string
		text      string
		maxGames  int
		wantGames int
		wantErr   error
		readUnder int // the most bytes it may read, 0 for any
	}{
		{"under the cap", "[" + good + "," + good + "]", 2, 2, nil, 0},
		{"no cap", many, 0, 10000, nil, 0},
		{"over the cap stops reading", many, 100, 0, ErrTooManyGames, len(many) / 10},
		{"a game of a million rounds", huge, 0, 0, ErrGameTooLarge, MaxGameFileBytes + 8192},
		{"the same inside an array", "[" + huge + "]", 10, 0, ErrGameTooLarge, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr := &countingReader{r: strings.NewReader(tt.text)}
			games, err := ReadGameFiles("f.json", cr, tt.maxGames)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err %v, want %v", err, tt.wantErr)
			}
			if len(games) != tt.wantGames {
				t.Errorf("%d games, want %d", len(games), tt.wantGames)
			}
			if tt.readUnder > 0 && cr.n > tt.readUnder {
				t.Errorf("read %d bytes of %d before refusing, want at most %d", cr.n, len(tt.text), tt.readUnder)
			}
			var ie *ImportError
			if tt.wantErr != nil && (!errors.As(err, &ie) || !strings.Contains(ie.Error(), "f.json")) {
				t.Errorf("error %v does not name the file", err)
			}
		})
	}
}

func TestParseGameFiles(t *testing.T) {
	t.Parallel()
	good := `{"version": 1, "players": ["Ann", "Bob"]}`
	cases := []struct {
		name, text string
		games      int
		index      int
		field      string
	}{
		{"one game", good, 1, 0, ""},
		{"an array", "[" + good + "," + good + "]", 2, 0, ""},
		{"a bad field in the second", "[" + good + `, {"version": 1, "players": ["Ann", "Bob"], "start_player": 5}]`, 0, 1, "start_player"},
		{"a bad card in a single file", `{"version": 1, "players": ["Ann", "Bob"], "rounds": [[{"pool": ["Z9"], "coins": 0}, null]]}`, 0, -1, "rounds[0][0].pool[0]"},
		{"an empty array", "[]", 0, -1, ""},
		{"not JSON", "[{", 0, -1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games, err := ParseGameFiles("f.json", []byte(c.text))
			if c.games > 0 {
				if err != nil || len(games) != c.games {
					t.Fatalf("got %d games, %v; want %d", len(games), err, c.games)
				}
				return
			}
			var ie *ImportError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want an *ImportError", err)
			}
			if ie.File != "f.json" || ie.Index != c.index || ie.Field != c.field {
				t.Errorf("got file %q index %d field %q, want f.json %d %q", ie.File, ie.Index, ie.Field, c.index, c.field)
			}
		})
	}
}
