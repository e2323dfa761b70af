package scoring

import "math/bits"

// The brute-force reference solver: slow, and simple enough to trust by
// reading. It tries every identity every wild may take (or sitting out),
// and for each such choice every way of cutting the cards into sets, with
// a memo over the cards still free. It shares nothing with Solve but the
// card types: even the strengths of R1.2 are written out again.

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
	bestStrength, bestUsed := 0, 0
	var try func(i int, items []refItem)
	try = func(i int, items []refItem) {
		if i == len(wilds) {
			s, u := refPartition(items)
			if s > bestStrength || (s == bestStrength && u < bestUsed) {
				bestStrength, bestUsed = s, u
			}
			return
		}
		try(i+1, items) // this wild sits out
		for _, as := range refIdentities(wilds[i], players) {
			try(i+1, append(items[:len(items):len(items)], refItem{card: wilds[i], as: as}))
		}
	}
	items := make([]refItem, 0, len(pool))
	for _, c := range fixed {
		items = append(items, refItem{card: c, as: c})
	}
	try(0, items)
	return bestStrength, len(pool) - bestUsed
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

// refPartition finds the best way to cut items into sets: the strength and
// the number of cards used. Two items standing for the same card may not
// both be used (R1.6).
func refPartition(items []refItem) (strength, used int) {
	n := len(items)
	// setsFrom[j]: every subset that is a valid set and whose lowest item is j
	type set struct{ mask, strength int }
	setsFrom := make([][]set, n)
	for mask := 1; mask < 1<<n; mask++ {
		if v := refSetStrength(items, mask); v >= 0 {
			low := bits.TrailingZeros(uint(mask))
			setsFrom[low] = append(setsFrom[low], set{mask, v})
		}
	}
	// twins[j]: the other items standing for the same card as item j
	twins := make([]int, n)
	for j := range items {
		for k := range items {
			if j != k && items[j].as == items[k].as {
				twins[j] |= 1 << k
			}
		}
	}
	type result struct{ strength, used int }
	memo := make([]result, 1<<n)
	done := make([]bool, 1<<n)
	var best func(free int) result
	best = func(free int) result {
		if free == 0 || done[free] {
			return memo[free]
		}
		low := bits.TrailingZeros(uint(free))
		r := best(free &^ (1 << low))        // the lowest free item stays unused
		for _, cand := range setsFrom[low] { // or it heads a set of free items
			set := cand.mask
			if set&free != set {
				continue
			}
			blocked := 0
			for k := 0; k < n; k++ {
				if set&(1<<k) != 0 {
					blocked |= twins[k]
				}
			}
			next := best(free &^ set &^ blocked)
			with := result{strength: cand.strength + next.strength, used: bits.OnesCount(uint(set)) + next.used}
			if with.strength > r.strength || (with.strength == r.strength && with.used < r.used) {
				r = with
			}
		}
		memo[free], done[free] = r, true
		return r
	}
	r := best(1<<n - 1)
	return r.strength, r.used
}

// refSetStrength is the strength of the items in mask as one set, the
// best pattern of R1.2 they fit, or -1 when they fit none.
func refSetStrength(items []refItem, mask int) int {
	n := bits.OnesCount(uint(mask))
	if n < 2 {
		return -1
	}
	var seen [NumSuits][NumRanks + 1]bool
	var ranks [NumRanks + 1]int
	first := items[bits.TrailingZeros(uint(mask))].as
	sameRank, sameSuit := true, true
	for j := range items {
		if mask&(1<<j) == 0 {
			continue
		}
		c := items[j].as
		if seen[c.Suit][c.Rank] {
			return -1 // twins (R1.6)
		}
		seen[c.Suit][c.Rank] = true
		ranks[c.Rank]++
		sameRank = sameRank && c.Rank == first.Rank
		sameSuit = sameSuit && c.Suit == first.Suit
	}
	// consecutive: n distinct ranks in a row
	consecutive := false
	for lo := 1; lo+n-1 <= NumRanks; lo++ {
		all := true
		for r := lo; r < lo+n; r++ {
			all = all && ranks[r] == 1
		}
		consecutive = consecutive || all
	}
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
