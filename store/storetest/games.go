package storetest

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"ruthless/scoring"
	"ruthless/store"
)

// testFormTokens: a new-game form posted twice makes one game; its token
// goes with the game to the trash, and the form then makes a new one.
func testFormTokens(t *testing.T, s Store, _ *Clock) {
	first, created, err := s.CreateGameOnce(ctx, setup("Ann", "Bob"), "tok-1")
	if err != nil || !created {
		t.Fatalf("first post: %q, %v, %v", first, created, err)
	}
	tests := []struct {
		name        string
		token       string
		wantSame    bool
		wantCreated bool
	}{
		{"same token", "tok-1", true, false},
		{"other token", "tok-2", false, true},
		{"no token", "", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id, created, err := s.CreateGameOnce(ctx, setup("Ann", "Bob"), tc.token)
			if err != nil || created != tc.wantCreated || (id == first) != tc.wantSame {
				t.Errorf("CreateGameOnce(%q) = %q, %v, %v; want same game %v, created %v", tc.token, id, created, err, tc.wantSame, tc.wantCreated)
			}
		})
	}
	if id, err := s.GameByToken(ctx, "tok-1"); err != nil || id != first {
		t.Errorf("GameByToken = %q, %v; want %q", id, err, first)
	}
	if _, err := s.GameByToken(ctx, "never"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GameByToken of an unknown token: %v, want ErrNotFound", err)
	}
	if _, _, err := s.CreateGameOnce(ctx, setup("Ann", "Bob"), strings.Repeat("x", store.MaxTokenLength+1)); err == nil {
		t.Errorf("a token over MaxTokenLength was taken")
	}
	if err := s.DeleteGame(ctx, first); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	if _, err := s.GameByToken(ctx, "tok-1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GameByToken after delete: %v, want ErrNotFound", err)
	}
	id, created, err := s.CreateGameOnce(ctx, setup("Ann", "Bob"), "tok-1")
	if err != nil || !created || id == first {
		t.Errorf("the form posted again after delete: %q, %v, %v; want a new game", id, created, err)
	}
	// Restoring the game does not bring its token back.
	if err := s.RestoreGame(ctx, first); err != nil {
		t.Fatalf("RestoreGame: %v", err)
	}
	if got, err := s.GameByToken(ctx, "tok-1"); err != nil || got != id {
		t.Errorf("GameByToken after restore = %q, %v; want the new game %q", got, err, id)
	}
}

// testRematch: a game has one live rematch however often it is asked
// for; a rematch in the trash does not count.
func testRematch(t *testing.T, s Store, _ *Clock) {
	of := create(t, s, setup("Ann", "Bob"))
	first, created, err := s.CreateRematchOnce(ctx, setup("Bob", "Ann"), "r1", of)
	if err != nil || !created {
		t.Fatalf("first rematch: %q, %v, %v", first, created, err)
	}
	again, created, err := s.CreateRematchOnce(ctx, setup("Bob", "Ann"), "r2", of)
	if err != nil || created || again != first {
		t.Errorf("second rematch = %q, %v, %v; want %q, not created", again, created, err, first)
	}
	if g := load(t, s, first); g.RematchOf != of {
		t.Errorf("RematchOf = %q, want %q", g.RematchOf, of)
	}
	if g := load(t, s, of); g.Rematch != first || g.RematchOf != "" {
		t.Errorf("Rematch = %q (of %q), want %q", g.Rematch, g.RematchOf, first)
	}
	bad := []struct{ name, of string }{{"no game", ""}, {"unknown game", "nosuchgame"}}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := s.CreateRematchOnce(ctx, setup("A", "B"), "", tc.of); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("rematch of %q: %v, want ErrNotFound", tc.of, err)
			}
		})
	}
	if err := s.DeleteGame(ctx, first); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	if g := load(t, s, of); g.Rematch != "" {
		t.Errorf("Rematch = %q while the rematch is in the trash, want none", g.Rematch)
	}
	second, created, err := s.CreateRematchOnce(ctx, setup("Bob", "Ann"), "r3", of)
	if err != nil || !created || second == first {
		t.Errorf("rematch after the first went to the trash: %q, %v, %v; want a new game", second, created, err)
	}
}

