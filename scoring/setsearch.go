package scoring

import (
	"math/bits"
	"slices"
	"sync/atomic"
)

// The set search: the solver for small pools.
//
// The grid walk (solve.go) pays a price per pool, for its bound tables and
// its 45 cells, that dwarfs the work a pool of a dozen cards needs. For
// such pools the solver searches the sets directly instead: it takes the
// lowest pool card not yet decided (by rank, then suit) and puts it in each
// set it can be part of with the cards after it and the wilds, or leaves it
// out, then goes on with the next card; the wilds left at the end may still
// make a set of their own. A branch is cut when what it has plus a bound on
// what is left (most) cannot beat the best party found so far, or when the
// same cards and wilds were left before on a branch that could not beat it
// by more than this one's head start (seen).
//
// No twins (R1.6): a wild stands on a cell no pool card is printed on (on
// such a cell, the card could stand instead, as in the walk), each on its
// own. A wild either stands on a cell its set pins down (a Parrot in a
// group or straight, every wild of a straight flush), or anywhere along a
// line: a flush's wilds anywhere in its row, a flagged Captain in a group,
// straight or full ship anywhere in its column. Those are kept as demands,
// and after each set the search checks that every demand can still get a
// free cell of its own; the cells are handed out at the end. A row's
// Parrot goes before a flagged Captain into a cell of that row (the Captain
// could always take the Parrot's place later, never the other way round).
//
// Tie order: the first party found in this order wins: cards by rank then
// suit, each first in a straight flush, then a group, a flush, a straight,
// a full ship, and last left out; within a group or flush, more of the
// other cards and wilds first; within a straight flush, straight or full
// ship, shorter and lower first, pool cards before Parrots before Captains.

// The set search handles pools with at most this many wilds and other cards.
const (
	smallMaxWilds = 3
	smallMaxFixed = 15
)

// memoFrom is the pool size (wilds aside) from which the search remembers
// the states it has searched: below it, the bookkeeping costs more than
// it saves.
const memoFrom = 10

// fitsSetSearch reports whether the set search handles the pool.
func fitsSetSearch(pool []Card) bool {
	wilds := 0
	for _, c := range pool {
		if c.IsWild() {
			wilds++
		}
	}
	return wilds <= smallMaxWilds && len(pool)-wilds <= smallMaxFixed
}

// A cell of the grid as a bit number: rank-major, as the search goes.
func cellOf(suit Suit, rank int) int { return rank*NumSuits + int(suit) }

// runsThrough lists, for each cell, the three-cell runs of its row that
// hold it, as cell masks.
var runsThrough = func() (out [NumSuits * NumRanks][]uint64) {
	for suit := Suit(0); suit < NumSuits; suit++ {
		for lo := 0; lo+2 < NumRanks; lo++ {
			run := uint64(1)<<cellOf(suit, lo) | 1<<cellOf(suit, lo+1) | 1<<cellOf(suit, lo+2)
			for r := lo; r < lo+3; r++ {
				out[cellOf(suit, r)] = append(out[cellOf(suit, r)], run)
			}
		}
	}
	return out
}()

// placedWild is a wild in a set.
type placedWild struct {
	parrot bool
	suit   Suit // the Parrot's suit
	cell   int8 // the cell it stands on, or -1 when it has a demand
	demand int8 // its demand (index into setSearch.demands), or -1
}

// demand is a wild that may stand on any free cell of a row or column.
type demand struct {
	row  bool // a row (a flush's wild) or a column (a Captain in a group, straight or full ship)
	line int  // the suit or the 0-based rank
}

// foundSet is a set of the search: pool cards (bits into setSearch.fixed)
// and wilds.
type foundSet struct {
	kind   SetKind
	fixed  uint16
	wilds  [smallMaxWilds]placedWild
	nWilds int
}

func (f *foundSet) size() int { return bits.OnesCount16(f.fixed) + f.nWilds }

