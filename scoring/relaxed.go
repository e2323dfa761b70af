package scoring

// The relaxed walks: bounds that are exact for easier problems.
//
// The column and card bounds judge each state by counting; they cannot see
// that a straight flush or a flush needs three cards of a row, nor that
// wilds are few. On pools with many cards or wilds that slack lets
// millions of hopeless states through. A relaxed walk solves, backwards
// over the same cells, a problem that is easier than the real one, so its
// best value is never below the real best:
//
//   - groups are as in R1.2, with the walk's state for them (the column's
//     group size), on the cells the walk allows them (buildAllowed);
//   - one row shape is also exact, with the walk's state for it: the runs
//     table keeps straight flushes (each row's run length) and pays 3 for
//     a flush card as if every flush were complete; the flush table keeps
//     flushes (each row's count) and pays 4 for a straight-flush card as if
//     every run were long enough;
//   - straights and full ships pay their most a card (2, and 3 for the
//     full ship's 25 over 9) with no shape to complete;
//   - every wild may fill any empty cell (a Parrot is not kept to its row).
//
// Each table gives, for every step and every row state, group size and
// wilds left, the most strength the rest of the walk can add; the real
// walk drops a state when even the lower of the two cannot reach the bar.

// noWay marks a relaxed state that cannot finish; values stay far below 0
// even after gains are added to it.
const noWay = -1 << 14

// relaxedTable is h[step][group][wilds][rows], flattened. The row state is
// only kept for the rows where the table's exact shape can be made at all,
// 2 bits each.
type relaxedTable struct {
	values []int16
	wilds  int    // wilds in the pool: the table covers 0…wilds left
	rows   []Suit // rows with a state in the table, in order
	states int    // 4^len(rows)
	offset uint   // where the row states sit in the walk's key
	whole  bool   // every suit has a row state: compact is one shift
	// wildCap[step]: the most wilds the cells from step on can take (one
	// an empty cell). More wilds left are worth no more, so the table
	// holds values only up to it and index reads the rest there.
	wildCap []int
	noWays  []int16 // see closed
}

func (t *relaxedTable) index(step, group, wilds, rows int) int {
	wilds = min(wilds, t.wildCap[step])
	return ((step*3+group)*(t.wilds+1)+wilds)*t.states + rows
}

// compact picks the table's row states out of a walk state key.
func (t *relaxedTable) compact(k uint64) int {
	if t.whole {
		return int(k >> t.offset & uint64(t.states-1))
	}
	rows := 0
	for j, suit := range t.rows {
		rows |= int(k>>(t.offset+2*uint(suit))&3) << (2 * j)
	}
	return rows
}

// at is the table's bound for the rest of the walk after step i from state
// k with wilds left, or noWay.
func (t *relaxedTable) at(k uint64, i, wilds int) int {
	return int(t.values[t.index(i+1, get(k, offGroup, 2), wilds, t.compact(k))])
}

// buildRelaxed builds both tables, on two goroutines: on wild pools each takes
// milliseconds, more than the walk itself.
func (s *solver) buildRelaxed() {
	if !s.parallel {
		s.relaxedRuns = s.buildRelaxedTable(offRun)
		s.relaxedFlush = s.buildRelaxedTable(offFlush)
		return
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.relaxedFlush = s.buildRelaxedTable(offFlush)
	}()
	s.relaxedRuns = s.buildRelaxedTable(offRun)
	<-done
}

// buildRelaxedTable builds the runs table (offset offRun) or the flush
// table (offset offFlush).
func (s *solver) buildRelaxedTable(offset uint) *relaxedTable {
	runs := offset == offRun
	steps := s.steps
	wilds := s.usableWilds
	t := &relaxedTable{wilds: wilds, offset: offset}
	at := [NumSuits]int{} // position of a suit in t.rows, or -1
	for _, suit := range s.rows {
		at[suit] = -1
		keep := s.canFlush(suit)
		if runs {
			keep = false
			for r := 0; r < NumRanks; r++ {
				keep = keep || s.allowed[suit][r]&(1<<roleSF) != 0
			}
		}
		if keep {
			at[suit] = len(t.rows)
			t.rows = append(t.rows, suit)
		}
	}
	t.states = 1 << (2 * len(t.rows))
	t.whole = len(t.rows) == NumSuits // the suits in card order: the key's layout
	t.values = make([]int16, (len(steps)+1)*3*(wilds+1)*t.states)
	t.wildCap = make([]int, len(steps)+1)
	for i := len(steps) - 1; i >= 0; i-- {
		t.wildCap[i] = t.wildCap[i+1]
		if st := steps[i]; s.cells[st.suit][st.rank] == cellEmpty {
			t.wildCap[i] = min(wilds, t.wildCap[i]+1)
		}
	}
	t.settleEnd(len(steps), runs)
	for i := len(steps) - 1; i >= 0; i-- {
		if s.halt.Load() {
			return t // unfinished, but nothing reads it: the descent stops too
		}
		s.relaxStepAt(t, i, &at, runs)
	}
	return t
}

