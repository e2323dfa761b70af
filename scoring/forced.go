package scoring

import (
	"slices"
	"sync/atomic"
)

// The forced search: the best party that must use a given card, for
// "why not more?" (why.go). It is the set search (setsearch.go) run with
// that card never left out. The set search decides pool cards lowest
// first, so a card can be forced only where it is decided; forcedSearch
// therefore starts the search at the forced card instead: it tries the
// card in every set that can hold it (with cards below it too, which the
// plain search never needs), and hands the rest of the pool to the plain
// search. A wild is forced through the card it would stand for (bestUsing,
// why.go).

// forcedSearch is the best party of pool with card c (a card that is not
// wild, in the pool) in a set, found by the set search started at c.
// Only parties worth more than bar (a value as partyValue counts it; -1
// for none) are looked for. found is false when there is none; ok is false
// when halt stopped the search.
func forcedSearch(pool []Card, players int, c Card, bar int32, halt *atomic.Bool) (p Party, found, ok bool) {
	q := newSetSearch(pool, players)
	q.halt = halt
	q.best = bar
	i := slices.Index(q.fixed, c)
	if i < 0 {
		return Party{}, false, true
	}
	all := uint16(1)<<len(q.fixed) - 1
	rest := all &^ (1 << i)
	// Every set that can hold card i, with any other cards of the pool.
	q.straightFlushesThrough(i, rest)
	q.groups(i, rest)
	q.flushes(i, rest)
	q.straightsThrough(i, rest)
	q.fullShips(i, rest)
	if q.halted {
		return Party{}, false, false
	}
	if q.best <= bar {
		return Party{}, false, true
	}
	return q.party(), true, true
}

// straightFlushesThrough tries card c in each run of its suit that holds
// it, the cells below it too taking pool cards of rem (straightFlushes
// leaves them to wilds, as the plain search has decided them already).
func (q *setSearch) straightFlushesThrough(c int, rem uint16) {
	suit, rank := q.fixed[c].Suit, int(q.fixed[c].Rank)-1
	for lo := 0; lo <= rank; lo++ {
		f := foundSet{kind: StraightFlush, fixed: 1 << c}
		ok := true
		for x := lo; x < rank && ok; x++ {
			ok = q.cellInto(&f, cellOf(suit, x), rem)
		}
		for x := rank + 1; ok; x++ {
			if x-lo >= 3 {
				q.try(f, rem&^f.fixed)
			}
			if x == NumRanks {
				break
			}
			ok = q.cellInto(&f, cellOf(suit, x), rem)
		}
		q.unplace(&f)
	}
}

// cellInto fills a cell of set f with the pool card printed there, when it
// is among rem, or else with a wild; false when neither can.
func (q *setSearch) cellInto(f *foundSet, cell int, rem uint16) bool {
	if i := q.at[cell]; i >= 0 {
		if rem>>i&1 == 0 {
			return false
		}
		f.fixed |= 1 << i
		return true
	}
	return q.pin(f, cell)
}

// straightsThrough tries card c in each straight that holds it, lower
// columns taking pool cards too (see straightFlushesThrough).
func (q *setSearch) straightsThrough(c int, rem uint16) {
	rank := int(q.fixed[c].Rank) - 1
	for lo := 0; lo <= rank; lo++ {
		f := foundSet{kind: Straight, fixed: 1 << c}
		q.stretch(&f, lo, lo, rank, rem)
	}
}
