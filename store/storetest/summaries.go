package storetest

import (
	"testing"

	"ruthless/scoring"
	"ruthless/store"
)

// testSummaries: the history pages' summaries are never served for a game
// as it was before its last write, nor for a game in the trash, and every
// live game is either summarised as it is or listed as stale. (A store may
// forget summaries, as the browser's does at a restart; it may never
// serve an old one.)
func testSummaries(t *testing.T, s Store, _ *Clock) {
	a := create(t, s, setup("Ann", "Bob"))
	b := create(t, s, setup("Cy", "Dee"))
	versions, err := s.GameVersions(ctx)
	if err != nil {
		t.Fatalf("GameVersions: %v", err)
	}
	var sums []store.Summary
	for _, v := range versions {
		sums = append(sums, store.Summary{GameSummary: scoring.GameSummary{ID: v.ID, Seats: []scoring.SeatSummary{{Name: "as put"}}}, Updated: v.Updated})
	}
	if err := s.PutSummaries(ctx, sums); err != nil {
		t.Fatalf("PutSummaries: %v", err)
	}
	checkSummaries(t, s, "after PutSummaries", a, b)

	save(t, s, a, 1, 0, entry(t, 1, "H2"), 0)
	if got := summarised(t, s); got[a] {
		t.Errorf("after a save, game %s's summary of before the save is still served", a)
	}
	checkSummaries(t, s, "after a save", a, b)

	if err := s.DeleteGame(ctx, b); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	if got := summarised(t, s); got[b] {
		t.Errorf("game %s in the trash still has its summary served", b)
	}
	checkSummaries(t, s, "after a delete", a)
}

// summarised is the set of games EachSummary serves.
func summarised(t *testing.T, s Store) map[string]bool {
	t.Helper()
	got := map[string]bool{}
	err := s.EachSummary(ctx, func(ss store.StoredSummary) error {
		if ss.Stored {
			got[ss.ID] = true
		}
		return nil
	})
	if err != nil {
		t.Fatalf("EachSummary: %v", err)
	}
	return got
}

// checkSummaries checks that each live game is summarised or stale, not
// both and not neither, and that nothing else is.
func checkSummaries(t *testing.T, s Store, when string, live ...string) {
	t.Helper()
	got := summarised(t, s)
	stale, err := s.StaleSummaries(ctx)
	if err != nil {
		t.Fatalf("%s: StaleSummaries: %v", when, err)
	}
	isStale := map[string]bool{}
	for _, v := range stale {
		isStale[v.ID] = true
	}
	for _, id := range live {
		if got[id] == isStale[id] {
			t.Errorf("%s: game %s summarised %v and stale %v; want exactly one", when, id, got[id], isStale[id])
		}
	}
	if n := len(got) + len(isStale); n != len(live) {
		t.Errorf("%s: %d games summarised or stale, want the %d live ones", when, n, len(live))
	}
}
