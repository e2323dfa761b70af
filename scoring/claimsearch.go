package scoring

import (
	"slices"
)

// The claim search behind Check: the identities of a claimed party's
// wilds that were not stated, chosen over all sets at once (no two cards
// may stand for the same card, R1.6) so that the most sets fit a pattern
// and, among those choices, the claim is strongest; and the problems that
// name the rule each unfit set breaks.

// claimSet is one claimed set as the search sees it.
type claimSet struct {
	cards []Card
	// ids[j] is what cards[j] stands for; fixed where known[j] (an ordinary
	// card, or a wild whose stated identity is allowed), filled in by the
	// search for the other wilds.
	ids   []Card
	known []bool
	// wilds are the indexes of the wilds left to the search: Parrots
	// first, then flagged Captains, so equal Captains sit side by side.
	wilds   []int
	targets []claimTarget
}

// claimTarget is one way a set can score: a pattern with its parameters. The
// search fills the set's open wilds to match it.
type claimTarget struct {
	kind SetKind
	// rank is the one rank of a group; 0 otherwise.
	rank Rank
	// suit is the one suit of a flush or straight flush, when oneSuit.
	suit    Suit
	oneSuit bool
	// missing are the ranks a straight or full ship still needs, one wild
	// each; nil when ranks are free or fixed by rank.
	missing []Rank
}

// claimOutcome is one set's scoring in a search path.
type claimOutcome struct {
	fit      bool
	kind     SetKind
	strength int
	ids      []Card
}

// claimTally orders search results: first by how many sets fit a pattern (a
// legal claim needs all of them), then by strength.
type claimTally struct{ fits, strength int }

func (a claimTally) plus(b claimTally) claimTally {
	return claimTally{a.fits + b.fits, a.strength + b.strength}
}

func (a claimTally) beats(b claimTally) bool {
	return a.fits > b.fits || (a.fits == b.fits && a.strength > b.strength)
}

type checker struct {
	suits    []Suit
	players  int
	sets     []claimSet
	problems []Problem
	// used marks the identities taken, one bit per suit × rank cell.
	used uint64
	// bound[i] is the most set i could score with no other wild competing
	// for identities; rest[i] sums bound[i:].
	bound []claimTally
	rest  []claimTally
	// fitsAlone[i] says whether set i fits a pattern when the rest of the
	// party is ignored, to tell R1.2 from R1.6 when it does not fit.
	fitsAlone []bool
	cur       []claimOutcome
	best      []claimOutcome
	top       claimTally
	found     bool
	done      bool
}

func claimBit(c Card) uint64 { return 1 << (uint(c.Suit)*NumRanks + uint(c.Rank-1)) }

func newChecker(sets [][]Claim, players int) *checker {
	ch := &checker{suits: SuitsInPlay(players), players: players}
	ch.sets = make([]claimSet, len(sets))
	for i, set := range sets {
		cs := &ch.sets[i]
		cs.cards = make([]Card, len(set))
		cs.ids = make([]Card, len(set))
		cs.known = make([]bool, len(set))
		var captains []int
		for j, cl := range set {
			cs.cards[j] = cl.Card
			as, ok := ch.stated(i+1, cl)
			switch {
			case ok:
				cs.ids[j], cs.known[j] = as, true
			case cl.Card.Rank == Parrot:
				cs.wilds = append(cs.wilds, j)
			default:
				captains = append(captains, j)
			}
		}
		cs.wilds = append(cs.wilds, captains...)
		for j, ok := range cs.known {
			if ok {
				ch.used |= claimBit(cs.ids[j])
			}
		}
	}
	for i := range ch.sets {
		ch.sets[i].targets = ch.targetsFor(&ch.sets[i])
	}
	return ch
}

