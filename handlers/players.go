package handlers

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

// resultCache keeps every game as last loaded and, for a finished game,
// its scored result, keyed by the game's id and checked against the
// game's updated time: every write bumps it, so nothing is served for an
// older version of its game (docs/design.md: a cache of a game's totals is keyed
// by the game's version). Player pages read every game; with a thousand
// games, loading them all from SQLite takes longer than the page's whole
// budget, and scoring them, even through the party cache, as long again.
// A page instead reads one small row per game (store.GameVersions) and
// loads and scores only the games written since.
type resultCache struct {
	mu sync.Mutex
	m  map[string]cachedGame
}

type cachedGame struct {
	g      store.Game
	res    scoring.Result
	scored bool // finished and scored without error
}

// scored is a finished game with its result.
type scored struct {
	g   store.Game
	res scoring.Result
}

// place is each seat's finishing place: 1 for every winner, then by the
// standings (competition ranking: two shared winners put the next at 3).
func (s scored) place(seat int) int {
	if slices.Contains(s.res.Winners, seat) {
		return 1
	}
	i := slices.Index(s.res.Standings, seat)
	return i + 1
}

// history returns every game, oldest first, and the finished ones with
// their results. A finished game that does not score is left out of fin
// (it cannot happen for games stored through the app); a solve that gave
// up fails the whole answer.
func (a *app) history(ctx context.Context) (all []store.Game, fin []scored, err error) {
	versions, err := a.store.GameVersions(ctx)
	if err != nil {
		return nil, nil, err
	}
	rc := &a.results
	rc.mu.Lock()
	var stale []string
	for _, v := range versions {
		if c, ok := rc.m[v.ID]; !ok || !c.g.Updated.Equal(v.Updated) {
			stale = append(stale, v.ID)
		}
	}
	rc.mu.Unlock()
	loaded, err := a.store.GamesByID(ctx, stale)
	if err != nil {
		return nil, nil, err
	}
	fresh := make([]cachedGame, 0, len(loaded))
	for _, g := range loaded {
		c := cachedGame{g: g}
		if g.File.Final != nil {
			res, err := a.score(ctx, g.File)
			if solveFailed(err) {
				return nil, nil, err
			}
			c.res, c.scored = res, err == nil
		}
		fresh = append(fresh, c)
	}
	rc.mu.Lock()
	if rc.m == nil {
		rc.m = map[string]cachedGame{}
	}
	for _, c := range fresh {
		rc.m[c.g.ID] = c
	}
	live := make(map[string]bool, len(versions))
	for _, v := range versions {
		live[v.ID] = true
		if c, ok := rc.m[v.ID]; ok {
			all = append(all, c.g)
			if c.scored {
				fin = append(fin, scored{g: c.g, res: c.res})
			}
		}
	}
	// Deleted games leave the cache.
	if len(rc.m) > len(live) {
		for id := range rc.m {
			if !live[id] {
				delete(rc.m, id)
			}
		}
	}
	rc.mu.Unlock()
	oldestFirst(all)
	sort.SliceStable(fin, func(i, j int) bool {
		gi, gj := fin[i].g, fin[j].g
		if !gi.Created.Equal(gj.Created) {
			return gi.Created.Before(gj.Created)
		}
		return gi.ID < gj.ID
	})
	return all, fin, nil
}

// finishedGames is history's finished games, oldest first.
func (a *app) finishedGames(ctx context.Context) ([]scored, error) {
	_, fin, err := a.history(ctx)
	return fin, err
}

// playerKey is the name every spelling of one player shares (SameName).
func playerKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// spellings counts how each player's name was typed, to show the most
// common spelling (ties: the one seen last).
type spellings map[string]map[string]int

func (sp spellings) add(name string) {
	k, n := playerKey(name), strings.TrimSpace(name)
	if sp[k] == nil {
		sp[k] = map[string]int{}
	}
	sp[k][n]++
}

func (sp spellings) best(key string) string {
	out, most := key, 0
	for n, c := range sp[key] {
		if c > most || (c == most && n < out) {
			out, most = n, c
		}
	}
	return out
}

// seatNamed is the seat of the player called name in g, -1 if none.
func seatNamed(g scoring.Game, name string) int {
	for i, n := range g.Players {
		if scoring.SameName(n, name) {
			return i
		}
	}
	return -1
}