type setSearch struct {
	fixed     []Card // the pool's other cards, by rank then suit
	fixedCell []int
	at        [NumSuits * NumRanks]int8 // the pool card printed on a cell (index into fixed), or -1
	// what most counts for each pool card and each wild when nothing is
	// decided yet: never less than it counts later
	atMost     []int32
	wildAtMost int32
	column     [NumRanks]uint16 // pool cards per column (bits into fixed)
	row        [NumSuits]uint16 // pool cards per row
	printed    uint64           // cells a pool card is printed on
	playable   uint64           // cells of the suits in play
	rows       []Suit
	hasParrot  [NumSuits]bool
	captains   []Card // flagged Captains, in card order

	// the search's state
	taken        uint64 // cells wilds stand on
	parrotLeft   [NumSuits]bool
	captainsLeft int
	wilds        int // wilds not in a set yet
	demands      []demand
	sets         []foundSet
	value        int32 // strength×perCard − cards used, as in the walk
	best         int32
	bestSets     []foundSet
	bestDemands  []demand
	// seen bounds, for each state searched, what its rest could add (the
	// best party so far less the state's value when its search ended: every
	// party below it was either found or cut for not beating that best)
	seen map[searchState]int32
	// halt is set when the caller gives up; the search looks at it every
	// haltEvery nodes and, once halted, cuts every branch.
	halt   *atomic.Bool
	nodes  int
	halted bool
}

const haltEvery = 1024

func newSetSearch(pool []Card, players int) *setSearch {
	q := &setSearch{rows: SuitsInPlay(players), best: -1}
	for _, suit := range q.rows {
		for r := 0; r < NumRanks; r++ {
			q.playable |= 1 << cellOf(suit, r)
		}
	}
	for _, c := range pool {
		switch {
		case c.Rank == Parrot:
			q.hasParrot[c.Suit] = true
			q.parrotLeft[c.Suit] = true
			q.wilds++
		case c.Flagged:
			q.captains = append(q.captains, c)
		default:
			q.fixed = append(q.fixed, c)
		}
	}
	slices.SortFunc(q.fixed, func(a, b Card) int { return cellOf(a.Suit, int(a.Rank)-1) - cellOf(b.Suit, int(b.Rank)-1) })
	slices.SortFunc(q.captains, func(a, b Card) int { return a.index() - b.index() })
	q.captainsLeft = len(q.captains)
	q.wilds += q.captainsLeft
	if len(q.fixed) > memoFrom {
		q.seen = map[searchState]int32{}
	}
	for i := range q.at {
		q.at[i] = -1
	}
	for i, c := range q.fixed {
		cell := cellOf(c.Suit, int(c.Rank)-1)
		q.at[cell] = int8(i)
		q.fixedCell = append(q.fixedCell, cell)
		q.printed |= 1 << cell
		q.column[c.Rank-1] |= 1 << i
		q.row[c.Suit] |= 1 << i
	}
	q.shares()
	return q
}

// solveSmall is Solve for a pool fitsSetSearch accepts.
func solveSmall(pool []Card, players int, halt *atomic.Bool) (Party, bool) {
	q := newSetSearch(pool, players)
	q.halt = halt
	q.search(uint16(1)<<len(q.fixed) - 1)
	if q.halted {
		return Party{}, false
	}
	return q.party(), true
}

// free reports whether a wild may stand on a cell now.
func (q *setSearch) free(cell int) bool {
	return (q.playable&^q.printed&^q.taken)>>cell&1 == 1
}

// groupShares[n] is what each card of a group of n cards brings, times
// perCard, rounded up.
var groupShares = [NumSuits + 1]int32{0, 0, 2 * perCard, (10*perCard + 2) / 3, 4 * perCard, (22*perCard + 4) / 5}

// most bounds what the cards rem and the wilds left can still add: each
// card at most its share of the richest set it could still be part of (see
// share), each wild at most its share of the biggest group or 4.
func (q *setSearch) most(rem uint16) int32 {
	b := q.boundsFor(rem)
	total := int32(q.wilds) * b.wildShare
	for cards := rem; cards != 0; cards &= cards - 1 {
		total += q.share(bits.TrailingZeros16(cards), rem, &b)
	}
	return total
}

