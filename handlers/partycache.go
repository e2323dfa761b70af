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
// be remembered under that key (partyKey). The parties handed out are
// shared: callers only read them.
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

// partyKey names a pool for the cache: the player count and the sorted
// card codes, so the same cards in any order are one key.
func partyKey(pool []scoring.Card, opt scoring.Options) string {
	codes := make([]string, len(pool))
	for i, card := range pool {
		codes[i] = card.String()
	}
	slices.Sort(codes)
	return strconv.Itoa(opt.Players) + ":" + strings.Join(codes, ",")
}

func (c *partyCache) get(key string) (scoring.Party, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.parties[key]
	return p, ok
}

func (c *partyCache) put(key string, p scoring.Party) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.parties) >= maxCachedParties {
		clear(c.parties) // simple and rare: refills from the games in use
	}
	c.parties[key] = p
}
