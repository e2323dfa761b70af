package handlers

import (
	"strconv"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

// The way from page to page. A game moves through its rounds' entries,
// each round's results, the end-of-game entries and the final scores;
// nextStep says, for one phone, which of those it should open next. Every
// page's main button, the redirect after a save or a join, and the game
// link opened from outside ask it, so no page offers a phone another
// seat's entry or leaves it behind the table.

// nextStep is the one next thing for a phone in game g. seat is the
// phone's seat, or -1 for a shared phone passed round the table (which
// enters for every seat in turn). seen is the round whose results the
// phone is looking at, 0 for none: a round's results come before the next
// round's entries, unless the phone is looking at them already.
//
// A phone with a seat that has entered and waits for the others gets no
// step (an empty Link): the page's live list says whom it waits for.
func nextStep(g store.Game, seat, seen int) views.Link {
	f := g.File
	if f.Final != nil {
		return views.Link{Href: views.FinalScoresURL(g.ID), Text: "See the final scores"}
	}
	if seat >= len(f.Players) {
		seat = -1
	}
	last := f.LastComplete()
	if cur := f.CurrentRound(); cur > 0 {
		if last > seen && last == cur-1 && !f.Started(cur) {
			return resultsStep(g.ID, last)
		}
		p := seat
		if seat < 0 {
			p = f.FirstMissing(cur)
		} else if f.HasEntered(cur, seat) {
			return views.Link{}
		}
		return views.Link{Href: views.EntryURL(g.ID, cur, p), Text: entryText(f, cur, p, seat >= 0)}
	}
	if last > seen && !g.AnyFinal() {
		return resultsStep(g.ID, last)
	}
	p := seat
	if seat < 0 {
		p = g.FirstMissingFinal()
	} else if g.FinalEntered(p) {
		return views.Link{}
	}
	if p < 0 {
		// Every end-of-game entry is in but the game file has no final:
		// only a game stored that way by hand; its scores page says why.
		return views.Link{Href: views.FinalScoresURL(g.ID), Text: "See the final scores"}
	}
	if seat >= 0 {
		return views.Link{Href: views.FinalURL(g.ID, p), Text: "End of game: enter your cards"}
	}
	return views.Link{Href: views.FinalURL(g.ID, p), Text: "End of game: enter " + f.Players[p] + "'s cards"}
}

func resultsStep(id string, r int) views.Link {
	return views.Link{Href: views.RoundURL(id, r), Text: "See round " + strconv.Itoa(r) + " results"}
}

func entryText(f scoring.Game, r, p int, own bool) string {
	if own {
		return "Enter your round " + strconv.Itoa(r) + " cards"
	}
	return "Enter round " + strconv.Itoa(r) + " for " + f.Players[p]
}

// ownPage is where a phone goes when it opens the game from outside (a
// QR code, a bookmark) or has just said which seat it is: its own entry
// or end-of-game entry when one is due (results it has not seen are on
// the scoreboard for later), else the scoreboard.
func ownPage(g store.Game, seat int) string {
	if seat < 0 || seat >= len(g.File.Players) {
		return views.GameURL(g.ID)
	}
	step := nextStep(g, seat, g.File.LastComplete())
	cur := g.File.CurrentRound()
	if cur > 0 && step.Href == views.EntryURL(g.ID, cur, seat) || cur == 0 && step.Href == views.FinalURL(g.ID, seat) {
		return step.Href
	}
	return views.GameURL(g.ID)
}

// afterSave is where a saved round entry leads; before is the game as it
// was before the save, after as it is now. A round that the save
// completed opens its results, whatever warnings the saves carried, so
// the phone that saved last arrives with the others (whose pages move by
// themselves, live.js). Otherwise a shared phone's "Save & next" opens
// the next seat still to enter, and anything else (a correction of a
// complete round too) the scoreboard.
func afterSave(before, after store.Game, r, p, seat int, next bool) string {
	g := after
	if after.File.Complete(r) && !before.File.Complete(r) {
		return views.RoundURL(g.ID, r)
	}
	if next && seat < 0 {
		if s := g.File.NextSeat(r, p); s >= 0 {
			return views.EntryURL(g.ID, r, s)
		}
	}
	return views.GameURL(g.ID)
}
