package handlers

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/views"
	"ruthless/views/lang"
)

// The group records page: the records are scoring's
// (scoring.RecordsBuilder) over the games' summaries (a.eachSummary),
// drawn once per state of the history and kept, like the players list.

// shownHolders bounds how many holders of one record the page lists; a
// tie of dozens would push every other record off the screen.
const shownHolders = 4

// shownParties bounds the places a record party is listed at.
const shownParties = 3

// h2hPlayers bounds the head-to-head matrix: five columns still fit a
// 390 px phone.
const h2hPlayers = 5

// chartPlayers bounds the chart of NP over time to the four colours a
// chart has (c0…c3).
const chartPlayers = 4

// records is /records.
func (a *app) records(c *gin.Context) {
	r, err := a.historyRecords(c.Request.Context())
	if err != nil {
		a.fail(c, err)
		return
	}
	a.page(c, http.StatusOK, views.Records(recordsPage(lang.From(c.Request.Context()), *r)))
}

// historyRecords are the records of the history as it is now, from the
// cache when the history has not changed since they were worked out.
// The cache keeps the figures, not the page: each language words them.
func (a *app) historyRecords(ctx context.Context) (*scoring.Records, error) {
	return a.recordsPage.get(ctx, a, func(ctx context.Context) (*scoring.Records, error) {
		var b *scoring.RecordsBuilder
		if err := a.eachSummary(ctx, func() func(scoring.GameSummary) { b = scoring.NewRecords(); return b.Add }); err != nil {
			return nil, err
		}
		r := b.Records()
		// The summaries hold each party's strength; the one party the
		// page draws comes from its game.
		if len(r.BestParty.Holders) > 0 {
			h := &r.BestParty.Holders[0]
			if pg, ok := a.fullGame(ctx, h.GameID); ok {
				if pr, ok := scoring.PartyOf(pg, h.Name, h.Round); ok {
					h.Party = pr
				}
			}
		}
		return &r, nil
	})
}

// recordDate is when a game of the records page was played.
func recordDate(played int64) time.Time { return time.Unix(0, played).Local() }

// recordsPage draws the records in l.
func recordsPage(l lang.Lang, r scoring.Records) views.RecordsView {
	vm := views.RecordsView{Games: r.Games, MinGames: scoring.MinGamesForRate}
	if r.Games == 0 {
		return vm
	}
	vm.Lines = []views.RecordLine{
		countLine("games", views.RecordLabel(l, "games"), r.MostGames, l.Number(r.MostGames.Value)),
		countLine("wins", views.RecordLabel(l, "wins"), r.MostWins, l.Number(r.MostWins.Value)),
		rateLine(l, r.BestRate),
		gameLine(l, "np", views.RecordLabel(l, "np"), r.HighestNP),
		gameLine(l, "prizes", views.RecordLabel(l, "prizes"), r.MostPrizeNP),
		streakLine(l, r.LongestStreak),
	}
	for _, ar := range r.Achievements {
		vm.Achievements = append(vm.Achievements, countLine(ar.ID, views.AchievementRecordName(l, ar.ID), ar.CountRecord, l.Number(ar.Value)+"×"))
	}
	addParty(l, &vm, r.BestParty)
	addHeadToHead(l, &vm, r)
	addTimeline(l, &vm, r)
	return vm
}

// holderOf is a player holding a record over all games.
func holderOf(name string) views.RecordHolder {
	return views.RecordHolder{Name: name, Href: views.PlayerURL(name)}
}

// capped is the first holders of a record and how many more there are.
func capped[T any](all []T, to func(T) views.RecordHolder) ([]views.RecordHolder, int) {
	var out []views.RecordHolder
	for _, h := range all[:min(len(all), shownHolders)] {
		out = append(out, to(h))
	}
	return out, max(0, len(all)-shownHolders)
}

func countLine(id, label string, cr scoring.CountRecord, figure string) views.RecordLine {
	l := views.RecordLine{ID: id, Label: label, Figure: figure}
	l.Holders, l.More = capped(cr.Holders, holderOf)
	if len(cr.Holders) == 0 {
		l.Figure = "–"
	}
	return l
}

func rateLine(lg lang.Lang, rr scoring.RateRecord) views.RecordLine {
	l := views.RecordLine{ID: "rate", Label: views.RecordLabel(lg, "rate"), Figure: "–"}
	l.Holders, l.More = capped(rr.Holders, func(h scoring.RateHolder) views.RecordHolder {
		rh := holderOf(h.Name)
		rh.Game = views.WinsOfGames(lg, h.Wins, h.Games)
		return rh
	})
	if len(rr.Holders) > 0 {
		l.Figure = views.Percent(lg, rr.Holders[0].Wins, rr.Holders[0].Games)
	}
	return l
}

func gameLine(lg lang.Lang, id, label string, gr scoring.GameRecord) views.RecordLine {
	l := views.RecordLine{ID: id, Label: label, Figure: lg.Number(gr.Value)}
	l.Holders, l.More = capped(gr.Holders, func(h scoring.GameHolder) views.RecordHolder {
		rh := holderOf(h.Name)
		rh.Game, rh.GameHref = lg.Date(recordDate(h.Played)), views.GameResultSheetURL(h.GameID)
		return rh
	})
	return l
}

