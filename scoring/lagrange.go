package scoring

import "math"

// The Lagrangian bound: the walk's sharpest bound on wild-heavy pools.
//
// The relaxed walks (relaxed.go) each keep one row shape exact and pay the
// other its most, so on pools where flushes and straight flushes compete
// for the same cells and wilds neither sees the competition. This bound
// splits the party in two halves that are each easy to solve exactly:
//
//   - the row half: flushes and straight flushes, row by row, exact, each
//     row with its own Parrot and any flagged Captains;
//   - the column half: groups exact, straights and full ships at their
//     most a card (as in the relaxed walks), wilds anywhere they fit.
//
// Alone the halves may use the same cell, Parrot or Captain twice. Each
// such use is given a price (a multiplier): a half pays the price of every
// cell and wild it uses, and the bound adds back the price of everything
// there is. For any real party both halves together then pay at most what
// is added back, so for any prices the bound is never below the best
// party. Good prices make it close: a few subgradient steps, once per
// pool, raise the price of what both halves want and lower the price of
// what neither does.
//
// The halves are solved backwards once the prices are set, as tables the
// walk reads for any state: the row half per row from each rank on (by
// the row's straight-flush run, flush count, Parrot and Captains left),
// the column half from each walk step on (by the column's group and the
// wilds left).

// lagScale is the fixed-point scale of the tables: prices are kept to
// 1/lagScale of a strength point.
const lagScale = 32

// lagNoWay marks a state that cannot finish; lagNoWild is the cost of a
// wild a row has none of.
const (
	lagNoWay  = math.MinInt32 / 4
	lagNoWild = -lagNoWay
)

type lagrangian struct {
	captains int // flagged Captains in the pool
	wilds    int // usable wilds (the column half's budget)
	// prices, scaled
	cell    [NumSuits][NumRanks]int32
	captain int32
	parrot  [NumSuits]int32
	// rowTable[suit]: see rowIndex; colTable: see colIndex
	rowTable [NumSuits][]int32
	colTable []int32
	// cellsAfter[i+1]: the prices of the cells after walk step i, summed
	cellsAfter []int32
	// wildCost[suit]: the cheapest wild for an empty cell of the row
	wildCost [NumSuits]int32
}

func (l *lagrangian) rowIndex(pos, run, flush, parrot, captains int) int {
	return (((pos*4+run)*4+flush)*2+parrot)*(l.captains+1) + captains
}

func (l *lagrangian) colIndex(step, group, wilds int) int {
	return (step*3+group)*(l.wilds+1) + wilds
}

// lagStep is one choice of the row half for a cell.
type lagStep struct {
	gain                  int32
	run, flush            int
	parrot, captains, use int // what the choice spends: Parrot, Captains, the cell (0 or 1)
}

// rowChoices lists what the row half may do with cell (suit, pos) from the
// state (run, flush, parrot left, captains left), calling fn with each.
func (s *solver) rowChoices(l *lagrangian, suit Suit, pos, run, flush, parrot, captains int, fn func(lagStep)) {
	kind := s.cells[suit][pos]
	allowed := s.allowed[suit][pos]
	price := l.cell[suit][pos]
	free := run == 0 || run == 3 // a run of 1 or 2 must go on
	if free {
		fn(lagStep{run: 0, flush: flush}) // not in a row shape
	}
	flushGain := int32(3 * lagScale)
	if flush == 0 {
		flushGain = 2 * lagScale // a flush is 8 for 3 cards: 3 a card, less 1
	}
	nextFlush := min(flush+1, 3)
	switch kind {
	case cellFixed:
		if allowed&(1<<roleSF) != 0 {
			fn(lagStep{gain: 4*lagScale - price, run: min(run+1, 3), flush: flush, use: 1})
		}
		if free && s.canFlush(suit) {
			fn(lagStep{gain: flushGain - price, run: 0, flush: nextFlush, use: 1})
		}
	case cellEmpty:
		wild := func(cost int32, p, c int) {
			if allowed&(1<<roleSF) != 0 {
				fn(lagStep{gain: 4*lagScale - price - cost, run: min(run+1, 3), flush: flush, parrot: p, captains: c, use: 1})
			}
			if free && allowed&(1<<roleFlushWild) != 0 {
				fn(lagStep{gain: flushGain - price - cost, run: 0, flush: nextFlush, parrot: p, captains: c, use: 1})
			}
		}
		if parrot == 1 {
			wild(l.parrot[suit], 1, 0)
		}
		if captains > 0 {
			wild(l.captain, 0, 1)
		}
	}
}

