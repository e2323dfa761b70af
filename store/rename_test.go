package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"ruthless/scoring"
)

func namesOf(t *testing.T, s *Store) map[string][]string {
	t.Helper()
	games, err := s.Games(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, g := range games {
		out[g.ID] = g.File.Players
	}
	return out
}

func TestRenamePlayer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	ids, err := s.ImportGames(ctx, []scoring.Game{newSetup("Lucy", "Craig"), newSetup("lucy ", "Julie"), newSetup("Craig", "Julie"), newSetup("Luci", "Julie")})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, from, to string
		changed        int
		err            error
		clashGame      string
	}{
		{"a bad name", "Lucy", "  ", 0, ErrBadName, ""},
		{"too long", "Lucy", strings.Repeat("x", 41), 0, ErrBadName, ""},
		{"a control character", "Lucy", "Lu\x1bcy", 0, ErrBadName, ""},
		{"would seat Craig twice", "Lucy", "craig", 0, nil, ids[0]},
		{"a typo merged", "Luci", "Lucy", 1, nil, ""},
		{"every spelling renamed", "LUCY", "Lucy Pirate", 3, nil, ""},
		{"nobody of that name", "Nobody", "Somebody", 0, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := namesOf(t, s)
			n, err := s.RenamePlayer(ctx, c.from, c.to)
			var clash *NameClash
			switch {
			case c.err != nil:
				if !errors.Is(err, c.err) {
					t.Fatalf("got %v, want %v", err, c.err)
				}
			case c.clashGame != "":
				if !errors.As(err, &clash) || clash.GameID != c.clashGame || clash.Other != "Craig" {
					t.Fatalf("got %v, want a clash in %s with Craig", err, c.clashGame)
				}
			case err != nil:
				t.Fatal(err)
			}
			if n != c.changed {
				t.Errorf("changed: got %d, want %d", n, c.changed)
			}
			after := namesOf(t, s)
			if len(after) != len(before) {
				t.Fatalf("games: got %d, want %d", len(after), len(before))
			}
			if err != nil {
				for id, names := range before {
					if strings.Join(after[id], ",") != strings.Join(names, ",") {
						t.Errorf("a refused rename changed game %s: %v to %v", id, names, after[id])
					}
				}
			}
		})
	}
	got := namesOf(t, s)
	want := map[string]string{ids[0]: "Lucy Pirate,Craig", ids[1]: "Lucy Pirate,Julie", ids[2]: "Craig,Julie", ids[3]: "Lucy Pirate,Julie"}
	for id, w := range want {
		if g := strings.Join(got[id], ","); g != w {
			t.Errorf("game %s: got %s, want %s", id, g, w)
		}
	}
}

func TestRenameMarksGamesUpdated(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	clock := &stepClock{}
	s.now = clock.now
	ids, err := s.ImportGames(ctx, []scoring.Game{newSetup("Ann", "Bob"), newSetup("Cat", "Dan")})
	if err != nil {
		t.Fatal(err)
	}
	a0, _ := s.Game(ctx, ids[0])
	b0, _ := s.Game(ctx, ids[1])
	if _, err := s.RenamePlayer(ctx, "ann", "Anne"); err != nil {
		t.Fatal(err)
	}
	a1, _ := s.Game(ctx, ids[0])
	b1, _ := s.Game(ctx, ids[1])
	if !a1.Updated.After(a0.Updated) {
		t.Errorf("renamed game: updated %v, want after %v", a1.Updated, a0.Updated)
	}
	if !b1.Updated.Equal(b0.Updated) {
		t.Errorf("untouched game: updated %v, want %v", b1.Updated, b0.Updated)
	}
}
