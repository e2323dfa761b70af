package handlers

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"ruthless/scoring"
)

// partyCache remembers the parties already solved. Pages derive every
// score on read (nothing is stored), so the scoreboard re-solves every
// pool of the game on each request; the solver is exact but takes up to
// milliseconds a pool, and the same pools come back on every page. A
// party depends only on the set of cards and the player count, so it can
// be remembered under that key.
type partyCache struct {
	mu      sync.Mutex
	parties map[string]scoring.Party
}

// maxCachedParties bounds the memory: a party is a few hundred bytes, and
// a long evening at the table makes a few hundred pools.
const maxCachedParties = 20_000

func newPartyCache() *partyCache {
	return &partyCache{parties: make(map[string]scoring.Party)}
}

// solve answers what scoring.Solve answers, from memory when it can. The
// parties handed out are shared: callers only read them.
func (c *partyCache) solve(pool []scoring.Card, opt scoring.Options) scoring.Party {
	codes := make([]string, len(pool))
	for i, card := range pool {
		codes[i] = card.String()
	}
	slices.Sort(codes)
	key := strconv.Itoa(opt.Players) + ":" + strings.Join(codes, ",")
	c.mu.Lock()
	p, ok := c.parties[key]
	c.mu.Unlock()
	if ok {
		return p
	}
	p = scoring.Solve(pool, opt)
	c.mu.Lock()
	if len(c.parties) >= maxCachedParties {
		clear(c.parties) // simple and rare: refills from the games in use
	}
	c.parties[key] = p
	c.mu.Unlock()
	return p
}

// score is scoring.Score through the cache.
func (a *app) score(g scoring.Game) (scoring.Result, error) {
	return scoring.ScoreWith(g, a.parties.solve)
}
