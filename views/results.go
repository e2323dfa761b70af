package views

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"ruthless/scoring"
	"ruthless/views/lang"
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

// OrdinalIn is a place in language l: "1st", "1.", "1er", "1.º". A game
// has at most four places; a place past them is written alike.
func OrdinalIn(l lang.Lang, n int) string {
	switch n {
	case 1:
		return l.T("place.1")
	case 2:
		return l.T("place.2")
	case 3:
		return l.T("place.3")
	}
	return l.T("place.n", "n", n)
}

// ordinal is OrdinalIn in the language of the page drawn.
func ordinal(ctx context.Context, n int) string { return OrdinalIn(lang.From(ctx), n) }

// tokenWord names a round's kind of prize token ("port", "piracy", as
// scoring.TokenFor says it, or capitalised) in the page's language.
func tokenWord(ctx context.Context, token string) string {
	switch strings.ToLower(token) {
	case scoring.TokenPort:
		return tr(ctx, "token.port")
	case scoring.TokenPiracy:
		return tr(ctx, "token.piracy")
	}
	return token
}

// placeText is a party's place in a Piracy round's summary; "–" for a
// party that took no token.
func placeText(ctx context.Context, place int) string {
	if place == 0 {
		return "–"
	}
	return ordinal(ctx, place)
}

// prizeText is the token a party took, as its section's badge says it.
func prizeText(ctx context.Context, p PartyView) string {
	// A placed token is a Piracy token: the place says enough.
	if p.Place > 0 {
		return tr(ctx, "round.badge.placed", "place", ordinal(ctx, p.Place), "np", p.Prize)
	}
	return tr(ctx, "round.badge.port", "token", tokenWord(ctx, p.Token), "np", p.Prize)
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
func finalPlaceText(ctx context.Context, rows []TotalRow, place int) string {
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
		return tr(ctx, "final.place_tied", "place", ordinal(ctx, place))
	}
	return ordinal(ctx, place)
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

// gameDate is when a game was played, written the page's language's way;
// written is the date already written, for a view built without the time.
func gameDate(ctx context.Context, played time.Time, written string) string {
	if played.IsZero() {
		return written
	}
	return lang.From(ctx).DateTime(played)
}
