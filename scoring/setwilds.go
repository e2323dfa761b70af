package scoring

import "math/bits"

// Where the set search's wilds stand: pinned on a cell, or on a line (a
// demand) whose cell is settled at the end, and the sets made of wilds
// alone. Every helper that places a wild records it in its set, so that
// unplace can take it back out.

// pin puts a wild on a cell: the Parrot of the cell's row when it is left,
// else a flagged Captain. It reports false when neither is left or the
// cell is not free.
func (q *setSearch) pin(f *foundSet, cell int) bool {
	if !q.free(cell) || f.nWilds == setSearchMaxWilds {
		return false
	}
	suit := Suit(cell % NumSuits)
	w := placedWild{cell: int8(cell), demand: -1}
	switch {
	case q.parrotLeft[suit]:
		w.parrot, w.suit = true, suit
		q.parrotLeft[suit] = false
	case q.captainsLeft > 0:
		q.captainsLeft--
	default:
		return false
	}
	q.taken |= 1 << cell
	q.wilds--
	f.wilds[f.nWilds] = w
	f.nWilds++
	return true
}

// onLine puts a wild on a line (any free cell of it, settled at the end):
// the Parrot of suit when parrot is set, else a flagged Captain.
func (q *setSearch) onLine(f *foundSet, d demand, parrot bool, suit Suit) bool {
	if f.nWilds == setSearchMaxWilds {
		return false
	}
	w := placedWild{cell: -1, demand: int8(len(q.demands))}
	if parrot {
		if !q.parrotLeft[suit] {
			return false
		}
		w.parrot, w.suit = true, suit
		q.parrotLeft[suit] = false
	} else {
		if q.captainsLeft == 0 {
			return false
		}
		q.captainsLeft--
	}
	q.demands = append(q.demands, d)
	q.wilds--
	f.wilds[f.nWilds] = w
	f.nWilds++
	return true
}

// unplace takes the wilds of f from the state.
func (q *setSearch) unplace(f *foundSet) { q.unplaceFrom(f, 0) }

// lineCells is the set of cells on a demand's line.
func (q *setSearch) lineCells(d demand) uint64 {
	var out uint64
	if d.row {
		for r := 0; r < NumRanks; r++ {
			out |= 1 << cellOf(Suit(d.line), r)
		}
	} else {
		for s := Suit(0); s < NumSuits; s++ {
			out |= 1 << cellOf(s, d.line)
		}
	}
	return out
}

// demandsFit reports whether every demand can have a free cell of its own.
func (q *setSearch) demandsFit() bool {
	var cells [setSearchMaxWilds]int
	return q.assign(q.demands, q.playable&^q.printed&^q.taken, cells[:])
}

// assign gives each demand its own cell among free, into cells: for each
// in turn the lowest that lets the rest fit too. It reports false when
// they cannot all fit.
func (q *setSearch) assign(ds []demand, free uint64, cells []int) bool {
	if len(ds) == 0 {
		return true
	}
	for line := q.lineCells(ds[0]) & free; line != 0; line &= line - 1 {
		cells[0] = bits.TrailingZeros64(line)
		if q.assign(ds[1:], free&^(1<<cells[0]), cells[1:]) {
			return true
		}
	}
	return false
}

// unplaceFrom takes the wilds of f after the first n from the state.
func (q *setSearch) unplaceFrom(f *foundSet, n int) {
	for i := f.nWilds - 1; i >= n; i-- {
		w := f.wilds[i]
		if w.cell >= 0 {
			q.taken &^= 1 << w.cell
		} else {
			q.demands = q.demands[:len(q.demands)-1]
		}
		if w.parrot {
			q.parrotLeft[w.suit] = true
		} else {
			q.captainsLeft++
		}
		q.wilds++
	}
	f.nWilds = n
}

