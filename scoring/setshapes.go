package scoring

import "math/bits"

// The sets the set search tries a card in: for the lowest card not yet
// decided, every group, flush, straight flush, straight and full ship
// that can hold it with the cards after it and the wilds. The order they
// are tried in is the search's tie order (setsearch.go).

// subsets calls fn with every subset of set, the whole set first, then
// counting down.
func subsets(set uint16, fn func(uint16)) {
	for sub := set; ; sub = (sub - 1) & set {
		fn(sub)
		if sub == 0 {
			return
		}
	}
}

// groups tries card c in a group of its rank (R1.2): other cards of the
// rank, Parrots on the column's free cells of their rows, flagged Captains
// anywhere free in the column.
func (q *setSearch) groups(c int, rem uint16) {
	rank := int(q.fixed[c].Rank) - 1
	var parrots [NumSuits]Suit
	n := 0
	for _, suit := range q.rows {
		if q.parrotLeft[suit] && q.free(cellOf(suit, rank)) {
			parrots[n] = suit
			n++
		}
	}
	subsets(rem&q.column[rank], func(others uint16) {
		for pick := 1<<n - 1; pick >= 0; pick-- {
			for captains := q.captainsLeft; captains >= 0; captains-- {
				f := foundSet{kind: Group, fixed: 1<<c | others}
				ok := true
				for j, suit := range parrots[:n] {
					if pick>>j&1 == 1 {
						ok = ok && q.pin(&f, cellOf(suit, rank))
					}
				}
				for range captains {
					ok = ok && q.onLine(&f, demand{line: rank}, false, 0)
				}
				if size := f.size(); ok && size >= 2 && size <= NumSuits {
					q.try(f, rem&^others)
				}
				q.unplace(&f)
			}
		}
	})
}

// flushes tries card c in a flush of its suit: other cards of the suit and
// wilds anywhere free in the row, the row's Parrot first.
func (q *setSearch) flushes(c int, rem uint16) {
	suit := q.fixed[c].Suit
	subsets(rem&q.row[suit], func(others uint16) {
		n := 1 + bits.OnesCount16(others)
		most := q.captainsLeft
		if q.parrotLeft[suit] {
			most++
		}
		for wilds := most; wilds >= max(0, 3-n); wilds-- {
			f := foundSet{kind: Flush, fixed: 1<<c | others}
			ok := true
			for j := 0; j < wilds && ok; j++ {
				d := demand{row: true, line: int(suit)}
				ok = q.onLine(&f, d, q.parrotLeft[suit], suit)
			}
			if ok {
				q.try(f, rem&^others)
			}
			q.unplace(&f)
		}
	})
}

// straightFlushes tries card c in each run of its suit that holds it:
// the run's cells hold the suit's cards or wilds. (Cells before c's hold no
// card left to decide, so only wilds.)
func (q *setSearch) straightFlushes(c int, rem uint16) {
	suit, rank := q.fixed[c].Suit, int(q.fixed[c].Rank)-1
	for lo := max(0, rank-q.wilds); lo <= rank; lo++ {
		f := foundSet{kind: StraightFlush, fixed: 1 << c}
		ok := true
		for x := lo; x < rank && ok; x++ {
			ok = q.pin(&f, cellOf(suit, x))
		}
		for x := rank + 1; ok; x++ {
			if x-lo >= 3 {
				// (a longer run may still do better: the bound may count
				// a card of it at less than the 4 it adds here)
				q.try(f, rem&^f.fixed)
			}
			if x == NumRanks {
				break
			}
			cell := cellOf(suit, x)
			if i := q.at[cell]; i >= 0 {
				ok = rem>>i&1 == 1
				f.fixed |= 1 << i
			} else {
				ok = q.pin(&f, cell)
			}
		}
		q.unplace(&f)
	}
}

// straights tries card c in each straight that holds it: one card per
// rank, a pool card, a Parrot on a free cell of its row or a flagged
// Captain anywhere free in the column. (Ranks below c's hold no card left
// to decide, so only wilds.)
func (q *setSearch) straights(c int, rem uint16) {
	rank := int(q.fixed[c].Rank) - 1
	for lo := max(0, rank-q.wilds); lo <= rank; lo++ {
		f := foundSet{kind: Straight, fixed: 1 << c}
		q.stretch(&f, lo, lo, rank, rem)
	}
}

// stretch goes on with a straight over columns lo…x-1 (column skip holds
// card c): it tries the straight as it is when it is long enough, then
// each card for column x.
func (q *setSearch) stretch(f *foundSet, lo, x, skip int, rem uint16) {
	if x > skip && x-lo >= 3 && !q.try(*f, rem&^f.fixed) {
		return // no longer straight can do better
	}
	if n := int32(f.size()); n == 2 && q.value+n*(2*perCard-1)+q.quickMost(rem&^f.fixed) <= q.best {
		// not a straight yet, but one pays each card 2, which the bound
		// counts for every card and wild at least: no straight from here
		// can do better
		return
	}
	if x == NumRanks {
		return
	}
	if x == skip {
		q.stretch(f, lo, x+1, skip, rem)
		return
	}
	q.eachCard(f, x, rem, func() { q.stretch(f, lo, x+1, skip, rem) })
}

// fullShips tries card c in a full ship: one card of each rank.
func (q *setSearch) fullShips(c int, rem uint16) {
	if bits.OnesCount16(rem)+1+q.wilds < NumRanks {
		return
	}
	f := foundSet{kind: FullShip, fixed: 1 << c}
	q.shipFrom(&f, 0, int(q.fixed[c].Rank)-1, rem)
}

// shipFrom fills columns x… of a full ship (column skip holds card c). It
// gives up as soon as the ship's 25 and the quick bound for the cards not
// in it cannot beat the best party (the bound only drops as cards join).
func (q *setSearch) shipFrom(f *foundSet, x, skip int, rem uint16) {
	if q.value+25*perCard-NumRanks+q.quickMost(rem&^f.fixed) <= q.best {
		return
	}
	switch x {
	case NumRanks:
		q.try(*f, rem&^f.fixed)
	case skip:
		q.shipFrom(f, x+1, skip, rem)
	default:
		q.eachCard(f, x, rem, func() { q.shipFrom(f, x+1, skip, rem) })
	}
}

// eachCard puts each possible card for column x into set f in turn (a
// pool card, a Parrot on its row's cell, a flagged Captain on the column)
// and calls next with it there.
func (q *setSearch) eachCard(f *foundSet, x int, rem uint16, next func()) {
	for cards := rem & q.column[x]; cards != 0; cards &= cards - 1 {
		i := uint16(1) << bits.TrailingZeros16(cards)
		f.fixed |= i
		next()
		f.fixed &^= i
	}
	n := f.nWilds
	for _, suit := range q.rows {
		if q.parrotLeft[suit] && q.free(cellOf(suit, x)) && q.pin(f, cellOf(suit, x)) {
			next()
			q.unplaceFrom(f, n)
		}
	}
	if q.onLine(f, demand{line: x}, false, 0) {
		next()
		q.unplaceFrom(f, n)
	}
}