// testTrash: a deleted game is gone for every reader and writer, listed
// in the trash, and restored whole at its old version.
func testTrash(t *testing.T, s Store, _ *Clock) {
	id := create(t, s, setup("Ann", "Bob"))
	save(t, s, id, 1, 0, entry(t, 3, "H2"), 0)
	before := load(t, s, id)
	if err := s.DeleteGame(ctx, id); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	gone := []struct {
		name string
		call func() error
	}{
		{"Game", func() error { _, err := s.Game(ctx, id); return err }},
		{"SaveEntry", func() error { _, err := saveBy(s, id, 1, 1, entry(t, 0), 0, "", -1); return err }},
		{"SaveFinal", func() error { _, err := saveFinal(s, id, 0, final(t, 0), 0, ""); return err }},
		{"RevealRound", func() error { return s.RevealRound(ctx, id, 1) }},
		{"TakeSeat", func() error { return s.TakeSeat(ctx, id, 0, "phone") }},
		{"DeleteGame", func() error { return s.DeleteGame(ctx, id) }},
	}
	for _, tc := range gone {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("%s of a game in the trash: %v, want ErrNotFound", tc.name, err)
			}
			if tc.name == "Game" || tc.name == "DeleteGame" || tc.name == "SaveEntry" {
				if !errors.Is(err, store.ErrInTrash) {
					t.Errorf("%s of a game in the trash: %v, want ErrInTrash too", tc.name, err)
				}
			}
		})
	}
	page, _, err := s.GamesPageFiltered(ctx, store.GameFilter{}, store.Cursor{}, 10)
	if err != nil || len(page) != 0 {
		t.Errorf("page = %d games, %v; want none", len(page), err)
	}
	trash, err := s.Trash(ctx)
	if err != nil || len(trash) != 1 || trash[0].ID != id || trash[0].Deleted.IsZero() {
		t.Fatalf("Trash = %v, %v; want the game with its time of deletion", trash, err)
	}
	if err := s.RestoreGame(ctx, id); err != nil {
		t.Fatalf("RestoreGame: %v", err)
	}
	after := load(t, s, id)
	if !reflect.DeepEqual(after.File, before.File) || !after.Updated.Equal(before.Updated) || !after.Deleted.IsZero() {
		t.Errorf("restored game = %v at %v (deleted %v), want %v at %v", after.File.Rounds, after.Updated, after.Deleted, before.File.Rounds, before.Updated)
	}
	restore := []struct {
		name, id string
		want     error
	}{
		{"live game", id, store.ErrNotInTrash},
		{"no game", "nosuchgame", store.ErrNotFound},
	}
	for _, tc := range restore {
		t.Run("restore "+tc.name, func(t *testing.T) {
			if err := s.RestoreGame(ctx, tc.id); !errors.Is(err, tc.want) {
				t.Errorf("RestoreGame: %v, want %v", err, tc.want)
			}
		})
	}
	if trash, err := s.Trash(ctx); err != nil || len(trash) != 0 {
		t.Errorf("Trash after restore = %d games, %v", len(trash), err)
	}
}

// testPurge: a game in the trash for store.TrashKeep is removed for good.
func testPurge(t *testing.T, s Store, clock *Clock) {
	old := create(t, s, setup("Ann", "Bob"))
	if err := s.DeleteGame(ctx, old); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	clock.Advance(store.TrashKeep / 2)
	recent := create(t, s, setup("Cy", "Di"))
	if err := s.DeleteGame(ctx, recent); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	clock.Advance(store.TrashKeep/2 + 3600e9)
	trash, err := s.Trash(ctx)
	if err != nil || len(trash) != 1 || trash[0].ID != recent {
		t.Fatalf("Trash = %d games, %v; want only the game deleted less than TrashKeep ago", len(trash), err)
	}
	if err := s.RestoreGame(ctx, old); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("restore of a purged game: %v, want ErrNotFound", err)
	}
}

