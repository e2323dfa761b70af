package scoring

// The priced bound: a Lagrangian decomposition of the party into three
// independent problems, each solved exactly and cheaply.
//
// A party's sets fall into three families that only meet on the cells and
// the wilds: the rows (straight flushes and the flush, one suit each), the
// groups (one column each) and the crosses (straights and full ships, one
// cell a column). Let each family pick cells on its own, as if the others
// were not there, but pay a price for every cell it takes (and for every
// wild), and hand the prices back once for every cell (and wild) still to
// come. Whatever the prices (if never negative), no party can beat the sum
// of the three families' best priced values plus the prices handed back:
// a real party uses each cell once, so it pays back at most what it took.
// The prices are tuned on the whole pool by sixty subgradient steps
// (pricedtune.go): a cell two families both want costs more, one nobody
// wants costs less. This file holds the bound the walk reads, the rows'
// and groups' tables; the crosses' are in pricedcross.go.
//
// Where the relaxed walks (relaxed.go) lose sight of a shape (the runs
// table pays a lone card of a row 3 as if its flush were complete; both
// pay a lone card 3 as if it were part of a full ship), each family here
// keeps its shapes exact: on pools built to be slow that is what the
// relaxed walks' bound loses most of its 5–10 points on.

// price is a Lagrange multiplier in 1/perCard of a point, so that the
// bound adds up in the walk's own units.
type price = int32

// pricedBound holds the three families' tables for one set of prices.
type pricedBound struct {
	cell    [NumSuits][NumRanks]price
	captain price
	parrot  [NumSuits]price
	// rows[suit][c][run][flush][parrot spent]: the row family's best from
	// column c on
	rows [NumSuits][]int32
	// groups[i][g]: the group family's best from step i on, with g cards
	// in the column's group so far
	groups [][3]int32
	// crosses[i][open][column]: the cross family's best from step i on
	// (open: straights and ships, see crossOpen; column: the current
	// column's straight and ship cards, see crossColumn)
	crosses []int32
	// handBack[i]: the prices of the cells from step i on
	handBack []int32
	// the walk reads the rows' tables through these, for speed: every
	// row's table one after the other (then a block of zeros for the
	// suits out of play), where each suit's values from its next cell
	// after step i start, and the unspent Parrots' prices by the walk
	// key's Parrot bits
	rowsFlat   []int32
	rowAt      [][NumSuits]int32
	parrotBack [1 << NumSuits]int32
}

const (
	rowStates   = 4 * 4 * 2
	openStates  = 126 // o1+o2+o3+ships ≤ 5
	columnSlots = 21  // straight cards + ship cards ≤ 5
	crossStates = openStates * columnSlots
	pricedNoWay = int32(-1 << 24)
)

func rowIndex(c, run, flush, spent int) int { return ((c*4+run)*4+flush)*2 + spent }

// buildPriced fills pb's tables for its prices.
func (s *solver) buildPriced(pb *pricedBound) {
	s.buildRowFamily(pb)
	s.buildGroupFamily(pb)
	s.buildCrossFamily(pb)
	n := len(s.steps)
	pb.handBack = make([]int32, n+1)
	// nextColumn[i][j]: the column of row j's next cell after step i
	nextColumn := make([][NumSuits]int8, n+1)
	for i := n - 1; i >= 0; i-- {
		st := s.steps[i]
		pb.handBack[i] = pb.handBack[i+1]
		if s.cells[st.suit][st.rank] != cellOutside {
			pb.handBack[i] += pb.cell[st.suit][st.rank]
		}
		at := s.rowPos(st.suit)
		for j := range s.rows {
			c := st.rank
			if j <= at {
				c++ // row j's cell in this column is behind the walk
			}
			nextColumn[i][j] = int8(c)
		}
	}
	pb.rowsFlat = pb.rowsFlat[:0]
	for _, suit := range s.rows {
		pb.rowsFlat = append(pb.rowsFlat, pb.rows[suit]...)
	}
	zeros := int32(len(pb.rowsFlat))
	pb.rowsFlat = append(pb.rowsFlat, make([]int32, rowStates)...)
	pb.rowAt = make([][NumSuits]int32, n+1)
	for i := range pb.rowAt {
		for suit := range pb.rowAt[i] {
			pb.rowAt[i][suit] = zeros
		}
		for j, suit := range s.rows {
			pb.rowAt[i][suit] = int32(j*(NumRanks+1)*rowStates + rowIndex(int(nextColumn[i][j]), 0, 0, 0))
		}
	}
	for spent := range pb.parrotBack {
		back := int32(0)
		for _, suit := range s.rows {
			if s.parrot[suit] && spent>>suit&1 == 0 {
				back += pb.parrot[suit]
			}
		}
		pb.parrotBack[spent] = back
	}
}

