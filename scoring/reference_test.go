package scoring

import "math/bits"

// The brute-force reference solver: slow, and simple enough to trust by
// reading. It tries every identity every wild may take (or sitting out),
// and for each such choice finds the best party by a recurrence over every
// subset of the cards, which considers every set they can form, each
// checked directly against the patterns of R1.2. It shares nothing with
// Solve but the card types: even the strengths of R1.2 are written out
// again.

// refItem is a card with the identity it stands for in one try.
type refItem struct {
	card Card
	as   Card // suit and rank it counts as
}

// refSolve returns the best strength and, at that strength, the most
// unused cards, by exhaustive search.
func refSolve(pool []Card, players int) (strength, unused int) {
	var fixed, wilds []Card
	for _, c := range pool {
		if c.IsWild() {
			wilds = append(wilds, c)
		} else {
			fixed = append(fixed, c)
		}
	}
	t := newRefTables(len(pool))
	for _, c := range fixed {
		t.add(refItem{card: c, as: c}, false)
	}
	var best refResult
	var try func(i int)
	try = func(i int) {
		if i == len(wilds) {
			if r := t.all(); r.strength > best.strength || (r.strength == best.strength && r.used < best.used) {
				best = r
			}
			return
		}
		try(i + 1) // this wild sits out
		for _, as := range refIdentities(wilds[i], players) {
			// After the last wild only the party of all the items is
			// read, so its table need not be filled.
			t.add(refItem{card: wilds[i], as: as}, i == len(wilds)-1)
			try(i + 1)
			t.drop()
		}
	}
	try(0)
	return best.strength, len(pool) - best.used
}

// refIdentities lists what a wild may stand for: a Parrot any rank of its
// suit (R1.4), a flagged Captain any suit in play and any rank (R1.5).
func refIdentities(w Card, players int) []Card {
	var out []Card
	for _, suit := range SuitsInPlay(players) {
		if w.Rank == Parrot && suit != w.Suit {
			continue
		}
		for r := Rank(1); r <= Cpt; r++ {
			out = append(out, Card{Suit: suit, Rank: r})
		}
	}
	return out
}

// refTables holds the items of one try and, for every subset of them (a
// bit mask over the items), its shape and its best party. Adding an item
// fills the entries of the subsets that hold it, so a wild's identities
// are tried on top of tables that the items before it filled once.
type refTables struct {
	items []refItem
	shape []refShape
	best  []refResult
	sets  []refSet // scratch for add
}

// refResult is a party's strength and the number of cards it uses.
type refResult struct{ strength, used int }

// refSet is a subset of the items that makes a set: its strength and the
// items it rules out, those standing for the same card as one of its own
// (R1.6).
type refSet struct{ mask, strength, blocked int }

func newRefTables(n int) *refTables {
	return &refTables{shape: make([]refShape, 1<<n), best: make([]refResult, 1<<n)}
}

// all is the best party of all the items.
func (t *refTables) all() refResult { return t.best[1<<len(t.items)-1] }

// drop removes the item added last.
func (t *refTables) drop() { t.items = t.items[:len(t.items)-1] }

// add appends an item and fills the tables for every subset whose highest
// item it is (only for the subset of all items when onlyAll is set).
//
// The best party of a subset: its highest item either stays unused, and
// the party is the best of the rest; or it is in some set S within the
// subset, and the party is S plus the best party of what is left once S
// and the items standing for the same cards as S's are taken out. Every
// subset holding the item is checked against the patterns, so every set S
// is considered; the rest are subsets of lower items, already filled.
func (t *refTables) add(it refItem, onlyAll bool) {
	j := len(t.items)
	t.items = append(t.items, it)
	high := 1 << j
	t.sets = t.sets[:0]
	for mask := high; mask < 2*high; mask++ {
		t.shape[mask] = t.shape[mask-high].with(it.as)
		v := t.shape[mask].strength()
		if v < 0 {
			continue
		}
		blocked := 0
		for k, other := range t.items[:j] {
			if mask&(1<<k) == 0 && t.shape[mask].has(other.as) {
				blocked |= 1 << k
			}
		}
		t.sets = append(t.sets, refSet{mask: mask, strength: v, blocked: blocked})
	}
	from := high
	if onlyAll {
		from = 2*high - 1
	}
	for free := from; free < 2*high; free++ {
		r := t.best[free-high] // the item stays unused
		for _, s := range t.sets {
			if s.mask&free != s.mask {
				continue
			}
			rest := t.best[free&^s.mask&^s.blocked]
			with := refResult{strength: s.strength + rest.strength, used: bits.OnesCount(uint(s.mask)) + rest.used}
			if with.strength > r.strength || (with.strength == r.strength && with.used < r.used) {
				r = with
			}
		}
		t.best[free] = r
	}
}

// refShape is what the patterns of R1.2 need to know about some cards:
// how many, which cards, ranks and suits they stand for, and whether two
// of them stand for the same card.
type refShape struct {
	cards uint64 // bit suit*NumRanks+rank-1 of each card stood for
	ranks uint16 // bit rank of each rank stood for
	suits uint8  // bit suit of each suit stood for
	n     uint8
	twins bool
}

func refBit(as Card) uint64 { return 1 << (int(as.Suit)*NumRanks + int(as.Rank) - 1) }

// has reports whether one of the cards stands for as.
func (s refShape) has(as Card) bool { return s.cards&refBit(as) != 0 }

// with is the shape with one more card, standing for as.
func (s refShape) with(as Card) refShape {
	s.twins = s.twins || s.has(as)
	s.cards |= refBit(as)
	s.ranks |= 1 << as.Rank
	s.suits |= 1 << as.Suit
	s.n++
	return s
}

// strength is the strength of the cards as one set, the best pattern of
// R1.2 they fit, or -1 when they fit none.
func (s refShape) strength() int {
	if s.n < 2 || s.twins {
		return -1 // a set has two cards at least, and no twins (R1.6)
	}
	n := int(s.n)
	sameRank := bits.OnesCount16(s.ranks) == 1
	sameSuit := bits.OnesCount8(s.suits) == 1
	// consecutive: n distinct ranks in a row
	consecutive := bits.OnesCount16(s.ranks) == n && s.ranks>>bits.TrailingZeros16(s.ranks) == 1<<n-1
	best := -1
	if sameRank {
		best = max(best, 4+6*(n-2))
	}
	if n >= 3 && consecutive {
		best = max(best, 6+2*(n-3))
	}
	if n >= 3 && sameSuit {
		best = max(best, 8+3*(n-3))
	}
	if n >= 3 && sameSuit && consecutive {
		best = max(best, 12+4*(n-3))
	}
	if n == 9 && consecutive {
		best = max(best, 25)
	}
	return best
}

// refSetStrength is the strength of the items in mask as one set, the
// best pattern of R1.2 they fit, or -1 when they fit none.
func refSetStrength(items []refItem, mask int) int {
	var s refShape
	for j := range items {
		if mask&(1<<j) != 0 {
			s = s.with(items[j].as)
		}
	}
	return s.strength()
}
