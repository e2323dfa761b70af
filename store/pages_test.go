package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"ruthless/scoring"
)

// TestGamesPage walks the list of games a page at a time and checks that
// the pages together are Games, in its order, each game loaded whole.
func TestGamesPage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	var clock stepClock
	s.now = clock.now
	for i := range 45 {
		g := setup("Lucy", "Craig", "Julie")
		if i%3 == 0 {
			g.Rounds = [][]*scoring.Entry{{entry(t, i%10, "H2", "H3"), nil, entry(t, 1, "S1")}}
		}
		create(t, s, g)
	}
	// Five games updated at one moment: the id orders them.
	same := clockStart.Add(time.Hour)
	s.now = func() time.Time { return same }
	for range 5 {
		create(t, s, setup("Ann", "Bob"))
	}
	all, err := s.Games(ctx)
	if err != nil {
		t.Fatalf("Games: %v", err)
	}
	// Games breaks ties by creation then id ascending, pages by id
	// descending: put the five tied games in the pages' order.
	slices.SortStableFunc(all, func(a, b StoredGame) int {
		if c := b.Updated.Compare(a.Updated); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})

	tests := []struct {
		name      string
		limit     int
		wantSizes []int
	}{
		{"pages of 20", 20, []int{20, 20, 10}},
		{"pages of 7", 7, []int{7, 7, 7, 7, 7, 7, 7, 1}},
		{"one page holds all", 50, []int{50}},
		{"pages of 1 through the tie", 1, slices.Repeat([]int{1}, 50)},
		{"a limit above MaxPage is MaxPage", 1000, []int{50}},
		{"a limit below 1 is 1", 0, slices.Repeat([]int{1}, 50)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []StoredGame
			var sizes []int
			var cur Cursor
			for range 100 {
				page, next, err := s.GamesPage(ctx, cur, tt.limit)
				if err != nil {
					t.Fatalf("GamesPage(%v, %d): %v", cur, tt.limit, err)
				}
				got = append(got, page...)
				sizes = append(sizes, len(page))
				if next.IsZero() {
					break
				}
				// The cursor goes through a URL and back.
				if cur, err = ParseCursor(next.String()); err != nil || cur != next {
					t.Fatalf("ParseCursor(%q) = %v, %v; want %v", next.String(), cur, err, next)
				}
			}
			if !slices.Equal(sizes, tt.wantSizes) {
				t.Errorf("page sizes = %v, want %v", sizes, tt.wantSizes)
			}
			if !reflect.DeepEqual(got, all) {
				t.Errorf("pages hold %d games, not the %d of Games in its order", len(got), len(all))
			}
		})
	}
}

// TestGamesPageReadsOnlyItsGames checks the query plans: the page walks
// the (updated, id) index and the other tables by game id, never a scan of
// a whole table or a sort of every game.
func TestGamesPageReadsOnlyItsGames(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t)
	queries := []struct {
		name string
		sql  string
		args []any
	}{
		// As gamesPage asks them: live games only (the trash left out).
		{"first page", `SELECT id FROM games WHERE deleted IS NULL ORDER BY updated DESC, id DESC LIMIT ?`, []any{21}},
		{"a later page", `SELECT id FROM games WHERE deleted IS NULL AND (updated, id) < (?, ?) ORDER BY updated DESC, id DESC LIMIT ?`, []any{5, "x", 21}},
		{"the trash", `SELECT id FROM games WHERE deleted IS NOT NULL AND deleted > ? ORDER BY deleted DESC, id DESC`, []any{5}},
		{"players", `SELECT game_id, seat, name FROM players WHERE game_id IN (?, ?) ORDER BY game_id, seat`, []any{"a", "b"}},
		{"entries", `SELECT game_id, round, seat FROM entries WHERE game_id IN (?, ?)`, []any{"a", "b"}},
		{"finals", `SELECT game_id, seat FROM finals WHERE game_id IN (?, ?)`, []any{"a", "b"}},
	}
	for _, q := range queries {
		t.Run(q.name, func(t *testing.T) {
			rows, err := s.db.Query(`EXPLAIN QUERY PLAN `+q.sql, q.args...)
			if err != nil {
				t.Fatalf("EXPLAIN: %v", err)
			}
			defer rows.Close()
			var plan []string
			for rows.Next() {
				var id, parent, unused int
				var detail string
				if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
					t.Fatal(err)
				}
				plan = append(plan, detail)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			text := strings.Join(plan, "; ")
			if !strings.Contains(text, "USING") || strings.Contains(text, "TEMP B-TREE") {
				t.Errorf("plan %q: want an index walk with no sort", text)
			}
		})
	}
}

