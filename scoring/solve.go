package scoring

import (
	"context"
	"math/bits"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
)

// Solve returns the best raiding party for a pool (R1.7): the maximum
// strength, and among parties of that strength one that leaves the most
// pirates unused. The pool must be valid (ParseCards, CheckInPlay); the
// answer does not depend on the order of the cards.
//
// Two exact solvers share the work. Pools of up to 15 pirates besides at
// most 3 wilds (nearly every pool at the table) go to the set search
// (small.go), which is quick where there are few cards; bigger or wilder
// pools go to the grid walk below, whose cost grows far more slowly with
// the pool. The tests hold both to the brute-force reference and to each
// other.
//
// How the grid walk works. A party never holds two cards with the same
// suit and rank (R1.6), so a party is a set of cells of the suit × rank
// grid, each filled by the pool's card printed there or by a wild (a Parrot
// in its own suit's row, a flagged Captain anywhere). Every set pattern is
// a shape on that grid: a group lies in one rank column, a flush or
// straight flush in one suit row, a straight or full ship takes one cell in
// each of consecutive columns. The solver walks the grid cell by cell, rank
// 1 to Captain and suit by suit within a rank, deciding each cell's role;
// what the rest of the walk needs to know about the past fits in a small
// state (per suit: the length of the straight-flush run and of the flush so
// far, capped at 3; how many straights are open and how long; how many full
// ships; which wilds are spent; the current column's group). Equal states
// merge, keeping the better past, which makes the walk exact dynamic
// programming. States whose optimistic bound cannot reach a bar are
// dropped, which keeps large pools fast without giving up exactness; the
// tightest bounds come from relaxed walks, solved backwards once per pool
// (relaxed.go).
//
// Tie order: when parties tie on strength and unused pirates, each solver
// keeps the first in its own fixed order, so the same pool always gives
// the same party. The walk's order: cells rank by rank from 1, suits in
// card order; at each cell: leave it, group, straight flush, straight, full
// ship, flush. The set search's order is in small.go.
func Solve(pool []Card, opt Options) Party {
	p, _ := solve(nil, pool, opt)
	return p
}

// SolveContext is Solve for callers that may stop waiting: it gives up
// soon after ctx is done (well under a millisecond on every pool, since
// both solvers look at the flag between small steps) and then returns
// ctx.Err() with no party.
func SolveContext(ctx context.Context, pool []Card, opt Options) (Party, error) {
	if err := ctx.Err(); err != nil {
		return Party{}, err
	}
	halt := new(atomic.Bool)
	stop := context.AfterFunc(ctx, func() { halt.Store(true) })
	defer stop()
	p, ok := solve(halt, pool, opt)
	if !ok {
		return Party{}, ctx.Err()
	}
	return p, nil
}

// solve picks the solver for the pool. halt (nil: never) asks it to give
// up; ok is false when it did.
func solve(halt *atomic.Bool, pool []Card, opt Options) (Party, bool) {
	if halt == nil {
		halt = new(atomic.Bool)
	}
	if fitsSetSearch(pool) {
		return solveSmall(pool, opt.players(), halt)
	}
	s := newSolver(pool, opt.players())
	s.halt = halt
	return s.solve()
}

func (s *solver) solve() (Party, bool) {
	// A short dive finds a good party; exact passes then look only for
	// parties at least as strong as a bar, starting with the bar at the
	// bound for the whole pool (where nearly everything is pruned, so a
	// pass is cheap) and lowering it until a pass finds a party that
	// reaches it, never below the dive's. Every party at or above the bar
	// survives the pruning, so that party is the best. Two bars are tried
	// at once, on two goroutines: the lower pass, the costlier, is the one
	// the next round would run anyway. The answer is always the higher
	// bar's when it finds one, so it never depends on which pass ends first.
	high, below := passes.Get().(*pass), passes.Get().(*pass)
	defer passes.Put(high)
	defer passes.Put(below)
	// The relaxed walks' tables cost milliseconds on big pools. Where the
	// column bound is tight (a whole deck: a group in every column) a
	// short pass at it finds the party without them.
	high.limit = probeLimit
	best := s.run(high, floorOf(s.rootBound()))
	high.limit = 0
	if best >= floorOf(s.rootBound()) {
		return s.party(high), true
	}
	s.buildRelaxed()
	low := strengthOf(s.dive(diveBudget))
	for bar := s.rootBound(); ; bar -= barStep {
		bar = max(bar, low)
		high.stop.Store(false)
		below.stop.Store(false)
		if bar == low {
			s.run(high, floorOf(bar))
			return s.party(high), !s.halt.Load()
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.run(below, floorOf(bar-1))
		}()
		if best := s.run(high, floorOf(bar)); best >= floorOf(bar) {
			below.stop.Store(true) // its answer is not needed
			<-done
			return s.party(high), true
		}
		<-done
		if s.halt.Load() {
			return Party{}, false
		}
		if below.best >= floorOf(bar-1) || bar-1 == low {
			return s.party(below), true
		}
	}
}

// floorOf is the least node value of a party of the given strength.
func floorOf(strength int) int32 { return int32(strength*perCard - perCard + 1) }

