package handlers

import (
	"context"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/views"
	"ruthless/views/lang"
)

// player is one player's page: their record, where their NP come from,
// their best party, head to head against everyone they met, and their
// games. The statistics are scoring's (scoring.PlayerStatsBuilder) over
// the games' summaries (a.eachSummary), read as a stream.
func (a *app) player(c *gin.Context) {
	name := strings.TrimSpace(c.Param("name"))
	st, err := a.playerStats(c.Request.Context(), name)
	if err != nil {
		a.fail(c, err)
		return
	}
	if st.Games == 0 && st.Playing == 0 {
		a.notFound(c, views.NoSuchPlayer(clip(name)))
		return
	}
	a.page(c, http.StatusOK, views.Player(playerView(lang.From(c.Request.Context()), st)))
}

// maxCachedPlayers bounds the player pages kept: the players of a
// table or two, each a few kilobytes.
const maxCachedPlayers = 64

// playerStats are the statistics of the player called name, from the
// games' summaries read as a stream, or as kept for this state of the
// history (the players list's key).
func (a *app) playerStats(ctx context.Context, name string) (scoring.PlayerStats, error) {
	hk, err := a.historyKey(ctx)
	if err != nil {
		return scoring.PlayerStats{}, err
	}
	// The name as asked matters beyond its key: a player with no
	// finished game is shown as asked.
	key := string(hk[:]) + "\x00" + name
	if st, ok := a.playerPages.Get(key); ok {
		return st, nil
	}
	st, err := a.workPlayerStats(ctx, name)
	if err == nil {
		a.playerPages.Add(key, st)
	}
	return st, err
}

// workPlayerStats works out playerStats.
func (a *app) workPlayerStats(ctx context.Context, name string) (scoring.PlayerStats, error) {
	var b *scoring.PlayerStatsBuilder
	if err := a.eachSummary(ctx, func() func(scoring.GameSummary) { b = scoring.NewPlayerStats(name); return b.Add }); err != nil {
		return scoring.PlayerStats{}, err
	}
	st := b.Stats()
	// The summaries hold each party's strength; the best party's cards
	// come from its game.
	if st.BestPartyGame != "" {
		if pg, ok := a.fullGame(ctx, st.BestPartyGame); ok {
			if pr, ok := scoring.PartyOf(pg, name, st.BestPartyRound); ok {
				st.BestParty = &pr
			}
		}
	}
	return st, nil
}

// playerView is a player's page: the statistics, drawn.
func playerView(l lang.Lang, st scoring.PlayerStats) views.PlayerView {
	vm := views.PlayerView{Name: st.Name, Games: st.Games, Wins: st.Wins, SharedWins: st.SharedWins, Playing: st.Playing,
		WinRate: views.Percent(l, st.Wins+st.SharedWins, st.Games), AvgNP: views.Average(l, st.TotalNP, st.Games), BestNP: st.BestNP,
		RenameHref: views.PlayerURL(st.Name) + "/rename", GamesHref: "/?player=" + url.QueryEscape(st.Name)}
	if st.BestNPGame != "" {
		vm.BestNPHref = views.GameResultSheetURL(st.BestNPGame)
	}
	row := views.StackRow{Name: st.Name}
	table := views.StackRow{Name: views.TableAverage(l)}
	for i := range views.NPSources {
		vm.Sources = append(vm.Sources, views.SourceLine{Name: views.NPSource(l, i), Mine: views.Average(l, st.Sources[i], st.Games), Table: views.Average(l, st.TableSources[i], st.TableSeats)})
		// Tenths of NP, so the bars compare averages without rounding.
		row.Parts = append(row.Parts, tenths(st.Sources[i], st.Games))
		table.Parts = append(table.Parts, tenths(st.TableSources[i], st.TableSeats))
	}
	if st.Games > 0 {
		row.Label, table.Label = views.Average(l, st.TotalNP, st.Games), views.Average(l, sum4(st.TableSources), st.TableSeats)
		vm.SourcesChart = views.StackedBars(views.PlayerSourcesTitle(l, st.Name), []views.StackRow{row, table})
	}
	if st.BestParty != nil {
		bp := st.BestParty
		pv := views.PartyResult{Strength: bp.Strength, Unused: bp.Unused}
		for _, s := range bp.Sets {
			pv.Sets = append(pv.Sets, views.KindSet(s))
		}
		vm.BestParty = &pv
		vm.BestPartyHref = views.RoundURL(st.BestPartyGame, st.BestPartyRound)
		vm.BestPartyRound = st.BestPartyRound
	}
	kinds := []scoring.SetKind{scoring.FullShip, scoring.StraightFlush, scoring.Flush, scoring.Straight, scoring.Group}
	for _, k := range kinds {
		if n := st.Patterns[k]; n > 0 {
			vm.Patterns = append(vm.Patterns, views.CountLine{Name: views.KindName(l, k), Count: n})
		}
	}
	sort.SliceStable(vm.Patterns, func(i, j int) bool { return vm.Patterns[i].Count > vm.Patterns[j].Count })
	for _, info := range scoring.AchievementList() {
		if st.AchFirst[info.ID]+st.AchSecond[info.ID] > 0 {
			vm.Achievements = append(vm.Achievements, views.AchievementLine{Name: views.AchievementRecordName(l, info.ID), First: st.AchFirst[info.ID], Second: st.AchSecond[info.ID]})
		}
	}
	keys := make([]string, 0, len(st.H2H))
	for k := range st.H2H {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if st.H2H[keys[i]].Games != st.H2H[keys[j]].Games {
			return st.H2H[keys[i]].Games > st.H2H[keys[j]].Games
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys {
		h := st.H2H[k]
		n := st.DisplayNames[k]
		vm.HeadToHead = append(vm.HeadToHead, views.H2HLine{Name: n, Href: views.PlayerURL(n), Games: h.Games, Ahead: h.Ahead, Behind: h.Behind, Level: h.Level})
	}
	var pts []views.ResultPoint
	for i := len(st.History) - 1; i >= 0; i-- {
		gl := st.History[i]
		vm.History = append(vm.History, views.HistoryLine{Href: views.GameResultSheetURL(gl.ID), Date: l.Date(time.Unix(0, gl.Played).Local()),
			NP: gl.NP, Place: gl.Place, Won: gl.Won, Shared: gl.Shared})
	}
	for _, gl := range st.History {
		pts = append(pts, views.ResultPoint{Label: views.ShortDate(l, time.Unix(0, gl.Played).Local()), NP: gl.NP, Won: gl.Won})
	}
	if len(pts) > 0 {
		vm.ResultsChart = views.ResultsChart(l, views.PlayerResultsTitle(l, st.Name), pts)
	}
	return vm
}

func sum4(v [4]int) int { return v[0] + v[1] + v[2] + v[3] }

func tenths(n, d int) int {
	if d == 0 {
		return 0
	}
	return (10*n + d/2) / d
}