// TestRematchLookupUsesItsIndex checks the plan of the rematch column
// every loaded game carries: a search of games_rematch_of, not a scan of
// every game for each game (which made loading a long history quadratic).
func TestRematchLookupUsesItsIndex(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t)
	rows, err := s.db.Query(`EXPLAIN QUERY PLAN SELECT id, ` + newestRematchSQL + ` FROM games WHERE deleted IS NULL`)
	if err != nil {
		t.Fatalf("EXPLAIN: %v", err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(plan, "; ")
	if !strings.Contains(text, "SEARCH r USING INDEX games_rematch_of") || strings.Contains(text, "SCAN r") {
		t.Errorf("plan %q: want the rematch searched in games_rematch_of", text)
	}
}

func TestParseCursor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     Cursor
		wantErr  bool
	}{
		{"empty is the start", "", Cursor{}, false},
		{"nanoseconds and id", "1748808000000000001.abcdefghij234567", Cursor{time.Unix(0, 1748808000000000001).UTC(), "abcdefghij234567"}, false},
		{"no dot", "1748808000000000001", Cursor{}, true},
		{"no id", "1748808000000000001.", Cursor{}, true},
		{"not a number", "soon.abc", Cursor{}, true},
		{"negative time", "-5.abc", Cursor{}, true},
		{"number too big", "99999999999999999999.abc", Cursor{}, true},
		{"id with other characters", "5.abc'--", Cursor{}, true},
		{"id too long", "5." + strings.Repeat("a", 65), Cursor{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseCursor(tt.in)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("ParseCursor(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
			}
			if err != nil && !errors.Is(err, ErrBadCursor) {
				t.Errorf("error %v, want ErrBadCursor", err)
			}
		})
	}
}

func TestCreateGameOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	count := func(t *testing.T) int {
		t.Helper()
		games, err := s.Games(ctx)
		if err != nil {
			t.Fatalf("Games: %v", err)
		}
		return len(games)
	}
	firstID, created, err := s.CreateGameOnce(ctx, setup("Lucy", "Craig"), "token-one")
	if err != nil || !created {
		t.Fatalf("CreateGameOnce = %q, %v, %v; want a new game", firstID, created, err)
	}
	tests := []struct {
		name        string
		before      func(t *testing.T)
		token       string
		wantSame    bool // the id is firstID
		wantCreated bool
		wantErr     bool
		wantGames   int
	}{
		{"the same token again opens the game it made", nil, "token-one", true, false, false, 1},
		{"another token makes another game", nil, "token-two", false, true, false, 2},
		{"no token makes a game every time", nil, "", false, true, false, 3},
		{"and again", nil, "", false, true, false, 4},
		{"a token longer than MaxTokenLength is refused", nil, strings.Repeat("t", MaxTokenLength+1), false, false, true, 4},
		{"a deleted game takes its token along", func(t *testing.T) {
			if err := s.DeleteGame(ctx, firstID); err != nil {
				t.Fatalf("DeleteGame: %v", err)
			}
			if _, err := s.GameByToken(ctx, "token-one"); !errors.Is(err, ErrNotFound) {
				t.Errorf("GameByToken of a deleted game's token: %v, want ErrNotFound", err)
			}
		}, "token-one", false, true, false, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.before != nil {
				tt.before(t)
			}
			id, created, err := s.CreateGameOnce(ctx, setup("Julie", "Alex"), tt.token)
			if (err != nil) != tt.wantErr {
				t.Fatalf("CreateGameOnce error %v, want error %v", err, tt.wantErr)
			}
			if created != tt.wantCreated || (id == firstID) != tt.wantSame {
				t.Errorf("CreateGameOnce = %q, created %v; want created %v, same game as before %v", id, created, tt.wantCreated, tt.wantSame)
			}
			if got := count(t); got != tt.wantGames {
				t.Errorf("%d games stored, want %d", got, tt.wantGames)
			}
			if tt.token == "" || tt.wantErr {
				return
			}
			if made, err := s.GameByToken(ctx, tt.token); err != nil || made != id {
				t.Errorf("GameByToken(%q) = %q, %v; want %q", tt.token, made, err, id)
			}
		})
	}
}

