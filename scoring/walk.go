package scoring

import (
	"math/bits"
	"slices"
	"sync/atomic"
)

// The grid walk's model: the cells, the roles a cell can take, the state
// that carries what the rest of the walk needs to know, and the moves
// between states (apply a role, end a column, finish the party). The
// search that drives it is in descent.go, its bounds in bounds.go,
// relaxed.go and priced.go, its schedule in solve.go.
//
// A party never holds two cards with the same suit and rank (R1.6), so a
// party is a set of cells of the suit × rank grid, each filled by the
// pool's card printed there or by a wild (a Parrot in its own suit's row,
// a flagged Captain anywhere). Every set pattern is a shape on that grid:
// a group lies in one rank column, a flush or straight flush in one suit
// row, a straight or full ship takes one cell in each of consecutive
// columns. The walk goes over the grid cell by cell, rank 1 to Captain and
// suit by suit within a rank, deciding each cell's role; what the rest of
// the walk needs to know about the past fits in a small state (per suit:
// the length of the straight-flush run and of the flush so far, capped at
// 3; how many straights are open and how long; how many full ships; which
// wilds are spent; the current column's group). Equal states merge,
// keeping the better past, which makes the walk exact dynamic programming.
//
// Tie order: cells rank by rank from 1, suits in card order; at each cell:
// leave it, group, straight flush, straight, full ship, flush; where two
// pasts merge into one state with the same value, the one the descent
// reached first (its order is in descent.go).

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
	players  int
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
	rowsAfter       [NumRanks]rowsAfter // after each column: see settleRows
	fixedCells      [NumRanks]uint64    // each column's pool cards, bit 2×suit (see owesTooMuch)
	parrotRows      int                 // the rows whose Parrot the pool holds, a bit per suit
	// the relaxed walks' tables: see relaxed.go
	relaxedRuns, relaxedFlush *relaxedTable
	priced                    *pricedBound  // see priced.go
	crossReachable            [][]int16     // see crossReach
	halt                      *atomic.Bool  // set when the caller no longer wants the answer
	parallel                  bool          // may share the descent's big steps between two goroutines (see sweep)
	sched                     schedule      // when the walk does its costlier work (see schedule)
	helper                    *helper       // the second goroutine, while a parallel descent runs
	work                      *atomic.Int64 // states the descents expanded, summed: the walk's cost (SolveCost)
	// allowed[suit][rank] has bit 1<<role set when some party could give
	// the cell that role: shapes that cannot be completed are not tried.
	allowed [NumSuits][NumRanks]uint8
}

const minKey = int32(-1 << 30)

func newSolver(pool []Card, players int) *solver {
	s := &solver{pool: pool, players: players, rows: SuitsInPlay(players), halt: new(atomic.Bool), work: new(atomic.Int64), sched: defaultSchedule()}
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
	s.buildRowsAfter()
	return s
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

// advance gives step i's cell a role from state k with value v, settling
// the column at its last cell; ok is false when the role is impossible or
// leaves the state owing its column more than the column can give.
func (s *solver) advance(k uint64, v int32, i int, role uint8) (uint64, int32, bool) {
	st := s.steps[i]
	k, v, ok := s.apply(k, v, st, role)
	switch {
	case !ok:
		return 0, 0, false
	case st.last:
		return s.endColumn(k, v, st.rank)
	case s.stuck(k, i):
		return 0, 0, false
	}
	return k, v, true
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
// empty cell left in its row (as good as spent). Every column's end runs
// it on every state, so it works on all rows at once, with masks of the
// key's fields made once per pool (see rowsAfter).
func (s *solver) settleRows(k uint64, v int32, col int) (uint64, int32, bool) {
	m := &s.rowsAfter[col]
	runs := k >> offRun & m.deadRuns
	if (runs^runs>>1)&m.deadRuns&lowFieldBits != 0 {
		return 0, 0, false // a straight flush of 1 or 2 cards that cannot go on
	}
	k = k&^(m.deadRuns<<offRun) | m.strandedParrots<<offParrots
	settle := m.flushDone
	if m.flushByWild != 0 && get(k, offCapt, 3) == len(s.captains) {
		// these flushes can only grow by their row's Parrot
		parrotsLeft := s.parrotRows &^ int(k>>offParrots&(1<<NumSuits-1))
		settle |= m.flushByWild &^ spreadRows[parrotsLeft]
	}
	if fl := k >> offFlush & settle; fl != 0 {
		for x := fl; x != 0; {
			at := bits.TrailingZeros64(x) &^ 1
			if n := int32(x >> at & 3); n < 3 {
				v -= (3*n-1)*perCard - n
			}
			x &^= 3 << at
		}
		k &^= settle << offFlush
	}
	return k, v, true
}

// lowFieldBits has the low bit of every suit's 2-bit field (runs, flushes).
const lowFieldBits = 0b01_01_01_01_01

// spreadRows[rows] turns a bit per suit into that suit's 2-bit field.
var spreadRows = func() (t [1 << NumSuits]uint64) {
	for rows := range t {
		for suit := range NumSuits {
			if rows>>suit&1 != 0 {
				t[rows] |= 3 << (2 * suit)
			}
		}
	}
	return
}()

// rowsAfter says, as masks of the key's fields, what each row offers after
// a column (see settleRows).
type rowsAfter struct {
	deadRuns        uint64 // runs whose next cell cannot be in a straight flush
	strandedParrots uint64 // Parrots (a bit per suit) with no empty cell left in their row
	flushDone       uint64 // flushes no later cell can join
	flushByWild     uint64 // flushes only a wild can still join
}

// buildRowsAfter fills rowsAfter, parrotRows and fixedCells.
func (s *solver) buildRowsAfter() {
	for _, suit := range s.rows {
		if s.parrot[suit] {
			s.parrotRows |= 1 << suit
		}
	}
	for c := range NumRanks {
		m := &s.rowsAfter[c]
		for _, suit := range s.rows {
			if s.cells[suit][c] == cellFixed {
				s.fixedCells[c] |= 1 << (2 * suit)
			}
			field := uint64(3) << (2 * suit)
			fixed, empty, flushWild := 0, 0, 0
			for r := c + 1; r < NumRanks; r++ {
				switch s.cells[suit][r] {
				case cellFixed:
					fixed++
				case cellEmpty:
					empty++
					if s.allowed[suit][r]&(1<<roleFlushWild) != 0 {
						flushWild++
					}
				}
			}
			if c+1 == NumRanks || s.allowed[suit][c+1]&(1<<roleSF) == 0 {
				m.deadRuns |= field
			}
			if s.parrot[suit] && empty == 0 {
				m.strandedParrots |= 1 << suit
			}
			switch {
			case fixed == 0 && flushWild == 0:
				m.flushDone |= field
			case fixed == 0:
				m.flushByWild |= field
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