// PlayerStats is everything a player's page shows, computed from the
// finished games' files and results.
type PlayerStats struct {
	Name                    string
	Games, Wins, SharedWins int
	Playing                 int // games in progress
	TotalNP, BestNP         int
	BestNPGame              string
	Sources                 [4]int // prizes, achievements, crew, parley: totals
	TableSources            [4]int // the same over every seat of those games
	TableSeats              int
	BestParty               *scoring.PlayerResult
	BestPartyGame           string
	BestPartyRound          int
	Patterns                map[scoring.SetKind]int
	AchFirst, AchSecond     map[string]int
	H2H                     map[string]*HeadToHead
	History                 []GameLine
	DisplayNames            map[string]string // key → latest spelling of opponents
}

// HeadToHead is one player's record against another in the games both
// finished: ahead means a better place, level a shared victory.
type HeadToHead struct {
	Games, Ahead, Behind, Level int
}

// GameLine is one finished game of a player.
type GameLine struct {
	ID      string
	Created time.Time
	NP      int
	Place   int
	Won     bool
	Shared  bool
}

// computePlayer gathers a player's statistics from the scored games.
func computePlayer(games []scored, name string) (st PlayerStats) {
	st = PlayerStats{Name: strings.TrimSpace(name), Patterns: map[scoring.SetKind]int{},
		AchFirst: map[string]int{}, AchSecond: map[string]int{}, H2H: map[string]*HeadToHead{}, DisplayNames: map[string]string{}}
	sp := spellings{}
	defer func() {
		if len(sp[playerKey(name)]) > 0 {
			st.Name = sp.best(playerKey(name))
		}
		for k := range st.DisplayNames {
			st.DisplayNames[k] = sp.best(k)
		}
	}()
	for _, sg := range games {
		f := sg.g.File
		p := seatNamed(f, name)
		if p < 0 {
			continue
		}
		for _, n := range f.Players {
			sp.add(n)
		}
		t := sg.res.Totals[p]
		st.Games++
		won := slices.Contains(sg.res.Winners, p)
		shared := won && len(sg.res.Winners) > 1
		switch {
		case shared:
			st.SharedWins++
		case won:
			st.Wins++
		}
		st.TotalNP += t.NP
		if st.Games == 1 || t.NP > st.BestNP {
			st.BestNP, st.BestNPGame = t.NP, sg.g.ID
		}
		for i, v := range []int{t.Prizes, t.Achievements, t.Crew, t.Parley} {
			st.Sources[i] += v
		}
		for _, tt := range sg.res.Totals {
			for i, v := range []int{tt.Prizes, tt.Achievements, tt.Crew, tt.Parley} {
				st.TableSources[i] += v
			}
			st.TableSeats++
		}
		for _, r := range sg.res.Rounds {
			pr := r.Results[p]
			for _, s := range pr.Sets {
				st.Patterns[s.Kind]++
			}
			if st.BestParty == nil || pr.Strength > st.BestParty.Strength {
				cp := pr
				st.BestParty, st.BestPartyGame, st.BestPartyRound = &cp, sg.g.ID, r.Round
			}
		}
		for _, ar := range sg.res.Achievements {
			switch ar.NP[p] {
			case 4:
				st.AchFirst[ar.ID]++
			case 2:
				st.AchSecond[ar.ID]++
			}
		}
		mine := sg.place(p)
		for q, other := range f.Players {
			if q == p {
				continue
			}
			k := playerKey(other)
			st.DisplayNames[k] = strings.TrimSpace(other)
			h := st.H2H[k]
			if h == nil {
				h = &HeadToHead{}
				st.H2H[k] = h
			}
			h.Games++
			theirs := sg.place(q)
			switch {
			case mine < theirs:
				h.Ahead++
			case mine > theirs:
				h.Behind++
			default:
				h.Level++
			}
		}
		st.History = append(st.History, GameLine{ID: sg.g.ID, Created: sg.g.Created, NP: t.NP, Place: mine, Won: won, Shared: shared})
	}
	return st
}

// PlayerSummary is one line of the players list.
type PlayerSummary struct {
	Key, Name               string
	Games, Wins, SharedWins int
	Playing                 int
	Last                    time.Time
}

