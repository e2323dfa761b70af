package handlers_test

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestResultsCSVNeutralisesFormulas: a player name that a spreadsheet
// would run as a formula (=, +, -, @ first) comes out of the results CSV
// with a leading apostrophe, so it shows as the text it is; other names
// and the numbers stay as they are.
func TestResultsCSVNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	tests := []struct {
		name string // as typed at the table
		want string // its cell in the CSV
	}{
		{`=HYPERLINK("http://evil.example","x")`, `'=HYPERLINK("http://evil.example","x")`},
		{"+SUM(1,2)", "'+SUM(1,2)"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"Ann-Marie", "Ann-Marie"},
		{"Lucy", "Lucy"},
	}
	for i := 0; i < len(tests); i += 2 {
		var file map[string]any
		if err := json.Unmarshal([]byte(finishedFile), &file); err != nil {
			t.Fatal(err)
		}
		file["players"] = []string{tests[i].name, tests[i+1].name}
		a.createGame(t, mustJSON(t, file))
	}
	res := a.get(t, "/export/results.csv")
	if res.status != http.StatusOK {
		t.Fatalf("status %d, want 200", res.status)
	}
	rows, err := csv.NewReader(strings.NewReader(res.body)).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v\n%s", err, res.body)
	}
	cells := map[string]bool{}
	for _, row := range rows[1:] {
		cells[row[3]] = true
		for j, cell := range row {
			if j != 3 && strings.HasPrefix(cell, "'") {
				t.Errorf("column %s: cell %q was changed, though not a name", rows[0][j], cell)
			}
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !cells[tc.want] {
				t.Errorf("no name cell %q; CSV:\n%s", tc.want, res.body)
			}
		})
	}
}