func streakLine(lg lang.Lang, sr scoring.StreakRecord) views.RecordLine {
	l := views.RecordLine{ID: "streak", Label: views.RecordLabel(lg, "streak"), Figure: lg.Number(sr.Length)}
	l.Holders, l.More = capped(sr.Holders, func(h scoring.StreakHolder) views.RecordHolder {
		rh := holderOf(h.Name)
		rh.Game, rh.GameHref = views.StreakFrom(lg, recordDate(h.Played)), views.GameResultSheetURL(h.First)
		return rh
	})
	if sr.Length == 0 {
		l.Figure = "–"
	}
	return l
}

// addParty draws the strongest party (the first entered, when several
// tie) and lists where each party of that strength was entered.
func addParty(l lang.Lang, vm *views.RecordsView, pr scoring.PartyRecord) {
	if len(pr.Holders) == 0 || pr.Strength == 0 {
		return
	}
	first := pr.Holders[0].Party
	pv := views.PartyResult{Strength: first.Strength, Unused: first.Unused}
	for _, s := range first.Sets {
		pv.Sets = append(pv.Sets, views.KindSet(s))
	}
	vm.Party = &pv
	for _, h := range pr.Holders[:min(len(pr.Holders), shownParties)] {
		rh := holderOf(h.Name)
		rh.Game, rh.GameHref = views.RoundOn(l, h.Round, recordDate(h.Played)), views.RoundURL(h.GameID, h.Round)
		vm.PartyHolders = append(vm.PartyHolders, rh)
	}
	vm.PartyMore = max(0, len(pr.Holders)-shownParties)
}

// addHeadToHead fills the matrix of the players with the most games.
func addHeadToHead(l lang.Lang, vm *views.RecordsView, r scoring.Records) {
	players := r.Players[:min(len(r.Players), h2hPlayers)]
	vm.H2HLeft = len(r.Players) - len(players)
	for i, a := range players {
		vm.H2HPlayers = append(vm.H2HPlayers, holderOf(a.Name))
		row := make([]views.H2HCell, len(players))
		for j, b := range players {
			h, met := r.HeadToHead[scoring.Pair{A: a.Key, B: b.Key}]
			if i == j || !met {
				continue
			}
			row[j] = views.H2HCell{Text: l.Number(h.Ahead) + "–" + l.Number(h.Behind) + "–" + l.Number(h.Level),
				Title: views.HeadToHeadTitle(l, a.Name, b.Name, h.Ahead, h.Behind, h.Level, h.Games)}
		}
		vm.H2H = append(vm.H2H, row)
	}
}

// addTimeline draws the NP over the latest games of the players with
// the most games, as a chart and as a table.
func addTimeline(l lang.Lang, vm *views.RecordsView, r scoring.Records) {
	players := r.Players[:min(len(r.Players), chartPlayers)]
	var labels []string
	series := make([]views.TimelineSeries, len(players))
	colours := chartSeats(r, players)
	for i, pl := range players {
		series[i] = views.TimelineSeries{Name: pl.Name, Seat: colours[i]}
		vm.ChartPlayers = append(vm.ChartPlayers, views.Series{Name: pl.Name, Seat: colours[i]})
	}
	for _, g := range r.Recent {
		labels = append(labels, views.ShortDate(l, recordDate(g.Played)))
		row := views.TimelineRow{Date: l.Date(recordDate(g.Played)), Href: views.GameResultSheetURL(g.ID)}
		for i, pl := range players {
			np, played := seatNP(g, pl.Key)
			series[i].NP = append(series[i].NP, np)
			series[i].Played = append(series[i].Played, played)
			text := "–"
			if played {
				text = l.Number(np)
			}
			row.NP = append(row.NP, text)
		}
		vm.ChartRows = append(vm.ChartRows, row)
	}
	if len(labels) > 0 && len(players) > 0 {
		vm.Chart = views.TimelineChart(l, views.TimelineTitle(l), labels, series)
	}
}

// seatNP is the NP of the player with key in game g, if they played.
func seatNP(g scoring.RecentGame, key string) (int, bool) {
	for _, s := range g.Seats {
		if s.Key == key {
			return s.NP, true
		}
	}
	return 0, false
}

// chartSeats picks each chart player's colour: the seat colour they had
// in the latest game they played, as the pages of that game showed them
// (issue 31: colouring by rank gave a player a colour no other page
// gives them). Two players who last sat in the same seat would look
// alike, so the later of them takes the first colour still free.
func chartSeats(r scoring.Records, players []scoring.RecordPlayer) []int {
	out := make([]int, len(players))
	used := map[int]bool{}
	for i, pl := range players {
		seat := -1
		for g := len(r.Recent) - 1; g >= 0 && seat < 0; g-- {
			for s, st := range r.Recent[g].Seats {
				if st.Key == pl.Key {
					seat = s
					break
				}
			}
		}
		if seat < 0 || used[seat%4] {
			seat = 0
			for used[seat] && seat < 3 {
				seat++
			}
		}
		out[i] = seat % 4
		used[seat%4] = true
	}
	return out
}
