package scoring

// Expensive reports whether solving the pool may take more than a couple
// of milliseconds: whether it falls outside the set search's reach (see
// fitsSetSearch: more than 15 pirates besides its wilds, or more than 3
// wilds, Parrots and flagged Captains). Such pools take milliseconds and,
// when built to be slow, up to about a second of both cores, so a server
// solving pools for strangers caps how many of them it solves at once; the
// others it can simply solve.
func Expensive(pool []Card) bool { return !fitsSetSearch(pool) }
