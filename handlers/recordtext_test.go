package handlers_test

import (
	"context"
	"database/sql"
	"encoding/csv"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// TestRecordTextRefusals: a game's location and notes refuse text
// direction controls (U+202E turns every later character around) and
// line separators, as names do (R4.5), with a 400 naming the field;
// nothing is stored.
func TestRecordTextRefusals(t *testing.T) {
	t.Parallel()
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

// TestOldRecordTextNeutralised: a game stored before location and notes
// refused direction controls and line separators (issue 33, item 9) may
// hold them. After the upgrade it still scores (R4.5's checks run on
// every score): its scoreboard, share image, results CSV rows and BG
// Stats play are there, with the text neutral, not the game dropped.
// Found by `scripts/attack.sh bidi` on old data.
func TestOldRecordTextNeutralised(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, location, notes string
		wantLocation          string
	}{
		{"U+202E in location", "Harbour \u202egnp.exe", "", "Harbour gnp.exe"},
		{"U+2028 in location", "Harbour\u2028Inn", "", "Harbour Inn"},
		{"U+202E in notes", "Inn", "won \u202eby 3", "Inn"},
		{"U+2029 in notes", "Inn", "one\u2029two", "Inn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "old.db")
			st, err := store.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			g, err := scoring.DecodeGame(strings.NewReader(finishedFile))
			if err != nil {
				t.Fatal(err)
			}
			id, err := st.CreateGame(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			st.Close()
			// As an older server stored it, past today's checks.
			db, err := sql.Open("sqlite3", path+"?_busy_timeout=5000")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(`UPDATE games SET location = ?, notes = ? WHERE id = ?`, tt.location, tt.notes, id); err != nil {
				t.Fatal(err)
			}
			db.Close()

			st, err = store.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			a := &app{h: handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{}), store: st}

			if r := a.get(t, "/games/"+id+"/card.png"); r.status != http.StatusOK {
				t.Errorf("share image: status %d, want 200", r.status)
			}
			if r := a.get(t, "/games/"+id); strings.Contains(r.body, "cannot hold") {
				t.Errorf("the scoreboard refuses its own stored game: %s", r.body[strings.Index(r.body, "cannot hold"):][:80])
			}
			csvBody := a.get(t, "/export/results.csv").body
			rows, err := csv.NewReader(strings.NewReader(csvBody)).ReadAll()
			if err != nil {
				t.Fatalf("the CSV does not parse: %v", err)
			}
			if len(rows) != 3 || rows[1][1] != id || rows[1][13] != tt.wantLocation {
				t.Errorf("results.csv: want the game's two rows, location %q; got\n%s", tt.wantLocation, csvBody)
			}
			bg := a.get(t, "/export/bgstats.json").body
			if !strings.Contains(bg, `"name":"`+tt.wantLocation+`"`) && !strings.Contains(bg, `"name": "`+tt.wantLocation+`"`) {
				t.Errorf("bgstats.json: want the play at %q; got %s", tt.wantLocation, bg)
			}
			for _, body := range []string{csvBody, bg} {
				for _, r := range body {
					if unicode.In(r, unicode.Bidi_Control, unicode.Zl, unicode.Zp) {
						t.Errorf("an export holds U+%04X", r)
					}
				}
			}
		})
	}
}

// TestRecordFormTextRefusals: the About form refuses a direction control
// or a line separator in location and notes as the name fields do (R4.5,
// issue 33 item 9): 422 with a message next to the field and everything
// typed kept, the stored record untouched. Before, the form dropped them
// without a word and saved (303).
func TestRecordFormTextRefusals(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, withRecord(t))
	path := "/games/" + id + "/about"
	tests := []struct {
		name, location, notes, field, want string
	}{
		{"location with U+202E", "pub\u202egnikooc", "kept notes", "location", "direction control"},
		{"location with U+2028", "Back\u2028room", "kept notes", "location", "separator"},
		{"notes with U+202E", "Kitchen", "won\u202e by 3", "notes", "direction control"},
		{"notes with U+2029", "Kitchen", "one\u2029two", "notes", "separator"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := url.Values{"played": {"2024-05-03T21:30"}, "tz": {"0"}, "duration_min": {"50"},
				"location": {tt.location}, "notes": {tt.notes}}
			res := a.postForm(t, path, form)
			if res.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", res.status)
			}
			msg, ok := testid(res.body, "field-error-"+tt.field)
			if !ok || !strings.Contains(msg, tt.want) {
				t.Errorf("message next to %s: %q (found %t), want one saying %q", tt.field, msg, ok, tt.want)
			}
			for _, typed := range []string{tt.location, tt.notes, `value="50"`, `value="2024-05-03T21:30"`} {
				if !strings.Contains(res.body, typed) {
					t.Errorf("the form lost %q", typed)
				}
			}
			g, err := a.store.Game(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if g.File.Location != "=Kitchen" || g.Record.DurationMin != 47 {
				t.Errorf("stored %q, %d min; want the record as it was", g.File.Location, g.Record.DurationMin)
			}
		})
	}
}