// buildRow fills the row half's table of one row.
func (s *solver) buildRow(l *lagrangian, suit Suit) {
	t := l.rowTable[suit]
	if t == nil {
		t = make([]int32, l.rowIndex(NumRanks+1, 0, 0, 0, 0))
		l.rowTable[suit] = t
	}
	for run := range 4 {
		for flush := range 4 {
			v := int32(0)
			if run == 1 || run == 2 {
				v = lagNoWay
			} else if flush == 1 || flush == 2 {
				v = -int32(3*flush-1) * lagScale // undone, as in the walk's finish
			}
			for p := range 2 {
				for c := 0; c <= l.captains; c++ {
					t[l.rowIndex(NumRanks, run, flush, p, c)] = v
				}
			}
		}
	}
	for pos := NumRanks - 1; pos >= 0; pos-- {
		for run := range 4 {
			for flush := range 4 {
				for p := range 2 {
					for c := 0; c <= l.captains; c++ {
						best := int32(lagNoWay)
						s.rowChoices(l, suit, pos, run, flush, p, c, func(ch lagStep) {
							rest := t[l.rowIndex(pos+1, ch.run, ch.flush, p-ch.parrot, c-ch.captains)]
							if rest > lagNoWay {
								best = max(best, ch.gain+rest)
							}
						})
						t[l.rowIndex(pos, run, flush, p, c)] = best
					}
				}
			}
		}
	}
}

// colStep is one choice of the column half for a cell.
type colStep struct {
	gain        int32
	group, wild int // the group size after it, wilds it spends
	use         int // 1 when it uses the cell
}

// colChoices lists what the column half may do at walk step i with the
// column's group g and w wilds left.
func (s *solver) colChoices(l *lagrangian, i, g, w int, fn func(colStep)) {
	st := s.steps[i]
	fn(colStep{group: g})
	kind := s.cells[st.suit][st.rank]
	cost, spend := int32(0), 0
	switch {
	case kind == cellEmpty && w > 0 && l.wildCost[st.suit] < lagNoWild:
		cost, spend = l.wildCost[st.suit], 1
	case kind != cellFixed:
		return
	}
	allowed := s.allowed[st.suit][st.rank]
	price := l.cell[st.suit][st.rank] + cost
	if allowed&(1<<roleGroup) != 0 {
		join := int32(6 * lagScale)
		if g == 0 {
			join = -2 * lagScale // a pair is 4: 6 a card, less 8
		}
		fn(colStep{gain: join - price, group: min(g+1, 2), wild: spend, use: 1})
	}
	switch {
	case allowed&(1<<roleFull) != 0:
		fn(colStep{gain: 3*lagScale - price, group: g, wild: spend, use: 1}) // 25 over 9 cards, rounded up
	case allowed&(1<<roleStraight) != 0:
		fn(colStep{gain: 2*lagScale - price, group: g, wild: spend, use: 1})
	}
}

// colNext is where the column half's values go on after step i with group
// g and w wilds left, or -1: a column's group of 1 card is no group.
func (s *solver) colNext(l *lagrangian, i, g, w int) int {
	if s.steps[i].last {
		if g == 1 {
			return -1
		}
		g = 0
	}
	return l.colIndex(i+1, g, w)
}

// buildCol fills the column half's table.
func (s *solver) buildCol(l *lagrangian) {
	steps := len(s.steps)
	t := l.colTable
	if t == nil {
		t = make([]int32, l.colIndex(steps+1, 0, 0))
		l.colTable = t
	}
	for g := range 3 {
		for w := 0; w <= l.wilds; w++ {
			t[l.colIndex(steps, g, w)] = lagNoWay
			if g == 0 {
				t[l.colIndex(steps, g, w)] = 0
			}
		}
	}
	for i := steps - 1; i >= 0; i-- {
		for g := range 3 {
			for w := 0; w <= l.wilds; w++ {
				best := int32(lagNoWay)
				s.colChoices(l, i, g, w, func(ch colStep) {
					if at := s.colNext(l, i, ch.group, w-ch.wild); at >= 0 && t[at] > lagNoWay {
						best = max(best, ch.gain+t[at])
					}
				})
				t[l.colIndex(i, g, w)] = best
			}
		}
	}
}

