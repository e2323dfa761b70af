package storetest

import (
	"errors"
	"reflect"
	"sort"
	"testing"

	"ruthless/scoring"
	"ruthless/store"
)

// testRename: a player renamed in every game, all or none (R4.5: two
// seats of one game never share a name).
func testRename(t *testing.T, s Store, _ *Clock) {
	a := create(t, s, setup("Ann", "Bob"))
	b := create(t, s, setup("ann ", "Cy"))
	c := create(t, s, setup("Anna", "Bob"))
	before := load(t, s, a)
	tests := []struct {
		name      string
		from, to  string
		want      error
		wantClash bool
	}{
		{"clash (R4.5)", "Bob", "Anna", nil, true},
		{"bad name (R4.5)", "Ann", "   ", store.ErrBadName, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := s.RenamePlayer(ctx, tc.from, tc.to)
			var clash *store.NameClash
			if tc.wantClash && (!errors.As(err, &clash) || clash.GameID != c || clash.Other != "Anna") {
				t.Errorf("RenamePlayer = %d, %v; want a clash in game %s with Anna", n, err, c)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("RenamePlayer = %d, %v; want %v", n, err, tc.want)
			}
			if g := load(t, s, a); !reflect.DeepEqual(g.File.Players, []string{"Ann", "Bob"}) {
				t.Errorf("a refused rename changed %v", g.File.Players)
			}
		})
	}
	n, err := s.RenamePlayer(ctx, "ANN", " Annie ")
	if err != nil || n != 2 {
		t.Fatalf("RenamePlayer = %d, %v; want 2 games", n, err)
	}
	for _, want := range []struct {
		id      string
		players []string
	}{{a, []string{"Annie", "Bob"}}, {b, []string{"Annie", "Cy"}}, {c, []string{"Anna", "Bob"}}} {
		if g := load(t, s, want.id); !reflect.DeepEqual(g.File.Players, want.players) {
			t.Errorf("game %s players = %v, want %v", want.id, g.File.Players, want.players)
		}
	}
	if g := load(t, s, a); !g.Updated.After(before.Updated) {
		t.Errorf("a renamed game's updated did not move")
	}
	if n, err := s.RenamePlayer(ctx, "Annie", "Annie"); err != nil || n != 0 {
		t.Errorf("rename onto the same name = %d, %v; want 0", n, err)
	}
}

// testPages: the history pages through every live game, most recently
// updated first, each game once, with a cursor that says where the next
// page starts.
func testPages(t *testing.T, s Store, _ *Clock) {
	var ids []string
	for i := 0; i < 7; i++ {
		ids = append(ids, create(t, s, setup("Ann", "Bob")))
	}
	// A write moves a game to the front.
	save(t, s, ids[2], 1, 0, entry(t, 0), 0)
	want := []string{ids[2], ids[6], ids[5], ids[4], ids[3], ids[1], ids[0]}
	tests := []struct {
		name  string
		limit int
		pages int
	}{
		{"one page", 10, 1},
		{"pages of 3", 3, 3},
		{"pages of 1", 1, 7},
		{"limit 0 is 1", 0, 7},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			var cursor store.Cursor
			pages := 0
			for {
				games, next, err := s.GamesPageFiltered(ctx, store.GameFilter{}, cursor, tc.limit)
				if err != nil {
					t.Fatalf("GamesPageFiltered: %v", err)
				}
				pages++
				for _, g := range games {
					got = append(got, g.ID)
				}
				if next.IsZero() || pages > 10 {
					break
				}
				if last := games[len(games)-1]; next.ID != last.ID || !next.Updated.Equal(last.Updated) {
					t.Errorf("next = %v, want the page's last game", next)
				}
				parsed, err := store.ParseCursor(next.String())
				if err != nil || parsed != next {
					t.Errorf("cursor %q reads back as %v, %v", next.String(), parsed, err)
				}
				cursor = parsed
			}
			if !reflect.DeepEqual(got, want) || pages != tc.pages {
				t.Errorf("%d pages: %v, want %d pages: %v", pages, got, tc.pages, want)
			}
		})
	}
}

