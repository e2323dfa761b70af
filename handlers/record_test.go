package handlers_test

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// withRecord is finishedFile with the whole play's record added.
func withRecord(t *testing.T) string {
	t.Helper()
	var file map[string]any
	if err := json.Unmarshal([]byte(finishedFile), &file); err != nil {
		t.Fatal(err)
	}
	file["played"] = "2024-05-01T20:00:00+02:00"
	file["duration_min"] = 47
	file["location"] = "=Kitchen"
	file["notes"] = "Bob's first game.\nRematch owed."
	return mustJSON(t, file)
}

// TestAPIGameRecord: the API takes the play's record with a game and
// gives it back; a bad value answers 400 naming its field.
func TestAPIGameRecord(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, withRecord(t))
	res := a.get(t, "/api/games/"+id)
	if res.status != http.StatusOK {
		t.Fatalf("GET: status %d", res.status)
	}
	var got struct {
		Played      string `json:"played"`
		DurationMin int    `json:"duration_min"`
		Location    string `json:"location"`
		Notes       string `json:"notes"`
	}
	if err := json.Unmarshal([]byte(res.body), &got); err != nil {
		t.Fatal(err)
	}
	if got.Played != "2024-05-01T20:00:00+02:00" || got.DurationMin != 47 || got.Location != "=Kitchen" || got.Notes != "Bob's first game.\nRematch owed." {
		t.Errorf("GET /api/games/%s record = %+v, want what was sent", id, got)
	}

	tests := []struct{ field, value string }{
		{"duration_min", `0`},
		{"duration_min", `"an hour"`},
		{"location", `"` + strings.Repeat("x", 81) + `"`},
		{"notes", `"\u0000"`},
	}
	for _, tt := range tests {
		t.Run(tt.field+"="+tt.value[:min(len(tt.value), 10)], func(t *testing.T) {
			body := `{"version":1,"players":["Ann","Bob"],"` + tt.field + `":` + tt.value + `}`
			res := a.sendJSON(t, http.MethodPost, "/api/games", body)
			var e struct{ Error, Field string }
			if err := json.Unmarshal([]byte(res.body), &e); err != nil || res.status != http.StatusBadRequest || e.Field != tt.field {
				t.Errorf("POST: status %d, body %s; want 400 at %s", res.status, res.body, tt.field)
			}
		})
	}
}

// TestExportsCarryRecord: the results CSV has the record in three columns
// after the twelve it always had (the location still guarded against
// formulas), and the BG Stats plays carry it too.
func TestExportsCarryRecord(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, withRecord(t))
	res := a.get(t, "/export/results.csv")
	rows, err := csv.NewReader(strings.NewReader(res.body)).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("CSV: %v, %d rows\n%s", err, len(rows), res.body)
	}
	wantHeader := "date,game_id,seat,name,place,np,prizes,achievements,crew,parley,coins,winner,duration_min,location,notes"
	if got := strings.Join(rows[0], ","); got != wantHeader {
		t.Errorf("header = %s, want %s", got, wantHeader)
	}
	for _, row := range rows[1:] {
		if row[1] != id || row[0] != "2024-05-01T18:00:00Z" || row[12] != "47" || row[13] != "'=Kitchen" || row[14] != "Bob's first game.\nRematch owed." {
			t.Errorf("row %q: want the game's date and record at the end", row)
		}
	}

	res = a.get(t, "/export/bgstats.json")
	var plays []struct {
		SourcePlayID string `json:"sourcePlayId"`
		PlayDate     string `json:"playDate"`
		DurationMin  int    `json:"durationMin"`
		Location     struct {
			Name, SourceLocationID string
		} `json:"location"`
		Comments string `json:"comments"`
	}
	if err := json.Unmarshal([]byte(res.body), &plays); err != nil || len(plays) != 1 {
		t.Fatalf("bgstats.json: %v, %s", err, res.body)
	}
	p := plays[0]
	if p.SourcePlayID != id || p.PlayDate != "2024-05-01 18:00:00" || p.DurationMin != 47 ||
		p.Location.Name != "=Kitchen" || p.Location.SourceLocationID != "=kitchen" || p.Comments != "Bob's first game.\nRematch owed." {
		t.Errorf("BG Stats play = %+v, want the game's record", p)
	}

	// A game without a record leaves the cells empty and the fields out.
	b := newApp(t)
	b.createGame(t, finishedFile)
	rows, _ = csv.NewReader(strings.NewReader(b.get(t, "/export/results.csv").body)).ReadAll()
	if got := rows[1][12:]; strings.Join(got, "|") != "||" {
		t.Errorf("record cells of a game without one = %q, want empty", got)
	}
	if body := b.get(t, "/export/bgstats.json").body; strings.Contains(body, "durationMin") || strings.Contains(body, "location") || strings.Contains(body, "comments") {
		t.Errorf("BG Stats play of a game without a record: %s", body)
	}
}
