package scoring

import (
	"sync"
	"sync/atomic"
)

// pass is one exact walk over the grid: its frontiers, and the history it
// keeps to rebuild its best party.
type pass struct {
	nodes     history // every node kept: its parent and its cell's role
	winner    int32   // the node that ended the best party
	best      int32   // that party's value
	frontiers [2]frontier
	stop      atomic.Bool // set when the pass's answer is no longer needed
	limit     int         // when above 0, the pass gives up past this many states
}

// probeLimit is how many states the first pass, at the column bound and
// with no relaxed tables, may keep before it gives up.
const probeLimit = 4000

// passes keeps the passes of finished walks for the next: their tables
// and histories run to megabytes on big pools, and reusing them spares
// the garbage collector (and the walk its pauses).
var passes = sync.Pool{New: func() any { return new(pass) }}

// takePass returns a pass ready to run: one from the pool may have been
// stopped, or limited, by the walk that used it last.
func takePass() *pass {
	p := passes.Get().(*pass)
	p.stop.Store(false)
	p.limit = 0
	return p
}

// run walks the grid, dropping only states whose optimistic bound is below
// floor (minKey: none). It returns the value of the best complete party and
// keeps the walk's history in p for party(). A pass told to stop gives up
// between steps with no party.
func (s *solver) run(p *pass, floor int32) int32 {
	steps := s.steps
	p.nodes.reset()
	p.winner, p.best = -1, minKey
	prev := &p.frontiers[0]
	prev.reset()
	prev.add(0, 0, -1)
	cur := &p.frontiers[1]
	for i, st := range steps {
		if p.stop.Load() || s.halt.Load() {
			return minKey
		}
		if p.limit > 0 && p.nodes.len() > p.limit {
			return minKey
		}
		cur.reset()
		for pi := range prev.keys {
			if pi&1023 == 1023 && s.halt.Load() {
				return minKey
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
				j, seen := cur.find(k)
				if seen {
					if v > cur.vals[j] {
						cur.vals[j] = v
						p.nodes.set(cur.ids[j], pid, role)
					}
					continue
				}
				cur.insert(j, k, v, p.nodes.add(pid, role))
			}
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

// frontier holds the states reached after one walk step, in the order they
// were first reached (which fixes the tie order), with an open-addressing
// index from state key to position: the walk makes millions of lookups on
// large pools, and a flat table holding the keys themselves is several
// times faster than a Go map for them.
type frontier struct {
	keys  []uint64
	vals  []int32 // best value reaching the state
	ids   []int32 // the state's node in the walk history
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
	f.keys, f.vals, f.ids = f.keys[:0], f.vals[:0], f.ids[:0]
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
func (f *frontier) insert(at int, k uint64, v, id int32) {
	f.keys = append(f.keys, k)
	f.vals = append(f.vals, v)
	f.ids = append(f.ids, id)
	f.slots[at] = slot{key: k, at: int32(len(f.keys))}
	if 2*len(f.keys) > len(f.slots) {
		f.slots = make([]slot, 2*len(f.slots))
		f.shift--
		f.reindex()
	}
}

func (f *frontier) add(k uint64, v, id int32) {
	at, _ := f.find(k)
	f.insert(at, k, v, id)
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