// strengthOf reads the strength back out of a node value.
func strengthOf(v int32) int {
	if v < 0 {
		return 0
	}
	return int((v + perCard - 1) / perCard)
}

// rootBound is the optimistic strength of the whole pool. (A full ship is
// worth less a card than the 4 the column bounds allow, so it needs no
// room of its own.)
func (s *solver) rootBound() int {
	b := s.laterColumns[0][min(maxWilds, s.usableWilds)]
	if s.relaxedRuns != nil {
		b = min(b, s.relaxedRoot())
	}
	return b
}

// barStep is how far the bar drops between rounds of exact passes (each
// round tries two bars).
const barStep = 2

// dive finds a good party fast: a depth-first walk that tries each cell's
// roles most promising first (by bound), skips what cannot beat the best
// party found so far, and stops after budget steps. Its value is a real
// party's, so the exact passes need not look below it.
func (s *solver) dive(budget int) int32 {
	steps := s.steps
	best := minKey
	var walk func(i int, k uint64, v int32)
	walk = func(i int, k uint64, v int32) {
		if budget--; budget < 0 {
			return
		}
		if i == len(steps) {
			if f, ok := s.finish(k, v); ok && f > best {
				best = f
			}
			return
		}
		type move struct {
			k        uint64
			v, bound int32
		}
		var moves [roleFlushWild + 1]move
		n := 0
		st := steps[i]
		for role := roleNone; role <= roleFlushWild; role++ {
			k2, v2, ok := s.apply(k, v, st, role)
			if ok && st.last {
				k2, v2, ok = s.endColumn(k2, v2, st.rank)
			} else if ok {
				ok = !s.stuck(k2, i)
			}
			if !ok {
				continue
			}
			m := move{k2, v2, s.bound(k2, v2, i)}
			j := n
			for ; j > 0 && moves[j-1].bound < m.bound; j-- {
				moves[j] = moves[j-1]
			}
			moves[j] = m
			n++
		}
		for _, m := range moves[:n] {
			if m.bound > best {
				walk(i+1, m.k, m.v)
			}
		}
	}
	walk(0, 0, 0)
	return best
}

// diveBudget is how many steps the dive may take.
const diveBudget = 300

// Roles a cell can take in the walk.
const (
	roleNone      uint8 = iota // fixed card: left over (goes to its suit's flush if that reaches 3); empty cell: stays empty
	roleGroup                  // in its column's group
	roleSF                     // in a straight flush of its suit
	roleStraight               // in a straight
	roleFull                   // in a full ship
	roleFlushWild              // an empty cell filled by a wild, in its suit's flush
)

// cellKind says what stands on a grid cell before the walk.
type cellKind uint8

const (
	cellOutside cellKind = iota // the suit is not in play
	cellFixed                   // the pool holds the card printed here
	cellEmpty                   // nothing printed here is in the pool; a wild may fill it
)

type solver struct {
	pool     []Card
	rows     []Suit // suits in play, in card order
	steps    []step // the walk's cells, in order
	cells    [NumSuits][NumRanks]cellKind
	parrot   [NumSuits]bool // the pool holds this row's Parrot
	captains []Card         // flagged Captains, in card order
	// bound tables, indexed by walk step
	restOfColumn  []ahead             // after each walk step: the rest of its column
	wholeColumn   [NumRanks]ahead     // a whole column, before its first cell
	laterColumns  [NumRanks + 1][]int // [c][w]: optimistic strength×5 of columns ≥ c with w wilds
	fixedInColumn [NumRanks]int
	emptyInColumn [NumRanks]int
	usableWilds   int // the most wilds a party can use: see countUsableWilds
	// shipWilds[c][n]: the fewest wilds that give n full ships their cards
	// in the columns after c (more than any pool holds when they cannot)
	shipWilds [NumRanks][NumSuits + 1]int
	// after each walk step: empty cells still to come, and the rows among
	// them whose Parrot the pool holds (a bit per suit)
	emptyLater      []int
	parrotRowsLater []int
	laterInRow      [NumRanks][NumSuits]rowLater // after each column: see settleRows
	// the relaxed walks' tables: see relaxed.go
	relaxedRuns, relaxedFlush *relaxedTable
	halt                      *atomic.Bool // set when the caller no longer wants the answer
	work                      atomic.Int64 // states the passes kept, summed: the walk's cost, for the tests' hunt for slow pools
	// allowed[suit][rank] has bit 1<<role set when some party could give
	// the cell that role: shapes that cannot be completed are not tried.
	allowed [NumSuits][NumRanks]uint8
}

const minKey = int32(-1 << 30)

func newSolver(pool []Card, players int) *solver {
	s := &solver{pool: pool, rows: SuitsInPlay(players), halt: new(atomic.Bool)}
	s.steps = walkSteps(s.rows)
	for _, suit := range s.rows {
		for r := 0; r < NumRanks; r++ {
			s.cells[suit][r] = cellEmpty
		}
	}
	for _, c := range pool {
		switch {
		case c.Rank == Parrot:
			s.parrot[c.Suit] = true
		case c.Flagged:
			s.captains = append(s.captains, c)
		default:
			s.cells[c.Suit][c.Rank-1] = cellFixed
		}
	}
	slices.SortFunc(s.captains, func(a, b Card) int { return a.index() - b.index() })
	s.countUsableWilds()
	s.buildLater()
	s.buildBounds()
	s.buildAllowed()
	s.buildRowLater()
	return s
}