// TestSaveTokens checks what a conflict tells about the stored save: the
// form token and time of that save, for entries and final entries.
func TestSaveTokens(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	s.now = new(stepClock).now
	file := setup("Lucy", "Craig")
	file.Rounds = [][]*scoring.Entry{{entry(t, 1, "H2"), entry(t, 2, "S3")}}
	id := create(t, s, file) // +1 s

	if v, err := s.saveEntry(ctx, id, 2, 0, *entry(t, 1, "H2", "H4"), 0, "form-a"); err != nil || v != 1 { // +2 s
		t.Fatalf("SaveEntry = %d, %v; want 1", v, err)
	}
	if v, err := s.saveFinal(ctx, id, 1, finalEntry(t, 0, "S3"), 0, "form-b"); err != nil || v != 1 { // +3 s
		t.Fatalf("SaveFinal = %d, %v; want 1", v, err)
	}
	if v, err := s.putEntry(ctx, id, 2, 1, *entry(t, 0, "S3"), 0); err != nil || v != 1 { // +4 s
		t.Fatalf("SaveEntry = %d, %v; want 1", v, err)
	}
	at := func(n int) time.Time { return clockStart.Add(time.Duration(n) * time.Second) }

	tests := []struct {
		name      string
		save      func() error
		wantToken string
		wantSaved time.Time
	}{
		{"the same form again", func() error {
			_, err := s.saveEntry(ctx, id, 2, 0, *entry(t, 3, "H2"), 0, "form-a")
			return err
		}, "form-a", at(2)},
		{"another form", func() error {
			_, err := s.saveEntry(ctx, id, 2, 0, *entry(t, 3, "H2"), 0, "form-c")
			return err
		}, "form-a", at(2)},
		{"an entry saved through the API has no token", func() error {
			_, err := s.saveEntry(ctx, id, 2, 1, *entry(t, 3, "S3"), 0, "form-d")
			return err
		}, "", at(4)},
		{"an entry of the created game has its time and no token", func() error {
			_, err := s.saveEntry(ctx, id, 1, 0, *entry(t, 3, "H2"), 0, "form-e")
			return err
		}, "", at(1)},
		{"a final entry", func() error {
			_, err := s.saveFinal(ctx, id, 1, finalEntry(t, 5, "S3"), 0, "form-b")
			return err
		}, "form-b", at(3)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.save()
			var ec *EntryConflict
			var fc *FinalConflict
			var token string
			var saved time.Time
			switch {
			case errors.As(err, &ec):
				token, saved = ec.Token, ec.Saved
			case errors.As(err, &fc):
				token, saved = fc.Token, fc.Saved
			default:
				t.Fatalf("save error %v, want a conflict", err)
			}
			if token != tt.wantToken || !saved.Equal(tt.wantSaved) {
				t.Errorf("conflict token %q saved %v; want %q, %v", token, saved, tt.wantToken, tt.wantSaved)
			}
		})
	}
}

