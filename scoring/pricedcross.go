package scoring

// The priced bound's cross family: straights and full ships alone, with
// the walk's own state for them (the open straights by length, the full
// ships, the current column's straight and ship cards), packed into small
// codes so that one table row serves every walk state. The state's moves
// depend only on whether a cell is in the first column and whether it ends
// its column, so they are worked out once for every pool.

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

// crossRest is the cross family's best after step i from state k, or
// pricedNoWay.
func (s *solver) crossRest(pb *pricedBound, k uint64, i int) int32 {
	o, c := crossOpen[k>>offOpen&(1<<12-1)], crossColumn[k>>offColST&(1<<6-1)]
	if o < 0 || c < 0 {
		return pricedNoWay
	}
	return pb.crosses[(i+1)*crossStates+int(o)*columnSlots+int(c)]
}
