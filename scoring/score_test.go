package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// goldenGame scores the same with any correct solver: every pool is empty
// or a single card (strength 0), so the test pins the JSON shape today.
const goldenGame = `{
  "version": 1,
  "players": ["Lucy", "Craig", "Julie"],
  "start_player": 1,
  "achievements": ["richest", "merciless"],
  "rounds": [
    [{"pool": ["H1"], "coins": 1}, {"pool": [], "coins": 0}, {"pool": ["A1"], "coins": 2}],
    [{"pool": ["H1"], "coins": 1}, {"pool": ["S2"], "coins": 0}, null]
  ],
  "final": [
    {"pirates": ["H1"], "buried_pirates": [], "buried_powder_monkeys": 1,
     "loot_banner_kept": 5, "loot_banner_buried": 0, "coins": 3, "parley_used": false},
    {"pirates": ["SC"], "buried_pirates": ["S2"], "buried_powder_monkeys": 0,
     "loot_banner_kept": 2, "loot_banner_buried": 0, "coins": 3, "parley_used": false},
    {"pirates": ["A1", "AQ"], "buried_pirates": [], "buried_powder_monkeys": 0,
     "loot_banner_kept": 0, "loot_banner_buried": 4, "coins": 9, "parley_used": true}
  ]
}`

// TestScoreContractFields checks the field names docs/api.md promises for
// score --json, on the contract's own example game.
func TestScoreContractFields(t *testing.T) {
	t.Parallel()
	res, err := Score(mustDecode(t, contractGame))
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("json.Unmarshal: %v", err)
	}
	tests := []struct {
		name string
		obj  func() map[string]any
		keys []string
	}{
		{"top level", func() map[string]any { return doc }, []string{"rounds", "achievements", "totals", "winners"}},
		{"round", func() map[string]any { return firstOf(t, doc, "rounds") }, []string{"round", "start_player", "token", "results", "tie_breaks"}},
		{"round result", func() map[string]any { return firstOf(t, firstOf(t, doc, "rounds"), "results") },
			[]string{"player", "strength", "unused", "prize", "place", "sets"}},
		{"achievement", func() map[string]any { return firstOf(t, doc, "achievements") }, []string{"id", "counts", "np", "rule"}},
		{"total", func() map[string]any { return firstOf(t, doc, "totals") },
			[]string{"player", "prizes", "achievements", "crew", "parley", "np", "coins"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj := tt.obj()
			for _, k := range tt.keys {
				if _, ok := obj[k]; !ok {
					t.Errorf("missing %q in %v", k, obj)
				}
			}
		})
	}
}

func firstOf(t *testing.T, obj map[string]any, key string) map[string]any {
	t.Helper()
	list, ok := obj[key].([]any)
	if !ok || len(list) == 0 {
		t.Fatalf("%q = %v, want a non-empty list", key, obj[key])
	}
	first, ok := list[0].(map[string]any)
	if !ok {
		t.Fatalf("%q[0] = %v, want an object", key, list[0])
	}
	return first
}

func TestScoreWithoutFinal(t *testing.T) {
	t.Parallel()
	g := mustDecode(t, goldenGame)
	g.Final = nil
	res, err := Score(g)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	b, _ := json.Marshal(res)
	for _, key := range []string{`"achievements"`, `"totals"`, `"winners"`, `"standings"`, `"warnings"`} {
		if bytes.Contains(b, []byte(key)) {
			t.Errorf("R3.3 no final: JSON has %s: %s", key, b)
		}
	}
	if len(res.Rounds) != 1 || res.Rounds[0].Round != 1 {
		t.Errorf("rounds = %+v, want only round 1 (round 2 incomplete)", res.Rounds)
	}
}

func TestScoreInvalid(t *testing.T) {
	t.Parallel()
	g := mustDecode(t, goldenGame)
	g.Rounds[0][1].Pool = parseLine(t, "A1")
	_, err := Score(g)
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "rounds[0][2].pool[0]" || fe.Rule != "R4.1" {
		t.Errorf("Score: got %v, want the R4.1 FieldError at rounds[0][2].pool[0]", err)
	}
}

func TestScoreWarnings(t *testing.T) {
	t.Parallel()
	g := mustDecode(t, goldenGame)
	g.Final = nil
	g.Rounds[0][1].Pool = parseLine(t, "S3 S4 S5 S6")
	res, err := Score(g)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Rule != "R4.3" || res.Warnings[0].Player != 1 || res.Warnings[0].Round != 1 {
		t.Errorf("warnings = %+v, want one R4.3 warning for seat 1 in round 1", res.Warnings)
	}
}

// endToEnd is a 3-player game whose best parties are obvious: H1 H2 H3 and
// K1 K2 K3 are straight flushes (12), S6 A6 a pair (4), S6 A6 X6 three of a
// kind (10), one card nothing. It needs the real solver.
const endToEnd = `{
  "version": 1, "players": ["Lucy", "Craig", "Julie"], "start_player": 0,
  "achievements": ["richest", "merciless"],
  "rounds": [
    [{"pool": ["H1","H2","H3"], "coins": 0}, {"pool": ["S6","A6"], "coins": 0}, {"pool": ["K5"], "coins": 0}],
    [{"pool": ["H1","H2","H3"], "coins": 0}, {"pool": ["S6","A6"], "coins": 0}, {"pool": ["K5"], "coins": 0}],
    [{"pool": ["H1","H2","H3"], "coins": 0}, {"pool": ["S6","A6","X6"], "coins": 0}, {"pool": ["K5"], "coins": 0}],
    [{"pool": ["H1","H2","H3"], "coins": 2}, {"pool": ["S6","A6","X6"], "coins": 0}, {"pool": ["K1","K2","K3"], "coins": 5}],
    [{"pool": ["H1","H2","H3"], "coins": 4}, {"pool": ["S6"], "coins": 0}, {"pool": ["K1","K2","K3"], "coins": 4}]
  ],
  "final": [
    {"pirates": ["H1","H2"], "buried_pirates": ["H3"], "loot_banner_kept": 5, "coins": 4, "parley_used": false},
    {"pirates": ["S6","A6","X6"], "buried_powder_monkeys": 2, "loot_banner_kept": 3, "coins": 0, "parley_used": false},
    {"pirates": ["K1","K2","K3"], "buried_pirates": ["K5"], "buried_powder_monkeys": 1, "loot_banner_kept": 3, "coins": 4, "parley_used": false}
  ]
}`