// boundState is what share needs to know about the cards rem and the wilds
// left, worked out once per bound.
type boundState struct {
	free, blocked uint64 // cells a wild may take; cells a straight flush cannot take
	groupShare    [NumRanks]int32
	wildShare     int32
	ship          bool // a full ship is still possible
}

func (q *setSearch) boundsFor(rem uint16) boundState {
	b := boundState{
		free:      q.playable &^ q.printed &^ q.taken,
		blocked:   q.printed&^q.cellsOf(rem) | q.taken | ^q.playable,
		wildShare: 4 * perCard,
		ship:      bits.OnesCount16(rem)+q.wilds >= NumRanks,
	}
	parrots := uint64(0) // the rows whose Parrot is left
	for suit, left := range q.parrotLeft {
		if left {
			parrots |= 1 << suit
		}
	}
	for x := range b.groupShare {
		if cards := rem & q.column[x]; cards != 0 {
			// the wilds that can join the column's group: the Captains,
			// and the Parrots whose cell in it is free
			wilds := q.captainsLeft + bits.OnesCount64(b.free>>(x*NumSuits)&parrots)
			b.groupShare[x] = groupShares[min(bits.OnesCount16(cards)+wilds, len(q.rows))]
			b.wildShare = max(b.wildShare, b.groupShare[x])
		}
	}
	return b
}

// share is the most card i can bring, with the cards rem undecided: its
// share of the richest set it could still be part of, a group as big as
// its column's cards and the wilds that fit there, 4 in a straight flush
// its row could still make, 3 in a flush, 25/9 in a full ship, 2 in a
// straight.
func (q *setSearch) share(i int, rem uint16, b *boundState) int32 {
	c := q.fixed[i]
	best := b.groupShare[c.Rank-1]
	if best >= 4*perCard {
		return best
	}
	rowWilds := q.captainsLeft
	if q.parrotLeft[c.Suit] {
		rowWilds++
	}
	for _, run := range runsThrough[q.fixedCell[i]] {
		if run&b.blocked == 0 && bits.OnesCount64(run&b.free) <= rowWilds {
			return 4 * perCard
		}
	}
	switch {
	case bits.OnesCount16(rem&q.row[c.Suit])+rowWilds >= 3:
		return max(best, 3*perCard) // a flush
	case b.ship:
		return max(best, (25*perCard+8)/9) // a full ship
	}
	return max(best, 2*perCard) // a straight
}

// shares fills atMost and wildAtMost: what most counts for each card and
// wild with nothing decided yet.
func (q *setSearch) shares() {
	all := uint16(1)<<len(q.fixed) - 1
	b := q.boundsFor(all)
	q.atMost = make([]int32, len(q.fixed))
	for i := range q.fixed {
		q.atMost[i] = q.share(i, all, &b)
	}
	q.wildAtMost = b.wildShare
}

// cellsOf is the cells of the pool cards rem.
func (q *setSearch) cellsOf(rem uint16) uint64 {
	var cells uint64
	for ; rem != 0; rem &= rem - 1 {
		cells |= 1 << q.fixedCell[bits.TrailingZeros16(rem)]
	}
	return cells
}

// search decides the cards in rem, lowest first.
func (q *setSearch) search(rem uint16) {
	if !q.hopeless(rem) {
		q.explore(rem)
	}
}

// hopeless reports whether no party through the current one, with the
// cards rem still to decide, can beat the best so far: first by each
// card's share in the whole pool (quick), then by the finer bound.
func (q *setSearch) hopeless(rem uint16) bool {
	if q.nodes++; q.nodes%haltEvery == 0 && q.halt.Load() {
		q.halted = true
	}
	return q.halted || q.value+q.quickMost(rem) <= q.best || q.value+q.most(rem) <= q.best
}

