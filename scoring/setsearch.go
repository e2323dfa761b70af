package scoring

import (
	"math/bits"
	"slices"
	"sync/atomic"
)

// The set search: the solver for small pools.
//
// The grid walk (walk.go) pays a price per pool, for its bound tables and
// its 45 cells, that dwarfs the work a pool of a dozen cards needs. For
// such pools the solver searches the sets directly instead: it takes the
// lowest pool card not yet decided (by rank, then suit) and puts it in each
// set it can be part of with the cards after it and the wilds, or leaves it
// out, then goes on with the next card; the wilds left at the end may still
// make a set of their own. A branch is cut when what it has plus a bound on
// what is left (most) cannot beat the best party found so far, or when the
// same cards and wilds were left before on a branch that could not beat it
// by more than this one's head start (seen). The bound is in setbound.go,
// the sets a card is tried in in setshapes.go, and where the wilds stand
// in setwilds.go.
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

// memoFrom is the pool size (wilds aside) from which the search remembers
// the states it has searched: below it, the bookkeeping costs more than
// it saves.
const memoFrom = 10

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
	wilds  [setSearchMaxWilds]placedWild
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

// solveSmall is Solve for a pool fitsSetSearch accepts. nodes is the work
// the search took (SolveCost); ok is false when halt stopped it.
func solveSmall(pool []Card, players int, halt *atomic.Bool) (p Party, nodes int64, ok bool) {
	q := newSetSearch(pool, players)
	q.halt = halt
	q.search(uint16(1)<<len(q.fixed) - 1)
	if q.halted {
		return Party{}, int64(q.nodes), false
	}
	return q.party(), int64(q.nodes), true
}

// free reports whether a wild may stand on a cell now.
func (q *setSearch) free(cell int) bool {
	return (q.playable&^q.printed&^q.taken)>>cell&1 == 1
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
	var codes [setSearchMaxWilds]uint64
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

// record keeps the current party when it beats the best so far.
func (q *setSearch) record() {
	if q.value > q.best {
		q.best = q.value
		q.bestSets = append(q.bestSets[:0], q.sets...)
		q.bestDemands = append(q.bestDemands[:0], q.demands...)
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
	var cells [setSearchMaxWilds]int
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
