package scoring

// OwnersBesides maps every pirate a seat other than seat has entered in
// the game, in any round's pool or in an end-of-game collection, to that
// seat (R4.1: a pirate belongs to one player only, R3.1). finals are the
// collections saved so far, by seat (nil: not yet), since a game in
// progress has some before File.Final is set. A card two other seats both
// entered (a game already invalid) maps to the later one.
func OwnersBesides(g Game, finals []*FinalEntry, seat int) map[Card]int {
	m := map[Card]int{}
	for _, round := range g.Rounds {
		for q, e := range round {
			if q == seat || e == nil || q >= len(g.Players) {
				continue
			}
			for _, c := range e.Pool {
				m[c.Cell()] = q
			}
		}
	}
	for q, f := range finals {
		if q == seat || f == nil || q >= len(g.Players) {
			continue
		}
		for _, c := range owned(*f) {
			m[c.Cell()] = q
		}
	}
	return m
}
