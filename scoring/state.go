package scoring

// A game's state: how far the entries of a game in progress have got.
// Rounds are 1-based and seats 0-based, as everywhere in the package;
// every method answers for any round or seat, in range or not, and for a
// game file that Validate would refuse (a round row shorter than the
// players), so a page can ask before it checks.

// Complete reports whether every seat has entered round r. A round not
// started, or a round row with no seats, is not complete.
func (g Game) Complete(r int) bool {
	if r < 1 || r > len(g.Rounds) || len(g.Rounds[r-1]) == 0 {
		return false
	}
	for _, e := range g.Rounds[r-1] {
		if e == nil {
			return false
		}
	}
	return true
}

// Started reports whether any seat has entered round r.
func (g Game) Started(r int) bool {
	if r < 1 || r > len(g.Rounds) {
		return false
	}
	for _, e := range g.Rounds[r-1] {
		if e != nil {
			return true
		}
	}
	return false
}

// HasEntered reports whether seat p has an entry for round r.
func (g Game) HasEntered(r, p int) bool {
	return r >= 1 && r <= len(g.Rounds) && p >= 0 && p < len(g.Rounds[r-1]) && g.Rounds[r-1][p] != nil
}

// CurrentRound is the round being entered: the first of the game's
// rounds (R2.1) that is not complete, 0 when every round is.
func (g Game) CurrentRound() int {
	for r := 1; r <= RoundsFor(len(g.Players)); r++ {
		if !g.Complete(r) {
			return r
		}
	}
	return 0
}

// LastComplete is the last round every seat has entered, 0 for none.
func (g Game) LastComplete() int {
	last := 0
	for r := range g.Rounds {
		if g.Complete(r + 1) {
			last = r + 1
		}
	}
	return last
}

// FirstMissing is the first seat, clockwise from round r's start player
// (R2.1), that has not entered round r; -1 when every seat has.
func (g Game) FirstMissing(r int) int {
	n := len(g.Players)
	start := StartPlayerOf(g, r)
	for i := range n {
		if p := (start + i) % n; !g.HasEntered(r, p) {
			return p
		}
	}
	return -1
}

// NextSeat is the seat after p, clockwise, that has not entered round r
// yet; -1 when every other seat has. One phone passed round the table
// enters the seats in this order.
func (g Game) NextSeat(r, p int) int {
	n := len(g.Players)
	for i := 1; i < n; i++ {
		if s := ((p+i)%n + n) % n; !g.HasEntered(r, s) {
			return s
		}
	}
	return -1
}

// SeatNamed is the seat of the player called name (SameName), -1 when
// nobody at the table is.
func (g Game) SeatNamed(name string) int {
	for i, n := range g.Players {
		if SameName(n, name) {
			return i
		}
	}
	return -1
}