// settleEnd fills the values after the last step (end), where the group
// is settled: every run must be 0 or 3+, and a flush of 1 or 2 cards is
// undone, as in the walk's finish.
func (t *relaxedTable) settleEnd(end int, runs bool) {
	for w := 0; w <= t.wilds; w++ {
		for rows := 0; rows < t.states; rows++ {
			for g := 0; g < 3; g++ {
				t.values[t.index(end, g, w, rows)] = noWay
			}
			v := noWay
			switch {
			case runs && !shortRun(rows):
				v = 0
			case !runs:
				v = 0
				for x := rows; x != 0; x >>= 2 {
					if n := x & 3; n == 1 || n == 2 {
						v -= 3*n - 1
					}
				}
			}
			t.values[t.index(end, 0, w, rows)] = int16(v)
		}
	}
}

// relaxStepAt fills the values of step i from those of step i+1; at is
// each suit's position in t.rows (-1: not tracked).
func (s *solver) relaxStepAt(t *relaxedTable, i int, at *[NumSuits]int, runs bool) {
	st := s.steps[i]
	kind := s.cells[st.suit][st.rank]
	allowed := s.allowed[st.suit][st.rank]
	sf, group := allowed&(1<<roleSF) != 0, allowed&(1<<roleGroup) != 0
	flush := kind == cellFixed && s.canFlush(st.suit) || allowed&(1<<roleFlushWild) != 0
	cross := 0 // what a straight or full ship pays the cell at most
	switch {
	case allowed&(1<<roleFull) != 0:
		cross = 3
	case allowed&(1<<roleStraight) != 0:
		cross = 2
	}
	if runs && flush {
		cross = 3 // the runs table pays a flush card as if its flush were complete
	}
	shift, tracked := uint(0), at[st.suit] >= 0
	if tracked {
		shift = 2 * uint(at[st.suit])
	}
	// next(g, w) is where the rest of the walk's values start for a
	// group size and wilds left after this cell; the column's group is
	// settled at its end (1 card is no group).
	next := func(g, w int) int {
		if st.last {
			if g == 1 {
				return -1
			}
			g = 0
		}
		return t.index(i+1, g, w, 0)
	}
	// Before the k-th cell of a column (from 0) its group holds at
	// most k cards, so larger groups are never looked up there.
	for g := 0; g <= min(2, i%len(s.rows)); g++ {
		join := 6
		if g == 0 {
			join -= 8
		}
		for w := 0; w <= t.wildCap[i]; w++ {
			usable, w2 := kind == cellFixed, w
			if kind == cellEmpty && w > 0 {
				usable, w2 = true, w-1
			}
			stay, spend, grow := next(g, w), next(g, w2), next(min(g+1, 2), w2)
			if !usable {
				spend, grow = -1, -1
			}
			out := t.values[t.index(i, g, w, 0):][:t.states]
			s.relaxCell(t, out, relaxStep{
				runs: runs, sf: sf, group: group, flush: flush && tracked,
				tracked: tracked, shift: shift, cross: int32(cross), join: int32(join),
				stay: t.slice(stay), spend: t.slice(spend), grow: t.slice(grow),
			})
		}
	}
}

// slice is the row states' values at a table position, or nil for -1 (a
// way that cannot go on).
func (t *relaxedTable) slice(at int) []int16 {
	if at < 0 {
		return nil
	}
	return t.values[at:][:t.states]
}

// relaxStep is what one cell of a relaxed walk may do, for relaxCell.
type relaxStep struct {
	runs, sf, group, flush, tracked bool
	shift                           uint  // the cell's row's bits in the row states
	cross, join                     int32 // what a straight or full ship, and the group, pay
	// the values after the cell: left out, spent (the cell used, its wild
	// if any spent), grown into the group; nil where the way is closed
	stay, spend, grow []int16
}