// countUsableWilds works out how many wilds a party can use at most. A
// wild only ever needs to stand on an empty cell (on a cell whose pool card
// is left out, that card could stand instead), each on its own: a Parrot
// in its row, a flagged Captain anywhere. So a Parrot whose row is full is
// never used, and the wilds never outnumber the empty cells.
func (s *solver) countUsableWilds() {
	empty, parrots := 0, 0
	for _, suit := range s.rows {
		inRow := 0
		for r := 0; r < NumRanks; r++ {
			if s.cells[suit][r] == cellEmpty {
				inRow++
			}
		}
		empty += inRow
		if s.parrot[suit] && inRow > 0 {
			parrots++
		}
	}
	s.usableWilds = parrots + min(len(s.captains), empty-parrots)
}

// wildsLeft is how many more wilds a party through state k after step i
// can use: a wild can only still stand on an empty cell later in the walk,
// a Parrot only in its own row.
func (s *solver) wildsLeft(k uint64, i int) int {
	parrots := popcount(s.parrotRowsLater[i] &^ get(k, offParrots, 5))
	captains := len(s.captains) - get(k, offCapt, 3)
	return min(parrots+captains, s.emptyLater[i])
}

// buildLater fills emptyLater and parrotRowsLater.
func (s *solver) buildLater() {
	steps := s.steps
	s.emptyLater = make([]int, len(steps))
	s.parrotRowsLater = make([]int, len(steps))
	for i := len(steps) - 2; i >= 0; i-- {
		s.emptyLater[i], s.parrotRowsLater[i] = s.emptyLater[i+1], s.parrotRowsLater[i+1]
		next := steps[i+1]
		if s.cells[next.suit][next.rank] == cellEmpty {
			s.emptyLater[i]++
			if s.parrot[next.suit] {
				s.parrotRowsLater[i] |= 1 << next.suit
			}
		}
	}
}

// buildAllowed works out which roles each cell could possibly take. It
// only rules out shapes that cannot be completed at all (a straight flush
// with no three cells in a row to fill, a group alone in its column, a
// full ship missing a rank), so it never rules out a real party.
func (s *solver) buildAllowed() {
	wilds := s.usableWilds
	rowWilds := func(suit Suit) int {
		n := len(s.captains)
		if s.parrot[suit] {
			n++
		}
		return n
	}
	usable := func(suit Suit, r int) bool {
		return s.cells[suit][r] == cellFixed || (s.cells[suit][r] == cellEmpty && rowWilds(suit) > 0)
	}
	// a column can hold a card of a straight or full ship
	columnUsable := func(r int) bool { return s.fixedInColumn[r] > 0 || wilds > 0 }
	fullShip := true
	needWilds := 0
	for r := 0; r < NumRanks; r++ {
		fullShip = fullShip && columnUsable(r)
		if s.fixedInColumn[r] == 0 {
			needWilds++
		}
	}
	fullShip = fullShip && needWilds <= wilds
	for _, suit := range s.rows {
		fixedInRow := 0
		for r := 0; r < NumRanks; r++ {
			if s.cells[suit][r] == cellFixed {
				fixedInRow++
			}
		}
		for r := 0; r < NumRanks; r++ {
			s.allowed[suit][r] = 1 << roleNone
			if !usable(suit, r) {
				continue
			}
			a := uint8(1 << roleNone)
			if s.fixedInColumn[r]+min(s.emptyInColumn[r], wilds) >= 2 {
				a |= 1 << roleGroup
			}
			for lo := max(0, r-2); lo <= min(r, NumRanks-3); lo++ {
				ok, empties := true, 0
				straightOK, bare := true, 0
				for c := lo; c < lo+3; c++ {
					ok = ok && usable(suit, c)
					if s.cells[suit][c] == cellEmpty {
						empties++
					}
					straightOK = straightOK && columnUsable(c)
					if s.fixedInColumn[c] == 0 {
						bare++
					}
				}
				if ok && empties <= rowWilds(suit) {
					a |= 1 << roleSF
				}
				if straightOK && bare <= wilds {
					a |= 1 << roleStraight
				}
			}
			if fullShip {
				a |= 1 << roleFull
			}
			if s.cells[suit][r] == cellEmpty && fixedInRow+rowWilds(suit) >= 3 {
				a |= 1 << roleFlushWild
			}
			s.allowed[suit][r] = a
		}
	}
}

