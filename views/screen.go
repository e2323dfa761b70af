package views

// ScreenView is the big screen (/games/{id}/screen): the game as the whole
// table reads it on a laptop or a TV in the middle of the table, from two
// metres away. Nothing on it is typed or tapped; it follows the game live.
type ScreenView struct {
	GameID  string
	Players []string
	// Rounds is how many rounds the game has (5, 6 with two players).
	Rounds int
	// Standings is each player's NP so far (the final NP once the game is
	// over) and place, in seat order.
	Standings []PlayerTotal
	// Rows are the rounds begun, as on the scoreboard.
	Rows []ScoreRow
	// Current is the round being entered, 0 when every round is in;
	// CurrentStart holds its Start Player token.
	Current      int
	CurrentStart string
	// EndOfGame says every round is in and the end-of-game entries are
	// being made (Final is nil until they all are).
	EndOfGame bool
	// Entered says, by seat, who has entered the current round (or, at
	// the end of the game, their end of the game).
	Entered []bool
	// Latest is the last round scored; nil before any.
	Latest *RoundResultsView
	// QR is the join QR code's address and Link what it says, while a seat
	// is held by no phone and the game is not over; "" otherwise, and
	// when no other phone can reach the server.
	QR, Link string
	// Over says every end-of-game entry is in: Final is then the final
	// scores.
	Over  bool
	Final FinalView
	Live  LiveView
}

// enteredCount is how many seats have entered what is being entered now.
func (vm ScreenView) enteredCount() int {
	n := 0
	for _, e := range vm.Entered {
		if e {
			n++
		}
	}
	return n
}

// cell is seat p's cell of round r (1-based) on the big screen's board:
// the round's row when it has begun, a zero cell for a round to come.
func (vm ScreenView) cell(r, p int) (ScoreCell, bool) {
	if r < 1 || r > len(vm.Rows) || p >= len(vm.Rows[r-1].Cells) {
		return ScoreCell{}, false
	}
	return vm.Rows[r-1].Cells[p], true
}

// entered reports whether seat p has entered what is being entered now.
func (vm ScreenView) entered(p int) bool { return p < len(vm.Entered) && vm.Entered[p] }

// roundNumbers are 1…Rounds, the board's columns.
func (vm ScreenView) roundNumbers() []int {
	out := make([]int, vm.Rounds)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// partyCards are every card a party used, set after set, for the big
// screen's one row of cards a player.
func partyCards(p PartyView) [][]CardFace {
	out := make([][]CardFace, 0, len(p.Sets))
	for _, s := range p.Sets {
		out = append(out, s.Cards)
	}
	return out
}
