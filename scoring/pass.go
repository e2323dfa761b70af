package scoring

import (
	"sync"
)

// pass is one exact walk over the grid: its frontiers, and the history it
// keeps to rebuild its best party.
type pass struct {
	nodes     history // every node kept: its parent and its cell's role
	winner    int32   // the node that ended the best party
	best      int32   // that party's value
	frontiers [2]frontier
	half      frontier // the second half's states, when two goroutines share a step
	limit     int      // when above 0, the pass gives up past this many states
}

// probeLimit is how many states the first pass, at the column bound and
// with no relaxed tables, may keep before it gives up.
const probeLimit = 4000

// splitAbove is how many states a step must start from before a parallel
// walk shares it between two goroutines: below it the hand-over costs
// more than it saves. A variable so that a test can share every step.
var splitAbove = 2048

// passes keeps the passes of finished walks for the next: their tables
// and histories run to megabytes on big pools, and reusing them spares
// the garbage collector (and the walk its pauses).
var passes = sync.Pool{New: func() any { return new(pass) }}

// takePass returns a pass ready to run: one from the pool may have been
// limited by the walk that used it last.
func takePass() *pass {
	p := passes.Get().(*pass)
	p.limit = 0
	return p
}

// run walks the grid, dropping only states whose optimistic bound is below
// floor (minKey: none). It returns the value of the best complete party and
// keeps the walk's history in p for party(). When the solver is halted the
// pass gives up with no party.
//
// On a parallel solver, a big step is shared by two goroutines, each
// taking half of the states it starts from; the second half's states are
// then merged into the first's in order, which gives the very states,
// values and parents one goroutine would have (the tie order included).
func (s *solver) run(p *pass, floor int32) int32 {
	steps := s.steps
	p.nodes.reset()
	p.winner, p.best = -1, minKey
	prev := &p.frontiers[0]
	prev.reset()
	prev.add(0, 0, 0)
	prev.ids = append(prev.ids[:0], -1)
	cur := &p.frontiers[1]
	for i := range steps {
		if s.halt.Load() {
			return minKey
		}
		if p.limit > 0 && p.nodes.len() > p.limit {
			return minKey
		}
		cur.reset()
		n := len(prev.keys)
		if !s.parallel || n < splitAbove {
			if !s.expand(p, prev, 0, n, i, floor, cur) {
				return minKey
			}
		} else {
			p.half.reset()
			var second bool
			done := make(chan struct{})
			go func() {
				defer close(done)
				second = s.expand(p, prev, n/2, n, i, floor, &p.half)
			}()
			first := s.expand(p, prev, 0, n/2, i, floor, cur)
			<-done
			if !first || !second {
				return minKey
			}
			cur.merge(&p.half)
		}
		// one history node a state kept
		cur.ids = cur.ids[:0]
		for _, link := range cur.links {
			cur.ids = append(cur.ids, p.nodes.addLink(link))
		}
		prev, cur = cur, prev
	}
	s.work.Add(int64(p.nodes.len()))
	for i, k := range prev.keys {
		v, ok := s.finish(k, prev.vals[i])
		if ok && v > p.best {
			p.winner, p.best = prev.ids[i], v
		}
	}
	return p.best
}

// expand walks step i from the states prev[lo:hi] into out, keeping for
// each new state its best value and the link (parent node and role) that
// gave it; ties go to the first. It returns false when the pass must stop.
func (s *solver) expand(p *pass, prev *frontier, lo, hi, i int, floor int32, out *frontier) bool {
	st := s.steps[i]
	for pi := lo; pi < hi; pi++ {
		if pi&1023 == 1023 && s.halt.Load() {
			return false
		}
		pk, pv, pid := prev.keys[pi], prev.vals[pi], prev.ids[pi]
		for role := roleNone; role <= roleFlushWild; role++ {
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
			} else if s.stuck(k, i) {
				continue
			}
			// The bound grows with the value, so a value whose bound
			// is below the floor is also below the value of any state
			// already kept under the same key: it can be dropped before
			// the (costlier) lookup.
			if floor != minKey && !s.reaches(k, v, i, floor) {
				continue
			}
			j, seen := out.find(k)
			if seen {
				if v > out.vals[j] {
					out.vals[j], out.links[j] = v, pack(pid, role)
				}
				continue
			}
			out.insert(j, k, v, pack(pid, role))
		}
	}
	return true
}

// frontier holds the states reached after one walk step, in the order they
// were first reached (which fixes the tie order), with an open-addressing
// index from state key to position: the walk makes millions of lookups on
// large pools, and a flat table holding the keys themselves is several
// times faster than a Go map for them.
type frontier struct {
	keys  []uint64
	vals  []int32  // best value reaching the state
	links []uint32 // the parent and role that gave it (see pack)
	ids   []int32  // the state's node in the walk history, once its step is done
	slots []slot
	shift uint
}

// slot holds its key, so that a lookup reads one cache line, not two: on
// big pools the frontier outgrows the caches and the lookups dominate.
type slot struct {
	key uint64
	at  int32 // position+1 in keys, 0 for a free slot
}

func (f *frontier) reset() {
	if f.slots == nil {
		f.slots, f.shift = make([]slot, 1<<10), 64-10
	}
	mask := uint64(len(f.slots) - 1)
	for _, k := range f.keys {
		// free only the slots in use: cheaper than clearing a big table
		for h := f.hash(k); f.slots[h].at != 0; h = (h + 1) & mask {
			f.slots[h].at = 0
		}
	}
	f.keys, f.vals, f.links, f.ids = f.keys[:0], f.vals[:0], f.links[:0], f.ids[:0]
}

func (f *frontier) hash(k uint64) uint64 { return (k * 0x9E3779B97F4A7C15) >> f.shift }

// find returns the position of key k, or, when it is absent, the slot
// where insert should put it.
func (f *frontier) find(k uint64) (int, bool) {
	mask := uint64(len(f.slots) - 1)
	for h := f.hash(k); ; h = (h + 1) & mask {
		sl := &f.slots[h]
		if sl.at == 0 {
			return int(h), false
		}
		if sl.key == k {
			return int(sl.at - 1), true
		}
	}
}

// insert adds key k at the free slot find returned.
func (f *frontier) insert(at int, k uint64, v int32, link uint32) {
	f.keys = append(f.keys, k)
	f.vals = append(f.vals, v)
	f.links = append(f.links, link)
	f.slots[at] = slot{key: k, at: int32(len(f.keys))}
	if 2*len(f.keys) > len(f.slots) {
		f.slots = make([]slot, 2*len(f.slots))
		f.shift--
		f.reindex()
	}
}

func (f *frontier) add(k uint64, v int32, link uint32) {
	at, _ := f.find(k)
	f.insert(at, k, v, link)
}

// merge adds the states of g, reached from later parents than f's: a
// state in both keeps f's unless g's value is higher.
func (f *frontier) merge(g *frontier) {
	for j, k := range g.keys {
		at, seen := f.find(k)
		if !seen {
			f.insert(at, k, g.vals[j], g.links[j])
		} else if g.vals[j] > f.vals[at] {
			f.vals[at], f.links[at] = g.vals[j], g.links[j]
		}
	}
}

func (f *frontier) reindex() {
	clear(f.slots)
	mask := uint64(len(f.slots) - 1)
	for i, k := range f.keys {
		h := f.hash(k)
		for f.slots[h].at != 0 {
			h = (h + 1) & mask
		}
		f.slots[h] = slot{key: k, at: int32(i + 1)}
	}
}
