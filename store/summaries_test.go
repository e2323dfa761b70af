package store

import (
	"context"
	"reflect"
	"testing"

	"ruthless/scoring"
)

func TestSummaryEncoding(t *testing.T) {
	full := scoring.GameSummary{State: scoring.Finished, Rounds: []int{1, 2, 3, 4, 5},
		Seats: []scoring.SeatSummary{
			{Name: "Zoë ", Place: 1, Won: true, NP: 31, Sources: [4]int{12, 8, 10, 1}, Strengths: []int{10, 0, 25, 4, 12},
				Patterns: [5]int{3, 1, 0, 2, 1}, Achievements: []scoring.AchievementNP{{ID: "richest", NP: 4}, {ID: "merciless", NP: 2}}},
			{Name: "<script>", Place: 2, NP: -1, Strengths: []int{0, 0, 0, 0, 0}},
		}}
	tests := []struct {
		name string
		gs   scoring.GameSummary
	}{
		{"finished, every field", full},
		{"in progress", scoring.GameSummary{State: scoring.InProgress, Seats: []scoring.SeatSummary{{Name: "Ann"}, {Name: "Bob"}}}},
		{"unscored", scoring.GameSummary{State: scoring.Unscored, Seats: []scoring.SeatSummary{{Name: "Ann"}, {Name: "Bob"}}}},
		{"no seats", scoring.GameSummary{State: scoring.InProgress, Seats: []scoring.SeatSummary{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := encodeSummary(tt.gs)
			got, err := decodeSummary(b)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if !reflect.DeepEqual(got, tt.gs) {
				t.Errorf("decode(encode(gs)) =\n%+v\nwant\n%+v", got, tt.gs)
			}
			// Every cut of the row, and a byte too many, is refused
			// rather than read as something else or a panic.
			for n := range len(b) {
				if _, err := decodeSummary(b[:n]); err == nil {
					t.Errorf("decode of the first %d of %d bytes: no error", n, len(b))
				}
			}
			if _, err := decodeSummary(append(b[:len(b):len(b)], 0)); err == nil {
				t.Error("decode with a byte too many: no error")
			}
		})
	}
	t.Run("a huge count", func(t *testing.T) {
		if _, err := decodeSummary([]byte{summaryFormat, 1, 0xff, 0xff, 0xff, 0xff, 0x0f}); err == nil {
			t.Error("no error")
		}
	})
}

// summaryIDs is what EachSummary reads: each game's id, with whether its
// summary is stored and current.
func summaryIDs(t *testing.T, s *Store) map[string][2]bool {
	t.Helper()
	out := map[string][2]bool{}
	if err := s.EachSummary(context.Background(), func(ss StoredSummary) error {
		out[ss.ID] = [2]bool{ss.Stored, ss.Current}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func staleIDs(t *testing.T, s *Store) []string {
	t.Helper()
	stale, err := s.StaleSummaries(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, v := range stale {
		ids = append(ids, v.ID)
	}
	return ids
}

// TestSummariesFollowTheGames: a summary kept for a game is current until
// the next write to the game (an entry, a rename), out of date after it;
// a game in the trash is read by no one, and a purged or trashed game's
// summary is not listed.
func TestSummariesFollowTheGames(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	a := create(t, s, setup("Ann", "Bob"))
	b := create(t, s, setup("Cat", "Dan"))
	if got, want := staleIDs(t, s), []string{a, b}; !reflect.DeepEqual(got, want) {
		t.Fatalf("stale at first = %v, want %v", got, want)
	}
	keep := func() {
		t.Helper()
		stale, err := s.StaleSummaries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var sums []Summary
		for _, v := range stale {
			sums = append(sums, Summary{GameSummary: scoring.GameSummary{ID: v.ID, Seats: []scoring.SeatSummary{{Name: "x"}}}, Updated: v.Updated})
		}
		if err := s.PutSummaries(ctx, sums); err != nil {
			t.Fatal(err)
		}
	}
	keep()
	steps := []struct {
		name      string
		change    func()
		wantStale []string
		wantRead  map[string][2]bool
	}{
		{"kept", func() {}, nil, map[string][2]bool{a: {true, true}, b: {true, true}}},
		{"an entry saved", func() { put(t, s, a, 1, 0, entry(t, 2, "H2"), 0) }, []string{a},
			map[string][2]bool{a: {true, false}, b: {true, true}}},
		{"summarised again", keep, nil, map[string][2]bool{a: {true, true}, b: {true, true}}},
		{"a player renamed", func() {
			if _, err := s.RenamePlayer(ctx, "dan", "Dave"); err != nil {
				t.Fatal(err)
			}
		}, []string{b}, map[string][2]bool{a: {true, true}, b: {true, false}}},
		{"a game deleted", func() {
			if err := s.DeleteGame(ctx, a); err != nil {
				t.Fatal(err)
			}
		}, []string{b}, map[string][2]bool{b: {true, false}}},
		{"restored", func() {
			if err := s.RestoreGame(ctx, a); err != nil {
				t.Fatal(err)
			}
		}, []string{b}, map[string][2]bool{a: {true, true}, b: {true, false}}},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			st.change()
			if got := staleIDs(t, s); !reflect.DeepEqual(got, st.wantStale) {
				t.Errorf("stale = %v, want %v", got, st.wantStale)
			}
			if got := summaryIDs(t, s); !reflect.DeepEqual(got, st.wantRead) {
				t.Errorf("read = %v, want %v", got, st.wantRead)
			}
		})
	}
}