// testImport: a game the store holds already is not stored again, but
// named, and restored from the trash; a game given twice is stored once.
func testImport(t *testing.T, s Store, _ *Clock) {
	a := finished(t, "2026-03-01T20:00:00Z", "Ann", "Bob")
	b := finished(t, "2026-03-02T20:00:00Z", "Cy", "Di")
	done, err := s.Import(ctx, []scoring.Game{a, b, a})
	if err != nil || len(done) != 3 {
		t.Fatalf("Import = %v, %v", done, err)
	}
	if done[0].Existing || done[1].Existing || !done[2].Existing || done[2].ID != done[0].ID {
		t.Errorf("first import = %+v, want two new games, the third the first", done)
	}
	exported := load(t, s, done[1].ID).File
	undated := finished(t, "", "Ann", "Bob")
	if err := s.DeleteGame(ctx, done[0].ID); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	tests := []struct {
		name         string
		file         scoring.Game
		wantID       string
		wantExisting bool
		wantRestored bool
	}{
		{"export of a stored game", exported, done[1].ID, true, false},
		{"game in the trash", a, done[0].ID, true, true},
		{"same game again, now live", a, done[0].ID, true, false},
		{"same content, other time", finished(t, "2026-03-01T21:00:00Z", "Ann", "Bob"), "", false, false},
		{"finished without a time", undated, done[0].ID, true, false},
		{"setup without a time", setup("Ann", "Bob"), "", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Import(ctx, []scoring.Game{tc.file})
			if err != nil || len(got) != 1 {
				t.Fatalf("Import = %v, %v", got, err)
			}
			if got[0].Existing != tc.wantExisting || got[0].Restored != tc.wantRestored || (tc.wantID != "" && got[0].ID != tc.wantID) {
				t.Errorf("Import = %+v, want id %q existing %v restored %v", got[0], tc.wantID, tc.wantExisting, tc.wantRestored)
			}
			if _, err := s.Game(ctx, got[0].ID); err != nil {
				t.Errorf("the imported game: %v", err)
			}
		})
	}
	if g := load(t, s, done[0].ID); g.File.Played != a.Played {
		t.Errorf("imported game played %q, want %q", g.File.Played, a.Played)
	}
}

// testImportAllOrNone: an import with one game the store cannot hold
// stores none of them.
func testImportAllOrNone(t *testing.T, s Store, _ *Clock) {
	tooMany := finished(t, "", "Ann", "Bob")
	tooMany.Rounds = append(tooMany.Rounds, tooMany.Rounds[0])
	_, err := s.Import(ctx, []scoring.Game{finished(t, "2026-03-01T20:00:00Z", "Ann", "Bob"), tooMany})
	if !errors.Is(err, store.ErrBadRound) {
		t.Errorf("Import with 7 rounds for 2 players: %v, want ErrBadRound", err)
	}
	if v, err := s.GameVersions(ctx); err != nil || len(v) != 0 {
		t.Errorf("after a refused import the store holds %d games, %v; want none", len(v), err)
	}
}

// testSeats: phones take, take over and release seats; Holders lists
// them in the order taken.
func testSeats(t *testing.T, s Store, clock *Clock) {
	id := create(t, s, setup("Ann", "Bob", "Cy"))
	for _, take := range []struct {
		seat  int
		phone string
	}{{1, "p1"}, {0, "p2"}, {2, "p1"}, {0, "p3"}, {1, "p1"}} { // the last only marks p1 seen
		if err := s.TakeSeat(ctx, id, take.seat, take.phone); err != nil {
			t.Fatalf("TakeSeat(%d, %s): %v", take.seat, take.phone, err)
		}
	}
	g := load(t, s, id)
	if got, want := holders(g), "1:p1 2:p1 0:p3"; got != want {
		t.Errorf("holders = %s, want %s", got, want)
	}
	if got := g.Held("p1"); !reflect.DeepEqual(got, []int{1, 2}) || g.PhoneOwner("p1") != 1 || g.HolderOf(0) != "p3" {
		t.Errorf("p1 holds %v (owner of %d), seat 0 held by %q", got, g.PhoneOwner("p1"), g.HolderOf(0))
	}
	bad := []struct {
		name  string
		seat  int
		phone string
		want  error
	}{
		{"no phone", 0, "", store.ErrBadPlayer},
		{"long phone", 0, strings.Repeat("p", store.MaxPhoneLength+1), store.ErrBadPlayer},
		{"no seat", 3, "p1", store.ErrBadPlayer},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.TakeSeat(ctx, id, tc.seat, tc.phone); !errors.Is(err, tc.want) {
				t.Errorf("TakeSeat: %v, want %v", err, tc.want)
			}
		})
	}
	seen := g.Holders[0].Seen
	if err := s.SeenAt(ctx, id, "p1"); err != nil {
		t.Fatalf("SeenAt: %v", err)
	}
	if g := load(t, s, id); !g.Holders[0].Seen.Equal(seen) {
		t.Errorf("seen moved within a minute: %v, was %v", g.Holders[0].Seen, seen)
	}
	clock.Advance(120e9)
	if err := s.SeenAt(ctx, id, "p1"); err != nil {
		t.Fatalf("SeenAt: %v", err)
	}
	if again := load(t, s, id); !again.Holders[0].Seen.After(seen) || !again.Holders[0].Taken.Equal(g.Holders[0].Taken) {
		t.Errorf("after two minutes: seen %v, taken %v; want seen after %v, taken still %v", again.Holders[0].Seen, again.Holders[0].Taken, seen, g.Holders[0].Taken)
	}
	if err := s.ReleaseSeats(ctx, id, "p1", 2); err != nil {
		t.Fatalf("ReleaseSeats: %v", err)
	}
	if got, want := holders(load(t, s, id)), "1:p1 0:p3"; got != want {
		t.Errorf("after releasing seat 2: %s, want %s", got, want)
	}
	if err := s.ReleaseSeats(ctx, id, "p1"); err != nil {
		t.Fatalf("ReleaseSeats: %v", err)
	}
	if got, want := holders(load(t, s, id)), "0:p3"; got != want {
		t.Errorf("after releasing all of p1's: %s, want %s", got, want)
	}
}

