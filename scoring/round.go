package scoring

import "slices"

// The kinds of prize token (R2.2), as written in RoundResult.Token.
const (
	TokenPort   = "port"
	TokenPiracy = "piracy"
)

// PrizeThreshold is the least party strength that can take a prize token
// (R2.3).
const PrizeThreshold = 4

// PortNP is what a Port token is worth (R2.4).
const PortNP = 1

// The tie-break steps of R2.5, as written in TieBreak.DecidedBy.
const (
	ByUnused = "unused"
	ByCoins  = "coins"
	BySeat   = "seat"
)

// RoundsFor is the number of rounds in a game with this many players: 6
// with two players, else 5 (R2.1).
func RoundsFor(players int) int {
	if players == 2 {
		return 6
	}
	return 5
}

// StartPlayerOf is the seat holding the Start Player token in a round
// (1-based): the token moves one seat clockwise after every round (R2.1).
func StartPlayerOf(g Game, round int) int {
	n := len(g.Players)
	if n == 0 {
		return 0
	}
	// The double modulo keeps the seat in range for any start or round,
	// even invalid ones, so callers never index out of bounds.
	return ((g.StartPlayer+round-1)%n + n) % n
}

// TokenFor is the kind of prize token a round (1-based) hands out: Port
// tokens in rounds 1 and 2, Piracy tokens after (R2.2).
func TokenFor(round int) string {
	if round <= 2 {
		return TokenPort
	}
	return TokenPiracy
}

// Stack lists the NP values of a round's prize tokens, most valuable first
// (R2.2): one 1-NP Port token per player in rounds 1–2, then the Piracy
// stack 6, 3 (2 players), 6, 3, 2 (3 players) or 6, 3, 2, 1 (4 players).
func Stack(players, round int) []int {
	players = max(0, min(players, 4))
	if TokenFor(round) == TokenPort {
		stack := make([]int, players)
		for i := range stack {
			stack[i] = PortNP
		}
		return stack
	}
	return slices.Clone([]int{6, 3, 2, 1}[:players])
}

// RankRound hands out one round's prize tokens (R2.3–R2.5) given every
// seat's best party and coins, in seat order. It is separate from Solve so
// the ranking can be checked with parties made by hand.
//
// Players whose strength reaches PrizeThreshold are ordered by strength,
// then unused pirates, then coins, then seat counted clockwise from the
// start player, and take the stack's tokens in that order. In Port rounds
// the order changes nothing, so no tie-breaks are recorded there, but Place
// still follows it so the display is stable.
func RankRound(round, startPlayer int, parties []Party, coins []int) RoundResult {
	n := len(parties)
	res := RoundResult{
		Round:       round,
		StartPlayer: startPlayer,
		Token:       TokenFor(round),
		Results:     make([]PlayerResult, n),
		TieBreaks:   []TieBreak{},
	}
	var order []int
	for p, party := range parties {
		r := PlayerResult{
			Player:      p,
			Strength:    party.Strength,
			Unused:      party.Unused,
			Sets:        party.Sets,
			UnusedCards: party.UnusedCards,
		}
		if p < len(coins) {
			r.Coins = coins[p]
		}
		// JSON promises [] for empty lists, never null.
		if r.Sets == nil {
			r.Sets = []Set{}
		}
		if r.UnusedCards == nil {
			r.UnusedCards = []Card{}
		}
		res.Results[p] = r
		if r.Strength >= PrizeThreshold {
			order = append(order, p)
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		c, _ := compareInRound(res.Results[a], res.Results[b], startPlayer, n)
		return c
	})

	stack := Stack(n, round)
	for i, p := range order {
		if i >= len(stack) {
			break // cannot happen with a valid stack, which has a token per player
		}
		place := i + 1
		res.Results[p].Place = &place
		res.Results[p].Prize = stack[i]
	}
	if len(order) < len(stack) {
		res.Returned = slices.Clone(stack[len(order):])
	}

	if res.Token == TokenPiracy {
		for i := 1; i < len(order); i++ {
			a, b := res.Results[order[i-1]], res.Results[order[i]]
			if a.Strength != b.Strength {
				continue
			}
			_, by := compareInRound(a, b, startPlayer, n)
			res.TieBreaks = append(res.TieBreaks, TieBreak{
				Players:   []int{a.Player, b.Player},
				DecidedBy: by,
				Rule:      "R2.5",
			})
		}
	}
	return res
}

// compareInRound orders two players by R2.5, the one ahead first (negative
// result), and names the criterion that separated them ("strength" when
// there was no tie at all). Seats always differ, so the order is total.
func compareInRound(a, b PlayerResult, start, n int) (int, string) {
	if a.Strength != b.Strength {
		return b.Strength - a.Strength, "strength"
	}
	if a.Unused != b.Unused {
		return b.Unused - a.Unused, ByUnused
	}
	if a.Coins != b.Coins {
		return b.Coins - a.Coins, ByCoins
	}
	return seatDistance(a.Player, start, n) - seatDistance(b.Player, start, n), BySeat
}

// seatDistance counts seats clockwise from the start player to p: 0 for the
// start player themself.
func seatDistance(p, start, n int) int {
	if n == 0 {
		return 0
	}
	return ((p-start)%n + n) % n
}
