package scoring

import "math/bits"

// The set search's bound: what the cards not yet decided and the wilds
// left can still add to a party at most. It is what lets the search cut
// a branch (hopeless), so it must never be below the truth; it is cheap
// to work out, because the search asks it at every node.

// groupShares[n] is what each card of a group of n cards brings, times
// perCard, rounded up.
var groupShares = [NumSuits + 1]int32{0, 0, 2 * perCard, (10*perCard + 2) / 3, 4 * perCard, (22*perCard + 4) / 5}

// most bounds what the cards rem and the wilds left can still add: each
// card at most its share of the richest set it could still be part of (see
// share), each wild at most its share of the biggest group or 4.
func (q *setSearch) most(rem uint16) int32 {
	b := q.boundsFor(rem)
	total := int32(q.wilds) * b.wildShare
	for cards := rem; cards != 0; cards &= cards - 1 {
		total += q.share(bits.TrailingZeros16(cards), rem, &b)
	}
	return total
}

// boundState is what share needs to know about the cards rem and the wilds
// left, worked out once per bound.
type boundState struct {
	free, blocked uint64 // cells a wild may take; cells a straight flush cannot take
	groupShare    [NumRanks]int32
	wildShare     int32
	ship          bool // a full ship is still possible
}

func (q *setSearch) boundsFor(rem uint16) boundState {
	b := boundState{
		free:      q.playable &^ q.printed &^ q.taken,
		blocked:   q.printed&^q.cellsOf(rem) | q.taken | ^q.playable,
		wildShare: 4 * perCard,
		ship:      bits.OnesCount16(rem)+q.wilds >= NumRanks,
	}
	parrots := uint64(0) // the rows whose Parrot is left
	for suit, left := range q.parrotLeft {
		if left {
			parrots |= 1 << suit
		}
	}
	for x := range b.groupShare {
		if cards := rem & q.column[x]; cards != 0 {
			// the wilds that can join the column's group: the Captains,
			// and the Parrots whose cell in it is free
			wilds := q.captainsLeft + bits.OnesCount64(b.free>>(x*NumSuits)&parrots)
			b.groupShare[x] = groupShares[min(bits.OnesCount16(cards)+wilds, len(q.rows))]
			b.wildShare = max(b.wildShare, b.groupShare[x])
		}
	}
	return b
}

// share is the most card i can bring, with the cards rem undecided: its
// share of the richest set it could still be part of, a group as big as
// its column's cards and the wilds that fit there, 4 in a straight flush
// its row could still make, 3 in a flush, 25/9 in a full ship, 2 in a
// straight.
func (q *setSearch) share(i int, rem uint16, b *boundState) int32 {
	c := q.fixed[i]
	best := b.groupShare[c.Rank-1]
	if best >= 4*perCard {
		return best
	}
	rowWilds := q.captainsLeft
	if q.parrotLeft[c.Suit] {
		rowWilds++
	}
	for _, run := range runsThrough[q.fixedCell[i]] {
		if run&b.blocked == 0 && bits.OnesCount64(run&b.free) <= rowWilds {
			return 4 * perCard
		}
	}
	switch {
	case bits.OnesCount16(rem&q.row[c.Suit])+rowWilds >= 3:
		return max(best, 3*perCard) // a flush
	case b.ship:
		return max(best, (25*perCard+8)/9) // a full ship
	}
	return max(best, 2*perCard) // a straight
}

// shares fills atMost and wildAtMost: what most counts for each card and
// wild with nothing decided yet.
func (q *setSearch) shares() {
	all := uint16(1)<<len(q.fixed) - 1
	b := q.boundsFor(all)
	q.atMost = make([]int32, len(q.fixed))
	for i := range q.fixed {
		q.atMost[i] = q.share(i, all, &b)
	}
	q.wildAtMost = b.wildShare
}

// cellsOf is the cells of the pool cards rem.
func (q *setSearch) cellsOf(rem uint16) uint64 {
	var cells uint64
	for ; rem != 0; rem &= rem - 1 {
		cells |= 1 << q.fixedCell[bits.TrailingZeros16(rem)]
	}
	return cells
}

// quickMost is a quicker, looser most: each card and wild at what most
// counts it with nothing decided yet.
func (q *setSearch) quickMost(rem uint16) int32 {
	total := int32(q.wilds) * q.wildAtMost
	for ; rem != 0; rem &= rem - 1 {
		total += q.atMost[bits.TrailingZeros16(rem)]
	}
	return total
}