// quickMost is a quicker, looser most: each card and wild at what most
// counts it with nothing decided yet.
func (q *setSearch) quickMost(rem uint16) int32 {
	total := int32(q.wilds) * q.wildAtMost
	for ; rem != 0; rem &= rem - 1 {
		total += q.atMost[bits.TrailingZeros16(rem)]
	}
	return total
}

// explore is search without the bound check.
func (q *setSearch) explore(rem uint16) {
	if rem == 0 {
		q.wildSets()
		return
	}
	var key searchState
	if q.seen != nil {
		key = q.stateKey(rem)
		if most, ok := q.seen[key]; ok && q.value+most <= q.best {
			return
		}
	}
	c := bits.TrailingZeros16(rem)
	rest := rem &^ (1 << c)
	q.straightFlushes(c, rest)
	q.groups(c, rest)
	q.flushes(c, rest)
	q.straights(c, rest)
	q.fullShips(c, rest)
	q.search(rest) // c left out
	if q.seen != nil {
		q.seen[key] = q.best - q.value
	}
}

// searchState is what the rest of a search depends on: the cards left to
// decide and the wilds (which are left, where the placed ones stand).
type searchState struct {
	taken uint64
	rest  uint64 // cards left, Parrots left, Captains left, demands
}

func (q *setSearch) stateKey(rem uint16) searchState {
	k := uint64(rem)<<16 | uint64(q.captainsLeft)<<13
	for suit, left := range q.parrotLeft {
		if left {
			k |= 1 << (8 + suit)
		}
	}
	// the demands, as a sorted list of 5-bit codes
	var codes [smallMaxWilds]uint64
	for i, d := range q.demands {
		codes[i] = uint64(d.line) + 1
		if d.row {
			codes[i] += 16
		}
	}
	slices.Sort(codes[:len(q.demands)])
	for i, c := range codes[:len(q.demands)] {
		k |= c << (32 + 5*i)
	}
	return searchState{taken: q.taken, rest: k}
}

// try adds set f (its wilds already placed) when every demand still fits,
// searches on with the cards rem, and takes the set back out.
//
// It reports whether the set was worth searching on. For a straight, when
// it was not, no longer straight that starts the same way is either: each
// more card adds 2, which the bound already counted for it (it counts every
// card at 2 or more, every wild at 4 or more), and wilds only add demands.
func (q *setSearch) try(f foundSet, rem uint16) bool {
	if !q.demandsFit() {
		return false
	}
	gain := int32(SetStrength(f.kind, f.size())*perCard - f.size())
	q.value += gain
	worth := !q.hopeless(rem)
	if worth {
		q.sets = append(q.sets, f)
		q.explore(rem)
		q.sets = q.sets[:len(q.sets)-1]
	}
	q.value -= gain
	return worth
}

// The wild-placing helpers record each wild they place in the set, so
// that unplace can take them back out.

// pin puts a wild on a cell: the Parrot of the cell's row when it is left,
// else a flagged Captain. It reports false when neither is left or the
// cell is not free.
func (q *setSearch) pin(f *foundSet, cell int) bool {
	if !q.free(cell) || f.nWilds == smallMaxWilds {
		return false
	}
	suit := Suit(cell % NumSuits)
	w := placedWild{cell: int8(cell), demand: -1}
	switch {
	case q.parrotLeft[suit]:
		w.parrot, w.suit = true, suit
		q.parrotLeft[suit] = false
	case q.captainsLeft > 0:
		q.captainsLeft--
	default:
		return false
	}
	q.taken |= 1 << cell
	q.wilds--
	f.wilds[f.nWilds] = w
	f.nWilds++
	return true
}