// build sets the derived prices and fills every table.
func (s *solver) buildLagTables(l *lagrangian) {
	for _, suit := range s.rows {
		cost := int32(lagNoWild)
		if s.parrot[suit] {
			cost = l.parrot[suit]
		}
		if l.captains > 0 {
			cost = min(cost, l.captain)
		}
		l.wildCost[suit] = cost
		s.buildRow(l, suit)
	}
	s.buildCol(l)
	l.cellsAfter = l.cellsAfter[:0]
	l.cellsAfter = append(l.cellsAfter, make([]int32, len(s.steps)+1)...)
	for i := len(s.steps) - 1; i >= 0; i-- {
		st := s.steps[i]
		l.cellsAfter[i] = l.cellsAfter[i+1] + l.cell[st.suit][st.rank]
	}
}

// lagRoot is the bound for the whole pool, scaled: both halves from the
// start plus every price added back.
func (s *solver) lagRoot(l *lagrangian) int32 {
	total := l.colTable[l.colIndex(0, 0, l.wilds)] + l.cellsAfter[0] + int32(l.captains)*l.captain
	for _, suit := range s.rows {
		p := 0
		if s.parrot[suit] {
			p = 1
			total += l.parrot[suit]
		}
		total += l.rowTable[suit][l.rowIndex(0, 0, 0, p, l.captains)]
	}
	return total
}

// lagUse is what the halves' best solutions at the root use: for the
// subgradient.
type lagUse struct {
	cell     [NumSuits][NumRanks]int
	captains int
	parrot   [NumSuits]int
}

// rootUse follows both halves' tables forward from the root and counts
// what their best solutions use.
func (s *solver) rootUse(l *lagrangian) lagUse {
	var u lagUse
	for _, suit := range s.rows {
		t := l.rowTable[suit]
		run, flush, p, c := 0, 0, 0, l.captains
		if s.parrot[suit] {
			p = 1
		}
		for pos := range NumRanks {
			want := t[l.rowIndex(pos, run, flush, p, c)]
			var pick lagStep
			found := false
			s.rowChoices(l, suit, pos, run, flush, p, c, func(ch lagStep) {
				if found {
					return
				}
				rest := t[l.rowIndex(pos+1, ch.run, ch.flush, p-ch.parrot, c-ch.captains)]
				if rest > lagNoWay && ch.gain+rest == want {
					pick, found = ch, true
				}
			})
			u.cell[suit][pos] += pick.use
			u.parrot[suit] += pick.parrot
			u.captains += pick.captains
			run, flush, p, c = pick.run, pick.flush, p-pick.parrot, c-pick.captains
		}
	}
	g, w := 0, l.wilds
	for i, st := range s.steps {
		want := l.colTable[l.colIndex(i, g, w)]
		var pick colStep
		found := false
		s.colChoices(l, i, g, w, func(ch colStep) {
			if found {
				return
			}
			if at := s.colNext(l, i, ch.group, w-ch.wild); at >= 0 && l.colTable[at] > lagNoWay && ch.gain+l.colTable[at] == want {
				pick, found = ch, true
			}
		})
		u.cell[st.suit][st.rank] += pick.use
		if pick.wild > 0 {
			// the wild the column half paid for: the row's Parrot when
			// it is the cheaper, else a Captain
			if s.parrot[st.suit] && (l.captains == 0 || l.parrot[st.suit] <= l.captain) {
				u.parrot[st.suit]++
			} else {
				u.captains++
			}
		}
		g, w = pick.group, w-pick.wild
		if st.last {
			g = 0
		}
	}
	return u
}

// lagIterations bounds the subgradient steps per pool.
var lagIterations = 40

