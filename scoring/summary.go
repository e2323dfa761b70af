package scoring

// Game summaries: the little of a scored game that the history's pages
// read (the players list, a player's page, the group records). A history
// of fifty thousand games does not fit a page's time or a server's memory
// as full games and results; as summaries it is a few hundred bytes a
// game, which a store keeps beside the game and reads back in order. The
// statistics are worked out from summaries only, so the pages over
// summaries and the tests' functions over whole games (SummarizePlayers,
// PlayerStatsOf, GroupRecords) cannot disagree.

// SummaryState is where a game stands for the statistics.
type SummaryState int

const (
	// InProgress is a game without a final for every seat: it counts only
	// as a game being played.
	InProgress SummaryState = iota
	// Finished is a finished game that scored: it counts everywhere.
	Finished
	// Unscored is a finished game that did not score (it cannot happen
	// for games stored through the app): it counts nowhere.
	Unscored
)

// PatternKinds are the set patterns in the order GameSummary counts them.
var PatternKinds = [...]SetKind{Group, Straight, Flush, StraightFlush, FullShip}

// GameSummary is what the statistics read of one game.
type GameSummary struct {
	// ID and Played are PlayedGame's.
	ID     string
	Played int64
	State  SummaryState
	// Rounds are the numbers of the scored rounds, in order (a finished
	// game only): SeatSummary.Strengths follow them.
	Rounds []int
	// Seats are the players in seat order, with their figures when the
	// game is Finished.
	Seats []SeatSummary
}

// SeatSummary is one seat's part of a finished game.
type SeatSummary struct {
	Name string
	// Place is Result.FinishingPlace of the seat (R3.5); Won whether the
	// seat is among the winners.
	Place int
	Won   bool
	// NP is the final NP; Sources are its parts in Total's order: prize
	// tokens, achievements, crew, Parley (R3.4).
	NP      int
	Sources [4]int
	// Strengths is the raiding party's strength (R1.3) in each scored
	// round, by GameSummary.Rounds.
	Strengths []int
	// Patterns counts the sets of the seat's best parties by kind, in
	// PatternKinds order.
	Patterns [len(PatternKinds)]int
	// Achievements are the achievements that gave the seat NP (4 or 2,
	// R3.3), in the game's order.
	Achievements []AchievementNP
}

// AchievementNP is the NP one achievement gave one seat.
type AchievementNP struct {
	ID string
	NP int
}

// SummarizeGame is pg's summary.
func SummarizeGame(pg PlayedGame) GameSummary {
	gs := GameSummary{ID: pg.ID, Played: pg.Played, Seats: make([]SeatSummary, len(pg.File.Players))}
	for p, n := range pg.File.Players {
		gs.Seats[p].Name = n
	}
	switch {
	case !pg.File.Over():
		gs.State = InProgress
		return gs
	case pg.Result == nil:
		gs.State = Unscored
		return gs
	}
	gs.State = Finished
	res := pg.Result
	places := res.FinalPlaces()
	for p := range gs.Seats {
		s := &gs.Seats[p]
		if p < len(places) {
			s.Place = places[p]
		}
		for _, w := range res.Winners {
			s.Won = s.Won || w == p
		}
		if p < len(res.Totals) {
			t := res.Totals[p]
			s.NP, s.Sources = t.NP, [4]int{t.Prizes, t.Achievements, t.Crew, t.Parley}
		}
		if len(res.Rounds) > 0 {
			s.Strengths = make([]int, len(res.Rounds))
		}
	}
	for ri, r := range res.Rounds {
		gs.Rounds = append(gs.Rounds, r.Round)
		for _, pr := range r.Results {
			if pr.Player < 0 || pr.Player >= len(gs.Seats) {
				continue
			}
			s := &gs.Seats[pr.Player]
			s.Strengths[ri] = pr.Strength
			for _, set := range pr.Sets {
				if i := patternIndex(set.Kind); i >= 0 {
					s.Patterns[i]++
				}
			}
		}
	}
	for _, ar := range res.Achievements {
		for p, np := range ar.NP {
			if np > 0 && p < len(gs.Seats) {
				gs.Seats[p].Achievements = append(gs.Seats[p].Achievements, AchievementNP{ID: ar.ID, NP: np})
			}
		}
	}
	return gs
}

// patternIndex is k's place in PatternKinds, or -1.
func patternIndex(k SetKind) int {
	for i, pk := range PatternKinds {
		if pk == k {
			return i
		}
	}
	return -1
}

// winners counts the seats that won: more than one is a shared victory.
func (gs GameSummary) winners() int {
	n := 0
	for _, s := range gs.Seats {
		if s.Won {
			n++
		}
	}
	return n
}

// partyOf is the party seat p raised in round (by number) of pg, from
// its result; ok is false when pg has no such round or seat.
func partyOf(pg PlayedGame, round, p int) (PlayerResult, bool) {
	if pg.Result == nil {
		return PlayerResult{}, false
	}
	for _, r := range pg.Result.Rounds {
		if r.Round != round {
			continue
		}
		for _, pr := range r.Results {
			if pr.Player == p {
				return pr, true
			}
		}
	}
	return PlayerResult{}, false
}

// PartyOf is the party of the player called name in round (by number) of
// pg: how a page over summaries finds the one party it draws, from the
// one game that holds it.
func PartyOf(pg PlayedGame, name string, round int) (PlayerResult, bool) {
	p := pg.File.SeatNamed(name)
	if p < 0 {
		return PlayerResult{}, false
	}
	return partyOf(pg, round, p)
}
