package handlers

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"ruthless/scoring"
)

// resultCache keeps every game as last loaded and, for a finished game,
// its scored result, keyed by the game's id and checked against the
// game's updated time: every write bumps it, so nothing is served for an
// older version of its game (docs/design.md: "Caches are allowed only where
// they cannot go stale"). Player pages read every game; with a thousand
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

// historyBatch is how many changed games history loads and scores before
// it keeps them: a history cut short by its budget keeps what it did.
const historyBatch = 500

// history returns every game, oldest first, as the statistics read it:
// a finished game with its result. A finished game that does not score
// has none (it cannot happen for games stored through the app); a solve
// that gave up fails the whole answer.
//
// It works within the page budget (Options.PageBudget): a history too
// long to load and score in one page's time (a large import of slow
// pools, after a restart) answers errPageTooSlow, a 503 that says so,
// instead of a page the client has stopped waiting for. What it loaded
// and scored by then is kept, batch by batch, so the next try goes on
// from there.
func (a *app) history(parent context.Context) ([]scoring.PlayedGame, error) {
	ctx, cancel := context.WithTimeout(parent, a.pageBudget)
	defer cancel()
	versions, err := a.store.GameVersions(ctx)
	if err != nil {
		return nil, tooSlow(parent, err)
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
	for len(stale) > 0 {
		batch := stale[:min(len(stale), historyBatch)]
		stale = stale[len(batch):]
		loaded, err := a.store.GamesByID(ctx, batch)
		if err != nil {
			return nil, tooSlow(parent, err)
		}
		fresh := make([]cachedGame, 0, len(loaded))
		for _, g := range loaded {
			c := cachedGame{updated: g.Updated, game: scoring.PlayedGame{ID: g.ID, Played: g.Created.UnixNano(), File: g.File}}
			if g.File.Over() {
				res, err := a.score(ctx, g.File)
				if solveFailed(err) {
					rc.keep(fresh)
					return nil, tooSlow(parent, err)
				}
				if err == nil {
					c.game.Result = &res
				}
			}
			fresh = append(fresh, c)
		}
		rc.keep(fresh)
	}
	rc.mu.Lock()
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

// keep puts loaded (and scored) games into the cache.
func (rc *resultCache) keep(games []cachedGame) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.m == nil {
		rc.m = map[string]cachedGame{}
	}
	for _, c := range games {
		rc.m[c.game.ID] = c
	}
}

// errPageTooSlow is a page that needed more than its budget.
var errPageTooSlow = errors.New("the page took longer than its budget")

// defaultPageBudget is how long a page that reads the whole history may
// work: well inside the server's write timeout, so that its answer, even
// a refusal, reaches the client.
const defaultPageBudget = 20 * time.Second

// tooSlow marks err as the page budget's end, when it is that and not the
// client leaving (parent is the request's own context).
func tooSlow(parent context.Context, err error) error {
	if parent.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w: %w", errPageTooSlow, err)
	}
	return err
}

// finishedGames is history's finished games that scored, oldest first.
func (a *app) finishedGames(ctx context.Context) ([]scoring.PlayedGame, error) {
	all, err := a.history(ctx)
	if err != nil {
		return nil, err
	}
	var fin []scoring.PlayedGame
	for _, pg := range all {
		if pg.File.Over() && pg.Result != nil {
			fin = append(fin, pg)
		}
	}
	return fin, nil
}