// buildLagrangian sets the prices by subgradient steps towards the
// lowest bound, given the strength of a party already found (the dive's),
// and keeps the tables of the best prices found.
func (s *solver) buildLagrangian(found int) {
	l := &lagrangian{captains: len(s.captains), wilds: s.usableWilds}
	var cell [NumSuits][NumRanks]float64
	var parrot [NumSuits]float64
	captain := 0.0
	set := func() {
		for _, suit := range s.rows {
			for r := range NumRanks {
				l.cell[suit][r] = int32(math.Round(cell[suit][r] * lagScale))
			}
			l.parrot[suit] = int32(math.Round(parrot[suit] * lagScale))
		}
		l.captain = int32(math.Round(captain * lagScale))
	}
	best := *l
	bestRoot := int32(math.MaxInt32)
	theta, stall := 1.0, 0
	for it := range lagIterations {
		set()
		s.buildLagTables(l)
		root := s.lagRoot(l)
		if lagDebug {
			println("it", it, "root", float64(root)/lagScale, "theta", theta)
		}
		if root < bestRoot {
			bestRoot, stall = root, 0
			best.cell, best.captain, best.parrot = l.cell, l.captain, l.parrot
		} else if stall++; stall >= 3 {
			theta, stall = theta/2, 0
		}
		if int(bestRoot)/lagScale <= found {
			break // the party found is the best: nothing to sharpen
		}
		u := s.rootUse(l)
		var gc [NumSuits][NumRanks]float64
		var gp [NumSuits]float64
		norm := 0.0
		for _, suit := range s.rows {
			for r := range NumRanks {
				gc[suit][r] = float64(1 - u.cell[suit][r])
				if cell[suit][r] == 0 && gc[suit][r] > 0 {
					gc[suit][r] = 0 // a price at 0 cannot go lower
				}
				norm += gc[suit][r] * gc[suit][r]
			}
			if s.parrot[suit] {
				gp[suit] = float64(1 - u.parrot[suit])
				if parrot[suit] == 0 && gp[suit] > 0 {
					gp[suit] = 0
				}
				norm += gp[suit] * gp[suit]
			}
		}
		gCapt := float64(l.captains - u.captains)
		if captain == 0 && gCapt > 0 {
			gCapt = 0
		}
		norm += gCapt * gCapt
		if norm == 0 {
			break
		}
		step := theta * (float64(root)/lagScale - float64(found)) / norm
		for _, suit := range s.rows {
			for r := range NumRanks {
				cell[suit][r] = max(0, cell[suit][r]-step*gc[suit][r])
			}
			parrot[suit] = max(0, parrot[suit]-step*gp[suit])
		}
		captain = max(0, captain-step*gCapt)
	}
	if best.cell != l.cell || best.captain != l.captain || best.parrot != l.parrot {
		l.cell, l.captain, l.parrot = best.cell, best.captain, best.parrot
		s.buildLagTables(l)
	}
	s.lag = l
}

// lagBound is the Lagrangian bound for state k with value v after step i.
func (s *solver) lagBound(k uint64, v int32, i int) int32 {
	l := s.lag
	col := i / len(s.rows)
	walked := i % len(s.rows) // rows up to this one have walked column col
	captains := len(s.captains) - get(k, offCapt, 3)
	total := l.cellsAfter[i+1] + int32(captains)*l.captain
	// (after a column's last cell the walk has settled its group to 0)
	total += l.colTable[l.colIndex(i+1, get(k, offGroup, 2), s.wildsLeft(k, i))]
	for j, suit := range s.rows {
		row := uint(suit)
		pos := col
		if j <= walked {
			pos++
		}
		p := 0
		if s.parrot[suit] && get(k, offParrots+row, 1) == 0 {
			p = 1
			total += l.parrot[suit]
		}
		total += l.rowTable[suit][l.rowIndex(pos, get(k, offRun+2*row, 2), get(k, offFlush+2*row, 2), p, captains)]
	}
	if total < lagNoWay/2 {
		return minKey
	}
	rest := total / lagScale
	if total < 0 && total%lagScale != 0 {
		rest-- // floor
	}
	rest += int32(7 * max(get(k, offFull, 3), get(k, offColFS, 3)))
	return v + rest*perCard
}

var lagDebug = false
