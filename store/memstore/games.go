package memstore

import (
	"context"
	"fmt"
	"slices"

	"ruthless/scoring"
	"ruthless/store"
)

// CreateGameOnce stores a new game, as store.Store.CreateGameOnce does:
// a token that made a game already names that game, with created false.
func (s *Store) CreateGameOnce(ctx context.Context, g scoring.Game, token string) (string, bool, error) {
	return s.createGame(ctx, g, token, "")
}

// CreateRematchOnce stores a rematch of game of, as
// store.Store.CreateRematchOnce does: one live rematch a game.
func (s *Store) CreateRematchOnce(ctx context.Context, g scoring.Game, token, of string) (string, bool, error) {
	if of == "" {
		return "", false, fmt.Errorf("memstore: rematch of no game: %w", store.ErrNotFound)
	}
	return s.createGame(ctx, g, token, of)
}

func (s *Store) createGame(ctx context.Context, f scoring.Game, token, rematchOf string) (string, bool, error) {
	if len(token) > store.MaxTokenLength {
		return "", false, fmt.Errorf("memstore: new game: form token of %d bytes (at most %d)", len(token), store.MaxTokenLength)
	}
	end, err := s.begin(ctx)
	if err != nil {
		return "", false, fmt.Errorf("memstore: new game: %w", err)
	}
	defer end()
	if token != "" {
		if id, ok := s.byFormToken(token); ok {
			return id, false, nil
		}
	}
	if rematchOf != "" {
		if id := s.rematchOf(rematchOf); id != "" {
			return id, false, nil
		}
		if g, _ := s.editable(rematchOf); g == nil {
			return "", false, fmt.Errorf("memstore: new game: rematch of %s: %w", rematchOf, store.ErrNotFound)
		}
	}
	g, err := newRec(f, s.now())
	if err != nil {
		return "", false, fmt.Errorf("memstore: new game: %w", err)
	}
	g.RematchOf = rematchOf
	if token != "" {
		g.Tokens = []string{token}
	}
	if err := s.commit(ctx, []*gameRec{g}, nil); err != nil {
		return "", false, fmt.Errorf("memstore: new game: %w", err)
	}
	return g.ID, true, nil
}

// byFormToken is the game a new-game form's token made.
func (s *Store) byFormToken(token string) (string, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for id, g := range s.games {
		if slices.Contains(g.Tokens, token) {
			return id, true
		}
	}
	return "", false
}

// rematchOf is the newest live rematch of game id, "" for none.
func (s *Store) rematchOf(id string) string {
	newest := s.snapshot(func(g *gameRec) bool { return isLive(g) && g.RematchOf == id }, func(a, b *gameRec) bool {
		if a.Created != b.Created {
			return a.Created > b.Created
		}
		return a.ID < b.ID
	})
	if len(newest) == 0 {
		return ""
	}
	return newest[0].ID
}

// GameByToken returns the id of the game a new-game form's token made;
// ErrNotFound if none did, or that game was deleted.
func (s *Store) GameByToken(ctx context.Context, token string) (string, error) {
	if id, ok := s.byFormToken(token); ok && token != "" {
		return id, nil
	}
	return "", fmt.Errorf("memstore: form token: %w", store.ErrNotFound)
}

// game is the record's view with its rematch.
func (s *Store) game(g *gameRec) store.StoredGame {
	out := g.view()
	out.Rematch = s.rematchOf(g.ID)
	return out
}

// Game loads one live game; ErrNotFound otherwise (with ErrInTrash for a
// game in the trash).
func (s *Store) Game(ctx context.Context, id string) (store.StoredGame, error) {
	s.mu.RLock()
	g := s.games[id]
	s.mu.RUnlock()
	if g == nil {
		return store.StoredGame{}, fmt.Errorf("memstore: game %s: %w", id, store.ErrNotFound)
	}
	if g.Deleted != 0 {
		return store.StoredGame{}, fmt.Errorf("memstore: game %s: %w: %w", id, store.ErrInTrash, store.ErrNotFound)
	}
	return s.game(g), nil
}

// GamesPageFiltered lists the live games the filter selects that come
// after before, most recently updated first, at most limit (1 to
// store.MaxPage); next is where the following page starts.
func (s *Store) GamesPageFiltered(ctx context.Context, f store.GameFilter, before store.Cursor, limit int) ([]store.StoredGame, store.Cursor, error) {
	if err := ctx.Err(); err != nil {
		return nil, store.Cursor{}, fmt.Errorf("memstore: games page: %w", err)
	}
	limit = max(1, min(limit, store.MaxPage))
	games := []store.StoredGame{}
	var next store.Cursor
	for _, g := range s.snapshot(isLive, newestFirst) {
		// The cursor needs only the id and time: the games before it are
		// passed over without building them.
		if !before.Precedes(store.StoredGame{ID: g.ID, Updated: unixTime(g.Updated)}) {
			continue
		}
		v := g.view()
		if !f.Match(v) {
			continue
		}
		if len(games) == limit {
			last := games[limit-1]
			next = store.Cursor{Updated: last.Updated, ID: last.ID}
			break
		}
		v.Rematch = s.rematchOf(g.ID)
		games = append(games, v)
	}
	return games, next, nil
}

// RecentPlayerNames lists the distinct names of the players of the most
// recently updated games, newest first, at most limit of them, reading
// the players of twice limit games, as the SQLite store does.
func (s *Store) RecentPlayerNames(ctx context.Context, limit int) ([]string, error) {
	names := []string{}
	seen := map[string]bool{}
	for i, g := range s.snapshot(isLive, newestFirst) {
		if i >= 2*limit {
			break
		}
		for _, name := range g.Players {
			if seen[name] || len(names) >= limit {
				continue
			}
			seen[name] = true
			names = append(names, name)
		}
	}
	return names, ctx.Err()
}

// GameVersions lists every live game's id and last write, by id.
func (s *Store) GameVersions(ctx context.Context) ([]store.GameVersion, error) {
	var out []store.GameVersion
	for _, g := range s.snapshot(isLive, byID) {
		out = append(out, store.GameVersion{ID: g.ID, Updated: unixTime(g.Updated)})
	}
	return out, ctx.Err()
}

// byID orders records by id.
func byID(a, b *gameRec) bool { return a.ID < b.ID }

// GamesByID loads the live games with these ids; the others are skipped.
func (s *Store) GamesByID(ctx context.Context, ids []string) ([]store.StoredGame, error) {
	var out []store.StoredGame
	s.mu.RLock()
	recs := make([]*gameRec, 0, len(ids))
	for _, id := range ids {
		if g := s.games[id]; g != nil && isLive(g) {
			recs = append(recs, g)
		}
	}
	s.mu.RUnlock()
	for _, g := range recs {
		out = append(out, s.game(g))
	}
	return out, ctx.Err()
}

// EachGame calls fn with every live game, oldest first (by creation,
// then id), stopping at fn's first error.
func (s *Store) EachGame(ctx context.Context, fn func(store.StoredGame) error) error {
	games := s.snapshot(isLive, byCreated)
	for _, g := range games {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("memstore: each game: %w", err)
		}
		if err := fn(s.game(g)); err != nil {
			return err
		}
	}
	return nil
}
