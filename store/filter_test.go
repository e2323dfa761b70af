package store

import (
	"context"
	"testing"

	"ruthless/scoring"
)

func TestGamesPageFiltered(t *testing.T) {
	t.Parallel()
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