func (s *solver) rowPos(suit Suit) int {
	for j, x := range s.rows {
		if x == suit {
			return j
		}
	}
	return -1
}

// What fills a cell a family uses.
type filler uint8

const (
	fillNone    filler = iota // the cell is not used
	fillCard                  // the pool's card
	fillParrot                // the row's Parrot
	fillCaptain               // a flagged Captain
)

// rowMoves calls visit with every way the row family can treat cell
// (suit, r) from state (run, fl, spent): what it gains (less prices) and
// the state after it.
func (s *solver) rowMoves(pb *pricedBound, suit Suit, r, run, fl, spent int, visit func(gain int32, run, fl, spent int, f filler)) {
	if run == 0 || run == 3 {
		visit(0, 0, fl, spent, fillNone)
	}
	kind := s.cells[suit][r]
	sf := s.allowed[suit][r]&(1<<roleSF) != 0
	flush := kind == cellFixed && s.canFlush(suit) || s.allowed[suit][r]&(1<<roleFlushWild) != 0
	use := func(cost price, spent int, f filler) {
		if sf {
			visit(4*perCard-cost, min(run+1, 3), fl, spent, f)
		}
		if flush && (run == 0 || run == 3) {
			gain := int32(3 * perCard)
			if fl == 0 {
				gain -= perCard
			}
			visit(gain-cost, 0, min(fl+1, 3), spent, f)
		}
	}
	switch kind {
	case cellFixed:
		use(pb.cell[suit][r], spent, fillCard)
	case cellEmpty:
		if s.parrot[suit] && spent == 0 {
			use(pb.cell[suit][r]+pb.parrot[suit], 1, fillParrot)
		}
		if len(s.captains) > 0 {
			use(pb.cell[suit][r]+pb.captain, spent, fillCaptain)
		}
	}
}

// buildRowFamily: each row alone, with its straight flushes and its flush
// exact, and its own Parrot used at most once.
func (s *solver) buildRowFamily(pb *pricedBound) {
	for _, suit := range s.rows {
		pb.rows[suit] = s.rowTable(pb, suit)
	}
}

// rowTable is one row's table (see pricedBound.rows).
func (s *solver) rowTable(pb *pricedBound, suit Suit) []int32 {
	t := make([]int32, (NumRanks+1)*rowStates)
	for run := range 4 {
		for fl := range 4 {
			for spent := range 2 {
				v := int32(0)
				switch {
				case run == 1 || run == 2:
					v = pricedNoWay
				case fl == 1 || fl == 2:
					v = -int32(3*fl-1) * perCard
				}
				t[rowIndex(NumRanks, run, fl, spent)] = v
			}
		}
	}
	for r := NumRanks - 1; r >= 0; r-- {
		for run := range 4 {
			for fl := range 4 {
				for spent := range 2 {
					best := pricedNoWay
					s.rowMoves(pb, suit, r, run, fl, spent, func(gain int32, run, fl, spent int, _ filler) {
						if v := t[rowIndex(r+1, run, fl, spent)]; v > pricedNoWay {
							best = max(best, v+gain)
						}
					})
					t[rowIndex(r, run, fl, spent)] = best
				}
			}
		}
	}
	return t
}

// fillFor is the wild that fills empty cell (suit, r) for a family other
// than the rows (the cheaper), with its cost; fillNone when none can.
func (s *solver) fillFor(pb *pricedBound, suit Suit, r int) (price, filler) {
	switch s.cells[suit][r] {
	case cellFixed:
		return pb.cell[suit][r], fillCard
	case cellEmpty:
		cost, f := price(0), fillNone
		if len(s.captains) > 0 {
			cost, f = pb.captain, fillCaptain
		}
		if s.parrot[suit] && (f == fillNone || pb.parrot[suit] < cost) {
			cost, f = pb.parrot[suit], fillParrot
		}
		return pb.cell[suit][r] + cost, f
	}
	return 0, fillNone
}

// groupMoves calls visit with every way the group family can treat step
// i's cell with g cards in the column's group so far.
func (s *solver) groupMoves(pb *pricedBound, i, g int, visit func(gain int32, g int, f filler)) {
	visit(0, g, fillNone)
	st := s.steps[i]
	cost, f := s.fillFor(pb, st.suit, st.rank)
	if f != fillNone && s.allowed[st.suit][st.rank]&(1<<roleGroup) != 0 {
		gain := int32(6 * perCard)
		if g == 0 {
			gain -= 8 * perCard
		}
		visit(gain-cost, min(g+1, 2), f)
	}
}

