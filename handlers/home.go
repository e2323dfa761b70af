package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/table"
	"ruthless/views"
	"ruthless/views/lang"
)

// homePage is how many games the home page lists at a time: the games of
// an evening or two, within two screens of a phone (20 made the page
// 3,036 px tall, issue 31). Older ones are a "More games" link away, so
// the page costs the same with 8 games stored or 50,000.
const homePage = 8

// knownNamesLimit bounds the names the new-game form offers.
const knownNamesLimit = 40

func (a *app) home(c *gin.Context) {
	before, err := store.ParseCursor(c.Query("before"))
	if err != nil {
		a.fail(c, &badRequest{field: "before", message: "this link to older games is not valid; start from the newest games", text: views.OlderGamesLinkText})
		return
	}
	filter, fv := homeFilter(c)
	games, next, err := a.store.GamesPageFiltered(c.Request.Context(), filter, before, homePage)
	if err != nil {
		a.fail(c, err)
		return
	}
	vm := views.HomeView{Later: !before.IsZero(), Filter: fv}
	if !next.IsZero() {
		vm.More = fv.First + fv.Join + "before=" + url.QueryEscape(next.String())
	}
	for _, g := range games {
		s, err := a.summary(c.Request.Context(), g)
		if err != nil {
			a.fail(c, err)
			return
		}
		if g.File.Over() {
			vm.Finished = append(vm.Finished, s)
		} else {
			vm.InProgress = append(vm.InProgress, s)
		}
	}
	if before.IsZero() {
		vm.Trash, vm.TrashDays = a.recentlyDeleted(c), trashDays()
	}
	if vm.Offline, err = a.offlineHome(c); err != nil {
		a.fail(c, err)
		return
	}
	a.page(c, http.StatusOK, views.Home(vm))
}

// summary is a game's line on the home page. A game that does not score
// (it cannot happen for a game stored through this app) still gets a line;
// the error is a solve that gave up (solveFailed), which fails the page.
func (a *app) summary(ctx context.Context, g store.StoredGame) (views.GameListItem, error) {
	s := views.GameListItem{
		ID:          g.ID,
		Players:     g.File.Players,
		Played:      g.Created.Local(),
		RoundsTotal: scoring.RoundsFor(len(g.File.Players)),
	}
	res, err := a.scoreGame(ctx, g)
	if solveFailed(err) {
		return s, err
	}
	if err != nil {
		return s, nil
	}
	s.RoundsPlayed = len(res.Rounds)
	s.Winners = names(g.File.Players, res.Winners)
	return s, nil
}

func achievementOptions(checked []string) []views.AchievementOption {
	var out []views.AchievementOption
	for _, info := range scoring.AchievementList() {
		out = append(out, views.AchievementOption{ID: info.ID, Name: info.Name, Summary: info.Summary, Checked: slices.Contains(checked, info.ID)})
	}
	return out
}

func (a *app) newGame(c *gin.Context) {
	vm := views.NewGameView{Achievements: achievementOptions(scoring.DefaultAchievements()), Token: newToken()}
	vm.KnownNames = a.knownNames(c)
	a.page(c, http.StatusOK, views.NewGame(vm))
}

// knownNames offers the names of recent games; failing that, none.
func (a *app) knownNames(c *gin.Context) []string {
	names, err := a.store.RecentPlayerNames(c.Request.Context(), knownNamesLimit)
	if err != nil {
		if !a.clientGone(c.Request, err) {
			a.logger(c.Request.Context()).Warn("player names", "err", err)
		}
		return nil
	}
	return names
}

func (a *app) createGame(c *gin.Context) {
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	a.createFromForm(c, store.StoredGame{})
}

