package scoring

import (
	"math/bits"
	"sync"
)

// The descent: the walk's exact search, lowering its bar a level at a time
// without starting over.
//
// A level is a strength: the search at level L looks for the best party of
// strength L or more, and keeps every state whose bound reaches L. If it
// finds none, the best party is weaker, and the search goes on at L-1. Run
// as separate passes, each level would walk again every state the levels
// above it walked; on hard pools those repeats cost nearly as much as the
// last pass itself (the states about double a level). The descent keeps
// every step's states from one level to the next instead, and at each
// level walks only what is new there:
//
//   - a state reached for the first time, or with a better value than it
//     was expanded with (a parent walked at a lower level can bring more),
//     is expanded;
//   - a child whose bound falls short of the level is not kept, and its
//     parent notes the highest level such a child reaches; when the
//     descent gets down to that level, the parent is expanded again, and
//     the child comes back.
//
// Within a level the steps go in walk order and each step's states in the
// order they were first reached, so the party found, ties included, does
// not depend on the goroutines that shared the work.

// layer is every state the descent keeps after one step.
type layer struct {
	frontier
	lost    []int16 // the highest level a child its last expansion dropped reaches; -1 none
	wait    []int16 // the level the state waits to be expanded at; -1 none
	touched []int32 // states inserted or raised since the last filing
	read    uint64  // see keep
	// waiting[l-base] has bit j set when state j waits at level l
	waiting [][]uint64
}

// descent is one search over the grid (see above).
type descent struct {
	layers    []layer // layers[t]: the states after t steps
	half      layer   // what the second goroutine reaches, when two share a step
	todo      []int32
	base, top int   // the lowest and highest levels searched
	unpruned  bool  // keep every state (the tests' unpruned walk)
	limit     int   // when above 0, give up past this many states expanded
	expanded  int   // states expanded (the walk's cost)
	winner    int32 // the state of the last layer that ended the best party
	best      int32 // that party's value
}

// probeLimit is how many states the first search, at the column bound and
// with no relaxed tables, may expand before it gives up.
const probeLimit = 4000

// descents keeps the searches of finished walks for the next: their layers
// run to megabytes on big pools, and reusing them spares the garbage
// collector (and the walk its pauses).
var descents = sync.Pool{New: func() any { return new(descent) }}

// start readies d for a descent from level top down to base, the walk's
// start state waiting at top.
func (s *solver) start(d *descent, top, base int) {
	if len(d.layers) != len(s.steps)+1 {
		d.layers = make([]layer, len(s.steps)+1)
	}
	d.top, d.base = top, base
	d.expanded, d.limit, d.unpruned = 0, 0, false
	d.winner, d.best = -1, minKey
	for t := range d.layers {
		d.layers[t].clear(top - base + 1)
	}
	first := &d.layers[0]
	at, _ := first.find(0)
	first.insert(at, 0, 0, pack(-1, roleNone))
	first.grow()
	first.file(0, top, base)
}

// clear empties the layer for a descent over the given number of levels.
func (l *layer) clear(levels int) {
	l.reset()
	l.lost, l.wait, l.touched = l.lost[:0], l.wait[:0], l.touched[:0]
	for len(l.waiting) < levels {
		l.waiting = append(l.waiting, nil)
	}
	for i := range l.waiting {
		l.waiting[i] = l.waiting[i][:0]
	}
}

// grow gives new states their bookkeeping.
func (l *layer) grow() {
	for len(l.lost) < len(l.keys) {
		l.lost = append(l.lost, -1)
		l.wait = append(l.wait, -1)
	}
}

// file makes state j wait at level lv (or at the higher level it waits at
// already).
func (l *layer) file(j int32, lv, base int) {
	if w := int(l.wait[j]); w >= lv {
		return
	} else if w >= 0 {
		l.waiting[w-base][j/64] &^= 1 << (j % 64)
	}
	l.wait[j] = int16(lv)
	bs := &l.waiting[lv-base]
	for len(*bs) <= int(j/64) {
		*bs = append(*bs, 0)
	}
	(*bs)[j/64] |= 1 << (j % 64)
}

// sweep walks the descent at level lv: every state waiting at lv or above
// is expanded, step by step. It reports whether the last layer now holds a
// party of strength lv or more; ok is false when the walk must give up
// (halted, or past its limit).
func (s *solver) sweep(d *descent, lv int) (found, ok bool) {
	n := len(s.steps)
	for t := range n {
		if s.halt.Load() || d.limit > 0 && d.expanded > d.limit {
			return false, false
		}
		d.wake(t, lv)
		if len(d.todo) == 0 {
			continue
		}
		d.expanded += len(d.todo)
		s.work.Add(int64(len(d.todo)))
		in, out := &d.layers[t], &d.layers[t+1]
		if s.helper == nil || len(d.todo) < s.sched.splitAbove {
			if !s.expandAll(d, t, d.todo, lv, out) {
				return false, false
			}
		} else {
			half := len(d.todo) / 2
			d.half.clear(0)
			share := s.helper.post(func() bool {
				return s.expandAll(d, t, d.todo[half:], lv, &d.half)
			})
			first := s.expandAll(d, t, d.todo[:half], lv, out)
			if second := s.helper.wait(share); !first || !second {
				return false, false
			}
			out.merge(&d.half)
		}
		// Filed here, on one goroutine (the bitsets are shared): the
		// states that dropped children wait for the best one's level,
		// and the states reached or raised are walked at this one.
		for _, j := range d.todo {
			if l := int(in.lost[j]); l >= d.base {
				in.file(j, l, d.base)
			}
		}
		out.grow()
		if t+1 < n {
			for _, j := range out.touched {
				out.file(j, lv, d.base)
			}
		}
		out.touched = out.touched[:0]
	}
	last := &d.layers[n]
	d.winner, d.best = -1, minKey
	for j, k := range last.keys {
		if v, ok := s.finish(k, last.vals[j]); ok && v > d.best {
			d.winner, d.best = int32(j), v
		}
	}
	return d.best >= floorOf(lv), true
}

