package views

import (
	"slices"
	"strings"
	"time"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// The result sheet (/games/{id}/card) and the share image drawn from a
// scored game: the order of the seats, the running NP and the words of
// the title and the summary.

// NewResultSheet is the result sheet of game f, stored as id, scored as
// res, with the play's record facts.
func NewResultSheet(l lang.Lang, id string, f scoring.Game, res scoring.Result, facts PlayFacts) ResultSheetView {
	players := f.Players
	n := len(players)
	// The summary is still English (its wording is the result sheet's).
	vm := ResultSheetView{GameID: id, Date: lang.English.DateTime(facts.When), Facts: facts, Finished: f.Over(),
		Players: players, RoundsPlayed: len(res.Rounds), RoundsTotal: scoring.RoundsFor(n)}
	running := make([]Series, n)
	for p := range n {
		running[p] = Series{Name: players[p], Seat: p}
	}
	for i, r := range res.Rounds {
		vm.Steps = append(vm.Steps, l.T("sheet.step_round", "n", r.Round))
		for p, np := range scoring.PrizesSoFar(res.Rounds[:i+1], n) {
			running[p].Values = append(running[p].Values, np)
		}
	}
	sum := scoring.PrizesSoFar(res.Rounds, n)
	order := make([]int, n)
	for p := range n {
		order[p] = p
	}
	rows := make([]ResultSheetRow, n)
	for p := range n {
		rows[p] = ResultSheetRow{Seat: p, Name: players[p], Href: PlayerURL(players[p]), NP: sum[p], Prizes: sum[p]}
	}
	if vm.Finished {
		vm.Steps = append(vm.Steps, l.T("sheet.step_end"))
		var bars []StackRow
		for p, t := range res.Totals {
			running[p].Values = append(running[p].Values, t.NP)
			rows[p].NP, rows[p].Prizes, rows[p].Achievements, rows[p].Crew, rows[p].Parley = t.NP, t.Prizes, t.Achievements, t.Crew, t.Parley
			bars = append(bars, StackRow{Name: players[p], Parts: []int{t.Prizes, t.Achievements, t.Crew, t.Parley}})
		}
		order = res.Standings
		for p, place := range res.FinalPlaces() {
			rows[p].Place = place
			rows[p].Won = place == 1
		}
		vm.Winners = seatNames(players, res.Winners)
		vm.WinnerNP = res.Totals[res.Winners[0]].NP
		vm.SourcesChart = StackedBars(l.T("sheet.sources_chart"), bars)
	}
	for _, p := range order {
		vm.Rows = append(vm.Rows, rows[p])
	}
	vm.Running = running
	vm.Chart = LineChart(l.T("sheet.chart"), vm.Steps, running)
	return vm
}

// Title is the sheet's headline: "Lucy wins with 21 NP", or for a game
// in progress, who plays and how far it is.
func (vm ResultSheetView) Title(l lang.Lang) string {
	switch {
	case !vm.Finished || len(vm.Winners) == 0:
		return l.T("sheet.title_playing", "names", JoinNames(l, vm.Players), "round", vm.RoundsPlayed, "rounds", vm.RoundsTotal)
	case len(vm.Winners) > 1:
		return l.T("sheet.title_shared", "names", JoinNames(l, vm.Winners), "np", vm.WinnerNP)
	}
	return l.T("sheet.title_won", "name", vm.Winners[0], "np", vm.WinnerNP)
}

// Summary is the sheet in one line, for og:description: the date, the
// players and every seat's NP in the order shown.
func (vm ResultSheetView) Summary(l lang.Lang) string {
	s := l.N("sheet.summary", len(vm.Players), "date", vm.Date)
	for i, r := range vm.Rows {
		sep := " "
		if i > 0 {
			sep = ", "
		}
		s += sep + l.T("sheet.seat_np", "name", r.Name, "np", r.NP)
	}
	return s
}

// ImageAlt is the share image's text.
func (vm ResultSheetView) ImageAlt(l lang.Lang) string { return vm.Title(l) + ". " + vm.Summary(l) }

// seatNames are the players of seats, skipping a seat out of range.
func seatNames(all []string, seats []int) []string {
	out := make([]string, 0, len(seats))
	for _, s := range seats {
		if s >= 0 && s < len(all) {
			out = append(out, all[s])
		}
	}
	return out
}

// NewShareImage is the share image of game f scored as res: date the
// day it was played, extras the play's record where it fits (duration,
// location). A finished game shows its winners and every seat's NP and
// place; a game in progress the prize NP so far.
func NewShareImage(l lang.Lang, f scoring.Game, res scoring.Result, played time.Time, extras ...string) ShareImage {
	players := f.Players
	date := l.Date(played)
	if !f.Over() {
		return shareImageSoFar(l, players, res, date)
	}
	sc := ShareImage{Date: date, Unit: l.T("sheet.np")}
	winners := seatNames(players, res.Winners)
	sc.Headline = l.N("share.headline", len(winners), "names", JoinNames(l, winners))
	sc.Subline = l.N("share.subline", len(players), "np", res.Totals[res.Winners[0]].NP)
	// The play's record where it fits: the subline shrinks, then is cut
	// at its end, so the result always shows whole.
	for _, s := range extras {
		if s != "" {
			sc.Subline += " · " + s
		}
	}
	places := res.FinalPlaces()
	for _, p := range res.Standings {
		place := places[p]
		sc.Rows = append(sc.Rows, ShareRow{Place: finishPlace(l, place), Name: strings.TrimSpace(players[p]), NP: res.Totals[p].NP, Seat: p, Won: place == 1})
	}
	return sc
}

// shareImageSoFar is the share image of a game in progress: the prize NP
// each seat has so far, the most first.
func shareImageSoFar(l lang.Lang, players []string, res scoring.Result, date string) ShareImage {
	sc := ShareImage{Date: date, Unit: l.T("sheet.np"),
		Headline: l.T("share.after_round", "round", len(res.Rounds), "rounds", scoring.RoundsFor(len(players))),
		Subline:  l.T("share.so_far")}
	if len(res.Rounds) == 0 {
		sc.Headline, sc.Subline = l.T("share.new_game"), l.T("share.no_round")
	}
	prizes := scoring.PrizesSoFar(res.Rounds, len(players))
	order := make([]int, len(players))
	for p := range order {
		order[p] = p
	}
	slices.SortStableFunc(order, func(x, y int) int { return prizes[y] - prizes[x] })
	for _, p := range order {
		sc.Rows = append(sc.Rows, ShareRow{Name: strings.TrimSpace(players[p]), NP: prizes[p], Seat: p})
	}
	return sc
}

// NewShareView is what the final scores' Share button hands on for share
// image sc: the result sheet at href, whose preview tags and picture tell
// the result.
func NewShareView(l lang.Lang, href string, sc ShareImage) ShareView {
	return ShareView{Href: href, Title: l.T("share.title", "headline", sc.Headline), Text: sc.Headline + " " + strings.SplitN(sc.Subline, " · ", 2)[0] + "."}
}
