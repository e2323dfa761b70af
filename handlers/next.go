package handlers

import (
	"ruthless/scoring"
	"ruthless/table"
	"ruthless/views"
)

// The way from page to page. A game moves through its rounds' entries,
// each round's results, the end-of-game entries and the final scores;
// nextStep says, for one phone, which of those it should open next. Every
// page's main button, the redirect after a save or a join, and the game
// link opened from outside ask it, so no page offers a phone another
// seat's entry or leaves it behind the table.

// nextStep is the one next thing for phone t in its game. A phone with
// seats enters its own seats first, in the order it took them, then the
// open seats (no phone holds them: "Enter round 2 for Dmitri (no
// phone)"); a shared phone, holding none, enters the open seats clockwise
// from the start player. No phone is led to a seat another phone holds.
// seen is the round whose results the phone is looking at, 0 for the
// scoreboard: there a round's results come before the next round's
// entries, unless the phone opened them already (t.seen); a page of
// results, of that round or an older one, leads on to what comes after
// them, never to more results.
//
// A phone with nothing left to enter while others are missing gets no
// step (an empty Link): the page's live list says whom it waits for.
func nextStep(t atTable, seen int) views.Link {
	g := t.g
	f := g.File
	if f.Over() {
		return views.Link{Href: views.FinalScoresURL(g.ID), Step: views.StepFinalScores}
	}
	last := f.LastComplete()
	if cur := f.CurrentRound(); cur > 0 {
		if seen == 0 && last > t.seen && last == cur-1 && !f.Started(cur) {
			return resultsStep(g.ID, last)
		}
		p := t.nextSeat(scoring.StartPlayerOf(f, cur), -1, func(p int) bool { return !f.HasEntered(cur, p) })
		if p < 0 {
			return views.Link{}
		}
		return t.entryLink(cur, p)
	}
	if seen == 0 && last > t.seen && !g.AnyFinal() {
		return resultsStep(g.ID, last)
	}
	if g.FirstMissingFinal() < 0 {
		// Every end-of-game entry is in but the game file has no final:
		// only a game stored that way by hand; its scores page says why.
		return views.Link{Href: views.FinalScoresURL(g.ID), Step: views.StepFinalScores}
	}
	p := t.nextSeat(0, -1, func(p int) bool { return !g.FinalEntered(p) })
	if p < 0 {
		return views.Link{}
	}
	if len(t.held) > 0 && p == t.held[0] {
		return views.Link{Href: views.FinalURL(g.ID, p), Step: views.StepOwnFinal}
	}
	name, noPhone := t.seatName(p)
	return views.Link{Href: views.FinalURL(g.ID, p), Step: views.StepFinalFor, Name: name, NoPhone: noPhone, Busy: t.busy[p]}
}

// seatName is seat p's player as this phone is offered to enter for
// them, and whether it is an open seat to say "no phone" of, when seats
// are recorded.
func (t atTable) seatName(p int) (string, bool) {
	return t.g.File.Players[p], !t.holds(p) && len(t.g.Holders) > 0 && t.open(p)
}

func resultsStep(id string, r int) views.Link {
	return views.Link{Href: views.RoundURL(id, r), Step: views.StepSeeResults, Round: r}
}

func (t atTable) entryLink(r, p int) views.Link {
	l := views.Link{Href: views.EntryURL(t.g.ID, r, p), Round: r, Step: views.StepOwnRound}
	if len(t.held) > 0 && p == t.held[0] {
		return l
	}
	l.Step = views.StepRoundFor
	l.Name, l.NoPhone = t.seatName(p)
	l.Busy = t.busy[p]
	return l
}

// ownPage is where a phone goes when it opens the game from outside (a
// QR code, a bookmark) or has just said which seat it is: its own entry
// or end-of-game entry when one is due (results it has not seen are on
// the scoreboard for later), else the scoreboard.
func ownPage(t atTable) string {
	g := t.g
	if len(t.held) == 0 {
		return views.GameURL(g.ID)
	}
	seat := t.held[0]
	step := nextStep(t, g.File.LastComplete())
	cur := g.File.CurrentRound()
	if cur > 0 && step.Href == views.EntryURL(g.ID, cur, seat) || cur == 0 && step.Href == views.FinalURL(g.ID, seat) {
		return step.Href
	}
	return views.GameURL(g.ID)
}

// afterSave is where a saved round entry leads; t is the phone that
// saved, at the table as the save found it. A round that the save
// completed opens its results, whatever warnings the saves carried, so
// the phone that saved last arrives with the others (whose pages move by
// themselves, live.js). Otherwise "Save & next" opens the next seat this
// phone enters that is still missing (nextSeat: its own, then the open
// seats, never one another phone holds), and anything else the
// scoreboard. A correction of a complete round opens that round's
// results, re-scored, so the table sees what it changed.
func afterSave(saved table.EntrySaved, r, p int, t atTable, next bool) string {
	g := saved.After
	if saved.RoundComplete {
		return views.RoundURL(g.ID, r)
	}
	if next {
		t.g = g
		if s := t.saveNext(r, p); s >= 0 {
			return views.EntryURL(g.ID, r, s)
		}
	}
	return views.GameURL(g.ID)
}

// saveNext is the seat "Save & next" opens after seat p's entry for round
// r: the next one this phone enters still missing, -1 for none.
func (t atTable) saveNext(r, p int) int {
	f := t.g.File
	return t.nextSeat(p+1, p, func(s int) bool { return !f.HasEntered(r, s) })
}
