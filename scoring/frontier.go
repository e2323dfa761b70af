package scoring

// pack puts a state's parent (its place in the step before, -1 for the
// walk's start) and its cell's role in one uint32.
func pack(parent int32, role uint8) uint32 { return uint32(parent+1)<<roleBits | uint32(role) }

// unpack is the inverse of pack.
func unpack(link uint32) (int32, uint8) {
	return int32(link>>roleBits) - 1, uint8(link & (1<<roleBits - 1))
}

// roleBits is how many bits pack gives the role: roleFlushWild, the
// highest, fits in 3.
const roleBits = 3

// frontier holds the states the descent keeps after one walk step, in the
// order they were first reached (which fixes the tie order), with an
// open-addressing index from state key to position: the walk makes
// millions of lookups on large pools, and a flat table holding the keys
// themselves is several times faster than a Go map for them.
type frontier struct {
	keys  []uint64
	vals  []int32  // best value reaching the state
	links []uint32 // the parent (its place in the step before) and role that gave it: see pack
	slots []slot
	shift uint
	gen   uint32 // the slots in use carry it: a reset only moves it on
}

// slot is a place of the index: 8 bytes, so that on big pools, where the
// frontier outgrows the caches and the lookups dominate, as many fit in
// them as can. It holds a 16-bit fingerprint of its key, so that a
// lookup reads the key itself (in keys) only when the fingerprints
// match: nearly always the key it looks for.
type slot struct {
	tag uint32 // the frontier's gen above, the key's fingerprint below (16 bits each)
	at  int32  // position in keys
}

const maxGen = 1<<16 - 1

func (f *frontier) reset() {
	if f.slots == nil {
		f.slots, f.shift = make([]slot, 1<<6), 64-6
	}
	// A descent resets dozens of big tables at each start: moving the
	// generation on frees every slot at once.
	if f.gen++; f.gen > maxGen {
		clear(f.slots)
		f.gen = 1
	}
	f.keys, f.vals, f.links = f.keys[:0], f.vals[:0], f.links[:0]
}

// place is where key k's search of the index starts, and the tag a slot
// holding it carries.
func (f *frontier) place(k uint64) (uint64, uint32) {
	h := k * 0x9E3779B97F4A7C15
	return h >> f.shift, f.gen<<16 | uint32(h>>24)&0xFFFF
}

// find returns the position of key k, or, when it is absent, the slot
// where insert should put it.
func (f *frontier) find(k uint64) (int, bool) {
	mask := uint64(len(f.slots) - 1)
	h, tag := f.place(k)
	for ; ; h = (h + 1) & mask {
		sl := f.slots[h]
		if sl.tag>>16 != f.gen {
			return int(h), false
		}
		if sl.tag == tag && f.keys[sl.at] == k {
			return int(sl.at), true
		}
	}
}

// insert adds key k at the free slot find returned.
func (f *frontier) insert(at int, k uint64, v int32, link uint32) {
	_, tag := f.place(k)
	f.slots[at] = slot{tag: tag, at: int32(len(f.keys))}
	f.keys = append(f.keys, k)
	f.vals = append(f.vals, v)
	f.links = append(f.links, link)
	if 2*len(f.keys) > len(f.slots) {
		f.slots = make([]slot, 2*len(f.slots))
		f.shift--
		f.reindex()
	}
}

// reindex fills a new, empty table with the frontier's keys.
func (f *frontier) reindex() {
	mask := uint64(len(f.slots) - 1)
	for i, k := range f.keys {
		h, tag := f.place(k)
		for f.slots[h].tag>>16 == f.gen {
			h = (h + 1) & mask
		}
		f.slots[h] = slot{tag: tag, at: int32(i)}
	}
}
