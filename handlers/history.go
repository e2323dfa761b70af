package handlers

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"ruthless/scoring"
)

// resultCache keeps every game as last loaded and, for a finished game,
// its scored result, keyed by the game's id and checked against the
// game's updated time: every write bumps it, so nothing is served for an
// older version of its game (docs/design.md: a cache of a game's totals is keyed
// by the game's version). Player pages read every game; with a thousand
// games, loading them all from SQLite takes longer than the page's whole
// budget, and scoring them, even through the party cache, as long again.
// A page instead reads one small row per game (store.GameVersions) and
// loads and scores only the games written since.
type resultCache struct {
	mu sync.Mutex
	m  map[string]cachedGame
}

type cachedGame struct {
	updated time.Time
	// game has its Result when it is finished and scored without error.
	game scoring.PlayedGame
}

// history returns every game, oldest first, as the statistics read it:
// a finished game with its result. A finished game that does not score
// has none (it cannot happen for games stored through the app); a solve
// that gave up fails the whole answer.
func (a *app) history(ctx context.Context) ([]scoring.PlayedGame, error) {
	versions, err := a.store.GameVersions(ctx)
	if err != nil {
		return nil, err
	}
	rc := &a.results
	rc.mu.Lock()
	var stale []string
	for _, v := range versions {
		if c, ok := rc.m[v.ID]; !ok || !c.updated.Equal(v.Updated) {
			stale = append(stale, v.ID)
		}
	}
	rc.mu.Unlock()
	loaded, err := a.store.GamesByID(ctx, stale)
	if err != nil {
		return nil, err
	}
	fresh := make([]cachedGame, 0, len(loaded))
	for _, g := range loaded {
		c := cachedGame{updated: g.Updated, game: scoring.PlayedGame{ID: g.ID, Played: g.Created.UnixNano(), File: g.File}}
		if g.File.Final != nil {
			res, err := a.score(ctx, g.File)
			if solveFailed(err) {
				return nil, err
			}
			if err == nil {
				c.game.Result = &res
			}
		}
		fresh = append(fresh, c)
	}
	rc.mu.Lock()
	if rc.m == nil {
		rc.m = map[string]cachedGame{}
	}
	for _, c := range fresh {
		rc.m[c.game.ID] = c
	}
	all := make([]scoring.PlayedGame, 0, len(versions))
	live := make(map[string]bool, len(versions))
	for _, v := range versions {
		live[v.ID] = true
		if c, ok := rc.m[v.ID]; ok {
			all = append(all, c.game)
		}
	}
	// Deleted games leave the cache.
	if len(rc.m) > len(live) {
		for id := range rc.m {
			if !live[id] {
				delete(rc.m, id)
			}
		}
	}
	rc.mu.Unlock()
	slices.SortStableFunc(all, func(x, y scoring.PlayedGame) int {
		return cmp.Or(cmp.Compare(x.Played, y.Played), strings.Compare(x.ID, y.ID))
	})
	return all, nil
}

// finishedGames is history's finished games that scored, oldest first.
func (a *app) finishedGames(ctx context.Context) ([]scoring.PlayedGame, error) {
	all, err := a.history(ctx)
	if err != nil {
		return nil, err
	}
	var fin []scoring.PlayedGame
	for _, pg := range all {
		if pg.File.Final != nil && pg.Result != nil {
			fin = append(fin, pg)
		}
	}
	return fin, nil
}
