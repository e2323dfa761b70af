package store

import (
	"context"
	"reflect"
	"testing"

	"ruthless/scoring"
)

func TestSummaryEncoding(t *testing.T) {
	t.Parallel()
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
			got, err := decodeSummary(b, nil)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if !reflect.DeepEqual(got, tt.gs) {
				t.Errorf("decode(encode(gs)) =\n%+v\nwant\n%+v", got, tt.gs)
			}
			// Every cut of the row, and a byte too many, is refused
			// rather than read as something else or a panic.
			for n := range len(b) {
				if _, err := decodeSummary(b[:n], map[string]string{}); err == nil {
					t.Errorf("decode of the first %d of %d bytes: no error", n, len(b))
				}
			}
			if _, err := decodeSummary(append(b[:len(b):len(b)], 0), nil); err == nil {
				t.Error("decode with a byte too many: no error")
			}
		})
	}
	t.Run("a huge count", func(t *testing.T) {
		if _, err := decodeSummary([]byte{summaryFormat, 1, 0xff, 0xff, 0xff, 0xff, 0x0f}, nil); err == nil {
			t.Error("no error")
		}
	})
}

// summaryIDs is what EachSummary reads: the games with a summary, in
// order.
func summaryIDs(t *testing.T, s *Store) []string {
	t.Helper()
	var out []string
	if err := s.EachSummary(context.Background(), func(ss StoredSummary) error {
		if !ss.Stored {
			t.Errorf("game %s: summary not readable", ss.ID)
		}
		out = append(out, ss.ID)
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

// TestSummariesFollowTheGames: a summary kept for a game stays until the
// next write to the game (an entry, a rename, a delete, a restore), which
// removes it in its own transaction; a summary worked out from a game
// that has been written since is not kept; a purged game's goes with it.
func TestSummariesFollowTheGames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	a := create(t, s, setup("Ann", "Bob"))
	b := create(t, s, setup("Cat", "Dan"))
	if got, want := staleIDs(t, s), []string{a, b}; !reflect.DeepEqual(got, want) {
		t.Fatalf("stale at first = %v, want %v", got, want)
	}
	var old []GameVersion // the versions before the last step
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
	versions := func() []GameVersion {
		v, err := s.GameVersions(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	steps := []struct {
		name      string
		change    func()
		wantStale []string
		wantRead  []string
	}{
		{"kept", keep, nil, []string{a, b}},
		{"an entry saved", func() { old = versions(); put(t, s, a, 1, 0, entry(t, 2, "H2"), 0) }, []string{a}, []string{b}},
		{"a summary of the game before the entry", func() {
			var sums []Summary
			for _, v := range old {
				sums = append(sums, Summary{GameSummary: scoring.GameSummary{ID: v.ID}, Updated: v.Updated})
			}
			if err := s.PutSummaries(ctx, sums); err != nil {
				t.Fatal(err)
			}
		}, []string{a}, []string{b}},
		// The first entry dates the game (its played time), so a now
		// comes after b.
		{"summarised again", keep, nil, []string{b, a}},
		{"a player renamed", func() {
			if _, err := s.RenamePlayer(ctx, "dan", "Dave"); err != nil {
				t.Fatal(err)
			}
		}, []string{b}, []string{a}},
		{"a game deleted", func() {
			keep()
			if err := s.DeleteGame(ctx, a); err != nil {
				t.Fatal(err)
			}
		}, nil, []string{b}},
		{"restored", func() {
			if err := s.RestoreGame(ctx, a); err != nil {
				t.Fatal(err)
			}
		}, []string{a}, []string{b}},
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