// onLine puts a wild on a line (any free cell of it, settled at the end):
// the Parrot of suit when parrot is set, else a flagged Captain.
func (q *setSearch) onLine(f *foundSet, d demand, parrot bool, suit Suit) bool {
	if f.nWilds == smallMaxWilds {
		return false
	}
	w := placedWild{cell: -1, demand: int8(len(q.demands))}
	if parrot {
		if !q.parrotLeft[suit] {
			return false
		}
		w.parrot, w.suit = true, suit
		q.parrotLeft[suit] = false
	} else {
		if q.captainsLeft == 0 {
			return false
		}
		q.captainsLeft--
	}
	q.demands = append(q.demands, d)
	q.wilds--
	f.wilds[f.nWilds] = w
	f.nWilds++
	return true
}

// unplace takes the wilds of f from the state.
func (q *setSearch) unplace(f *foundSet) { q.unplaceFrom(f, 0) }

// lineCells is the set of cells on a demand's line.
func (q *setSearch) lineCells(d demand) uint64 {
	var out uint64
	if d.row {
		for r := 0; r < NumRanks; r++ {
			out |= 1 << cellOf(Suit(d.line), r)
		}
	} else {
		for s := Suit(0); s < NumSuits; s++ {
			out |= 1 << cellOf(s, d.line)
		}
	}
	return out
}

// demandsFit reports whether every demand can have a free cell of its own.
func (q *setSearch) demandsFit() bool {
	var cells [smallMaxWilds]int
	return q.assign(q.demands, q.playable&^q.printed&^q.taken, cells[:])
}

// assign gives each demand its own cell among free, into cells: for each
// in turn the lowest that lets the rest fit too. It reports false when
// they cannot all fit.
func (q *setSearch) assign(ds []demand, free uint64, cells []int) bool {
	if len(ds) == 0 {
		return true
	}
	for line := q.lineCells(ds[0]) & free; line != 0; line &= line - 1 {
		cells[0] = bits.TrailingZeros64(line)
		if q.assign(ds[1:], free&^(1<<cells[0]), cells[1:]) {
			return true
		}
	}
	return false
}

// subsets calls fn with every subset of set, the whole set first, then
// counting down.
func subsets(set uint16, fn func(uint16)) {
	for sub := set; ; sub = (sub - 1) & set {
		fn(sub)
		if sub == 0 {
			return
		}
	}
}

// groups tries card c in a group of its rank (R1.2): other cards of the
// rank, Parrots on the column's free cells of their rows, flagged Captains
// anywhere free in the column.
func (q *setSearch) groups(c int, rem uint16) {
	rank := int(q.fixed[c].Rank) - 1
	var parrots [NumSuits]Suit
	n := 0
	for _, suit := range q.rows {
		if q.parrotLeft[suit] && q.free(cellOf(suit, rank)) {
			parrots[n] = suit
			n++
		}
	}
	subsets(rem&q.column[rank], func(others uint16) {
		for pick := 1<<n - 1; pick >= 0; pick-- {
			for captains := q.captainsLeft; captains >= 0; captains-- {
				f := foundSet{kind: Group, fixed: 1<<c | others}
				ok := true
				for j, suit := range parrots[:n] {
					if pick>>j&1 == 1 {
						ok = ok && q.pin(&f, cellOf(suit, rank))
					}
				}
				for range captains {
					ok = ok && q.onLine(&f, demand{line: rank}, false, 0)
				}
				if size := f.size(); ok && size >= 2 && size <= NumSuits {
					q.try(f, rem&^others)
				}
				q.unplace(&f)
			}
		}
	})
}

// flushes tries card c in a flush of its suit: other cards of the suit and
// wilds anywhere free in the row, the row's Parrot first.
func (q *setSearch) flushes(c int, rem uint16) {
	suit := q.fixed[c].Suit
	subsets(rem&q.row[suit], func(others uint16) {
		n := 1 + bits.OnesCount16(others)
		most := q.captainsLeft
		if q.parrotLeft[suit] {
			most++
		}
		for wilds := most; wilds >= max(0, 3-n); wilds-- {
			f := foundSet{kind: Flush, fixed: 1<<c | others}
			ok := true
			for j := 0; j < wilds && ok; j++ {
				d := demand{row: true, line: int(suit)}
				ok = q.onLine(&f, d, q.parrotLeft[suit], suit)
			}
			if ok {
				q.try(f, rem&^others)
			}
			q.unplace(&f)
		}
	})
}

