package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"ruthless/scoring"
)

// newSetup is a game with these players and nothing entered yet.
func newSetup(players ...string) scoring.Game {
	return scoring.Game{Version: 1, Players: players, Achievements: scoring.DefaultAchievements(), Rounds: [][]*scoring.Entry{}}
}

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

func TestParseGameFiles(t *testing.T) {
	good := `{"version": 1, "players": ["Ann", "Bob"]}`
	cases := []struct {
		name, text string
		games      int
		index      int
		field      string
	}{
		{"one game", good, 1, 0, ""},
		{"an array", "[" + good + "," + good + "]", 2, 0, ""},
		{"a bad field in the second", "[" + good + `, {"version": 1, "players": ["Ann", "Bob"], "start_player": 5}]`, 0, 1, "start_player"},
		{"a bad card in a single file", `{"version": 1, "players": ["Ann", "Bob"], "rounds": [[{"pool": ["Z9"], "coins": 0}, null]]}`, 0, -1, "rounds[0][0].pool[0]"},
		{"an empty array", "[]", 0, -1, ""},
		{"not JSON", "[{", 0, -1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games, err := ParseGameFiles("f.json", []byte(c.text))
			if c.games > 0 {
				if err != nil || len(games) != c.games {
					t.Fatalf("got %d games, %v; want %d", len(games), err, c.games)
				}
				return
			}
			var ie *ImportError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want an *ImportError", err)
			}
			if ie.File != "f.json" || ie.Index != c.index || ie.Field != c.field {
				t.Errorf("got file %q index %d field %q, want f.json %d %q", ie.File, ie.Index, ie.Field, c.index, c.field)
			}
		})
	}
}

func TestImportGamesAllOrNothing(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	tooLong := newSetup("Ann", "Bob")
	for range 7 {
		tooLong.Rounds = append(tooLong.Rounds, []*scoring.Entry{nil, nil})
	}
	_, err := s.ImportGames(ctx, []scoring.Game{newSetup("Ann", "Bob"), tooLong})
	if !errors.Is(err, ErrBadRound) || !strings.Contains(err.Error(), "game 1") {
		t.Fatalf("got %v, want ErrBadRound naming game 1", err)
	}
	if games, _ := s.Games(ctx); len(games) != 0 {
		t.Errorf("got %d games after a failed import, want 0", len(games))
	}
}

func TestGamesPageFiltered(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	clock := &stepClock{}
	s.now = clock.now
	var files []scoring.Game
	for i := range 25 {
		g := newSetup("Ann", "Bob")
		if i%2 == 0 {
			g = newSetup("Cat", "ann")
		}
		files = append(files, g)
	}
	if _, err := s.ImportGames(ctx, files); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		f    GameFilter
		want int
	}{
		{"everything", GameFilter{}, 25},
		{"a player in any case", GameFilter{Player: " ANN "}, 25},
		{"another player", GameFilter{Player: "cat"}, 13},
		{"a piece of a name", GameFilter{Search: "o"}, 12},
		{"finished", GameFilter{State: "finished"}, 0},
		{"in progress", GameFilter{State: "in_progress", Player: "bob"}, 12},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seen := map[string]bool{}
			var cur Cursor
			for pages := 0; ; pages++ {
				games, next, err := s.GamesPageFiltered(ctx, c.f, cur, 10)
				if err != nil {
					t.Fatal(err)
				}
				for _, g := range games {
					if seen[g.ID] {
						t.Fatalf("game %s on two pages", g.ID)
					}
					seen[g.ID] = true
				}
				if next.IsZero() || pages > 10 {
					break
				}
				cur = next
			}
			if len(seen) != c.want {
				t.Errorf("got %d games, want %d", len(seen), c.want)
			}
		})
	}
}
