package scoring

import "slices"

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
// The prices are tuned on the whole pool by sixty subgradient steps: a
// cell two families both want costs more, one nobody wants costs less.
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

// crossOpen maps the walk key's bits 20–31 (open straights of 1, 2, 3+
// cards and full ships, 3 bits each) to 0…125; crossColumn maps bits 42–47
// (the column's straight cards and ship cards) to 0…20; -1 where no walk
// state can be.
var crossOpen, crossColumn = func() (open [1 << 12]int16, column [1 << 6]int16) {
	n := int16(0)
	for b := range open {
		open[b] = -1
		if b&7+b>>3&7+b>>6&7+b>>9&7 <= NumSuits {
			open[b], n = n, n+1
		}
	}
	n = 0
	for b := range column {
		column[b] = -1
		if b&7+b>>3&7 <= NumSuits {
			column[b], n = n, n+1
		}
	}
	return
}()

// crossKeys lists the walk bits of every open and column code, the
// inverse of crossOpen and crossColumn.
var crossOpenBits, crossColumnBits = func() (open [openStates]int, column [columnSlots]int) {
	for b, c := range crossOpen {
		if c >= 0 {
			open[c] = b
		}
	}
	for b, c := range crossColumn {
		if c >= 0 {
			column[c] = b
		}
	}
	return
}()

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

// crossStep holds, for every cross state before a cell, the state after
// it when the cell is left out, put in a straight or put in a full ship
// (crossStates: the column settled), or -1 where that is not allowed. They
// depend only on whether the cell is in the first column and whether it
// ends its column, so four tables serve every pool.
type crossStep [crossStates][3]int16

var crossSteps = func() (t [4]crossStep) {
	for variant := range t {
		first, last := variant&1 != 0, variant&2 != 0
		for x := range crossStates {
			ob, cb := crossOpenBits[x/columnSlots], crossColumnBits[x%columnSlots]
			after := [3]int{cb, cb + 1, cb + 8}
			for move, cb2 := range after {
				t[variant][x][move] = int16(crossSettle(first, last, ob, cb2))
			}
			if cb&7+cb>>3&7 >= NumSuits {
				t[variant][x][1], t[variant][x][2] = -1, -1
			}
			if !first && cb>>3&7 >= ob>>9&7 {
				t[variant][x][2] = -1 // past the first column, no new ship
			}
		}
	}
	return
}()

// columnEnds[later][open][n][fs] is the open code after a column of n
// straight cards and fs full-ship cards settles from open code open (later:
// past the first column), or -1 where it cannot: crossSettle for whole
// columns, looked up by the tuning's thousands of column choices.
var columnEnds = func() (t [2][openStates][NumSuits + 1][NumSuits + 1]int16) {
	for later := range t {
		for o := range openStates {
			for n := range NumSuits + 1 {
				for fs := range NumSuits + 1 {
					t[later][o][n][fs] = -1
					if n+fs <= NumSuits {
						if at := crossSettle(later == 0, true, crossOpenBits[o], n|fs<<3); at >= 0 {
							t[later][o][n][fs] = int16(at / columnSlots)
						}
					}
				}
			}
		}
	}
	return
}()

// crossSettle is the cross state after a cell that leaves open bits ob and
// column bits cb, settling the column at its last cell as the walk's
// endColumn does; -1 when the column breaks a straight or a ship.
func crossSettle(first, last bool, ob, cb int) int {
	if cb&7+cb>>3&7 > NumSuits {
		return -1
	}
	if !last {
		return int(crossOpen[ob])*columnSlots + int(crossColumn[cb])
	}
	o1, o2, o3, ships := ob&7, ob>>3&7, ob>>6&7, ob>>9&7
	cards, fs := cb&7, cb>>3&7
	if cards < o1+o2 {
		return -1
	}
	goOn := min(o3, cards-o1-o2)
	fresh := cards - o1 - o2 - goOn
	if first {
		ships = fs
	} else if fs != ships {
		return -1
	}
	nb := fresh | o1<<3 | (o2+goOn)<<6 | ships<<9
	if crossOpen[nb] < 0 {
		return -1
	}
	return int(crossOpen[nb]) * columnSlots
}

