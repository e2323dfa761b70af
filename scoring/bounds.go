package scoring

import "math/bits"

// The walk's cheap bounds: which roles a cell could ever take, how many
// wilds can still be used, what a column can still give, and what a state
// owes the cells ahead. The relaxed walks (relaxed.go) are its sharp one.

// countUsableWilds works out how many wilds a party can use at most. A
// wild only ever needs to stand on an empty cell (on a cell whose pool card
// is left out, that card could stand instead), each on its own: a Parrot
// in its row, a flagged Captain anywhere. So a Parrot whose row is full is
// never used, and the wilds never outnumber the empty cells.
func (s *solver) countUsableWilds() {
	empty, parrots := 0, 0
	for _, suit := range s.rows {
		inRow := 0
		for r := 0; r < NumRanks; r++ {
			if s.cells[suit][r] == cellEmpty {
				inRow++
			}
		}
		empty += inRow
		if s.parrot[suit] && inRow > 0 {
			parrots++
		}
	}
	s.usableWilds = parrots + min(len(s.captains), empty-parrots)
}

// wildsLeft is how many more wilds a party through state k after step i
// can use: a wild can only still stand on an empty cell later in the walk,
// a Parrot only in its own row.
func (s *solver) wildsLeft(k uint64, i int) int {
	parrots := bits.OnesCount(uint(s.parrotRowsLater[i] &^ get(k, offParrots, 5)))
	captains := len(s.captains) - get(k, offCapt, 3)
	return min(parrots+captains, s.emptyLater[i])
}

// buildLater fills emptyLater and parrotRowsLater.
func (s *solver) buildLater() {
	steps := s.steps
	s.emptyLater = make([]int, len(steps))
	s.parrotRowsLater = make([]int, len(steps))
	for i := len(steps) - 2; i >= 0; i-- {
		s.emptyLater[i], s.parrotRowsLater[i] = s.emptyLater[i+1], s.parrotRowsLater[i+1]
		next := steps[i+1]
		if s.cells[next.suit][next.rank] == cellEmpty {
			s.emptyLater[i]++
			if s.parrot[next.suit] {
				s.parrotRowsLater[i] |= 1 << next.suit
			}
		}
	}
}

// buildAllowed works out which roles each cell could possibly take. It
// only rules out shapes that cannot be completed at all (a straight flush
// with no three cells in a row to fill, a group alone in its column, a
// full ship missing a rank), so it never rules out a real party.
func (s *solver) buildAllowed() {
	wilds := s.usableWilds
	rowWilds := func(suit Suit) int {
		n := len(s.captains)
		if s.parrot[suit] {
			n++
		}
		return n
	}
	usable := func(suit Suit, r int) bool {
		return s.cells[suit][r] == cellFixed || (s.cells[suit][r] == cellEmpty && rowWilds(suit) > 0)
	}
	// a column can hold a card of a straight or full ship
	columnUsable := func(r int) bool { return s.fixedInColumn[r] > 0 || wilds > 0 }
	fullShip := true
	needWilds := 0
	for r := 0; r < NumRanks; r++ {
		fullShip = fullShip && columnUsable(r)
		if s.fixedInColumn[r] == 0 {
			needWilds++
		}
	}
	fullShip = fullShip && needWilds <= wilds
	for _, suit := range s.rows {
		fixedInRow := 0
		for r := 0; r < NumRanks; r++ {
			if s.cells[suit][r] == cellFixed {
				fixedInRow++
			}
		}
		for r := 0; r < NumRanks; r++ {
			s.allowed[suit][r] = 1 << roleNone
			if !usable(suit, r) {
				continue
			}
			a := uint8(1 << roleNone)
			if s.fixedInColumn[r]+min(s.emptyInColumn[r], wilds) >= 2 {
				a |= 1 << roleGroup
			}
			for lo := max(0, r-2); lo <= min(r, NumRanks-3); lo++ {
				ok, empties := true, 0
				straightOK, bare := true, 0
				for c := lo; c < lo+3; c++ {
					ok = ok && usable(suit, c)
					if s.cells[suit][c] == cellEmpty {
						empties++
					}
					straightOK = straightOK && columnUsable(c)
					if s.fixedInColumn[c] == 0 {
						bare++
					}
				}
				if ok && empties <= rowWilds(suit) {
					a |= 1 << roleSF
				}
				if straightOK && bare <= wilds {
					a |= 1 << roleStraight
				}
			}
			if fullShip {
				a |= 1 << roleFull
			}
			if s.cells[suit][r] == cellEmpty && fixedInRow+rowWilds(suit) >= 3 {
				a |= 1 << roleFlushWild
			}
			s.allowed[suit][r] = a
		}
	}
}