func TestScoreEndToEnd(t *testing.T) {
	t.Parallel()
	res, err := Score(mustDecode(t, endToEnd))
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	type row struct {
		strengths, places, prizes []int
		start                     int
		ties                      []TieBreak
	}
	want := []row{
		{[]int{12, 4, 0}, []int{1, 2, 0}, []int{1, 1, 0}, 0, []TieBreak{}},
		{[]int{12, 4, 0}, []int{1, 2, 0}, []int{1, 1, 0}, 1, []TieBreak{}},
		{[]int{12, 10, 0}, []int{1, 2, 0}, []int{6, 3, 0}, 2, []TieBreak{}},
		{[]int{12, 10, 12}, []int{2, 3, 1}, []int{3, 2, 6}, 0, []TieBreak{{Players: []int{2, 0}, DecidedBy: ByCoins, Rule: "R2.5"}}},
		{[]int{12, 0, 12}, []int{2, 0, 1}, []int{3, 0, 6}, 1, []TieBreak{{Players: []int{2, 0}, DecidedBy: BySeat, Rule: "R2.5"}}},
	}
	if len(res.Rounds) != len(want) {
		t.Fatalf("rounds = %d, want %d", len(res.Rounds), len(want))
	}
	for i, w := range want {
		t.Run("R2.5 round "+strconv.Itoa(i+1), func(t *testing.T) {
			r := res.Rounds[i]
			strengths := make([]int, len(r.Results))
			for p, pr := range r.Results {
				strengths[p] = pr.Strength
			}
			if !slices.Equal(strengths, w.strengths) {
				t.Errorf("strengths = %v, want %v", strengths, w.strengths)
			}
			if got := placesOf(r.Results); !slices.Equal(got, w.places) {
				t.Errorf("places = %v, want %v", got, w.places)
			}
			if got := prizesOf(r.Results); !slices.Equal(got, w.prizes) {
				t.Errorf("prizes = %v, want %v", got, w.prizes)
			}
			if r.StartPlayer != w.start {
				t.Errorf("start player = %d, want %d", r.StartPlayer, w.start)
			}
			if !reflect.DeepEqual(r.TieBreaks, w.ties) {
				t.Errorf("tie-breaks = %+v, want %+v", r.TieBreaks, w.ties)
			}
		})
	}
	t.Run("R1.2 the straight flush is one set of 12", func(t *testing.T) {
		sets := res.Rounds[0].Results[0].Sets
		if len(sets) != 1 || sets[0].Kind != StraightFlush || sets[0].Strength != 12 || len(sets[0].Cards) != 3 {
			t.Errorf("sets = %+v, want one straight flush of 3 cards, 12", sets)
		}
	})
	t.Run("R3.4 totals", func(t *testing.T) {
		wantTotals := []Total{
			// Lucy: 1+1+6+3+3 prizes, Richest 4, Merciless none (1 < 2), Parley 1.
			{Player: 0, Prizes: 14, Achievements: 4, Crew: 0, Parley: 1, NP: 19, Coins: 4},
			// Craig: 1+1+3+2, Richest second 2, Merciless tied first 4.
			{Player: 1, Prizes: 7, Achievements: 6, Crew: 0, Parley: 1, NP: 14, Coins: 0},
			// Julie: 6+6, Richest second 2, Merciless tied first 4.
			{Player: 2, Prizes: 12, Achievements: 6, Crew: 0, Parley: 1, NP: 19, Coins: 4},
		}
		if !reflect.DeepEqual(res.Totals, wantTotals) {
			t.Errorf("totals =\n%+v, want\n%+v", res.Totals, wantTotals)
		}
	})
	t.Run("R3.5 Julie wins on achievement NP", func(t *testing.T) {
		if !slices.Equal(res.Winners, []int{2}) {
			t.Errorf("winners = %v, want [2]", res.Winners)
		}
		want := []TieBreak{{Players: []int{2, 0}, DecidedBy: ByAchievements, Rule: "R3.5"}}
		if !reflect.DeepEqual(res.WinnerTieBreaks, want) {
			t.Errorf("winner tie-breaks = %+v, want %+v", res.WinnerTieBreaks, want)
		}
	})
}

// TestPurity keeps the package pure (docs/design.md): standard library only, and
// nothing that reaches the file system, network, clock or randomness.
func TestPurity(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	forbidden := []string{"os", "net", "time", "math/rand", "math/rand/v2", "crypto/rand", "syscall", "unsafe", "log", "log/slog"}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(path, "/")
			if strings.Contains(first, ".") || first == "ruthless" {
				t.Errorf("%s imports %q: scoring uses the standard library only", name, path)
			}
			if slices.Contains(forbidden, path) || strings.HasPrefix(path, "net/") || strings.HasPrefix(path, "os/") {
				t.Errorf("%s imports %q: scoring does no I/O and reads no clock or randomness", name, path)
			}
		}
	}
}
