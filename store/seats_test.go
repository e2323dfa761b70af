package store

import (
	"context"
	"errors"
	"slices"
	"testing"

	"ruthless/scoring"
)

// TestSeatHolders: a phone takes seats (several), another takes one over,
// phones let seats go, and a bad seat or game is refused.
func TestSeatHolders(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t)
	ctx := context.Background()
	id, err := s.CreateGame(ctx, scoring.Game{Version: 1, Players: []string{"Ann", "Ben", "Cal"}})
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		do   func() error
		want map[string][]int // phone → seats held, in the order taken
	}{
		{"take", func() error { return s.TakeSeat(ctx, id, 1, "p1") }, map[string][]int{"p1": {1}}},
		{"hold several", func() error { return s.TakeSeat(ctx, id, 2, "p1") }, map[string][]int{"p1": {1, 2}}},
		{"take again: nothing moves", func() error { return s.TakeSeat(ctx, id, 1, "p1") }, map[string][]int{"p1": {1, 2}}},
		{"take over", func() error { return s.TakeSeat(ctx, id, 2, "p2") }, map[string][]int{"p1": {1}, "p2": {2}}},
		{"release one", func() error { return s.ReleaseSeats(ctx, id, "p1", 1) }, map[string][]int{"p2": {2}}},
		{"release another phone's seat: nothing", func() error { return s.ReleaseSeats(ctx, id, "p1", 2) }, map[string][]int{"p2": {2}}},
		{"release all", func() error { return s.ReleaseSeats(ctx, id, "p2") }, map[string][]int{}},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if err := st.do(); err != nil {
				t.Fatal(err)
			}
			g, err := s.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			for _, phone := range []string{"p1", "p2"} {
				if got := g.Held(phone); !slices.Equal(got, st.want[phone]) {
					t.Errorf("%s holds %v, want %v", phone, got, st.want[phone])
				}
			}
			if err := s.SeenAt(ctx, id, "p1"); err != nil {
				t.Errorf("SeenAt: %v", err)
			}
		})
	}
	for _, bad := range []struct {
		name string
		id   string
		seat int
		want error
	}{
		{"seat past the table", id, 3, ErrBadPlayer},
		{"negative seat", id, -1, ErrBadPlayer},
		{"no such game", "nope", 0, ErrNotFound},
	} {
		if err := s.TakeSeat(ctx, bad.id, bad.seat, "p1"); !errors.Is(err, bad.want) {
			t.Errorf("%s: %v, want %v", bad.name, err, bad.want)
		}
	}
}

// TestShareTokens: a share link is made once, stopped, and made anew; a
// stopped or unknown token opens nothing.
func TestShareTokens(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t)
	ctx := context.Background()
	id, err := s.CreateGame(ctx, scoring.Game{Version: 1, Players: []string{"Ann", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	if tok, err := s.LiveShare(ctx, id); err != nil || tok != "" {
		t.Fatalf("a new game's share link: %q, %v; want none", tok, err)
	}
	// The game as loaded carries its working link (Game.Share): what the
	// game's version tells apart, so open pages notice it change.
	loaded := func(when, want string) {
		t.Helper()
		if g, err := s.Game(ctx, id); err != nil || g.Share != want {
			t.Errorf("%s: Game().Share %q, %v; want %q", when, g.Share, err, want)
		}
	}
	loaded("never shared", "")
	tok, err := s.ShareToken(ctx, id)
	if err != nil || len(tok) != 32 {
		t.Fatalf("ShareToken: %q, %v; want 32 characters", tok, err)
	}
	if again, _ := s.ShareToken(ctx, id); again != tok {
		t.Errorf("ShareToken again: %q, want the same %q", again, tok)
	}
	loaded("shared", tok)
	if g, err := s.GameByShareToken(ctx, tok); err != nil || g.ID != id {
		t.Errorf("GameByShareToken: %v, %v; want game %s", g.ID, err, id)
	}
	if err := s.RevokeShare(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GameByShareToken(ctx, tok); !errors.Is(err, ErrNotFound) {
		t.Errorf("a stopped token: %v, want ErrNotFound", err)
	}
	loaded("stopped", "")
	if again, err := s.ShareToken(ctx, id); err != nil || again != "" {
		t.Errorf("ShareToken after stopping: %q, %v; want none (not made silently)", again, err)
	}
	fresh, err := s.NewShareToken(ctx, id)
	if err != nil || fresh == tok || len(fresh) != 32 {
		t.Fatalf("NewShareToken: %q, %v; want a new token", fresh, err)
	}
	if live, _ := s.LiveShare(ctx, id); live != fresh {
		t.Errorf("LiveShare %q, want %q", live, fresh)
	}
	loaded("shared anew", fresh)
	if err := s.DeleteGame(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GameByShareToken(ctx, fresh); !errors.Is(err, ErrNotFound) {
		t.Errorf("the token of a game in the trash: %v, want ErrNotFound", err)
	}
	if _, err := s.ShareToken(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("ShareToken of no game: %v, want ErrNotFound", err)
	}
}