// stuck reports whether a state in the middle of a column owes the rest of
// the column more cards than it can still hold. Dropping such states early,
// rather than at the end of the column, keeps the walk from carrying them
// through the column.
func (s *solver) stuck(k uint64, i int) bool {
	return s.owesTooMuch(k, i, &s.restOfColumn[i])
}

// ahead is what the cells still to come in a column offer.
type ahead struct {
	col        int    // the column
	fixed      int    // pool cards
	empty      int    // empty cells
	rowBits    uint64 // the rows in play with a cell still to come: bit 2×suit each
	parrotRows int    // the rows with an empty cell to come whose Parrot the pool holds
}

// owesTooMuch reports whether state k (after step i) owes the cells ahead
// in a column more than they can give: the second card of a group, the
// next card of open straights of 1 or 2, the column's card of every full
// ship, the next cell of each straight flush of 1 or 2 cards.
func (s *solver) owesTooMuch(k uint64, i int, a *ahead) bool {
	owed := max(0, get(k, offOpen, 3)+get(k, offOpen+3, 3)-get(k, offColST, 3))
	if get(k, offGroup, 2) == 1 {
		owed++
	}
	if a.col > 0 { // past the first column the number of full ships is set
		owed += max(0, get(k, offFull, 3)-get(k, offColFS, 3))
	}
	ships := max(get(k, offFull, 3), get(k, offColFS, 3))
	// Short straight-flush runs whose row's cell is ahead need that very
	// cell: its pool card, or a wild (the row's Parrot, else a flagged
	// Captain).
	// The rows ahead whose run is 1 or 2 (bit 2×suit set where the run's
	// two bits differ), by whether their cell here holds a pool card, and
	// those of the empty ones whose Parrot is spent (or absent): a flagged
	// Captain must fill their cell.
	runs := k >> offRun & (1<<(2*NumSuits) - 1)
	short := (runs ^ runs>>1) & a.rowBits
	runsFixed := short & s.fixedCells[a.col]
	runsEmpty := short &^ runsFixed
	runFixed, runCells := bits.OnesCount64(runsFixed), bits.OnesCount64(runsEmpty)
	if owed == 0 && ships == 0 && runCells == 0 {
		return false
	}
	parrotsLeft := spreadRows[s.parrotRows&^get(k, offParrots, NumSuits)] & lowFieldBits
	runCaptains := bits.OnesCount64(runsEmpty &^ parrotsLeft)
	captains := len(s.captains) - get(k, offCapt, 3)
	if runCaptains > captains {
		return true
	}
	// What the column's pool cards cannot give, wilds must, here and in
	// the later columns' cards for the ships.
	here := max(0, owed-(a.fixed-runFixed)) + runCells
	fillable := min(a.empty, bits.OnesCount(uint(a.parrotRows&^get(k, offParrots, 5)))+captains)
	return here > fillable || ships > 0 && here+s.shipWilds[a.col][ships] > s.wildsLeft(k, i)
}

