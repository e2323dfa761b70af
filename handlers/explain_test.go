package handlers

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// explainPool is cheap to solve (15 pirates, 3 wilds: no slot needed) but
// takes most of a second of one core to explain: the pool a hostile
// client sent 16 at a time.
const explainPool = "X5,K4,K6,H1,H5,H2,HQ,XP,KQ,X2,HC,A7,XC*,H4,AP,K2,K3,S3"

// TestExplanationsTakeTheSlots: with every solve slot taken, /solve's
// "why not more?" and recruit advisor are refused (503 + Retry-After)
// rather than worked out beside the slots; once a slot is free they are
// worked out once, and identical requests after that come from the cache,
// even with the slots taken again. A round's results page, refused its
// explanations, still shows the round.
func TestExplanationsTakeTheSlots(t *testing.T) {
	t.Parallel()
	var worked atomic.Int64
	st := hostStore(t)
	// A minute per run: the race detector makes this pool's explanation
	// take many seconds.
	a := newAppWith(st, quietLog(), Options{Limits: Limits{Solves: 1, Wait: 20 * time.Millisecond, Solve: time.Minute},
		OnExplain: func() { worked.Add(1) }})
	h := a.handler()
	id := createGame(t, h, `{"version": 1, "players": ["Lucy", "Craig", "Julie"], "start_player": 0,
	 "achievements": ["richest", "merciless"],
	 "rounds": [[{"pool": ["`+strings.ReplaceAll(explainPool, ",", `", "`)+`"], "coins": 1}, {"pool": ["S2"], "coins": 0}, {"pool": ["A2", "A3", "A4"], "coins": 0}]]}`)
	takeSlots := func() (release func()) {
		if err := a.solves.slots.Acquire(context.Background(), int64(a.solves.limits.Solves)); err != nil {
			t.Fatal(err)
		}
		return func() { a.solves.slots.Release(int64(a.solves.limits.Solves)) }
	}
	why := "/solve?players=4&cards=" + explainPool
	advice := why + "&tavern=A5,S6&recruited=1"
	steps := []struct {
		name       string
		path       string
		slotsTaken bool
		status     int
		worked     int64 // explanations worked out so far
	}{
		{"why, slots taken", why, true, http.StatusServiceUnavailable, 0},
		{"why, a slot free", why, false, http.StatusOK, 1},
		{"why again", why, false, http.StatusOK, 1},
		{"why again, slots taken", why, true, http.StatusOK, 1},
		// The advisor's page explains the pool too (from the cache) and
		// adds the advice.
		{"advice, slots taken", advice, true, http.StatusServiceUnavailable, 1},
		{"advice, a slot free", advice, false, http.StatusOK, 2},
		{"advice again, slots taken", advice, true, http.StatusOK, 2},
	}
	for _, s := range steps {
		release := func() {}
		if s.slotsTaken {
			release = takeSlots()
		}
		rec := get(h, s.path)
		release()
		if rec.Code != s.status {
			t.Errorf("%s: status %d, want %d; body %.300s", s.name, rec.Code, s.status, rec.Body)
		}
		if s.status == http.StatusServiceUnavailable && rec.Header().Get("Retry-After") != retryAfter {
			t.Errorf("%s: Retry-After %q, want %q", s.name, rec.Header().Get("Retry-After"), retryAfter)
		}
		if s.status == http.StatusOK && !strings.Contains(rec.Body.String(), "Putting") {
			t.Errorf("%s: no \"why not more?\" on the page", s.name)
		}
		if got := worked.Load(); got != s.worked {
			t.Errorf("%s: %d explanations worked out so far, want %d", s.name, got, s.worked)
		}
	}

	// No pool of the round is explained yet (the game has three players,
	// /solve asked for four): with the slots taken, the page shows the
	// round with a sentence in place of each explanation.
	release := takeSlots()
	rec := get(h, "/games/"+id+"/rounds/1")
	release()
	body := rec.Body.String()
	if rec.Code != http.StatusOK || !strings.Contains(body, "Not worked out just now: the server is busy") {
		t.Errorf("round results, slots taken: status %d, want 200 with a sentence for the explanations not worked out; body %.300s", rec.Code, body)
	}
	if got, want := worked.Load(), int64(2); got != want {
		t.Errorf("round results, slots taken: %d explanations worked out so far, want %d", got, want)
	}
}