// summarizePlayers lists every player of every game (finished or not),
// the most games first.
func summarizePlayers(all []store.Game, finished []scored) []PlayerSummary {
	by := map[string]*PlayerSummary{}
	sp := spellings{}
	get := func(name string, at time.Time) *PlayerSummary {
		k := playerKey(name)
		sp.add(name)
		ps := by[k]
		if ps == nil {
			ps = &PlayerSummary{Key: k}
			by[k] = ps
		}
		if !at.Before(ps.Last) {
			ps.Last = at
		}
		return ps
	}
	for _, g := range all {
		if g.File.Final == nil {
			for _, n := range g.File.Players {
				get(n, g.Created).Playing++
			}
		}
	}
	for _, sg := range finished {
		for p, n := range sg.g.File.Players {
			ps := get(n, sg.g.Created)
			ps.Games++
			if slices.Contains(sg.res.Winners, p) {
				if len(sg.res.Winners) > 1 {
					ps.SharedWins++
				} else {
					ps.Wins++
				}
			}
		}
	}
	out := make([]PlayerSummary, 0, len(by))
	for k, ps := range by {
		ps.Name = sp.best(k)
		out = append(out, *ps)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return out[i].Key < out[j].Key
	})
	return out
}

func playerURL(name string) string { return "/players/" + url.PathEscape(strings.TrimSpace(name)) }

func pct(n, d int) string {
	if d == 0 {
		return "–"
	}
	return strconv.Itoa((100*n+d/2)/d) + "%"
}

// avg writes n/d with one decimal.
func avg(n, d int) string {
	if d == 0 {
		return "–"
	}
	return strconv.FormatFloat(float64(n)/float64(d), 'f', 1, 64)
}

// playersPerPage bounds the players list: a history of a hundred
// thousand names is still a page a phone opens at once.
const playersPerPage = 50

// players lists everyone who played, the most games first, a page at a
// time (?page=2), or those whose name holds ?q. The list is worked out
// once per state of the history (summaryCache) and then only sliced.
func (a *app) players(c *gin.Context) {
	list, err := a.playerSummaries(c.Request.Context())
	if err != nil {
		a.fail(c, err)
		return
	}
	q := strings.TrimSpace(c.Query("q"))
	if len(q) > maxNameQuery {
		q = q[:maxNameQuery]
	}
	if key := playerKey(q); key != "" {
		var found []PlayerSummary
		for _, ps := range list {
			if strings.Contains(ps.Key, key) {
				found = append(found, ps)
			}
		}
		list = found
	}
	pages := max(1, (len(list)+playersPerPage-1)/playersPerPage)
	page, err := strconv.Atoi(c.DefaultQuery("page", "1"))
	if err != nil || page < 1 {
		page = 1
	}
	page = min(page, pages)
	vm := views.PlayersView{Total: len(list), Query: q, Page: page, Pages: pages}
	at := func(n int) string {
		v := url.Values{}
		if q != "" {
			v.Set("q", q)
		}
		if n > 1 {
			v.Set("page", strconv.Itoa(n))
		}
		if len(v) == 0 {
			return "/players"
		}
		return "/players?" + v.Encode()
	}
	if page > 1 {
		vm.PrevHref = at(page - 1)
	}
	if page < pages {
		vm.NextHref = at(page + 1)
	}
	for _, ps := range list[(page-1)*playersPerPage : min(len(list), page*playersPerPage)] {
		vm.Players = append(vm.Players, views.PlayerLine{Name: ps.Name, Href: playerURL(ps.Name), Games: ps.Games,
			Wins: ps.Wins, SharedWins: ps.SharedWins, Playing: ps.Playing, WinRate: pct(ps.Wins+ps.SharedWins, ps.Games)})
	}
	a.page(c, http.StatusOK, views.Players(vm))
}

// maxNameQuery bounds the players search; no name is longer.
const maxNameQuery = 100

// summaryCache holds the players list of one state of the history: the
// same games at the same versions give the same list, so only a write
// (which bumps its game's updated time) or a delete works it out again.
// Its key comes from one small row per game (store.GameVersions), so a
// list that has not changed costs no game loaded and nothing scored.
type summaryCache struct {
	mu   sync.Mutex
	key  [32]byte
	list []PlayerSummary
}

// playerSummaries is the players list, the most games first.
func (a *app) playerSummaries(ctx context.Context) ([]PlayerSummary, error) {
	versions, err := a.store.GameVersions(ctx)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(versions, func(x, y store.GameVersion) int { return strings.Compare(x.ID, y.ID) })
	h := sha256.New()
	var buf [8]byte
	for _, v := range versions {
		h.Write([]byte(v.ID))
		binary.LittleEndian.PutUint64(buf[:], uint64(v.Updated.UnixNano()))
		h.Write(buf[:])
	}
	var key [32]byte
	h.Sum(key[:0])
	sc := &a.summaries
	sc.mu.Lock()
	if sc.list != nil && key == sc.key {
		defer sc.mu.Unlock()
		return sc.list, nil
	}
	sc.mu.Unlock()
	all, fin, err := a.history(ctx)
	if err != nil {
		return nil, err
	}
	list := summarizePlayers(all, fin)
	sc.mu.Lock()
	defer sc.mu.Unlock()
	sc.key, sc.list = key, list
	return list, nil
}