// createFromForm makes the game the parsed new-game form describes, or
// shows the form again with the user's input and what is wrong. With a
// game of (of.ID != ""), the form sets up its rematch.
func (a *app) createFromForm(c *gin.Context, of store.StoredGame) {
	form := c.Request.PostForm
	vm := views.NewGameView{Errors: views.Errors{}, RematchOf: of.ID}
	for i, name := range form["player"] {
		if i < len(vm.Names) {
			vm.Names[i] = strings.TrimSpace(name)
		}
	}
	var chosen []string
	for _, id := range form["achievement"] {
		if !slices.Contains(chosen, id) {
			chosen = append(chosen, id)
		}
	}
	vm.Achievements = achievementOptions(chosen)
	vm.ZeroCounts = form.Get("zero_counts") != ""
	token, err := formToken(form)
	if err != nil {
		a.fail(c, err)
		return
	}
	vm.Token = orNewToken(token)
	// refuse draws the form again with the user's input and a message.
	refuse := func(status int, field, msg string) {
		if field != "" {
			vm.Errors[field] = msg
		}
		vm.KnownNames = a.knownNames(c)
		a.page(c, status, views.NewGame(vm))
	}
	// The form has four seats; more names come only from a forged or
	// broken request, and dropping the fifth would start a game without
	// a player who was meant to be in it.
	if n := len(form["player"]); n > len(vm.Names) {
		refuse(http.StatusBadRequest, "players", views.TooManyNamesText(lang.From(c.Request.Context()), n, scoring.MinPlayers, scoring.MaxPlayers))
		return
	}
	if raw := form.Get("start"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || n >= len(vm.Names) {
			refuse(http.StatusBadRequest, "start_player", views.StartSeatText(lang.From(c.Request.Context()), clip(raw)))
			return
		}
		vm.StartSeat = n
	}

	// Blank seats are skipped; slot remembers which input each player came
	// from, so an error lands next to the right box.
	var players []string
	var slot []int
	start := -1
	for i, name := range vm.Names {
		if name == "" {
			continue
		}
		if i == vm.StartSeat {
			start = len(players)
		}
		players = append(players, name)
		slot = append(slot, i)
	}
	if len(players) >= 2 && start < 0 {
		vm.Errors["start_player"] = views.StartPlayerMissingText(lang.From(c.Request.Context()))
	}
	for i, name := range vm.Names {
		if msg := nameTooLong(lang.From(c.Request.Context()), name); msg != "" {
			vm.Errors["players["+strconv.Itoa(i)+"]"] = msg
		}
	}
	// Keep the R3.2 order whatever order the boxes came in.
	var ids []string
	for _, info := range scoring.AchievementList() {
		if slices.Contains(chosen, info.ID) {
			ids = append(ids, info.ID)
		}
	}
	g := scoring.Game{Version: 1, Players: players, StartPlayer: max(start, 0), Achievements: ids, ZeroCounts: vm.ZeroCounts, Rounds: [][]*scoring.Entry{}}
	if len(vm.Errors) > 0 {
		refuse(http.StatusUnprocessableEntity, "", "")
		return
	}
	made, err := a.table.Create(c.Request.Context(), table.NewGame{Game: g, Token: token, RematchOf: of.ID}, a.gameAllowance(c))
	var fe *scoring.FieldError
	var limited *errTooManyGames
	switch {
	case errors.As(err, &fe):
		refuse(http.StatusUnprocessableEntity, newGameField(fe, slot), views.FieldProblem(fe))
	case errors.As(err, &limited):
		vm.Errors["form"], vm.KnownNames = views.NewGamesLimitedIn(lang.From(c.Request.Context()), limited.perMinute, limited.perHour, limited.wait), a.knownNames(c)
		a.fail(c, drawnOn(limited, views.NewGame(vm)))
	case err != nil:
		a.fail(c, err)
	default:
		a.openCreated(c, of, made.ID)
	}
}

// openCreated opens the game the new-game form made: a new game's
// scoreboard, or for a rematch of game of, its invitation (rematch.go).
func (a *app) openCreated(c *gin.Context, of store.StoredGame, id string) {
	if of.ID == "" {
		seeOther(c, views.GameURL(id))
		return
	}
	a.openRematch(c, of, id)
}

// newGameField is the form field a setup error belongs to.
func newGameField(fe *scoring.FieldError, slot []int) string {
	if at := fe.Place; at != nil && at.Round == 0 && !at.Final {
		// A name, or the players list as a whole.
		if at.Seat >= 0 && at.Seat < len(slot) {
			return "players[" + strconv.Itoa(slot[at.Seat]) + "]"
		}
		return "players"
	}
	switch {
	case fe.Field == "start_player":
		return "start_player"
	case strings.HasPrefix(fe.Field, "achievements"):
		return "achievements"
	}
	return "form"
}

// nameTooLong says, in a sentence for the field, that a name is longer
// than a name may be (R4.5), or "" when it is not. A browser keeps to the
// forms' maxlength, but one without it or a script can send more, and the
// name is refused whole (the new-game and rename forms), never cut short.
func nameTooLong(l lang.Lang, name string) string {
	n := utf8.RuneCountInString(name)
	if n <= scoring.MaxNameLength {
		return ""
	}
	return views.NameTooLongText(l, n, scoring.MaxNameLength)
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
