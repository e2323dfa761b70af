package store

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"ruthless/scoring"
)

// TestSameCardRace is R4.1 under a race: two phones save, at the same
// moment, entries of two players that both hold the Heart 5. Validation
// inside the write's transaction must let exactly one save win, every
// time, and refuse the other with the R4.1 error naming both players.
func TestSameCardRace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	const tries = 100
	wins := [2]int{}
	for try := range tries {
		id := create(t, s, setup("Ann", "Bob", "Cy"))
		var start, done sync.WaitGroup
		start.Add(1)
		errs := [2]error{}
		for seat := range 2 {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				_, errs[seat] = s.putEntry(ctx, id, 1, seat, scoring.Entry{Pool: cards(t, "H5", scoring.Card{Suit: scoring.Suit(seat), Rank: 1}.String())}, 0)
			}()
		}
		start.Done()
		done.Wait()
		winner := -1
		for seat, err := range errs {
			if err == nil {
				if winner >= 0 {
					t.Fatalf("try %d: both saves of H5 succeeded", try)
				}
				winner = seat
				continue
			}
			var fe *scoring.FieldError
			if !errors.As(err, &fe) || fe.Rule != "R4.1" {
				t.Fatalf("try %d: seat %d: err = %v, want an R4.1 field error", try, seat, err)
			}
			if !strings.Contains(fe.Message, "Ann") || !strings.Contains(fe.Message, "Bob") {
				t.Errorf("try %d: the R4.1 error %q does not name both players", try, fe.Message)
			}
		}
		if winner < 0 {
			t.Fatalf("try %d: neither save succeeded: %v", try, errs)
		}
		wins[winner]++
		g := load(t, s, id)
		if _, err := scoring.Validate(g.File); err != nil {
			t.Fatalf("try %d: the stored game is invalid: %v", try, err)
		}
	}
	t.Logf("%d tries: seat 0 won %d, seat 1 won %d, never both", tries, wins[0], wins[1])
}

// TestInvalidGameStillTakesRepairs: a game stored invalid (here, through
// CreateGame, which trusts its caller) refuses no save that does not add a
// problem, so the table can repair it; a valid game refuses a save that
// would break it.
func TestInvalidGameStillTakesRepairs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	g := setup("Ann", "Bob")
	g.Rounds = [][]*scoring.Entry{{entry(t, 0, "H5"), entry(t, 0, "H5")}}
	id := create(t, s, g)
	if _, err := s.putEntry(ctx, id, 1, 1, *entry(t, 0, "H6"), 1); err != nil {
		t.Fatalf("the repairing save was refused: %v", err)
	}
	if _, err := scoring.Validate(load(t, s, id).File); err != nil {
		t.Fatalf("after the repair the game is still invalid: %v", err)
	}
	if _, err := s.putEntry(ctx, id, 1, 1, *entry(t, 0, "H5"), 2); err == nil {
		t.Fatal("a save that makes a valid game invalid was accepted")
	}
}