// testFilters: by player (trimmed, any case), by a piece of a name, by
// state; the filters together select the games each selects.
func testFilters(t *testing.T, s Store, _ *Clock) {
	done := finished(t, "2026-03-01T20:00:00Z", "Ann", "Bob")
	imported, err := s.Import(ctx, []scoring.Game{done})
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	ids := map[string]string{
		"ann-bob-done": imported[0].ID,
		"ann-cy":       create(t, s, setup("ann", "Cy")),
		"di-ed":        create(t, s, setup("Di", "Edmund")),
		"annabel-di":   create(t, s, setup("Annabel", "Di")),
		// Names fold in every alphabet, in SQL as in Go (scoring.NameKey).
		"elka-sofia": create(t, s, setup("Ёлка", "Σοφία")),
	}
	tests := []struct {
		name   string
		filter store.GameFilter
		want   []string
	}{
		{"all", store.GameFilter{}, []string{"ann-bob-done", "ann-cy", "di-ed", "annabel-di", "elka-sofia"}},
		{"player any case", store.GameFilter{Player: " ANN "}, []string{"ann-bob-done", "ann-cy"}},
		{"search", store.GameFilter{Search: "mun"}, []string{"di-ed"}},
		{"search any case", store.GameFilter{Search: "ANN"}, []string{"ann-bob-done", "ann-cy", "annabel-di"}},
		{"finished", store.GameFilter{State: "finished"}, []string{"ann-bob-done"}},
		{"in progress", store.GameFilter{State: "in_progress"}, []string{"ann-cy", "di-ed", "annabel-di", "elka-sofia"}},
		{"player any case, Cyrillic", store.GameFilter{Player: "ёлка"}, []string{"elka-sofia"}},
		{"player any case, Greek", store.GameFilter{Player: "ΣΟΦΊΑ"}, []string{"elka-sofia"}},
		{"search any case, Cyrillic", store.GameFilter{Search: "ЁЛ"}, []string{"elka-sofia"}},
		{"player and state", store.GameFilter{Player: "di", State: "in_progress"}, []string{"di-ed", "annabel-di"}},
		{"nobody", store.GameFilter{Player: "Zed"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			games, next, err := s.GamesPageFiltered(ctx, tc.filter, store.Cursor{}, store.MaxPage)
			if err != nil || !next.IsZero() {
				t.Fatalf("GamesPageFiltered: next %v, %v", next, err)
			}
			var got, want []string
			for _, g := range games {
				got = append(got, g.ID)
				if m := tc.filter.Match(g); !m {
					t.Errorf("Match(%s) = false for a game the store selected", g.ID)
				}
				// The SQL's "finished" is scoring.Game.Over on the same game.
				if over := g.File.Over(); (tc.filter.State == "finished" && !over) || (tc.filter.State == "in_progress" && over) {
					t.Errorf("%s: game %s selected, but Over() = %v", tc.filter.State, g.ID, over)
				}
			}
			for _, name := range tc.want {
				want = append(want, ids[name])
			}
			sort.Strings(got)
			sort.Strings(want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("games = %v, want %v", got, want)
			}
		})
	}
}

// testHistoryReads: the reads a cache of the whole history makes see the
// live games only.
func testHistoryReads(t *testing.T, s Store, _ *Clock) {
	a := create(t, s, setup("Ann", "Bob"))
	b := create(t, s, setup("Cy", "Di"))
	c := create(t, s, setup("Ed", "Flo"))
	if err := s.DeleteGame(ctx, b); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	save(t, s, a, 1, 0, entry(t, 0), 0)
	versions, err := s.GameVersions(ctx)
	if err != nil {
		t.Fatalf("GameVersions: %v", err)
	}
	got := map[string]bool{}
	for _, v := range versions {
		got[v.ID] = true
		if g := load(t, s, v.ID); !g.Updated.Equal(v.Updated) {
			t.Errorf("version of %s = %v, want its updated time %v", v.ID, v.Updated, g.Updated)
		}
	}
	if !reflect.DeepEqual(got, map[string]bool{a: true, c: true}) {
		t.Errorf("GameVersions = %v, want %s and %s", versions, a, c)
	}
	byID, err := s.GamesByID(ctx, []string{c, b, "nosuchgame", a})
	if err != nil || len(byID) != 2 {
		t.Errorf("GamesByID = %d games, %v; want 2", len(byID), err)
	}
	var each []string
	err = s.EachGame(ctx, func(g store.StoredGame) error {
		each = append(each, g.ID)
		return nil
	})
	// a was created first but dated by its first entry, after c.
	if err != nil || !reflect.DeepEqual(each, []string{c, a}) {
		t.Errorf("EachGame = %v, %v; want %v, oldest first", each, err, []string{c, a})
	}
	stop := errors.New("stop")
	if err := s.EachGame(ctx, func(store.StoredGame) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("EachGame's stop: %v, want fn's error", err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping: %v", err)
	}
}

// testRecentNames: the names of the latest games, newest first, each
// once, at most the limit.
func testRecentNames(t *testing.T, s Store, _ *Clock) {
	create(t, s, setup("Old", "Ann"))
	create(t, s, setup("Bob", "Ann"))
	create(t, s, setup("Cy", "Di"))
	tests := []struct {
		limit int
		want  []string
	}{
		{1, []string{"Cy"}},
		{3, []string{"Cy", "Di", "Bob"}},
		{10, []string{"Cy", "Di", "Bob", "Ann", "Old"}},
	}
	for _, tc := range tests {
		got, err := s.RecentPlayerNames(ctx, tc.limit)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("RecentPlayerNames(%d) = %v, %v; want %v", tc.limit, got, err, tc.want)
		}
	}
}