// stated decides the identity a claimed card stands for before any search:
// an ordinary card is itself, and a wild whose stated identity is allowed is
// that identity. It records a Problem for a stated identity that is not
// allowed; the card is then treated as if nothing had been stated, so the
// set still shows what it could have been.
func (ch *checker) stated(set int, cl Claim) (Card, bool) {
	c := cl.Card
	if cl.As == nil {
		return c.Cell(), !c.IsWild()
	}
	as := cl.As.Cell()
	bad := func(rule string, code ProblemCode) {
		ch.problems = append(ch.problems, Problem{Set: set, Rule: rule, Code: code, Cards: []Card{c, as}})
	}
	switch {
	case c.Rank == Parrot && as.Rank == Parrot:
		bad("R1.4", ProblemParrotRank)
	case c.Rank == Parrot && as.Suit != c.Suit:
		bad("R1.4", ProblemParrotSuit)
	case c.Rank == Parrot:
		return as, true
	case c.IsWild() && as.Rank == Parrot:
		bad("R1.5", ProblemCaptainParrot)
	case c.IsWild() && ch.players == 2 && as.Suit == Kraken:
		bad("R1.6", ProblemCaptainKraken)
	case c.IsWild():
		return as, true
	case as == c.Cell():
		return as, true
	case c.Rank == Cpt:
		bad("R1.5", ProblemNoPower)
	default:
		bad("R1.5", ProblemNotWild)
	}
	return c.Cell(), !c.IsWild()
}

// targetsFor lists the patterns the set could still fit given its known
// identities, strongest first, so the first one the search completes is
// the best the set can do. A stronger pattern a completed set happens to fit
// as well comes earlier in the list, which keeps that true.
func (ch *checker) targetsFor(cs *claimSet) []claimTarget {
	n := len(cs.cards)
	var known []Card
	for j, ok := range cs.known {
		if ok {
			known = append(known, cs.ids[j])
		}
	}
	parrotsIn := func(u Suit) bool {
		for _, j := range cs.wilds {
			if c := cs.cards[j]; c.Rank == Parrot && c.Suit != u {
				return false
			}
		}
		return true
	}
	knownSuit := func(u Suit) bool {
		for _, c := range known {
			if c.Suit != u {
				return false
			}
		}
		return true
	}
	// missingFrom returns the ranks lo…hi the known cards leave open, or
	// false when a known card repeats a rank or falls outside.
	missingFrom := func(lo, hi Rank) ([]Rank, bool) {
		var have [Parrot + 1]bool
		for _, c := range known {
			if c.Rank < lo || c.Rank > hi || have[c.Rank] {
				return nil, false
			}
			have[c.Rank] = true
		}
		missing := []Rank{}
		for r := lo; r <= hi; r++ {
			if !have[r] {
				missing = append(missing, r)
			}
		}
		return missing, true
	}

	var ts []claimTarget
	if n >= 2 {
		for r := Rank(1); r <= Cpt; r++ {
			if !slices.ContainsFunc(known, func(c Card) bool { return c.Rank != r }) {
				ts = append(ts, claimTarget{kind: Group, rank: r})
			}
		}
	}
	if n >= 3 {
		for lo := Rank(1); int(lo)+n-1 <= NumRanks; lo++ {
			missing, ok := missingFrom(lo, lo+Rank(n-1))
			if !ok {
				continue
			}
			for _, u := range ch.suits {
				if knownSuit(u) && parrotsIn(u) {
					ts = append(ts, claimTarget{kind: StraightFlush, suit: u, oneSuit: true, missing: missing})
				}
			}
			ts = append(ts, claimTarget{kind: Straight, missing: missing})
		}
	}
	if n >= 3 && n <= NumRanks {
		for _, u := range ch.suits {
			if knownSuit(u) && parrotsIn(u) {
				ts = append(ts, claimTarget{kind: Flush, suit: u, oneSuit: true})
			}
		}
	}
	if n == NumRanks {
		if missing, ok := missingFrom(1, Cpt); ok {
			ts = append(ts, claimTarget{kind: FullShip, missing: missing})
		}
	}
	slices.SortStableFunc(ts, func(a, b claimTarget) int {
		return SetStrength(b.kind, n) - SetStrength(a.kind, n)
	})
	return ts
}

