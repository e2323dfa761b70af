package scoring

import "slices"

// Tuning the priced bound's prices: subgradient steps on the whole pool.
// Each step solves the three families for the current prices, the crosses
// column by column (cheaper than the table the walk reads), sees which
// cells and wilds the families' best choices take twice or not at all,
// and moves those prices.

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
const (
	pricedSteps              = 60
	pricedAlpha, pricedDecay = 0.3, 0.95
)

// pricedStartCard and pricedStartWild are the prices tuning starts from.
const pricedStartCard, pricedStartWild float64 = 3 * perCard, 5 * perCard

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
	var use priceUse
	s.countRowChoices(pb, &use)
	s.countGroupChoices(pb, &use)
	crosses := s.countCrossChoices(pb, &use)
	root = crosses + pb.captain*int32(len(s.captains)) + pb.groups[0][0] + s.pricedConstant(pb)
	return root, use.cells, use.captains, use.parrots
}

// priceUse counts how many of the families' best choices take each cell
// and each wild: the subgradient a tuning step follows.
type priceUse struct {
	cells    [NumSuits][NumRanks]int
	captains int
	parrots  [NumSuits]int
}

// take counts one choice of cell (suit, r), filled by f.
func (u *priceUse) take(suit Suit, r int, f filler) {
	switch f {
	case fillNone:
		return
	case fillParrot:
		u.parrots[suit]++
	case fillCaptain:
		u.captains++
	}
	u.cells[suit][r]++
}

// countRowChoices follows each suit's row family down its best path,
// counting the cells it takes.
func (s *solver) countRowChoices(pb *pricedBound, use *priceUse) {
	for _, suit := range s.rows {
		t := pb.rows[suit]
		run, fl, spent := 0, 0, 0
		for r := range NumRanks {
			want, done := t[rowIndex(r, run, fl, spent)], false
			s.rowMoves(pb, suit, r, run, fl, spent, func(gain int32, run2, fl2, spent2 int, f filler) {
				if !done && t[rowIndex(r+1, run2, fl2, spent2)]+gain == want {
					done, run, fl, spent = true, run2, fl2, spent2
					use.take(suit, r, f)
				}
			})
		}
	}
}

// countGroupChoices follows the group family down its best path.
func (s *solver) countGroupChoices(pb *pricedBound, use *priceUse) {
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
				use.take(st.suit, st.rank, f)
			}
		})
	}
}

// countCrossChoices solves the crosses a column at a time (values[c][open]
// is their best from column c on), counts the cells the best choice
// takes, and returns its value.
func (s *solver) countCrossChoices(pb *pricedBound, use *priceUse) int32 {
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
				use.take(suit, c, f)
			}
		}
		o = crossSettle(c == 0, true, crossOpenBits[o], n|fs<<3) / columnSlots
	}
	return values[0][0]
}

// pricedConstant is the part of the priced bound that no choice changes:
// each row family's start, the parrots' prices and every cell's price
// inside the pool.
func (s *solver) pricedConstant(pb *pricedBound) int32 {
	var sum int32
	for _, suit := range s.rows {
		if s.parrot[suit] {
			sum += pb.parrot[suit]
		}
		sum += pb.rows[suit][rowIndex(0, 0, 0, 0)]
		for r := range NumRanks {
			if s.cells[suit][r] != cellOutside {
				sum += pb.cell[suit][r]
			}
		}
	}
	return sum
}