// sourceNames are the parts of the end-of-game NP (R3.4), in Total order.
var sourceNames = []string{"Prize tokens", "Achievements", "Crew", "Parley"}

func (a *app) player(c *gin.Context) {
	name := strings.TrimSpace(c.Param("name"))
	all, fin, err := a.history(c.Request.Context())
	if err != nil {
		a.fail(c, err)
		return
	}
	st := computePlayer(fin, name)
	playing := 0
	for _, g := range all {
		if g.File.Final != nil {
			continue
		}
		if p := seatNamed(g.File, name); p >= 0 {
			playing++
			if st.Games == 0 {
				st.Name = strings.TrimSpace(g.File.Players[p])
			}
		}
	}
	if st.Games == 0 {
		if playing == 0 {
			a.notFound(c, fmt.Sprintf("Nobody called %q has played here.", clip(name)))
			return
		}
	}
	a.page(c, http.StatusOK, views.Player(playerView(st, playing)))
}

func playerView(st PlayerStats, playing int) views.PlayerView {
	vm := views.PlayerView{Name: st.Name, Games: st.Games, Wins: st.Wins, SharedWins: st.SharedWins, Playing: playing,
		WinRate: pct(st.Wins+st.SharedWins, st.Games), AvgNP: avg(st.TotalNP, st.Games), BestNP: st.BestNP,
		RenameHref: playerURL(st.Name) + "/rename", GamesHref: "/?player=" + url.QueryEscape(st.Name)}
	if st.BestNPGame != "" {
		vm.BestNPHref = "/games/" + st.BestNPGame + "/card"
	}
	row := views.StackRow{Name: st.Name}
	table := views.StackRow{Name: "Table average"}
	for i, label := range sourceNames {
		vm.Sources = append(vm.Sources, views.SourceLine{Name: label, Mine: avg(st.Sources[i], st.Games), Table: avg(st.TableSources[i], st.TableSeats)})
		// Tenths of NP, so the bars compare averages without rounding.
		row.Parts = append(row.Parts, tenths(st.Sources[i], st.Games))
		table.Parts = append(table.Parts, tenths(st.TableSources[i], st.TableSeats))
	}
	if st.Games > 0 {
		row.Label, table.Label = avg(st.TotalNP, st.Games), avg(sum4(st.TableSources), st.TableSeats)
		vm.SourcesChart = views.StackedBars("Average NP per game by source: "+st.Name+" against the table average", []views.StackRow{row, table})
	}
	if st.BestParty != nil {
		bp := st.BestParty
		pv := views.PartyView{Seat: bp.Player, Name: st.Name, Strength: bp.Strength, Unused: bp.Unused, Coins: bp.Coins}
		for _, s := range bp.Sets {
			pv.Sets = append(pv.Sets, views.SetView{Name: upperFirst(s.Kind.Name()), Strength: s.Strength, Cards: placedFaces(s.Cards)})
		}
		vm.BestParty = &pv
		vm.BestPartyHref = "/games/" + st.BestPartyGame + "/rounds/" + strconv.Itoa(st.BestPartyRound)
		vm.BestPartyRound = st.BestPartyRound
	}
	kinds := []scoring.SetKind{scoring.FullShip, scoring.StraightFlush, scoring.Flush, scoring.Straight, scoring.Group}
	for _, k := range kinds {
		if n := st.Patterns[k]; n > 0 {
			vm.Patterns = append(vm.Patterns, views.CountLine{Name: upperFirst(k.Name()), Count: n})
		}
	}
	sort.SliceStable(vm.Patterns, func(i, j int) bool { return vm.Patterns[i].Count > vm.Patterns[j].Count })
	for _, info := range scoring.AchievementList() {
		if st.AchFirst[info.ID]+st.AchSecond[info.ID] > 0 {
			vm.Achievements = append(vm.Achievements, views.AchievementLine{Name: info.Name, First: st.AchFirst[info.ID], Second: st.AchSecond[info.ID]})
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
		vm.HeadToHead = append(vm.HeadToHead, views.H2HLine{Name: n, Href: playerURL(n), Games: h.Games, Ahead: h.Ahead, Behind: h.Behind, Level: h.Level})
	}
	var pts []views.ResultPoint
	for i := len(st.History) - 1; i >= 0; i-- {
		gl := st.History[i]
		vm.History = append(vm.History, views.HistoryLine{Href: "/games/" + gl.ID + "/card", Date: gl.Created.Local().Format(dateLayout),
			NP: gl.NP, Place: gl.Place, Won: gl.Won, Shared: gl.Shared})
	}
	for _, gl := range st.History {
		pts = append(pts, views.ResultPoint{Label: gl.Created.Local().Format("2 Jan 06"), NP: gl.NP, Won: gl.Won})
	}
	if len(pts) > 0 {
		vm.ResultsChart = views.ResultsChart("NP game by game, oldest first: "+st.Name+" (filled dot: a win)", pts)
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

func (a *app) renameForm(c *gin.Context) {
	name := strings.TrimSpace(c.Param("name"))
	a.page(c, http.StatusOK, views.Rename(views.RenameView{Name: name, Action: playerURL(name) + "/rename", To: name, Errors: views.Errors{}}))
}

func (a *app) rename(c *gin.Context) {
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	from := strings.TrimSpace(c.Param("name"))
	to := strings.TrimSpace(c.Request.PostForm.Get("to"))
	vm := views.RenameView{Name: from, Action: playerURL(from) + "/rename", To: to, Errors: views.Errors{}}
	if msg := nameTooLong(to); msg != "" {
		vm.Errors["to"] = msg
		a.page(c, http.StatusUnprocessableEntity, views.Rename(vm))
		return
	}
	n, err := a.store.RenamePlayer(c.Request.Context(), from, to)
	var clash *store.NameClash
	switch {
	case errors.As(err, &clash):
		vm.Errors["to"] = fmt.Sprintf("Game %s (%s) already has a player called %q: one game cannot seat the same name twice, so nothing was renamed.",
			clash.GameID, scoring.JoinNames(clash.Players), clash.Other)
		vm.ClashHref = "/games/" + clash.GameID
		a.page(c, http.StatusUnprocessableEntity, views.Rename(vm))
		return
	case errors.Is(err, store.ErrBadName):
		_, msg, _ := strings.Cut(err.Error(), store.ErrBadName.Error()+": ")
		vm.Errors["to"] = upperFirst(msg) + "."
		a.page(c, http.StatusUnprocessableEntity, views.Rename(vm))
		return
	case err != nil:
		a.fail(c, err)
		return
	}
	if n == 0 {
		vm.Errors["to"] = fmt.Sprintf("No game has a player called %q: nothing to rename.", from)
		a.page(c, http.StatusUnprocessableEntity, views.Rename(vm))
		return
	}
	seeOther(c, playerURL(to))
}

// historyRoutes are the pages of players, result cards, export and import.
func (a *app) historyRoutes(r *gin.Engine) {
	r.GET("/players", a.players)
	r.GET("/players/:name", a.player)
	r.GET("/players/:name/rename", a.renameForm)
	r.POST("/players/:name/rename", a.rename)
	r.GET("/games/:id/card", a.gameCard)
	r.GET("/games/:id/export", a.exportGame)
	r.GET("/games/:id/bgstats", a.bgstatsGame)
	r.GET("/export", a.exportPage)
	r.GET("/export/games.json", a.exportAll)
	r.GET("/export/results.csv", a.exportCSV)
	r.GET("/export/bgstats.json", a.exportBGStats)
	r.GET("/import", a.importForm)
	r.POST("/import", a.importPost)
}

// homeFilter reads the home page's filters from the query: player (one
// player's games), state (finished, in_progress) and q (a piece of a
// name). An unknown state means both.
func homeFilter(c *gin.Context) (store.GameFilter, views.HomeFilter) {
	clipName := func(s string) string {
		s = strings.TrimSpace(s)
		if r := []rune(s); len(r) > scoring.MaxNameLength {
			s = string(r[:scoring.MaxNameLength])
		}
		return s
	}
	f := store.GameFilter{Player: clipName(c.Query("player")), Search: clipName(c.Query("q"))}
	if s := c.Query("state"); s == "finished" || s == "in_progress" {
		f.State = s
	}
	q := url.Values{}
	if f.Player != "" {
		q.Set("player", f.Player)
	}
	if f.State != "" {
		q.Set("state", f.State)
	}
	if f.Search != "" {
		q.Set("q", f.Search)
	}
	v := views.HomeFilter{Player: f.Player, State: f.State, Search: f.Search, First: "/", Join: "?"}
	if len(q) > 0 {
		v.First, v.Join = "/?"+q.Encode(), "&"
	}
	return f, v
}