// straightFlushes tries card c in each run of its suit that holds it:
// the run's cells hold the suit's cards or wilds. (Cells before c's hold no
// card left to decide, so only wilds.)
func (q *setSearch) straightFlushes(c int, rem uint16) {
	suit, rank := q.fixed[c].Suit, int(q.fixed[c].Rank)-1
	for lo := max(0, rank-q.wilds); lo <= rank; lo++ {
		f := foundSet{kind: StraightFlush, fixed: 1 << c}
		ok := true
		for x := lo; x < rank && ok; x++ {
			ok = q.pin(&f, cellOf(suit, x))
		}
		for x := rank + 1; ok; x++ {
			if x-lo >= 3 {
				// (a longer run may still do better: the bound may count
				// a card of it at less than the 4 it adds here)
				q.try(f, rem&^f.fixed)
			}
			if x == NumRanks {
				break
			}
			cell := cellOf(suit, x)
			if i := q.at[cell]; i >= 0 {
				ok = rem>>i&1 == 1
				f.fixed |= 1 << i
			} else {
				ok = q.pin(&f, cell)
			}
		}
		q.unplace(&f)
	}
}

// straights tries card c in each straight that holds it: one card per
// rank, a pool card, a Parrot on a free cell of its row or a flagged
// Captain anywhere free in the column. (Ranks below c's hold no card left
// to decide, so only wilds.)
func (q *setSearch) straights(c int, rem uint16) {
	rank := int(q.fixed[c].Rank) - 1
	for lo := max(0, rank-q.wilds); lo <= rank; lo++ {
		f := foundSet{kind: Straight, fixed: 1 << c}
		q.stretch(&f, lo, lo, rank, rem)
	}
}

// stretch goes on with a straight over columns lo…x-1 (column skip holds
// card c): it tries the straight as it is when it is long enough, then
// each card for column x.
func (q *setSearch) stretch(f *foundSet, lo, x, skip int, rem uint16) {
	if x > skip && x-lo >= 3 && !q.try(*f, rem&^f.fixed) {
		return // no longer straight can do better
	}
	if n := int32(f.size()); n == 2 && q.value+n*(2*perCard-1)+q.quickMost(rem&^f.fixed) <= q.best {
		// not a straight yet, but one pays each card 2, which the bound
		// counts for every card and wild at least: no straight from here
		// can do better
		return
	}
	if x == NumRanks {
		return
	}
	if x == skip {
		q.stretch(f, lo, x+1, skip, rem)
		return
	}
	q.eachCard(f, x, rem, func() { q.stretch(f, lo, x+1, skip, rem) })
}

// fullShips tries card c in a full ship: one card of each rank.
func (q *setSearch) fullShips(c int, rem uint16) {
	if bits.OnesCount16(rem)+1+q.wilds < NumRanks {
		return
	}
	f := foundSet{kind: FullShip, fixed: 1 << c}
	q.shipFrom(&f, 0, int(q.fixed[c].Rank)-1, rem)
}

// shipFrom fills columns x… of a full ship (column skip holds card c). It
// gives up as soon as the ship's 25 and the quick bound for the cards not
// in it cannot beat the best party (the bound only drops as cards join).
func (q *setSearch) shipFrom(f *foundSet, x, skip int, rem uint16) {
	if q.value+25*perCard-NumRanks+q.quickMost(rem&^f.fixed) <= q.best {
		return
	}
	switch x {
	case NumRanks:
		q.try(*f, rem&^f.fixed)
	case skip:
		q.shipFrom(f, x+1, skip, rem)
	default:
		q.eachCard(f, x, rem, func() { q.shipFrom(f, x+1, skip, rem) })
	}
}

