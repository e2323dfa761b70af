package handlers

import (
	"slices"
	"strconv"
	"strings"

	lru "github.com/hashicorp/golang-lru/v2"

	"ruthless/scoring"
)

// partyCache remembers the parties already solved. Pages derive every
// score on read (nothing is stored), so the scoreboard re-solves every
// pool of the game on each request; the solver is exact but takes up to
// milliseconds a pool, and the same pools come back on every page. A
// party depends only on the set of cards and the player count, so it can
// be remembered under that key (partyKey). The parties handed out are
// shared: callers only read them.
//
// The cache is bounded and forgets the party used longest ago first
// (hashicorp/golang-lru: a map and a list under one lock). It once
// emptied itself whenever it was full, so anyone posting 20,000 different
// cheap pools to the API sent every page back to solving its games from
// scratch; now such a flood pushes out only the parties no page read
// meanwhile.
type partyCache struct {
	parties *lru.Cache[string, scoring.Party]
}

// maxCachedParties bounds the memory: a party is a few hundred bytes, and
// a long evening at the table makes a few hundred pools.
const maxCachedParties = 20_000

func newPartyCache() *partyCache {
	return &partyCache{parties: newLRU[string, scoring.Party](maxCachedParties)}
}

// newLRU is a bounded cache of n entries that forgets the one used
// longest ago first.
func newLRU[K comparable, V any](n int) *lru.Cache[K, V] {
	c, err := lru.New[K, V](n)
	if err != nil {
		panic(err) // only for n ≤ 0, which no caller gives
	}
	return c
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

func (c *partyCache) get(key string) (scoring.Party, bool) { return c.parties.Get(key) }

func (c *partyCache) put(key string, p scoring.Party) { c.parties.Add(key, p) }