// fill gives the set's open wilds, from the k-th on, identities that match
// the target and are not taken yet, calling leaf with ids complete. It
// stops and returns false as soon as leaf does.
//
// Flagged Captains of one set are interchangeable, so only assignments
// where each takes a cell after the previous Captain's are tried: that cuts
// k! orderings of the same identities down to one.
func (ch *checker) fill(cs *claimSet, t *claimTarget, k int, ids []Card, taken uint16, prev int, leaf func() bool) bool {
	if k == len(cs.wilds) {
		return leaf()
	}
	j := cs.wilds[k]
	c := cs.cards[j]
	captain := c.Rank == Cpt
	afterCaptain := captain && k > 0 && cs.cards[cs.wilds[k-1]].Rank == Cpt
	if !captain && t.oneSuit && c.Suit != t.suit {
		return true
	}
	var suits []Suit
	switch {
	case !captain:
		suits = []Suit{c.Suit}
	case t.oneSuit:
		suits = []Suit{t.suit}
	default:
		suits = ch.suits
	}
	for r := Rank(1); r <= Cpt; r++ {
		if t.rank != 0 && r != t.rank {
			continue
		}
		if t.missing != nil && (!slices.Contains(t.missing, r) || taken&(1<<r) != 0) {
			continue
		}
		for _, u := range suits {
			id := Card{Suit: u, Rank: r}
			order := int(r)*NumSuits + int(u)
			if afterCaptain && order <= prev {
				continue
			}
			bit := claimBit(id)
			if ch.used&bit != 0 {
				continue
			}
			ch.used |= bit
			ids[j] = id
			more := ch.fill(cs, t, k+1, ids, taken|1<<r, order, leaf)
			ch.used &^= bit
			if !more {
				return false
			}
		}
	}
	return true
}

// search finds, over all sets at once, the wild choices that make the most
// sets fit and, among those, give the highest strength. Each set's best on
// its own bounds what it can add, which prunes the search and ends it as
// soon as every set reaches its own best, as it nearly always does.
func (ch *checker) search() {
	n := len(ch.sets)
	ch.bound = make([]claimTally, n)
	ch.fitsAlone = make([]bool, n)
	for i := range ch.sets {
		cs := &ch.sets[i]
		ch.bound[i] = ch.alone(cs, ch.used)
		var own uint64
		for j, ok := range cs.known {
			if ok {
				own |= claimBit(cs.ids[j])
			}
		}
		ch.fitsAlone[i] = ch.alone(cs, own).fits == 1
	}
	ch.rest = make([]claimTally, n+1)
	for i := n - 1; i >= 0; i-- {
		ch.rest[i] = ch.rest[i+1].plus(ch.bound[i])
	}
	ch.cur = make([]claimOutcome, n)
	ch.walk(0, claimTally{})
}

// alone is the most the set scores when the identities in used are taken
// and no other wild competes for the rest.
func (ch *checker) alone(cs *claimSet, used uint64) claimTally {
	saved := ch.used
	ch.used = used
	defer func() { ch.used = saved }()
	if len(cs.wilds) == 0 {
		_, s, ok := claimPattern(cs.ids)
		if !ok {
			return claimTally{}
		}
		return claimTally{1, s}
	}
	ids := slices.Clone(cs.ids)
	for _, t := range cs.targets {
		var got claimTally
		ch.fill(cs, &t, 0, ids, 0, -1, func() bool {
			if _, s, ok := claimPattern(ids); ok {
				got = claimTally{1, s}
				return false
			}
			return true
		})
		if got.fits == 1 {
			return got
		}
	}
	return claimTally{}
}