// wildSets ends a branch: every pool card is decided; the wilds left may
// still make one set of their own (with at most three wilds, only one).
func (q *setSearch) wildSets() {
	q.record()
	var wilds []placedWild // the wilds left, Parrots in suit order first
	for _, suit := range q.rows {
		if q.parrotLeft[suit] {
			wilds = append(wilds, placedWild{parrot: true, suit: suit})
		}
	}
	for range q.captainsLeft {
		wilds = append(wilds, placedWild{})
	}
	if len(wilds) < 2 {
		return
	}
	// every choice of 2 or 3 of them, as a group, flush, straight flush or
	// straight
	for pick := 3; pick < 1<<len(wilds); pick++ {
		var chosen []placedWild
		for j, w := range wilds {
			if pick>>j&1 == 1 {
				chosen = append(chosen, w)
			}
		}
		if len(chosen) < 2 {
			continue
		}
		q.wildGroup(chosen)
		if len(chosen) == 3 {
			q.wildRow(chosen)
			q.wildStraight(chosen)
		}
	}
}

// place puts wild w of a wild-only set on a cell (pinned) or a line.
func (q *setSearch) place(f *foundSet, w placedWild, cell int, d demand) bool {
	if cell >= 0 {
		if w.parrot && Suit(cell%NumSuits) != w.suit {
			return false
		}
		return q.pinAs(f, w, cell)
	}
	return q.onLine(f, d, w.parrot, w.suit)
}

// pinAs puts the given wild (not just any) on a cell.
func (q *setSearch) pinAs(f *foundSet, w placedWild, cell int) bool {
	if !q.free(cell) {
		return false
	}
	if w.parrot {
		if !q.parrotLeft[w.suit] {
			return false
		}
		q.parrotLeft[w.suit] = false
	} else {
		if q.captainsLeft == 0 {
			return false
		}
		q.captainsLeft--
	}
	w.cell, w.demand = int8(cell), -1
	q.taken |= 1 << cell
	q.wilds--
	f.wilds[f.nWilds] = w
	f.nWilds++
	return true
}

// finishWild scores a wild-only set f and takes it back out.
func (q *setSearch) finishWild(f *foundSet, ok bool) {
	if ok && q.demandsFit() {
		q.sets = append(q.sets, *f)
		gain := int32(SetStrength(f.kind, f.size())*perCard - f.size())
		q.value += gain
		q.record()
		q.value -= gain
		q.sets = q.sets[:len(q.sets)-1]
	}
	q.unplace(f)
}

// wildGroup tries the wilds as a group in each column.
func (q *setSearch) wildGroup(ws []placedWild) {
	for x := 0; x < NumRanks; x++ {
		f := foundSet{kind: Group}
		ok := true
		for _, w := range ws {
			cell := -1
			if w.parrot {
				cell = cellOf(w.suit, x)
			}
			ok = ok && q.place(&f, w, cell, demand{line: x})
		}
		q.finishWild(&f, ok)
	}
}

// wildRow tries three wilds as a straight flush or flush in each row.
func (q *setSearch) wildRow(ws []placedWild) {
	for _, suit := range q.rows {
		for lo := 0; lo+2 < NumRanks; lo++ {
			f := foundSet{kind: StraightFlush}
			ok := true
			for j, w := range ws {
				ok = ok && q.place(&f, w, cellOf(suit, lo+j), demand{})
			}
			q.finishWild(&f, ok)
		}
		f := foundSet{kind: Flush}
		ok := true
		for _, w := range ws {
			ok = ok && (!w.parrot || w.suit == suit) && q.place(&f, w, -1, demand{row: true, line: int(suit)})
		}
		q.finishWild(&f, ok)
	}
}

// wildStraight tries three wilds as a straight, in each order over the
// three columns.
func (q *setSearch) wildStraight(ws []placedWild) {
	orders := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for lo := 0; lo+2 < NumRanks; lo++ {
		for _, o := range orders {
			f := foundSet{kind: Straight}
			ok := true
			for j, at := range o {
				w := ws[at]
				cell := -1
				if w.parrot {
					cell = cellOf(w.suit, lo+j)
				}
				ok = ok && q.place(&f, w, cell, demand{line: lo + j})
			}
			q.finishWild(&f, ok)
		}
	}
}
