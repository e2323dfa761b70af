package scoring

// The relaxed walk: a third bound, exact for an easier problem.
//
// The column and card bounds judge each state by counting; they cannot see
// that a straight flush needs three cells in a row, nor that wilds are few.
// On pools with many cards or wilds that slack lets millions of hopeless
// states through. The relaxed walk solves, backwards over the same cells,
// a problem that is easier than the real one, so its best value is never
// below the real best:
//
//   - groups and straight flushes are as in R1.2, with the walk's state
//     for them (each row's run length, the column's group size), on the
//     cells the walk allows them (buildAllowed);
//   - any other use of a cell is worth a flat rate with no shape to
//     complete: 3 where a flush or full ship could use it (the most either
//     pays a card), 2 where only a straight could;
//   - every wild may fill any empty cell (a Parrot is not kept to its row).
//
// Its table gives, for every step and every straight-flush runs, group
// size and wilds left, the most strength the rest of the walk can add; the
// real walk drops a state when even that cannot reach the bar.

// noWay marks a relaxed state that cannot finish; values stay far below 0
// even after gains are added to it.
const noWay = -1 << 14

// relaxedTable is h[step][group][wilds][runs], flattened. Runs are only
// kept for the rows where a straight flush can be made at all (sfRows),
// 2 bits each.
type relaxedTable struct {
	values []int16
	wilds  int    // wilds in the pool: the table covers 0…wilds left
	sfRows []Suit // rows with a run in the table, in order
	runs   int    // 4^len(sfRows)
}

func (t *relaxedTable) index(step, group, wilds, runs int) int {
	return ((step*3+group)*(t.wilds+1)+wilds)*t.runs + runs
}

// compact picks the runs of sfRows out of a walk state key.
func (t *relaxedTable) compact(k uint64) int {
	runs := 0
	for j, suit := range t.sfRows {
		runs |= int(k>>(offRun+2*uint(suit))&3) << (2 * j)
	}
	return runs
}

func (s *solver) buildRelaxed() {
	steps := s.steps()
	wilds := s.usableWilds
	t := &relaxedTable{wilds: wilds}
	row := [NumSuits]int{} // position of a suit in sfRows, or -1
	for _, suit := range s.rows {
		row[suit] = -1
		for r := 0; r < NumRanks; r++ {
			if s.allowed[suit][r]&(1<<roleSF) != 0 {
				row[suit] = len(t.sfRows)
				t.sfRows = append(t.sfRows, suit)
				break
			}
		}
	}
	t.runs = 1 << (2 * len(t.sfRows))
	t.values = make([]int16, (len(steps)+1)*3*(wilds+1)*t.runs)
	// After the last step every run must be 0 or 3+ and the group settled.
	end := len(steps)
	for w := 0; w <= wilds; w++ {
		for runs := 0; runs < t.runs; runs++ {
			for g := 0; g < 3; g++ {
				t.values[t.index(end, g, w, runs)] = noWay
			}
			if !shortRun(runs) {
				t.values[t.index(end, 0, w, runs)] = 0
			}
		}
	}
	for i := len(steps) - 1; i >= 0; i-- {
		st := steps[i]
		kind := s.cells[st.suit][st.rank]
		allowed := s.allowed[st.suit][st.rank]
		other := 0 // what the cell earns outside groups and straight flushes
		switch {
		case allowed&(1<<roleFull|1<<roleFlushWild) != 0, kind == cellFixed && s.canFlush(st.suit):
			other = 3
		case allowed&(1<<roleStraight) != 0:
			other = 2
		}
		sf, group := allowed&(1<<roleSF) != 0, allowed&(1<<roleGroup) != 0
		shift := uint(0)
		if row[st.suit] >= 0 {
			shift = 2 * uint(row[st.suit])
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
		for g := 0; g < 3; g++ {
			join := 6
			if g == 0 {
				join -= 8
			}
			for w := 0; w <= wilds; w++ {
				usable, w2 := kind == cellFixed, w
				if kind == cellEmpty && w > 0 {
					usable, w2 = true, w-1
				}
				stay, spend, grow := next(g, w), next(g, w2), next(min(g+1, 2), w2)
				out := t.values[t.index(i, g, w, 0):][:t.runs]
				for runs := range t.runs {
					run := 0
					if row[st.suit] >= 0 {
						run = runs >> shift & 3
					}
					cleared := runs &^ (3 << shift)
					if row[st.suit] < 0 {
						cleared = runs
					}
					best := noWay
					if usable && sf && spend >= 0 { // straight flush
						best = max(best, 4+int(t.values[spend+(cleared|min(run+1, 3)<<shift)]))
					}
					if run != 1 && run != 2 {
						if stay >= 0 { // left out
							best = max(best, int(t.values[stay+cleared]))
						}
						if usable && other > 0 && spend >= 0 {
							best = max(best, other+int(t.values[spend+cleared]))
						}
						if usable && group && grow >= 0 {
							best = max(best, join+int(t.values[grow+cleared]))
						}
					}
					out[runs] = int16(max(best, noWay))
				}
			}
		}
	}
	s.relaxed = t
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

// relaxedRoot is the relaxed walk's bound for the whole pool.
func (s *solver) relaxedRoot() int {
	t := s.relaxed
	return int(t.values[t.index(0, 0, t.wilds, 0)])
}

// relaxedBound is the relaxed walk's bound for state k with value v after
// step i.
func (s *solver) relaxedBound(k uint64, v int32, i int) int32 {
	t := s.relaxed
	wilds := s.wildsLeft(k, i)
	rest := int(t.values[t.index(i+1, get(k, offGroup, 2), wilds, t.compact(k))])
	if rest < noWay/2 {
		return minKey
	}
	rest += 7 * max(get(k, offFull, 3), get(k, offColFS, 3))
	return v + int32(rest)*perCard
}