// crossGains is what putting step i's cell in a straight and in a full
// ship gains the cross family (less prices), pricedNoWay where it cannot.
func (s *solver) crossGains(pb *pricedBound, i int) (straight, full int32, f filler) {
	st := s.steps[i]
	cost, f := s.fillFor(pb, st.suit, st.rank)
	straight, full = pricedNoWay, pricedNoWay
	if f == fillNone {
		return
	}
	if s.allowed[st.suit][st.rank]&(1<<roleStraight) != 0 {
		straight = 2*perCard - cost
	}
	if s.allowed[st.suit][st.rank]&(1<<roleFull) != 0 {
		full = 2*perCard - cost
	}
	return
}

func (s *solver) crossStepAt(i int) *crossStep {
	st := s.steps[i]
	variant := 0
	if st.rank == 0 {
		variant |= 1
	}
	if st.last {
		variant |= 2
	}
	return &crossSteps[variant]
}

// buildCrossFamily: straights and full ships alone, with the walk's own
// state for them (open straights, ships, the column's cards).
func (s *solver) buildCrossFamily(pb *pricedBound) {
	n := len(s.steps)
	pb.crosses = make([]int32, (n+1)*crossStates)
	for o := range openStates {
		ob := crossOpenBits[o]
		for c := range columnSlots {
			v := pricedNoWay
			if c == 0 && ob&7 == 0 && ob>>3&7 == 0 {
				v = int32(7*(ob>>9&7)) * perCard
			}
			pb.crosses[n*crossStates+o*columnSlots+c] = v
		}
	}
	for i := n - 1; i >= 0; i-- {
		next := pb.crosses[(i+1)*crossStates:][:crossStates]
		out := pb.crosses[i*crossStates:][:crossStates]
		straight, full, _ := s.crossGains(pb, i)
		moves := s.crossStepAt(i)
		for x := range out {
			m := &moves[x]
			best := pricedNoWay
			if m[0] >= 0 {
				best = next[m[0]]
			}
			if m[1] >= 0 && straight > pricedNoWay && next[m[1]] > pricedNoWay {
				best = max(best, next[m[1]]+straight)
			}
			if m[2] >= 0 && full > pricedNoWay && next[m[2]] > pricedNoWay {
				best = max(best, next[m[2]]+full)
			}
			out[x] = best
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

// crossRest is the cross family's best after step i from state k, or
// pricedNoWay.
func (s *solver) crossRest(pb *pricedBound, k uint64, i int) int32 {
	o, c := crossOpen[k>>offOpen&(1<<12-1)], crossColumn[k>>offColST&(1<<6-1)]
	if o < 0 || c < 0 {
		return pricedNoWay
	}
	return pb.crosses[(i+1)*crossStates+int(o)*columnSlots+int(c)]
}

// pricedRoot is the priced bound on the whole pool, in 1/perCard points.
func (s *solver) pricedRoot(pb *pricedBound) int32 {
	rest := s.handedBack(pb, 0, -1) // before the first step: every cell and wild
	for _, suit := range s.rows {
		rest += pb.rows[suit][rowIndex(0, 0, 0, 0)]
	}
	return rest + pb.groups[0][0] + pb.crosses[0]
}

// tunePrices runs subgradient steps from starting prices, aiming at target
// (the value of a party the walk knows: the bound can get no lower), and
// returns the prices that gave the lowest bound, their tables built.
//
// A step raises the price of every cell the families' best choices take
// twice or more (and of the wilds they take more of than the pool holds),
// and lowers that of every cell none of them takes, by Polyak's rule: the
// step's size is a share of the gap between the bound and the target,
// over the square of the subgradient's length.
func (s *solver) tunePrices(steps int, target int32) *pricedBound {
	// Start from prices near where tuning ends on hard pools (a pool card
	// about 3 points, a wild about 5): from zero, the first steps only
	// climb there.
	var cell [NumSuits][NumRanks]float64
	var parrot [NumSuits]float64
	captain := pricedStartWild
	for _, suit := range s.rows {
		for r := range NumRanks {
			if s.cells[suit][r] == cellFixed {
				cell[suit][r] = pricedStartCard
			}
		}
		if s.parrot[suit] {
			parrot[suit] = pricedStartWild
		}
	}
	var best *pricedBound
	bestRoot := int32(0)
	alpha := pricedAlpha
	for range steps {
		if s.halt.Load() {
			break
		}
		cur := &pricedBound{captain: price(captain + 0.5)}
		for _, suit := range s.rows {
			for r := range NumRanks {
				cur.cell[suit][r] = price(cell[suit][r] + 0.5)
			}
			cur.parrot[suit] = price(parrot[suit] + 0.5)
		}
		root, cells, captains, parrots := s.evaluatePrices(cur)
		if best == nil || root < bestRoot {
			best, bestRoot = cur, root
		}
		// the subgradient, where a step can move the price (none goes
		// below 0)
		norm := 0
		add := func(over int, was float64) {
			if over > 0 || was > 0 {
				norm += over * over
			}
		}
		for _, suit := range s.rows {
			for r := range NumRanks {
				if s.cells[suit][r] != cellOutside {
					add(cells[suit][r]-1, cell[suit][r])
				}
			}
			if s.parrot[suit] {
				add(parrots[suit]-1, parrot[suit])
			}
		}
		add(captains-len(s.captains), captain)
		if norm == 0 || root <= target {
			break // the families agree, or the bound is the known party's
		}
		step := alpha * float64(root-target) / float64(norm)
		alpha *= pricedDecay
		move := func(p *float64, over int) {
			*p = max(0, *p+step*float64(over))
		}
		for _, suit := range s.rows {
			for r := range NumRanks {
				if s.cells[suit][r] != cellOutside {
					move(&cell[suit][r], cells[suit][r]-1)
				}
			}
			if s.parrot[suit] {
				move(&parrot[suit], parrots[suit]-1)
			}
		}
		move(&captain, captains-len(s.captains))
	}
	if best == nil {
		best = &pricedBound{}
	}
	s.buildPriced(best)
	return best
}

// pricedSteps is how many subgradient steps tune the prices, and
// pricedAlpha and pricedDecay the size of the first step (a share of the
// distance from the bound to the party the walk knows) and how it shrinks.
// On the adversarial corpus, from the starting prices below, sixty steps
// come within half a point of the bound two hundred reach; in one run the
// corpus took 8 % less time with sixty than with a hundred, and 5 % less
// than with forty.
const pricedSteps = 60

var pricedAlpha, pricedDecay = 0.3, 0.95

// pricedStartCard and pricedStartWild are the prices tuning starts from.
const pricedStartCard, pricedStartWild float64 = 3 * perCard, 5 * perCard

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

// usePrices tunes the priced bound for the pool, aiming at low (the
// strength of a party the walk knows), and puts it to use.
func (s *solver) usePrices(low int) {
	s.priced = s.tunePrices(pricedSteps, int32(low*perCard))
}

// columnPick is the cheapest way for the cross family to take n straight
// cards and fs ship cards in one column: its cost and the rows it takes.
type columnPick struct {
	cost           int32
	ok             bool
	straight, ship uint8 // bits by position in s.rows
}

// columnPicks works out every column pick of column c by trying each row
// left out, in a straight or in a ship.
func (s *solver) columnPicks(pb *pricedBound, c int) (picks [NumSuits + 1][NumSuits + 1]columnPick) {
	var try func(j int, cost int32, straight, ship uint8, n, fs int)
	try = func(j int, cost int32, straight, ship uint8, n, fs int) {
		if j == len(s.rows) {
			p := &picks[n][fs]
			if !p.ok || cost < p.cost {
				*p = columnPick{cost, true, straight, ship}
			}
			return
		}
		try(j+1, cost, straight, ship, n, fs)
		suit := s.rows[j]
		fill, f := s.fillFor(pb, suit, c)
		if f == fillNone {
			return
		}
		if s.allowed[suit][c]&(1<<roleStraight) != 0 {
			try(j+1, cost+fill, straight|1<<j, ship, n+1, fs)
		}
		if s.allowed[suit][c]&(1<<roleFull) != 0 {
			try(j+1, cost+fill, straight, ship|1<<j, n, fs+1)
		}
	}
	try(0, 0, 0, 0, 0, 0)
	return
}

// crossReach lists the open codes (see crossOpen) the cross family can be
// in before column c, from no straights or ships before the first: the
// tuning need not value the others, and they do not depend on prices.
func (s *solver) crossReach(c int) []int16 {
	if s.crossReachable == nil {
		s.crossReachable = make([][]int16, NumRanks)
		pb := &pricedBound{}
		seen := [openStates]bool{}
		s.crossReachable[0] = []int16{0}
		for c := range NumRanks - 1 {
			picks := s.columnPicks(pb, c)
			seen = [openStates]bool{}
			for _, o := range s.crossReachable[c] {
				for n := range NumSuits + 1 {
					for fs := range NumSuits + 1 - n {
						if at := columnEnds[min(c, 1)][o][n][fs]; picks[n][fs].ok && at >= 0 && !seen[at] {
							seen[at] = true
							s.crossReachable[c+1] = append(s.crossReachable[c+1], at)
						}
					}
				}
			}
			slices.Sort(s.crossReachable[c+1])
		}
	}
	return s.crossReachable[c]
}

// evaluatePrices solves the three families for pb's prices, the crosses
// column by column (cheaper than the table the walk reads), and returns
// the bound on the whole pool with what the families' best choices use
// together: each cell, the Captains, each row's Parrot.
func (s *solver) evaluatePrices(pb *pricedBound) (root int32, cells [NumSuits][NumRanks]int, captains int, parrots [NumSuits]int) {
	s.buildRowFamily(pb)
	s.buildGroupFamily(pb)
	count := func(suit Suit, r int, f filler) {
		switch f {
		case fillNone:
			return
		case fillParrot:
			parrots[suit]++
		case fillCaptain:
			captains++
		}
		cells[suit][r]++
	}
	for _, suit := range s.rows {
		t := pb.rows[suit]
		run, fl, spent := 0, 0, 0
		for r := range NumRanks {
			want, done := t[rowIndex(r, run, fl, spent)], false
			s.rowMoves(pb, suit, r, run, fl, spent, func(gain int32, run2, fl2, spent2 int, f filler) {
				if !done && t[rowIndex(r+1, run2, fl2, spent2)]+gain == want {
					done, run, fl, spent = true, run2, fl2, spent2
					count(suit, r, f)
				}
			})
		}
	}
	g := 0
	for i, st := range s.steps {
		want, done := pb.groups[i][g], false
		s.groupMoves(pb, i, g, func(gain int32, g2 int, f filler) {
			if v := pb.groupAfter(s, i, g2); !done && v > pricedNoWay && v+gain == want {
				done = true
				g = g2
				if st.last {
					g = 0
				}
				count(st.suit, st.rank, f)
			}
		})
	}
	// the crosses, a column at a time: values[c][open] is their best from
	// column c on
	var picks [NumRanks][NumSuits + 1][NumSuits + 1]columnPick
	var values [NumRanks + 1][openStates]int32
	for o := range openStates {
		ob := crossOpenBits[o]
		values[NumRanks][o] = pricedNoWay
		if ob&7 == 0 && ob>>3&7 == 0 {
			values[NumRanks][o] = int32(7*(ob>>9&7)) * perCard
		}
	}
	// options[c]: the column's picks that can be made, with their gains
	type option struct {
		n, fs int8
		gain  int32
	}
	var options [NumRanks][]option
	choose := func(c, o int) (best int32, bn, bfs int) {
		best = pricedNoWay
		ends := &columnEnds[min(c, 1)][o]
		for _, op := range options[c] {
			at := ends[op.n][op.fs]
			if at < 0 {
				continue
			}
			if v := values[c+1][at]; v > pricedNoWay && v+op.gain > best {
				best, bn, bfs = v+op.gain, int(op.n), int(op.fs)
			}
		}
		return
	}
	var optionsBuf [NumRanks * (NumSuits + 1) * (NumSuits + 1)]option
	free := optionsBuf[:0]
	for c := NumRanks - 1; c >= 0; c-- {
		picks[c] = s.columnPicks(pb, c)
		at := len(free)
		for n := range NumSuits + 1 {
			for fs := range NumSuits + 1 - n {
				if p := &picks[c][n][fs]; p.ok {
					free = append(free, option{int8(n), int8(fs), int32(2*perCard*(n+fs)) - p.cost})
				}
			}
		}
		options[c] = free[at:]
		for _, o := range s.crossReach(c) {
			values[c][o], _, _ = choose(c, int(o))
		}
	}
	o := 0
	for c := range NumRanks {
		_, n, fs := choose(c, o)
		p := &picks[c][n][fs]
		for j, suit := range s.rows {
			if (p.straight|p.ship)&(1<<j) != 0 {
				_, f := s.fillFor(pb, suit, c)
				count(suit, c, f)
			}
		}
		o = crossSettle(c == 0, true, crossOpenBits[o], n|fs<<3) / columnSlots
	}
	root = values[0][0] + pb.captain*int32(len(s.captains)) + pb.groups[0][0]
	for _, suit := range s.rows {
		if s.parrot[suit] {
			root += pb.parrot[suit]
		}
		root += pb.rows[suit][rowIndex(0, 0, 0, 0)]
		for r := range NumRanks {
			if s.cells[suit][r] != cellOutside {
				root += pb.cell[suit][r]
			}
		}
	}
	return
}