// relaxCell fills out, the values of every row state before a cell, from
// the values after it. It is the relaxed walks' inner loop (a million
// entries on wild pools), so the ways that are closed are settled once per
// cell, not per entry, and the row states go in blocks that share every
// row's bits but the cell's own.
func (s *solver) relaxCell(t *relaxedTable, out []int16, c relaxStep) {
	// A closed way reads as noWay from a table of its own, so the loops
	// below need no test for it.
	closed := func(vals []int16) []int16 {
		if vals != nil {
			return vals
		}
		return t.closed()
	}
	stay, spend, grow := closed(c.stay), closed(c.spend), closed(c.grow)
	// what putting the cell to use pays when the row's state does not
	// change: a straight flush card (where the row's run is not kept),
	// or a straight or full ship card
	use := int32(noWay)
	if c.cross > 0 {
		use = c.cross
	}
	if c.sf && !(c.runs && c.tracked) {
		use = max(use, 4)
	}
	join := int32(noWay)
	if c.group {
		join = c.join
	}
	// leave is the best of the ways that leave the row's state as it is,
	// after the cell: left out, used in a straight, ship or (untracked)
	// straight flush, or grown into the group.
	leave := func(rows int) int32 {
		return max(int32(stay[rows]), use+int32(spend[rows]), join+int32(grow[rows]))
	}
	if !c.tracked {
		for rows := range out {
			out[rows] = clampWay(leave(rows))
		}
		return
	}
	sf := int32(noWay) // a straight flush card in a tracked run
	if c.sf && c.runs {
		sf = 4
	}
	flush := int32(noWay)
	if c.flush && !c.runs {
		flush = 3
	}
	// the row state with the cell's row at 0, 1, 2 and 3+ is base, base+one,
	// base+2*one and base+3*one
	one := 1 << c.shift
	for hi := 0; hi < t.states; hi += 4 * one {
		for r0 := hi; r0 < hi+one; r0++ {
			r1, r2, r3 := r0+one, r0+2*one, r0+3*one
			if c.runs {
				// A run goes on with the cell, else it stops (r0): the
				// ways that stop it are the same from runs of 0 and 3+,
				// and a run of 1 or 2 must go on (R1.2: 3+).
				stop := leave(r0)
				out[r0] = clampWay(max(stop, sf+int32(spend[r1])))
				out[r1] = clampWay(sf + int32(spend[r2]))
				out[r2] = clampWay(sf + int32(spend[r3]))
				out[r3] = clampWay(max(stop, sf+int32(spend[r3])))
				continue
			}
			// A flush count stays when the cell goes elsewhere; a flush
			// is 8 for 3 cards: 3 a card, less 1 for the first.
			out[r0] = clampWay(max(leave(r0), flush-1+int32(spend[r1])))
			out[r1] = clampWay(max(leave(r1), flush+int32(spend[r2])))
			out[r2] = clampWay(max(leave(r2), flush+int32(spend[r3])))
			out[r3] = clampWay(max(leave(r3), flush+int32(spend[r3])))
		}
	}
}

// clampWay stores a value, noWay for every way that cannot finish.
func clampWay(v int32) int16 { return int16(max(v, noWay)) }

// closed is a row of noWay as long as the table's row states: what a way
// that is closed at a cell leads to.
func (t *relaxedTable) closed() []int16 {
	if len(t.noWays) != t.states {
		t.noWays = make([]int16, t.states)
		for i := range t.noWays {
			t.noWays[i] = noWay
		}
	}
	return t.noWays
}

// canFlush reports whether a row could hold a flush: 3 cards of it, pool
// cards or wilds.
func (s *solver) canFlush(suit Suit) bool {
	n := len(s.captains)
	if s.parrot[suit] {
		n++
	}
	for r := 0; r < NumRanks && n < 3; r++ {
		if s.cells[suit][r] == cellFixed {
			n++
		}
	}
	return n >= 3
}

// shortRun reports whether some row has a straight-flush run of 1 or 2.
func shortRun(runs int) bool {
	for ; runs != 0; runs >>= 2 {
		if r := runs & 3; r == 1 || r == 2 {
			return true
		}
	}
	return false
}

// relaxedRoot is the relaxed walks' bound for the whole pool.
func (s *solver) relaxedRoot() int {
	runs, flush := s.relaxedRuns, s.relaxedFlush
	return min(int(runs.values[runs.index(0, 0, runs.wilds, 0)]), int(flush.values[flush.index(0, 0, flush.wilds, 0)]))
}

// relaxedBound is the relaxed walks' bound for state k with value v and
// wilds left after step i.
func (s *solver) relaxedBound(k uint64, v int32, i, wilds int) int32 {
	rest := min(s.relaxedRuns.at(k, i, wilds), s.relaxedFlush.at(k, i, wilds))
	if rest < noWay/2 {
		return minKey
	}
	rest += 7 * max(get(k, offFull, 3), get(k, offColFS, 3))
	return v + int32(rest)*perCard
}