// State layout (bits of node.key):
//
//	0–9    straight-flush run length per suit, 2 bits each, capped at 3
//	10–19  flush length per suit (left-over cards + wilds), 2 bits, capped at 3
//	20–28  open straights of length 1, 2 and 3+, 3 bits each
//	29–31  full ships
//	32–36  Parrots spent, a bit per suit
//	37–39  flagged Captains spent
//	40–41  cards in the current column's group, capped at 2
//	42–44  cards of the current column in straights
//	45–47  cards of the current column in full ships
const (
	offRun     = 0
	offFlush   = 10
	offOpen    = 20
	offFull    = 29
	offParrots = 32
	offCapt    = 37
	offGroup   = 40
	offColST   = 42
	offColFS   = 45
)

func get(k uint64, off, bits uint) int { return int(k>>off) & (1<<bits - 1) }
func set(k uint64, off, bits uint, v int) uint64 {
	mask := uint64(1<<bits-1) << off
	return k&^mask | uint64(v)<<off
}

// perCard scales strength in node values (strength*perCard - cards used),
// so one int compares both criteria of R1.7: no pool has 64 cards.
const perCard = 64

// step is one cell of the walk.
type step struct {
	suit Suit
	rank int // 0-based column
	last bool
}

// walkSteps lists the walk's cells in order: rank by rank, suits in card
// order within a rank.
func walkSteps(rows []Suit) []step {
	var out []step
	for r := 0; r < NumRanks; r++ {
		for i, suit := range rows {
			out = append(out, step{suit: suit, rank: r, last: i == len(rows)-1})
		}
	}
	return out
}