// wake lists in d.todo, in order, the states of layer t waiting at level
// lv or above, and stops their waiting.
func (d *descent) wake(t, lv int) {
	d.todo = d.todo[:0]
	l := &d.layers[t]
	for w := range (len(l.keys) + 63) / 64 {
		var m uint64
		for at := lv; at <= d.top; at++ {
			if bs := l.waiting[at-d.base]; w < len(bs) {
				m |= bs[w]
				bs[w] = 0
			}
		}
		for ; m != 0; m &= m - 1 {
			j := int32(w*64 + bits.TrailingZeros64(m))
			l.wait[j] = -1
			d.todo = append(d.todo, j)
		}
	}
}

// levelOf is the level state k with value v after step i reaches (the
// strength its bound allows), or want when it reaches want: below want,
// the first bound that falls short is enough, which may be a level too
// high (a parent woken there expands again and finds out).
func (s *solver) levelOf(d *descent, k uint64, v int32, i, want int) int {
	if d.unpruned {
		return want
	}
	floor := floorOf(want)
	if s.priced != nil {
		if b := s.pricedBoundAt(k, v, i); b < floor {
			return strengthOf(b)
		}
	}
	wilds := s.wildsLeft(k, i)
	if b := s.columnBound(k, v, i, wilds); b < floor {
		return strengthOf(b)
	}
	if s.relaxedRuns != nil {
		if b := s.relaxedBound(k, v, i, wilds); b < floor {
			return strengthOf(b)
		}
	}
	return want
}

// expandAll expands the states of layer t listed in states into out, at
// level lv: each child keeps its best value and the first link that gave
// it; a child below lv is not kept, and its parent notes the level it
// reaches. It returns false when the walk must stop.
func (s *solver) expandAll(d *descent, t int, states []int32, lv int, out *layer) bool {
	st := s.steps[t]
	roles := s.allowed[st.suit][st.rank] // the roles the cell can take, in order
	in := &d.layers[t]
	var buf [batch]child
	n := 0
	for x, j := range states {
		if x&1023 == 1023 && s.halt.Load() {
			return false
		}
		pk, pv := in.keys[j], in.vals[j]
		lost := -1
		for roles := roles; roles != 0; roles &= roles - 1 {
			role := uint8(bits.TrailingZeros8(roles))
			// s.advance, written out: a call here costs a few
			// percent of the walk's time.
			k, v, ok := s.apply(pk, pv, st, role)
			if !ok {
				continue
			}
			if st.last {
				if k, v, ok = s.endColumn(k, v, st.rank); !ok {
					continue
				}
			} else if s.stuck(k, t) {
				continue
			}
			if clv := s.levelOf(d, k, v, t, lv); clv < lv {
				if clv >= d.base {
					lost = max(lost, clv)
				}
				continue
			}
			buf[n] = child{k, v, pack(j, role)}
			n++
		}
		in.lost[j] = int16(lost)
		if n > batch-int(roleFlushWild)-1 || x == len(states)-1 {
			out.keep(buf[:n])
			n = 0
		}
	}
	return true
}

// batch is how many children expandAll gathers before it looks them up.
const batch = 128

// child is a state expandAll reached, before it is looked up.
type child struct {
	k    uint64
	v    int32
	link uint32
}

// keep adds children to l in order, each keeping its best value and the
// first link that gave it. On hard pools a layer's index is far bigger
// than the caches, so keep first reads the slot of each child in a loop
// of independent loads, which the processor overlaps, where the lookups
// proper would wait for each in turn: in one run that made the corpus
// a fifth faster. (What it read is kept, so that the compiler keeps the
// loads.)
func (l *layer) keep(cs []child) {
	var sum uint64
	for i := range cs {
		h, _ := l.place(cs[i].k)
		sum += uint64(l.slots[h].tag)
	}
	for i := range cs {
		c := &cs[i]
		at, seen := l.find(c.k)
		if !seen {
			l.insert(at, c.k, c.v, c.link)
			l.touched = append(l.touched, int32(len(l.keys)-1))
		} else if c.v > l.vals[at] {
			l.vals[at], l.links[at] = c.v, c.link
			l.touched = append(l.touched, int32(at))
		}
	}
	l.read += sum
}

// merge adds the states the second goroutine reached (from later parents
// than l's) as if one goroutine had reached them all.
func (l *layer) merge(h *layer) {
	for j, k := range h.keys {
		at, seen := l.find(k)
		if !seen {
			l.insert(at, k, h.vals[j], h.links[j])
			l.touched = append(l.touched, int32(len(l.keys)-1))
		} else if h.vals[j] > l.vals[at] {
			l.vals[at], l.links[at] = h.vals[j], h.links[j]
			l.touched = append(l.touched, int32(at))
		}
	}
}

// partyOf rebuilds the best party the descent found.
func (s *solver) partyOf(d *descent) Party {
	roles := make([]uint8, len(s.steps))
	for t, j := len(s.steps), d.winner; t > 0; t-- {
		j, roles[t-1] = unpack(d.layers[t].links[j])
	}
	return s.build(s.steps, roles)
}
