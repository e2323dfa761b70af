package handlers

import (
	"context"

	"ruthless/scoring"
	"ruthless/store"
)

// maxCachedScores bounds the app's scores: the scored results of stored
// games under the game's id and version (gameVersion: it changes with
// every write to the game), so a result is never served for another state
// of its game (docs/design.md: "Caches are allowed only where they cannot go
// stale"). The party cache alone makes a page of 20 games cheap only
// while it holds their pools, and its bound is shared with anything a
// client posts; this cache holds only games a page has shown, so a flood
// of posted pools cannot send the home page back to solving its games.
// It forgets the game shown longest ago first. Results handed out are
// shared: callers only read them. A finished game's result is a few
// kilobytes, and the pages in use show the games of an evening or two.
const maxCachedScores = 512

// scoreGame is score for a stored game, through the cache. Only answers
// are kept: a game that breaks a rule, or a solve that gave up, is worked
// out again next time.
func (a *app) scoreGame(ctx context.Context, g store.StoredGame) (scoring.Result, error) {
	key := g.ID + "@" + gameVersion(g)
	if res, ok := a.scores.Get(key); ok {
		return res, nil
	}
	res, err := a.score(ctx, g.File)
	if err == nil {
		a.scores.Add(key, res)
	}
	return res, err
}