// eachCard puts each possible card for column x into set f in turn (a
// pool card, a Parrot on its row's cell, a flagged Captain on the column)
// and calls next with it there.
func (q *setSearch) eachCard(f *foundSet, x int, rem uint16, next func()) {
	for cards := rem & q.column[x]; cards != 0; cards &= cards - 1 {
		i := uint16(1) << bits.TrailingZeros16(cards)
		f.fixed |= i
		next()
		f.fixed &^= i
	}
	n := f.nWilds
	for _, suit := range q.rows {
		if q.parrotLeft[suit] && q.free(cellOf(suit, x)) && q.pin(f, cellOf(suit, x)) {
			next()
			q.unplaceFrom(f, n)
		}
	}
	if q.onLine(f, demand{line: x}, false, 0) {
		next()
		q.unplaceFrom(f, n)
	}
}

// unplaceFrom takes the wilds of f after the first n from the state.
func (q *setSearch) unplaceFrom(f *foundSet, n int) {
	for i := f.nWilds - 1; i >= n; i-- {
		w := f.wilds[i]
		if w.cell >= 0 {
			q.taken &^= 1 << w.cell
		} else {
			q.demands = q.demands[:len(q.demands)-1]
		}
		if w.parrot {
			q.parrotLeft[w.suit] = true
		} else {
			q.captainsLeft++
		}
		q.wilds++
	}
	f.nWilds = n
}

// wildSets ends a branch: every pool card is decided; the wilds left may
// still make one set of their own (with at most three wilds, only one).
func (q *setSearch) wildSets() {
	q.record()
	var wilds []placedWild // the wilds left, Parrots in suit order first
	for _, suit := range q.rows {
		if q.parrotLeft[suit] {
			wilds = append(wilds, placedWild{parrot: true, suit: suit})
		}
	}
	for range q.captainsLeft {
		wilds = append(wilds, placedWild{})
	}
	if len(wilds) < 2 {
		return
	}
	// every choice of 2 or 3 of them, as a group, flush, straight flush or
	// straight
	for pick := 3; pick < 1<<len(wilds); pick++ {
		var chosen []placedWild
		for j, w := range wilds {
			if pick>>j&1 == 1 {
				chosen = append(chosen, w)
			}
		}
		if len(chosen) < 2 {
			continue
		}
		q.wildGroup(chosen)
		if len(chosen) == 3 {
			q.wildRow(chosen)
			q.wildStraight(chosen)
		}
	}
}

// record keeps the current party when it beats the best so far.
func (q *setSearch) record() {
	if q.value > q.best {
		q.best = q.value
		q.bestSets = append(q.bestSets[:0], q.sets...)
		q.bestDemands = append(q.bestDemands[:0], q.demands...)
	}
}

// place puts wild w of a wild-only set on a cell (pinned) or a line.
func (q *setSearch) place(f *foundSet, w placedWild, cell int, d demand) bool {
	if cell >= 0 {
		if w.parrot && Suit(cell%NumSuits) != w.suit {
			return false
		}
		return q.pinAs(f, w, cell)
	}
	return q.onLine(f, d, w.parrot, w.suit)
}

// pinAs puts the given wild (not just any) on a cell.
func (q *setSearch) pinAs(f *foundSet, w placedWild, cell int) bool {
	if !q.free(cell) {
		return false
	}
	if w.parrot {
		if !q.parrotLeft[w.suit] {
			return false
		}
		q.parrotLeft[w.suit] = false
	} else {
		if q.captainsLeft == 0 {
			return false
		}
		q.captainsLeft--
	}
	w.cell, w.demand = int8(cell), -1
	q.taken |= 1 << cell
	q.wilds--
	f.wilds[f.nWilds] = w
	f.nWilds++
	return true
}

// finishWild scores a wild-only set f and takes it back out.
func (q *setSearch) finishWild(f *foundSet, ok bool) {
	if ok && q.demandsFit() {
		q.sets = append(q.sets, *f)
		gain := int32(SetStrength(f.kind, f.size())*perCard - f.size())
		q.value += gain
		q.record()
		q.value -= gain
		q.sets = q.sets[:len(q.sets)-1]
	}
	q.unplace(f)
}