// groupAfter is the group family's value after step i with g cards in the
// column's group: the column's group is settled at its last cell.
func (pb *pricedBound) groupAfter(s *solver, i, g int) int32 {
	if s.steps[i].last {
		if g == 1 {
			return pricedNoWay
		}
		g = 0
	}
	return pb.groups[i+1][g]
}

// buildGroupFamily: each column's group alone.
func (s *solver) buildGroupFamily(pb *pricedBound) {
	n := len(s.steps)
	pb.groups = make([][3]int32, n+1)
	pb.groups[n] = [3]int32{0, pricedNoWay, pricedNoWay}
	for i := n - 1; i >= 0; i-- {
		for g := range 3 {
			best := pricedNoWay
			s.groupMoves(pb, i, g, func(gain int32, g2 int, _ filler) {
				if v := pb.groupAfter(s, i, g2); v > pricedNoWay {
					best = max(best, v+gain)
				}
			})
			pb.groups[i][g] = best
		}
	}
}

// pricedRest is the priced bound on what the rest of the walk after step
// i can add to state k, in 1/perCard points, or pricedNoWay.
func (s *solver) pricedRest(pb *pricedBound, k uint64, i int) int32 {
	rows := pb.rowsRest(k, i)
	if rows <= pricedNoWay {
		return pricedNoWay
	}
	rest := s.handedBack(pb, k, i) + rows
	g := pb.groups[i+1][get(k, offGroup, 2)]
	x := s.crossRest(pb, k, i)
	if g <= pricedNoWay || x <= pricedNoWay {
		return pricedNoWay
	}
	return rest + g + x
}

// rowsRest is the row family's best after step i from state k, or
// pricedNoWay: every suit's rowIndex read straight from the key's run,
// flush and Parrot bits, written out suit by suit (a loop here costs the
// walk a tenth of its time).
func (pb *pricedBound) rowsRest(k uint64, i int) int32 {
	const _ = uint(NumSuits-5) + uint(5-NumSuits) // five suits, as written out
	at, t := &pb.rowAt[i], pb.rowsFlat
	const run, flush, spent = offRun, offFlush, offParrots
	v0 := t[at[0]+int32(k>>run&3)<<3+int32(k>>flush&3)<<1+int32(k>>spent&1)]
	v1 := t[at[1]+int32(k>>(run+2)&3)<<3+int32(k>>(flush+2)&3)<<1+int32(k>>(spent+1)&1)]
	v2 := t[at[2]+int32(k>>(run+4)&3)<<3+int32(k>>(flush+4)&3)<<1+int32(k>>(spent+2)&1)]
	v3 := t[at[3]+int32(k>>(run+6)&3)<<3+int32(k>>(flush+6)&3)<<1+int32(k>>(spent+3)&1)]
	v4 := t[at[4]+int32(k>>(run+8)&3)<<3+int32(k>>(flush+8)&3)<<1+int32(k>>(spent+4)&1)]
	if min(v0, v1, v2, v3, v4) <= pricedNoWay {
		return pricedNoWay
	}
	return v0 + v1 + v2 + v3 + v4
}

// handedBack is what the bound hands back after step i from state k: the
// prices of the cells still to come, and of the wilds not yet spent.
func (s *solver) handedBack(pb *pricedBound, k uint64, i int) int32 {
	return pb.handBack[i+1] + pb.captain*int32(len(s.captains)-get(k, offCapt, 3)) + pb.parrotBack[k>>offParrots&(1<<NumSuits-1)]
}

// pricedRoot is the priced bound on the whole pool, in 1/perCard points.
func (s *solver) pricedRoot(pb *pricedBound) int32 {
	rest := s.handedBack(pb, 0, -1) // before the first step: every cell and wild
	for _, suit := range s.rows {
		rest += pb.rows[suit][rowIndex(0, 0, 0, 0)]
	}
	return rest + pb.groups[0][0] + pb.crosses[0]
}

// pricedBoundAt is the priced bound for state k with value v after step
// i, in node units (see bound).
func (s *solver) pricedBoundAt(k uint64, v int32, i int) int32 {
	rest := s.pricedRest(s.priced, k, i)
	if rest <= pricedNoWay/2 {
		return minKey
	}
	return v + perCard - 1 + wholePoints(rest)
}

// wholePoints rounds a bound in 1/perCard points down to whole points: a
// party's strength is a whole number, and a node value holds at most
// perCard-1 unused cards.
func wholePoints(rest int32) int32 {
	if rest >= 0 {
		return rest / perCard * perCard
	}
	return -((-rest + perCard - 1) / perCard * perCard)
}