// colBound is the most strength n cards in one rank column can add: a
// group of all of them, or 4 a card (a straight flush, the richest shape
// across columns). Flushes, straights and full ships add less a card.
func colBound(n int) int { return max(4*n, 6*n-8) }

// maxWilds is the most wilds a pool can hold: five Parrots and five
// flagged Captains.
const maxWilds = 10

func (s *solver) buildBounds() {
	steps := s.steps
	for _, suit := range s.rows {
		for r := 0; r < NumRanks; r++ {
			switch s.cells[suit][r] {
			case cellFixed:
				s.fixedInColumn[r]++
			case cellEmpty:
				s.emptyInColumn[r]++
			}
		}
	}
	s.restOfColumn = make([]ahead, len(steps))
	// add puts a cell into what lies ahead in its column
	add := func(a *ahead, st step) {
		a.col = st.rank
		a.rowBits |= 1 << (2 * st.suit)
		switch s.cells[st.suit][st.rank] {
		case cellFixed:
			a.fixed++
		case cellEmpty:
			a.empty++
			if s.parrot[st.suit] {
				a.parrotRows |= 1 << st.suit
			}
		}
	}
	for i := len(steps) - 1; i >= 0; i-- {
		add(&s.wholeColumn[steps[i].rank], steps[i])
		if steps[i].last {
			s.restOfColumn[i] = ahead{col: steps[i].rank}
			continue
		}
		s.restOfColumn[i] = s.restOfColumn[i+1]
		add(&s.restOfColumn[i], steps[i+1])
	}
	for c := NumRanks - 2; c >= 0; c-- {
		for n := 1; n <= NumSuits; n++ {
			fixed, empty := s.fixedInColumn[c+1], s.emptyInColumn[c+1]
			need := max(0, n-fixed)
			if need > empty {
				need = 2 * maxWilds // too few cells
			}
			s.shipWilds[c][n] = min(2*maxWilds, s.shipWilds[c+1][n]+need)
		}
	}
	// laterColumns[c][w]: the best sum of colBound over columns c… when w
	// wilds may fill empty cells anywhere there.
	s.laterColumns[NumRanks] = make([]int, maxWilds+1)
	for c := NumRanks - 1; c >= 0; c-- {
		s.laterColumns[c] = make([]int, maxWilds+1)
		for w := 0; w <= maxWilds; w++ {
			best := 0
			for here := 0; here <= min(w, s.emptyInColumn[c]); here++ {
				best = max(best, colBound(s.fixedInColumn[c]+here)+s.laterColumns[c+1][w-here])
			}
			s.laterColumns[c][w] = best
		}
	}
}

// bound is an optimistic value for any party that goes through state k
// with value v after step i: never below what the rest of the walk can
// reach, so a state below the floor can be dropped safely.
func (s *solver) bound(k uint64, v int32, i int) int32 {
	wilds := s.wildsLeft(k, i)
	b := s.columnBound(k, v, i, wilds)
	if s.relaxedRuns != nil {
		b = min(b, s.relaxedBound(k, v, i, wilds))
	}
	if s.priced != nil {
		b = min(b, s.pricedBoundAt(k, v, i))
	}
	return b
}

// columnBound is the cheapest bound: every column's cards at their
// richest (colBound), and the full ships' bonus.
func (s *solver) columnBound(k uint64, v int32, i, wilds int) int32 {
	col := i / len(s.rows)
	// The cards still to come in this column: each joins the group (+6) or
	// at most a straight flush (+4); with no group yet a new one pays 8.
	ahead := &s.restOfColumn[i]
	here := ahead.fixed + min(wilds, ahead.empty)
	rest := colBound(here)
	if get(k, offGroup, 2) > 0 {
		rest = 6 * here
	}
	if i+1 < len(s.steps) {
		rest += s.laterColumns[col+1][wilds]
	}
	rest += 7 * max(get(k, offFull, 3), get(k, offColFS, 3))
	return v + int32(rest)*perCard
}