// wildGroup tries the wilds as a group in each column.
func (q *setSearch) wildGroup(ws []placedWild) {
	for x := 0; x < NumRanks; x++ {
		f := foundSet{kind: Group}
		ok := true
		for _, w := range ws {
			cell := -1
			if w.parrot {
				cell = cellOf(w.suit, x)
			}
			ok = ok && q.place(&f, w, cell, demand{line: x})
		}
		q.finishWild(&f, ok)
	}
}

// wildRow tries three wilds as a straight flush or flush in each row.
func (q *setSearch) wildRow(ws []placedWild) {
	for _, suit := range q.rows {
		for lo := 0; lo+2 < NumRanks; lo++ {
			f := foundSet{kind: StraightFlush}
			ok := true
			for j, w := range ws {
				ok = ok && q.place(&f, w, cellOf(suit, lo+j), demand{})
			}
			q.finishWild(&f, ok)
		}
		f := foundSet{kind: Flush}
		ok := true
		for _, w := range ws {
			ok = ok && (!w.parrot || w.suit == suit) && q.place(&f, w, -1, demand{row: true, line: int(suit)})
		}
		q.finishWild(&f, ok)
	}
}

// wildStraight tries three wilds as a straight, in each order over the
// three columns.
func (q *setSearch) wildStraight(ws []placedWild) {
	orders := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for lo := 0; lo+2 < NumRanks; lo++ {
		for _, o := range orders {
			f := foundSet{kind: Straight}
			ok := true
			for j, at := range o {
				w := ws[at]
				cell := -1
				if w.parrot {
					cell = cellOf(w.suit, lo+j)
				}
				ok = ok && q.place(&f, w, cell, demand{line: lo + j})
			}
			q.finishWild(&f, ok)
		}
	}
}

// party turns the best sets found into a Party, giving every demand its
// cell and every Captain its card (in card order, set by set).
func (q *setSearch) party() Party {
	taken := uint64(0)
	for _, f := range q.bestSets {
		for _, w := range f.wilds[:f.nWilds] {
			if w.cell >= 0 {
				taken |= 1 << w.cell
			}
		}
	}
	var cells [smallMaxWilds]int
	q.assign(q.bestDemands, q.playable&^q.printed&^taken, cells[:])
	var sets [][]cellPick
	usedFixed := uint16(0)
	parrotUsed := [NumSuits]bool{}
	captain := 0
	for _, f := range q.bestSets {
		var picks []cellPick
		for fs := f.fixed; fs != 0; fs &= fs - 1 {
			c := q.fixed[bits.TrailingZeros16(fs)]
			picks = append(picks, cellPick{card: c, as: c})
		}
		usedFixed |= f.fixed
		for _, w := range f.wilds[:f.nWilds] {
			cell := int(w.cell)
			if cell < 0 {
				cell = cells[w.demand]
			}
			as := Card{Suit: Suit(cell % NumSuits), Rank: Rank(cell/NumSuits + 1)}
			if w.parrot {
				parrotUsed[w.suit] = true
				picks = append(picks, cellPick{card: Card{Suit: w.suit, Rank: Parrot}, as: as})
			} else {
				picks = append(picks, cellPick{card: q.captains[captain], as: as})
				captain++
			}
		}
		sets = append(sets, picks)
	}
	var unused []Card
	for i, c := range q.fixed {
		if usedFixed>>i&1 == 0 {
			unused = append(unused, c)
		}
	}
	for suit, has := range q.hasParrot {
		if has && !parrotUsed[suit] {
			unused = append(unused, Card{Suit: Suit(suit), Rank: Parrot})
		}
	}
	unused = append(unused, q.captains[captain:]...)
	sets, unused = preferParrots(sets, unused)
	return assemble(sets, unused)
}
