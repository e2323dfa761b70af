package store

// How far a game's end-of-game entries have got. They are the store's to
// answer, not scoring's: a game file holds the final collections only
// once every player has entered theirs (scoring.Game.Final), while the
// store keeps each one as it is saved (Game.Finals).

// FinalEntered reports whether seat p has saved its end-of-game entry.
func (g StoredGame) FinalEntered(p int) bool {
	return p >= 0 && p < len(g.Finals) && g.Finals[p] != nil
}

// AnyFinal reports whether any seat has saved its end-of-game entry.
func (g StoredGame) AnyFinal() bool {
	for _, f := range g.Finals {
		if f != nil {
			return true
		}
	}
	return false
}

// FirstMissingFinal is the first seat, in seat order, that has not saved
// its end-of-game entry; -1 when every seat has.
func (g StoredGame) FirstMissingFinal() int {
	for p := range g.File.Players {
		if !g.FinalEntered(p) {
			return p
		}
	}
	return -1
}
