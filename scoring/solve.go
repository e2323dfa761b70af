package scoring

// Solve returns the best raiding party for a pool (R1.7): the maximum
// strength, and among parties of that strength one with the most unused
// pirates. The pool must be valid (ParseCards, CheckInPlay).
func Solve(pool []Card, opt Options) Party {
	// Placeholder until the exact solver lands.
	p := Party{Sets: []Set{}, UnusedCards: append([]Card{}, pool...)}
	p.Unused = len(pool)
	return p
}
