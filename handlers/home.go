package handlers

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

const dateLayout = "2 Jan 2006, 15:04"

func (a *app) home(c *gin.Context) {
	games, err := a.store.Games(c.Request.Context())
	if err != nil {
		a.fail(c, err)
		return
	}
	var vm views.HomeView
	for _, g := range games {
		s, err := a.summary(c.Request.Context(), g)
		if err != nil {
			a.fail(c, err)
			return
		}
		if g.File.Final != nil {
			vm.Finished = append(vm.Finished, s)
		} else {
			vm.InProgress = append(vm.InProgress, s)
		}
	}
	a.page(c, http.StatusOK, views.Home(vm))
}

// summary is a game's line on the home page. A game that does not score
// (it cannot happen for a game stored through this app) still gets a line;
// the error is a solve that gave up (solveFailed), which fails the page.
func (a *app) summary(ctx context.Context, g store.Game) (views.GameSummary, error) {
	s := views.GameSummary{
		ID:          g.ID,
		Players:     g.File.Players,
		Date:        g.Created.Local().Format(dateLayout),
		RoundsTotal: scoring.RoundsFor(len(g.File.Players)),
	}
	res, err := a.score(ctx, g.File)
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
	vm := views.NewGameView{Achievements: achievementOptions(scoring.DefaultAchievements())}
	vm.KnownNames = a.knownNames(c)
	a.page(c, http.StatusOK, views.NewGame(vm))
}

// knownNames offers the names of earlier games; failing that, none.
func (a *app) knownNames(c *gin.Context) []string {
	names, err := a.store.PlayerNames(c.Request.Context())
	if err != nil {
		a.log.Warn("player names", "err", err)
		return nil
	}
	return names
}

func (a *app) createGame(c *gin.Context) {
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	form := c.Request.PostForm
	vm := views.NewGameView{Errors: views.Errors{}}
	for i, name := range form["player"] {
		if i < len(vm.Names) {
			vm.Names[i] = strings.TrimSpace(name)
		}
	}
	vm.StartSeat, _ = strconv.Atoi(form.Get("start"))
	var chosen []string
	for _, id := range form["achievement"] {
		if !slices.Contains(chosen, id) {
			chosen = append(chosen, id)
		}
	}
	vm.Achievements = achievementOptions(chosen)
	vm.ZeroCounts = form.Get("zero_counts") != ""

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
		vm.Errors["start_player"] = "Tick the seat of a player who is playing as the start player."
	}
	// Keep the R3.2 order whatever order the boxes came in.
	var ids []string
	for _, info := range scoring.AchievementList() {
		if slices.Contains(chosen, info.ID) {
			ids = append(ids, info.ID)
		}
	}
	g := scoring.Game{Version: 1, Players: players, StartPlayer: max(start, 0), Achievements: ids, ZeroCounts: vm.ZeroCounts, Rounds: [][]*scoring.Entry{}}
	if len(vm.Errors) == 0 {
		if _, err := scoring.Validate(g); err != nil {
			fe, ok := err.(*scoring.FieldError)
			if !ok {
				a.fail(c, err)
				return
			}
			vm.Errors[newGameField(fe, slot)] = fe.Message
		}
	}
	if len(vm.Errors) > 0 {
		vm.KnownNames = a.knownNames(c)
		a.page(c, http.StatusUnprocessableEntity, views.NewGame(vm))
		return
	}
	id, err := a.store.CreateGame(c.Request.Context(), g)
	if err != nil {
		a.fail(c, err)
		return
	}
	seeOther(c, gameURL(id))
}

// newGameField is the form field a setup error belongs to.
func newGameField(fe *scoring.FieldError, slot []int) string {
	var i int
	if n, err := fmtScan(fe.Field, "players[%d]"); err == nil {
		i = n
		if i >= 0 && i < len(slot) {
			return "players[" + strconv.Itoa(slot[i]) + "]"
		}
		return "players"
	}
	switch {
	case fe.Field == "players":
		return "players"
	case fe.Field == "start_player":
		return "start_player"
	case strings.HasPrefix(fe.Field, "achievements"):
		return "achievements"
	}
	return "form"
}
