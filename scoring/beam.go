package scoring

import "slices"

// The beam: a quick look for a strong party, so that the exact passes can
// start at its strength rather than walk the bar down one point at a time.
//
// On the pools built to be slow the relaxed bound starts 6–10 points above
// the best party, and each point the bar drops makes a pass keep about 1.7
// times the states of the one before: walking the bar down costs more than
// twice the last pass. The beam walks the same grid but keeps only the
// states with the best bounds at each step; on the adversarial corpus a
// beam of 8,000 states finds the best party's strength on 12 pools of 13
// (and one point short on the other) in 60–75 ms, a fifth or less of the
// last pass's time.

// beamWidth is how many states the beam keeps a step.
const beamWidth = 8000

// beamAfter is how many states a failed pass must have kept before the
// walk asks the beam: below it, walking the bar down is cheaper.
const beamAfter = 100_000

// beam returns the strength of the best party it finds that is stronger
// than floor strength, or floor when it finds none (or is halted).
func (s *solver) beam(floor int) int {
	var cur, next frontier
	var bounds []int32
	var counts []int
	cur.reset()
	cur.add(0, 0, -1)
	next.reset()
	cut := floorOf(floor + 1)
	for i := range s.steps {
		if s.halt.Load() {
			return floor
		}
		next.reset()
		bounds = bounds[:0]
		for j, pk := range cur.keys {
			pv := cur.vals[j]
			for role := roleNone; role <= roleFlushWild; role++ {
				k, v, ok := s.advance(pk, pv, i, role)
				if !ok {
					continue
				}
				b := s.bound(k, v, i)
				if b < cut {
					continue
				}
				at, seen := next.find(k)
				if !seen {
					next.insert(at, k, v, int32(len(bounds)))
					bounds = append(bounds, b)
				} else if v > next.vals[at] {
					next.vals[at] = v
					bounds[next.ids[at]] = max(bounds[next.ids[at]], b)
				}
			}
		}
		if len(next.keys) > beamWidth {
			// keep the beamWidth states with the best bounds
			least := strongestCut(bounds, beamWidth, &counts)
			cur.reset()
			for j, k := range next.keys {
				if bounds[j] >= least && len(cur.keys) < beamWidth {
					cur.add(k, next.vals[j], 0)
				}
			}
			continue
		}
		cur, next = next, cur
	}
	best := floor
	for j, k := range cur.keys {
		if v, ok := s.finish(k, cur.vals[j]); ok {
			best = max(best, strengthOf(v))
		}
	}
	return best
}

// strongestCut returns the least value v such that at least n of the
// bounds reach v, by counting: the bounds of one step span a few thousand
// values, and a sort of tens of thousands would cost more than the step.
func strongestCut(bounds []int32, n int, counts *[]int) int32 {
	lo, hi := bounds[0], bounds[0]
	for _, b := range bounds {
		lo, hi = min(lo, b), max(hi, b)
	}
	c := slices.Grow((*counts)[:0], int(hi-lo)+1)[:hi-lo+1]
	clear(c)
	for _, b := range bounds {
		c[b-lo]++
	}
	*counts = c
	seen := 0
	for v := hi; v > lo; v-- {
		if seen += c[v-lo]; seen >= n {
			return v
		}
	}
	return lo
}