// pass is one exact walk over the grid: its frontiers, and the history it
// keeps to rebuild its best party.
type pass struct {
	parents   []int32 // each node's parent
	roles     []uint8 // the role its cell took
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

// run walks the grid, dropping only states whose optimistic bound is below
// floor (minKey: none). It returns the value of the best complete party and
// keeps the walk's history in p for party(). A pass told to stop gives up
// between steps with no party.
func (s *solver) run(p *pass, floor int32) int32 {
	steps := s.steps
	p.parents, p.roles = p.parents[:0], p.roles[:0]
	p.winner, p.best = -1, minKey
	prev := &p.frontiers[0]
	prev.reset()
	prev.add(0, 0, -1)
	cur := &p.frontiers[1]
	for i, st := range steps {
		if p.stop.Load() || s.halt.Load() {
			return minKey
		}
		if p.limit > 0 && len(p.parents) > p.limit {
			return minKey
		}
		cur.reset()
		for pi := range prev.keys {
			if pi&1023 == 1023 && s.halt.Load() {
				return minKey
			}
			pk, pv, pid := prev.keys[pi], prev.vals[pi], prev.ids[pi]
			for role := roleNone; role <= roleFlushWild; role++ {
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
				// A state already reached passed the bar with its value, so
				// a better value for it passes too: only new states need
				// their bound checked.
				j, seen := cur.find(k)
				if seen {
					if v > cur.vals[j] {
						cur.vals[j] = v
						id := cur.ids[j]
						p.parents[id], p.roles[id] = pid, role
					}
					continue
				}
				if floor != minKey && (s.bound(k, v, i) < floor) {
					continue
				}
				cur.insert(j, k, v, int32(len(p.parents)))
				p.parents = append(p.parents, pid)
				p.roles = append(p.roles, role)
			}
		}
		prev, cur = cur, prev
	}
	s.work.Add(int64(len(p.parents)))
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

type slot struct {
	tag uint32 // the key's hash bits below the index bits, to skip most mismatches without reading keys
	at  int32  // position+1 in keys, 0 for a free slot
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

func tagOf(k uint64) uint32 { return uint32(k * 0x9E3779B97F4A7C15) }

// find returns the position of key k, or, when it is absent, the slot
// where insert should put it.
func (f *frontier) find(k uint64) (int, bool) {
	mask := uint64(len(f.slots) - 1)
	tag := tagOf(k)
	for h := f.hash(k); ; h = (h + 1) & mask {
		sl := f.slots[h]
		if sl.at == 0 {
			return int(h), false
		}
		if sl.tag == tag && f.keys[sl.at-1] == k {
			return int(sl.at - 1), true
		}
	}
}

// insert adds key k at the free slot find returned.
func (f *frontier) insert(at int, k uint64, v, id int32) {
	f.keys = append(f.keys, k)
	f.vals = append(f.vals, v)
	f.ids = append(f.ids, id)
	f.slots[at] = slot{tag: tagOf(k), at: int32(len(f.keys))}
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
		f.slots[h] = slot{tag: tagOf(k), at: int32(i + 1)}
	}
}

// apply gives a cell a role; ok is false when the role is impossible here.
func (s *solver) apply(k uint64, v int32, st step, role uint8) (uint64, int32, bool) {
	kind := s.cells[st.suit][st.rank]
	if kind == cellOutside {
		return k, v, role == roleNone
	}
	if s.allowed[st.suit][st.rank]&(1<<role) == 0 {
		return 0, 0, false
	}
	row := uint(st.suit)
	run := get(k, offRun+2*row, 2)
	if run == 1 || run == 2 {
		// a straight flush of 1 or 2 cards must go on (R1.2: 3+)
		if role != roleSF {
			return 0, 0, false
		}
	}
	if role != roleSF {
		k = set(k, offRun+2*row, 2, 0)
	}
	if kind == cellEmpty {
		if role == roleNone {
			return k, v, true
		}
		// fill with a wild: this row's Parrot first, it can go nowhere else
		if s.parrot[st.suit] && get(k, offParrots+row, 1) == 0 {
			k = set(k, offParrots+row, 1, 1)
		} else if n := get(k, offCapt, 3); n < len(s.captains) {
			k = set(k, offCapt, 3, n+1)
		} else {
			return 0, 0, false
		}
	} else if role == roleFlushWild {
		return 0, 0, false
	}
	v-- // one more card used
	switch role {
	case roleNone, roleFlushWild: // left-over fixed card or wild: joins the suit's flush
		n := get(k, offFlush+2*row, 2)
		if n == 0 {
			v -= perCard // a flush is 8 for 3 cards: 3 a card, less 1
		}
		v += 3 * perCard
		k = set(k, offFlush+2*row, 2, min(n+1, 3))
	case roleGroup:
		g := get(k, offGroup, 2)
		if g == 0 {
			v -= 8 * perCard // a group is 4 for 2 cards, +6 a card: 6 a card, less 8
		}
		v += 6 * perCard
		k = set(k, offGroup, 2, min(g+1, 2))
	case roleSF:
		v += 4 * perCard // 12 for 3 cards, +4 a card
		k = set(k, offRun+2*row, 2, min(run+1, 3))
	case roleStraight:
		v += 2 * perCard // 6 for 3 cards, +2 a card
		k = set(k, offColST, 3, get(k, offColST, 3)+1)
	case roleFull:
		fs := get(k, offColFS, 3)
		if st.rank > 0 && fs >= get(k, offFull, 3) {
			return 0, 0, false // past the first column, no new full ship can start
		}
		v += 2 * perCard // 25 = 9×2 + 7, the 7 added when the ship is complete
		k = set(k, offColFS, 3, fs+1)
	}
	return k, v, true
}

// stuck reports whether a state in the middle of a column owes the rest of
// the column more cards than it can still hold. Dropping such states early,
// rather than at the end of the column, keeps the walk from carrying them
// through the column.
func (s *solver) stuck(k uint64, i int) bool {
	return s.owesTooMuch(k, i, &s.restOfColumn[i])
}

// ahead is what the cells still to come in a column offer.
type ahead struct {
	col        int    // the column
	fixed      int    // pool cards
	empty      int    // empty cells
	rowBits    uint64 // the rows in play with a cell still to come: bit 2×suit each
	parrotRows int    // the rows with an empty cell to come whose Parrot the pool holds
}

// owesTooMuch reports whether state k (after step i) owes the cells ahead
// in a column more than they can give: the second card of a group, the
// next card of open straights of 1 or 2, the column's card of every full
// ship, the next cell of each straight flush of 1 or 2 cards.
func (s *solver) owesTooMuch(k uint64, i int, a *ahead) bool {
	owed := max(0, get(k, offOpen, 3)+get(k, offOpen+3, 3)-get(k, offColST, 3))
	if get(k, offGroup, 2) == 1 {
		owed++
	}
	if a.col > 0 { // past the first column the number of full ships is set
		owed += max(0, get(k, offFull, 3)-get(k, offColFS, 3))
	}
	ships := max(get(k, offFull, 3), get(k, offColFS, 3))
	// Short straight-flush runs whose row's cell is ahead need that very
	// cell: its pool card, or a wild (the row's Parrot, else a flagged
	// Captain).
	runCells, runFixed, runCaptains := 0, 0, 0
	// the rows ahead whose run is 1 or 2: bit 2×suit set where the run's
	// two bits differ
	runs := k >> offRun & (1<<(2*NumSuits) - 1)
	for short := (runs ^ runs>>1) & a.rowBits; short != 0; short &= short - 1 {
		suit := uint(bits.TrailingZeros64(short) / 2)
		if s.cells[suit][a.col] == cellFixed {
			runFixed++
		} else {
			runCells++
			if !s.parrot[suit] || get(k, offParrots+suit, 1) == 1 {
				runCaptains++
			}
		}
	}
	if owed == 0 && ships == 0 && runCells == 0 {
		return false
	}
	captains := len(s.captains) - get(k, offCapt, 3)
	if runCaptains > captains {
		return true
	}
	// What the column's pool cards cannot give, wilds must, here and in
	// the later columns' cards for the ships.
	here := max(0, owed-(a.fixed-runFixed)) + runCells
	fillable := min(a.empty, popcount(a.parrotRows&^get(k, offParrots, 5))+captains)
	return here > fillable || ships > 0 && here+s.shipWilds[a.col][ships] > s.wildsLeft(k, i)
}

// endColumn settles the column just walked: its group must have 0 or 2+
// cards, open straights of 1 or 2 cards must have gone on, full ships take
// exactly one card in every column.
func (s *solver) endColumn(k uint64, v int32, col int) (uint64, int32, bool) {
	if get(k, offGroup, 2) == 1 {
		return 0, 0, false
	}
	o1, o2, o3 := get(k, offOpen, 3), get(k, offOpen+3, 3), get(k, offOpen+6, 3)
	n := get(k, offColST, 3)
	if n < o1+o2 {
		return 0, 0, false
	}
	// Open straights of 3+ go on while there are cards; only then do new
	// ones start: a long straight can stop any time, a new one cannot.
	goOn := min(o3, n-o1-o2)
	fresh := n - o1 - o2 - goOn
	k = set(k, offOpen, 3, fresh)
	k = set(k, offOpen+3, 3, o1)
	k = set(k, offOpen+6, 3, o2+goOn)
	fs := get(k, offColFS, 3)
	if col == 0 {
		k = set(k, offFull, 3, fs)
	} else if fs != get(k, offFull, 3) {
		return 0, 0, false
	}
	k = set(k, offGroup, 2, 0)
	k = set(k, offColST, 3, 0)
	k = set(k, offColFS, 3, 0)
	k, v, ok := s.settleRows(k, v, col)
	if !ok || col+1 < NumRanks && s.owesTooMuch(k, (col+1)*len(s.rows)-1, &s.wholeColumn[col+1]) {
		return 0, 0, false // the next column cannot give what the state owes it
	}
	return k, v, true
}

// settleRows forgets what no later cell can use, so that states differing
// only there merge: a straight flush that cannot go on (a run of 3+ is then
// as good as none, one of 1 or 2 is dead), a flush no card can join any
// more (1 or 2 cards are undone now, as finish would), a Parrot with no
// empty cell left in its row (as good as spent).
func (s *solver) settleRows(k uint64, v int32, col int) (uint64, int32, bool) {
	captains := len(s.captains) - get(k, offCapt, 3)
	for _, suit := range s.rows {
		row := uint(suit)
		later := &s.laterInRow[col][suit]
		if run := get(k, offRun+2*row, 2); run > 0 && !later.sfNext {
			if run < 3 {
				return 0, 0, false
			}
			k = set(k, offRun+2*row, 2, 0)
		}
		parrot := s.parrot[suit] && get(k, offParrots+row, 1) == 0
		if parrot && later.empty == 0 {
			k, parrot = set(k, offParrots+row, 1, 1), false
		}
		if n := get(k, offFlush+2*row, 2); n > 0 && later.fixed == 0 && (later.flushWild == 0 || !parrot && captains == 0) {
			if n < 3 {
				v -= int32(3*n-1) * perCard
				v += int32(n)
			}
			k = set(k, offFlush+2*row, 2, 0)
		}
	}
	return k, v, true
}

// rowLater says what a row offers after a column.
type rowLater struct {
	fixed     int  // pool cards
	empty     int  // empty cells
	flushWild int  // empty cells a wild could fill for a flush
	sfNext    bool // the next column's cell can be in a straight flush
}

func (s *solver) buildRowLater() {
	for c := NumRanks - 1; c >= 0; c-- {
		for _, suit := range s.rows {
			l := &s.laterInRow[c][suit]
			if c+1 < NumRanks {
				*l = s.laterInRow[c+1][suit]
				l.sfNext = s.allowed[suit][c+1]&(1<<roleSF) != 0
				switch s.cells[suit][c+1] {
				case cellFixed:
					l.fixed++
				case cellEmpty:
					l.empty++
					if s.allowed[suit][c+1]&(1<<roleFlushWild) != 0 {
						l.flushWild++
					}
				}
			}
		}
	}
}

// finish settles the whole party after the last column: no straight flush
// or straight shorter than 3, flushes of 1 or 2 cards undone (those cards
// are unused), 7 more for each full ship.
func (s *solver) finish(k uint64, v int32) (int32, bool) {
	for _, suit := range s.rows {
		row := uint(suit)
		if r := get(k, offRun+2*row, 2); r == 1 || r == 2 {
			return 0, false
		}
		if n := get(k, offFlush+2*row, 2); n == 1 || n == 2 {
			// undo: n cards at 3 each less 1, and n cards counted as used
			v -= int32(3*n-1) * perCard
			v += int32(n)
		}
	}
	if get(k, offOpen, 3) > 0 || get(k, offOpen+3, 3) > 0 {
		return 0, false
	}
	v += int32(7*get(k, offFull, 3)) * perCard
	return v, true
}

// colBound is the most strength n cards in one rank column can add: a
// group of all of them, or 4 a card (a straight flush, the richest shape
// across columns). Flushes, straights and full ships add less a card.
func colBound(n int) int { return max(4*n, 6*n-8) }

// maxWilds is the most wilds a pool can hold: five Parrots and five
// flagged Captains.
const maxWilds = 10

func (s *solver) buildBounds() {
	steps := s.steps
	for _, suit := range s.rows {
		for r := 0; r < NumRanks; r++ {
			switch s.cells[suit][r] {
			case cellFixed:
				s.fixedInColumn[r]++
			case cellEmpty:
				s.emptyInColumn[r]++
			}
		}
	}
	s.restOfColumn = make([]ahead, len(steps))
	// add puts a cell into what lies ahead in its column
	add := func(a *ahead, st step) {
		a.col = st.rank
		a.rowBits |= 1 << (2 * st.suit)
		switch s.cells[st.suit][st.rank] {
		case cellFixed:
			a.fixed++
		case cellEmpty:
			a.empty++
			if s.parrot[st.suit] {
				a.parrotRows |= 1 << st.suit
			}
		}
	}
	for i := len(steps) - 1; i >= 0; i-- {
		add(&s.wholeColumn[steps[i].rank], steps[i])
		if steps[i].last {
			s.restOfColumn[i] = ahead{col: steps[i].rank}
			continue
		}
		s.restOfColumn[i] = s.restOfColumn[i+1]
		add(&s.restOfColumn[i], steps[i+1])
	}
	for c := NumRanks - 2; c >= 0; c-- {
		for n := 1; n <= NumSuits; n++ {
			fixed, empty := s.fixedInColumn[c+1], s.emptyInColumn[c+1]
			need := max(0, n-fixed)
			if need > empty {
				need = 2 * maxWilds // too few cells
			}
			s.shipWilds[c][n] = min(2*maxWilds, s.shipWilds[c+1][n]+need)
		}
	}
	// laterColumns[c][w]: the best sum of colBound over columns c… when w
	// wilds may fill empty cells anywhere there.
	s.laterColumns[NumRanks] = make([]int, maxWilds+1)
	for c := NumRanks - 1; c >= 0; c-- {
		s.laterColumns[c] = make([]int, maxWilds+1)
		for w := 0; w <= maxWilds; w++ {
			best := 0
			for here := 0; here <= min(w, s.emptyInColumn[c]); here++ {
				best = max(best, colBound(s.fixedInColumn[c]+here)+s.laterColumns[c+1][w-here])
			}
			s.laterColumns[c][w] = best
		}
	}
}

// bound is an optimistic value for any party that goes through state k
// with value v after step i: never below what the rest of the walk can
// reach, so a state below the floor can be dropped safely.
func (s *solver) bound(k uint64, v int32, i int) int32 {
	steps := len(s.steps)
	col := i / len(s.rows)
	wilds := s.wildsLeft(k, i)
	// The cards still to come in this column: each joins the group (+6) or
	// at most a straight flush (+4); with no group yet a new one pays 8.
	ahead := &s.restOfColumn[i]
	here := ahead.fixed + min(wilds, ahead.empty)
	rest := colBound(here)
	if get(k, offGroup, 2) > 0 {
		rest = 6 * here
	}
	if i+1 < steps {
		rest += s.laterColumns[col+1][wilds]
	}
	rest += 7 * max(get(k, offFull, 3), get(k, offColFS, 3))
	b := v + int32(rest)*perCard
	if s.relaxedRuns != nil {
		b = min(b, s.relaxedBound(k, v, i, wilds))
	}
	return b
}

func popcount(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// party rebuilds the sets of the best party pass p found.
func (s *solver) party(p *pass) Party {
	steps := s.steps
	roles := make([]uint8, len(steps))
	for i, at := len(steps)-1, p.winner; at >= 0; i, at = i-1, p.parents[at] {
		roles[i] = p.roles[at]
	}
	return s.build(steps, roles)
}

// cellPick is a card standing on a cell in the party.
type cellPick struct {
	card Card
	as   Card
}

// build turns the walk's roles into sets, giving each filled empty cell a
// wild the same way the walk spent them (the row's Parrot first, then
// flagged Captains in card order).
func (s *solver) build(steps []step, roles []uint8) Party {
	parrotUsed := [NumSuits]bool{}
	captainsUsed := 0
	groups := make([][]cellPick, NumRanks)
	straights := make([][]cellPick, NumRanks)
	fulls := make([][]cellPick, NumRanks)
	sfRows := make([][]cellPick, NumSuits) // in rank order; runs split below
	sfRanks := make([][]int, NumSuits)
	flushes := make([][]cellPick, NumSuits)
	var unused []Card
	for i, st := range steps {
		kind := s.cells[st.suit][st.rank]
		role := roles[i]
		at := Card{Suit: st.suit, Rank: Rank(st.rank + 1)}
		var pick cellPick
		switch {
		case kind == cellFixed:
			pick = cellPick{card: at, as: at}
		case kind == cellEmpty && role != roleNone:
			if s.parrot[st.suit] && !parrotUsed[st.suit] {
				parrotUsed[st.suit] = true
				pick = cellPick{card: Card{Suit: st.suit, Rank: Parrot}, as: at}
			} else {
				pick = cellPick{card: s.captains[captainsUsed], as: at}
				captainsUsed++
			}
		default:
			continue
		}
		switch role {
		case roleNone, roleFlushWild:
			flushes[st.suit] = append(flushes[st.suit], pick)
		case roleGroup:
			groups[st.rank] = append(groups[st.rank], pick)
		case roleSF:
			sfRows[st.suit] = append(sfRows[st.suit], pick)
			sfRanks[st.suit] = append(sfRanks[st.suit], st.rank)
		case roleStraight:
			straights[st.rank] = append(straights[st.rank], pick)
		case roleFull:
			fulls[st.rank] = append(fulls[st.rank], pick)
		}
	}
	var sets [][]cellPick
	for _, g := range groups {
		if len(g) > 0 {
			sets = append(sets, g)
		}
	}
	for suit := range sfRows {
		var run []cellPick
		for j, p := range sfRows[suit] {
			if j > 0 && sfRanks[suit][j] != sfRanks[suit][j-1]+1 {
				sets = append(sets, run)
				run = nil
			}
			run = append(run, p)
		}
		if len(run) > 0 {
			sets = append(sets, run)
		}
	}
	sets = append(sets, chains(straights)...)
	sets = append(sets, chains(fulls)...)
	for _, f := range flushes {
		if len(f) >= 3 {
			sets = append(sets, f)
			continue
		}
		for _, p := range f {
			unused = append(unused, p.card)
		}
	}
	for suit, used := range parrotUsed {
		if s.parrot[suit] && !used {
			unused = append(unused, Card{Suit: Suit(suit), Rank: Parrot})
		}
	}
	unused = append(unused, s.captains[captainsUsed:]...)
	sets, unused = preferParrots(sets, unused)
	return assemble(sets, unused)
}

// chains splits the straight (or full ship) cards of each column into
// chains of consecutive columns, the way the walk counted them: chains of
// 1 or 2 cards go on first, then longer ones, then new ones start.
func chains(byColumn [][]cellPick) [][]cellPick {
	var open, done [][]cellPick
	for _, cards := range byColumn {
		sort.SliceStable(open, func(a, b int) bool { return len(open[a]) < len(open[b]) })
		var next [][]cellPick
		for _, ch := range open {
			if len(cards) > 0 {
				next = append(next, append(ch, cards[0]))
				cards = cards[1:]
			} else {
				done = append(done, ch)
			}
		}
		for _, c := range cards {
			next = append(next, []cellPick{c})
		}
		open = next
	}
	return append(done, open...)
}

// preferParrots hands a cell held by a flagged Captain to the unused
// Parrot of that cell's suit: the same party, with the plainer wild used.
func preferParrots(sets [][]cellPick, unused []Card) ([][]cellPick, []Card) {
	for i := 0; i < len(unused); i++ {
		p := unused[i]
		if p.Rank != Parrot {
			continue
		}
		swapped := false
		for _, set := range sets {
			for j := range set {
				if set[j].card.Flagged && set[j].as.Suit == p.Suit {
					unused[i] = set[j].card
					set[j].card = p
					swapped = true
					break
				}
			}
			if swapped {
				break
			}
		}
	}
	return sets, unused
}

// assemble scores each set by the best pattern it fits and orders
// everything for display: sets by strength, highest first; cards by rank
// then suit; unused cards in card order.
func assemble(picked [][]cellPick, unused []Card) Party {
	p := Party{Sets: []Set{}, UnusedCards: []Card{}}
	for _, cards := range picked {
		set := Set{Cards: make([]PlacedCard, len(cards))}
		for i, c := range cards {
			set.Cards[i] = PlacedCard{Card: c.card, As: c.as}
		}
		sortPlaced(set.Cards)
		set.Kind, set.Strength = classify(set.Cards)
		p.Sets = append(p.Sets, set)
		p.Strength += set.Strength
	}
	sort.SliceStable(p.Sets, func(a, b int) bool {
		sa, sb := p.Sets[a], p.Sets[b]
		if sa.Strength != sb.Strength {
			return sa.Strength > sb.Strength
		}
		return sa.Cards[0].As.index() < sb.Cards[0].As.index()
	})
	p.UnusedCards = append(p.UnusedCards, unused...)
	slices.SortFunc(p.UnusedCards, func(a, b Card) int { return a.index() - b.index() })
	p.Unused = len(p.UnusedCards)
	return p
}

func sortPlaced(cards []PlacedCard) {
	sort.SliceStable(cards, func(a, b int) bool {
		x, y := cards[a].As, cards[b].As
		if x.Rank != y.Rank {
			return x.Rank < y.Rank
		}
		return x.Suit < y.Suit
	})
}

// classify names the best pattern of R1.2 that cards (with their chosen
// identities, sorted by rank) fit, and its strength; ok-less: a set that
// fits nothing gets kind "" and strength 0.
func classify(cards []PlacedCard) (SetKind, int) {
	n := len(cards)
	sameRank, sameSuit, consecutive := n >= 2, n >= 3, n >= 3
	for i := 1; i < n; i++ {
		a, b := cards[i-1].As, cards[i].As
		sameRank = sameRank && a.Rank == b.Rank
		sameSuit = sameSuit && a.Suit == b.Suit
		consecutive = consecutive && b.Rank == a.Rank+1
	}
	best, kind := 0, SetKind("")
	try := func(ok bool, k SetKind) {
		if ok && SetStrength(k, n) > best {
			best, kind = SetStrength(k, n), k
		}
	}
	try(sameRank && n <= NumSuits, Group)
	try(consecutive, Straight)
	try(sameSuit, Flush)
	try(sameSuit && consecutive, StraightFlush)
	try(n == NumRanks && consecutive, FullShip)
	return kind, best
}