// TestMigrationKeepsOldRows opens a database made by the first schema and
// checks that its games still load, and that rows from before save times
// were kept say so with a zero time.
func TestMigrationKeepsOldRows(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	raw, err := sql.Open("sqlite3", path+"?"+dsnSettings)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	if err := applyMigration(ctx, raw, ms[0]); err != nil {
		t.Fatalf("migration 1: %v", err)
	}
	_, err = raw.Exec(`INSERT INTO games (id, created, updated, version, start_player, achievements, zero_counts, rounds)
		VALUES ('old', 1, 2, 1, 0, '["richest","merciless"]', 0, 1);
		INSERT INTO players VALUES ('old', 0, 'Lucy'), ('old', 1, 'Craig');
		INSERT INTO entries VALUES ('old', 1, 0, '["H2"]', 3, 4)`)
	if err != nil {
		t.Fatalf("filling the old database: %v", err)
	}
	raw.Close()

	s, err := Open(path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	g := load(t, s, "old")
	if got, want := mustJSON(t, g.File.Rounds), `[[{"pool":["H2"],"coins":3},null]]`; got != want {
		t.Errorf("rounds %s, want %s", got, want)
	}
	_, err = s.saveEntry(ctx, "old", 1, 0, *entry(t, 1, "H3"), 3, "form")
	var ec *EntryConflict
	if !errors.As(err, &ec) || ec.Version != 4 || !ec.Saved.IsZero() || ec.Token != "" {
		t.Fatalf("SaveEntry on a stale version = %v (%+v), want a conflict at version 4 with no time or token", err, ec)
	}
	if v, err := s.saveEntry(ctx, "old", 1, 0, *entry(t, 1, "H3"), 4, "form"); err != nil || v != 5 {
		t.Errorf("SaveEntry = %d, %v; want 5", v, err)
	}
	page, next, err := s.GamesPage(ctx, Cursor{}, 20)
	if err != nil || len(page) != 1 || page[0].ID != "old" || !next.IsZero() {
		t.Errorf("GamesPage = %d games, next %v, %v; want the old game alone", len(page), next, err)
	}
}

func TestRecentPlayerNames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	s.now = new(stepClock).now
	got, err := s.RecentPlayerNames(ctx, 5)
	if err != nil || got == nil || len(got) != 0 {
		t.Fatalf("RecentPlayerNames on an empty store = %q, %v; want an empty list", got, err)
	}
	create(t, s, setup("Lucy", "Craig"))
	create(t, s, setup("Julie", "Lucy", "lucy"))
	for range 10 {
		create(t, s, setup("Ann", "Bob"))
	}
	tests := []struct {
		name  string
		limit int
		want  []string
	}{
		{"newest game first, seat order, each name once", 2, []string{"Ann", "Bob"}},
		{"older games are read only as far as the limit needs", 5, []string{"Ann", "Bob"}},
		{"a limit reaching back to the older games", 7, []string{"Ann", "Bob", "Julie", "Lucy", "lucy", "Craig"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.RecentPlayerNames(ctx, tt.limit)
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("RecentPlayerNames(%d) = %q, %v; want %q", tt.limit, got, err, tt.want)
			}
		})
	}
	create(t, s, setup("Zoë", "Ann"))
	if got, err := s.RecentPlayerNames(ctx, 3); err != nil || !slices.Equal(got, []string{"Zoë", "Ann", "Bob"}) {
		t.Errorf("after a new game: %q, %v; want Zoë, Ann, Bob", got, err)
	}
	create(t, s, setup("Xena", "Yves", "Walt", "Vic"))
	if got, err := s.RecentPlayerNames(ctx, 3); err != nil || !slices.Equal(got, []string{"Xena", "Yves", "Walt"}) {
		t.Errorf("more names than the limit: %q, %v; want Xena, Yves, Walt", got, err)
	}
}
