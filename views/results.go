package views

import (
	"cmp"
	"math"
	"slices"
	"strconv"
)

// seatColours is how many player colours the stylesheet defines
// (.seat-0 … .seat-3), one per seat of a four-player game.
const seatColours = 4

// SeatClass is the CSS class that gives a seat its player colour: the
// --seat custom property of .seat-0 … .seat-3 in app.css. Every page that
// shows a player by seat uses it, so a player keeps one colour throughout.
func SeatClass(seat int) string {
	return "seat-" + strconv.Itoa(((seat%seatColours)+seatColours)%seatColours)
}

// Ordinal is a place as people say it: 1st, 2nd, 3rd, 4th.
func Ordinal(n int) string {
	switch n % 100 {
	case 11, 12, 13:
		return strconv.Itoa(n) + "th"
	}
	switch n % 10 {
	case 1:
		return strconv.Itoa(n) + "st"
	case 2:
		return strconv.Itoa(n) + "nd"
	case 3:
		return strconv.Itoa(n) + "rd"
	}
	return strconv.Itoa(n) + "th"
}

// rankedParties orders a round's parties for its results page. In a
// Piracy round: by place, then the parties below the threshold (no place)
// from the strongest, ties in seat order. In a Port round order does not
// matter (R2.4): those who took a token, then the rest, each in seat order.
func rankedParties(parties []PartyView, port bool) []PartyView {
	if port {
		return append(portTakers(parties), portMissed(parties)...)
	}
	out := slices.Clone(parties)
	slices.SortStableFunc(out, func(a, b PartyView) int {
		if c := cmp.Compare(placeKey(a.Place), placeKey(b.Place)); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Strength, a.Strength); c != 0 {
			return c
		}
		return cmp.Compare(a.Seat, b.Seat)
	})
	return out
}

// placeKey sorts "no place" (0) after every place.
func placeKey(place int) int {
	if place == 0 {
		return math.MaxInt
	}
	return place
}

// portTakers and portMissed split a Port round's parties into those that
// took a Port token and those below the threshold, each in seat order.
func portTakers(parties []PartyView) []PartyView {
	return partiesWhere(parties, func(p PartyView) bool { return p.Prize > 0 })
}

func portMissed(parties []PartyView) []PartyView {
	return partiesWhere(parties, func(p PartyView) bool { return p.Prize == 0 })
}

func partiesWhere(parties []PartyView, keep func(PartyView) bool) []PartyView {
	var out []PartyView
	for _, p := range parties {
		if keep(p) {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b PartyView) int { return cmp.Compare(a.Seat, b.Seat) })
	return out
}

// placeText is a party's place in a Piracy round's summary; "–" for a
// party that took no token.
func placeText(place int) string {
	if place == 0 {
		return "–"
	}
	return Ordinal(place)
}

// prizeText is the token a party took, as its section's badge says it.
func prizeText(p PartyView) string {
	// A placed token is a Piracy token: the place says enough.
	if p.Place > 0 {
		return Ordinal(p.Place) + " · +" + strconv.Itoa(p.Prize) + " NP"
	}
	return p.Token + " +" + strconv.Itoa(p.Prize) + " NP"
}

// rankedTotals orders the final table by place (R3.5), players sharing a
// place in seat order.
func rankedTotals(rows []TotalRow) []TotalRow {
	out := slices.Clone(rows)
	slices.SortStableFunc(out, func(a, b TotalRow) int {
		if c := cmp.Compare(placeKey(a.Place), placeKey(b.Place)); c != 0 {
			return c
		}
		return cmp.Compare(a.Seat, b.Seat)
	})
	return out
}

// finalPlaceText is a place in the final table, marked when it is shared:
// "1st", "2nd (tied)".
func finalPlaceText(rows []TotalRow, place int) string {
	if place == 0 {
		return "–"
	}
	sharing := 0
	for _, r := range rows {
		if r.Place == place {
			sharing++
		}
	}
	if sharing > 1 {
		return Ordinal(place) + " (tied)"
	}
	return Ordinal(place)
}

// winnerRows are the winners' rows of the final table, in place order.
func winnerRows(rows []TotalRow) []TotalRow {
	var out []TotalRow
	for _, r := range rankedTotals(rows) {
		if r.Winner {
			out = append(out, r)
		}
	}
	return out
}

// playerName is the name of a seat, "" for a seat the game does not have.
func playerName(players []string, seat int) string {
	if seat < 0 || seat >= len(players) {
		return ""
	}
	return players[seat]
}

// warnedNames are the names of the players a round's warning concerns.
func warnedNames(ws []WarnedPlayer) []string {
	names := make([]string, len(ws))
	for i, w := range ws {
		names[i] = w.Name
	}
	return names
}
