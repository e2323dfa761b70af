package scoring

// The mirror: the same pool with its ranks turned round (1 and Captain
// swap places, 2 and Quartermaster, and so on; wilds stay as they are).
// Every pattern of R1.2 reads the same both ways, so the mirrored pool's
// best parties are the pool's own with their ranks turned back. The walk,
// though, goes rank by rank from the first column, and the two directions
// meet the cells in a different order: on hard pools one of them often
// keeps half the states of the other (at the best strength, the mirror
// keeps 0.41 to 1.78 times the forward walk's states on the first
// adversarial corpus: TestMirrorStates). So once
// a pass has shown that a pool is hard, the walk runs the mirror's pass at
// the same bar, and goes on in the direction that kept fewer states. The
// choice depends only on those counts, so a pool always gets the same
// direction, and the same party.

// mirrorCard turns a card's rank round; a wild stays as it is.
func mirrorCard(c Card) Card {
	if !c.IsWild() {
		c.Rank = Rank(NumRanks + 1 - int(c.Rank))
	}
	return c
}

// direction is called after pass p, at bar, kept more than turnAfter
// states and found no party. It runs the mirror's pass at the same bar,
// stopped once it keeps as many states, and returns the mirror (with its
// relaxed tables) if it kept fewer, else s.
func (s *solver) direction(p *pass, bar int) *solver {
	states := p.nodes.len()
	m := s.mirror()
	m.buildRelaxed()
	p.limit = states
	m.run(p, floorOf(bar))
	p.limit = 0
	if s.halt.Load() || p.nodes.len() >= states {
		return s
	}
	return m
}

// mirror returns the walk of the mirrored pool, sharing s's halt flag and
// work count; its parties come out in the pool's own ranks.
func (s *solver) mirror() *solver {
	pool := make([]Card, len(s.pool))
	for i, c := range s.pool {
		pool[i] = mirrorCard(c)
	}
	m := newSolver(pool, s.players)
	m.halt, m.parallel, m.work, m.mirrored = s.halt, s.parallel, s.work, !s.mirrored
	return m
}

// unmirror turns the picks and unused cards of a party the mirror found
// back into the pool's own ranks.
func unmirror(sets [][]cellPick, unused []Card) {
	for _, set := range sets {
		for i := range set {
			set[i].card, set[i].as = mirrorCard(set[i].card), mirrorCard(set[i].as)
		}
	}
	for i := range unused {
		unused[i] = mirrorCard(unused[i])
	}
}