func (ch *checker) walk(i int, acc claimTally) {
	if i == len(ch.sets) {
		if !ch.found || acc.beats(ch.top) {
			ch.found, ch.top = true, acc
			ch.best = make([]claimOutcome, len(ch.cur))
			for k, o := range ch.cur {
				o.ids = slices.Clone(o.ids)
				ch.best[k] = o
			}
		}
		if ch.top == ch.rest[0] {
			ch.done = true
		}
		return
	}
	if ch.found && !acc.plus(ch.rest[i]).beats(ch.top) {
		return
	}
	cs := &ch.sets[i]
	if len(cs.wilds) == 0 {
		kind, s, ok := claimPattern(cs.ids)
		ch.cur[i] = claimOutcome{fit: ok, kind: kind, strength: s, ids: cs.ids}
		if ok {
			ch.walk(i+1, acc.plus(claimTally{1, s}))
		} else {
			ch.walk(i+1, acc)
		}
		return
	}
	ids := slices.Clone(cs.ids)
	for _, t := range cs.targets {
		ch.fill(cs, &t, 0, ids, 0, -1, func() bool {
			kind, s, ok := claimPattern(ids)
			if ok {
				ch.cur[i] = claimOutcome{fit: true, kind: kind, strength: s, ids: ids}
				ch.walk(i+1, acc.plus(claimTally{1, s}))
			}
			return !ch.done
		})
		if ch.done {
			return
		}
	}
	// Last resort: the set fits nothing, and its open wilds take nothing.
	ch.cur[i] = claimOutcome{ids: cs.ids}
	ch.walk(i+1, acc)
}

// unfitProblem explains why set i fits no pattern in the best search
// result: either nothing its wilds could become makes it fit (R1.2), or it
// would fit only by standing for a card already used elsewhere (R1.6).
func (ch *checker) unfitProblem(i int) Problem {
	cards := slices.Clone(ch.sets[i].cards)
	if ch.fitsAlone[i] {
		return Problem{Set: i + 1, Rule: "R1.6", Code: ProblemTwinNeeded, Cards: cards}
	}
	return Problem{Set: i + 1, Rule: "R1.2", Code: ProblemNoPattern, Cards: cards, Wilds: len(ch.sets[i].wilds) > 0}
}

// twinProblems finds two cards of the party standing for the same card
// after the wild choices (R1.6). Only stated identities can clash: the
// search never picks a taken one. Wilds of a set that fits nothing stand
// for nothing.
func twinProblems(sets []Set, ch *checker) []Problem {
	type place struct {
		set  int
		card Card
	}
	var out []Problem
	first := make(map[Card]place)
	for i, s := range sets {
		for j, pc := range s.Cards {
			if !ch.sets[i].known[j] && s.Kind == NoPattern {
				continue
			}
			if p, ok := first[pc.As]; ok {
				out = append(out, Problem{Set: i + 1, Rule: "R1.6", Code: ProblemTwins,
					Cards: []Card{p.card, pc.Card, pc.As}, OtherSet: p.set})
				continue
			}
			first[pc.As] = place{set: i + 1, card: pc.Card}
		}
	}
	return out
}

// claimPattern returns the best pattern of R1.2 that cards with these
// identities fit, with its strength; false when they fit none.
func claimPattern(ids []Card) (SetKind, int, bool) {
	n := len(ids)
	if n < 2 {
		return "", 0, false
	}
	sameRank, sameSuit := true, true
	for _, c := range ids {
		if c.Rank < 1 || c.Rank > Cpt {
			return "", 0, false
		}
		sameRank = sameRank && c.Rank == ids[0].Rank
		sameSuit = sameSuit && c.Suit == ids[0].Suit
	}
	ranks := make([]int, n)
	for i, c := range ids {
		ranks[i] = int(c.Rank)
	}
	slices.Sort(ranks)
	run := true
	for i := 1; i < n; i++ {
		run = run && ranks[i] == ranks[i-1]+1
	}

	var kinds []SetKind
	if sameRank {
		kinds = append(kinds, Group)
	}
	if n >= 3 && run && sameSuit {
		kinds = append(kinds, StraightFlush)
	}
	if n >= 3 && sameSuit {
		kinds = append(kinds, Flush)
	}
	if n == NumRanks && run {
		kinds = append(kinds, FullShip)
	}
	if n >= 3 && run {
		kinds = append(kinds, Straight)
	}
	if len(kinds) == 0 {
		return "", 0, false
	}
	best := kinds[0]
	for _, k := range kinds[1:] {
		if SetStrength(k, n) > SetStrength(best, n) {
			best = k
		}
	}
	return best, SetStrength(best, n), true
}