// holders spells a game's holders as "seat:phone" in order.
func holders(g store.StoredGame) string {
	var out []string
	for _, h := range g.Holders {
		out = append(out, strings.Join([]string{string(rune('0' + h.Seat)), h.Phone}, ":"))
	}
	return strings.Join(out, " ")
}

// testShare: a game's share link opens it until revoked; a new one
// replaces it; a game in the trash opens from no link.
func testShare(t *testing.T, s Store, _ *Clock) {
	id := create(t, s, setup("Ann", "Bob"))
	token, err := s.ShareToken(ctx, id)
	if err != nil || token == "" {
		t.Fatalf("ShareToken = %q, %v", token, err)
	}
	if again, err := s.ShareToken(ctx, id); err != nil || again != token {
		t.Errorf("ShareToken again = %q, %v; want %q", again, err, token)
	}
	if g := load(t, s, id); g.Share != token {
		t.Errorf("Share = %q, want %q", g.Share, token)
	}
	if g, err := s.GameByShareToken(ctx, token); err != nil || g.ID != id {
		t.Errorf("GameByShareToken = %q, %v", g.ID, err)
	}
	if err := s.RevokeShare(ctx, id); err != nil {
		t.Fatalf("RevokeShare: %v", err)
	}
	fresh, err := s.NewShareToken(ctx, id)
	if err != nil || fresh == "" || fresh == token {
		t.Fatalf("NewShareToken = %q, %v; want a new token", fresh, err)
	}
	tests := []struct {
		name, token string
		want        bool
	}{
		{"revoked", token, false},
		{"new", fresh, true},
		{"never made", "nosuchtoken", false},
		{"empty", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.GameByShareToken(ctx, tc.token)
			if got := err == nil; got != tc.want || (!tc.want && !errors.Is(err, store.ErrNotFound)) {
				t.Errorf("GameByShareToken(%q): %v, want opens %v", tc.token, err, tc.want)
			}
		})
	}
	if err := s.RevokeShare(ctx, id); err != nil {
		t.Fatalf("RevokeShare: %v", err)
	}
	if got, err := s.ShareToken(ctx, id); err != nil || got != "" {
		t.Errorf("ShareToken after revoke = %q, %v; want none", got, err)
	}
	if g := load(t, s, id); g.Share != "" {
		t.Errorf("Share after revoke = %q", g.Share)
	}
	fresh, _ = s.NewShareToken(ctx, id)
	if err := s.DeleteGame(ctx, id); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	if _, err := s.GameByShareToken(ctx, fresh); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("share link of a game in the trash: %v, want ErrNotFound", err)
	}
	if _, err := s.NewShareToken(ctx, "nosuchgame"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("NewShareToken of no game: %v, want ErrNotFound", err)
	}
}
