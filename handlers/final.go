package handlers

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/table"
	"ruthless/views"
	"ruthless/views/lang"
)

func (a *app) finalTarget(c *gin.Context) (store.StoredGame, int, bool) {
	g, ok := a.loadGame(c)
	if !ok {
		return g, 0, false
	}
	p, err := seatParam(c, len(g.File.Players))
	if err != nil {
		a.fail(c, err)
		return g, 0, false
	}
	return g, p, true
}

// finalValues are the end-of-game form's fields as typed.
type finalValues struct {
	owned, buried                       []scoring.Card
	monkeys, lootKept, lootBuried, coin string
	parley                              bool
	version                             int
}

func finalFormView(g store.StoredGame, p int, v finalValues) views.FinalFormView {
	n := len(g.File.Players)
	selected := map[scoring.Card]bool{}
	for _, c := range v.owned {
		selected[c.Cell()] = true
	}
	buried := map[scoring.Card]bool{}
	for _, c := range v.buried {
		selected[c.Cell()] = true
		buried[c.Cell()] = true
	}
	return views.FinalFormView{
		GameID:     g.ID,
		Player:     p,
		PlayerName: g.File.Players[p],
		Action:     views.FinalURL(g.ID, p),
		Grid:       grid(n, selected, buried, holders(g, p), "buried"),
		Monkeys:    v.monkeys,
		MaxMonkeys: scoring.StartingPowderMonkeys(n),
		LootKept:   v.lootKept,
		LootBuried: v.lootBuried,
		Coins:      v.coin,
		ParleyUsed: v.parley,
		Version:    v.version,
		Errors:     views.Errors{},
		BackHref:   views.GameURL(g.ID),
	}
}

func storedFinalValues(f *scoring.FinalEntry, version int) finalValues {
	return finalValues{
		owned:      f.Pirates,
		buried:     f.BuriedPirates,
		monkeys:    strconv.Itoa(f.BuriedPowderMonkeys),
		lootKept:   strconv.Itoa(f.LootBannerKept),
		lootBuried: strconv.Itoa(f.LootBannerBuried),
		coin:       strconv.Itoa(f.Coins),
		parley:     f.ParleyUsed,
		version:    version,
	}
}

func (a *app) finalForm(c *gin.Context) {
	g, p, ok := a.finalTarget(c)
	if !ok {
		return
	}
	var vm views.FinalFormView
	if g.FinalEntered(p) {
		vm = finalFormView(g, p, storedFinalValues(g.Finals[p], g.FinalVersions[p]))
	} else {
		// R4.4: everything entered in a round is owned; coins start from the
		// last round entered.
		v := finalValues{owned: scoring.EnteredPirates(g.File, p), monkeys: "0", lootKept: "0", lootBuried: "0", coin: "0"}
		for r := len(g.File.Rounds); r >= 1; r-- {
			if e, _ := storedEntry(g, r, p); e != nil {
				v.coin = strconv.Itoa(e.Coins)
				break
			}
		}
		vm = finalFormView(g, p, v)
		vm.Prefilled = true
	}
	vm.Token = newToken()
	vm.OpenElsewhere, vm.OpenFor = a.openedHere(c, g, 0, p, !g.FinalEntered(p))
	a.finalPage(c, http.StatusOK, g, vm)
}

var finalNumbers = []struct {
	name  string
	count views.FinalCount
}{
	{"monkeys", views.CountMonkeys},
	{"loot_kept", views.CountLootKept},
	{"loot_buried", views.CountLootBuried},
	{"coins", views.CountCoins},
}

func readFinalForm(l lang.Lang, form url.Values, maxMonkeys int) (finalValues, scoring.FinalEntry, string, views.Errors) {
	errs := views.Errors{}
	v := finalValues{
		monkeys:    strings.TrimSpace(form.Get("monkeys")),
		lootKept:   strings.TrimSpace(form.Get("loot_kept")),
		lootBuried: strings.TrimSpace(form.Get("loot_buried")),
		coin:       strings.TrimSpace(form.Get("coins")),
		parley:     form.Get("parley_used") != "",
	}
	v.version, _ = strconv.Atoi(form.Get("version"))
	buriedCodes := form["buried"]
	cards, problem := readFormCards(form["card"])
	if problem != "" {
		errs["pirates"] = problem
	}
	for _, c := range cards {
		if slices.Contains(buriedCodes, c.String()) {
			v.buried = append(v.buried, c)
		} else {
			v.owned = append(v.owned, c)
		}
	}
	fe := scoring.FinalEntry{Pirates: v.owned, BuriedPirates: v.buried, ParleyUsed: v.parley}
	if fe.Pirates == nil {
		fe.Pirates = []scoring.Card{}
	}
	if fe.BuriedPirates == nil {
		fe.BuriedPirates = []scoring.Card{}
	}
	targets := []*int{&fe.BuriedPowderMonkeys, &fe.LootBannerKept, &fe.LootBannerBuried, &fe.Coins}
	raws := []*string{&v.monkeys, &v.lootKept, &v.lootBuried, &v.coin}
	for i, num := range finalNumbers {
		limit := scoring.MaxCount
		if num.name == "monkeys" {
			limit = maxMonkeys
		}
		if *raws[i] == "" {
			*raws[i] = "0"
		}
		n, err := strconv.Atoi(*raws[i])
		if err != nil || n < 0 || n > limit {
			errs[num.name] = views.FinalCountRangeText(l, num.count, limit)
			continue
		}
		*targets[i] = n
	}
	return v, fe, form.Get("step"), errs
}

func (a *app) saveFinal(c *gin.Context) {
	g, p, ok := a.finalTarget(c)
	if !ok {
		return
	}
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	n := len(g.File.Players)
	v, entry, step, errs := readFinalForm(lang.From(c.Request.Context()), c.Request.PostForm, scoring.StartingPowderMonkeys(n))
	token, err := formToken(c.Request.PostForm)
	if err != nil {
		a.fail(c, err)
		return
	}
	if step != "" {
		raws := map[string]*string{"monkeys": &v.monkeys, "loot_kept": &v.lootKept, "loot_buried": &v.lootBuried, "coins": &v.coin}
		for name, raw := range raws {
			limit := scoring.MaxCount
			if name == "monkeys" {
				limit = scoring.StartingPowderMonkeys(n)
			}
			if stepped(step, name, raw, limit) {
				delete(errs, name)
			}
		}
		vm := finalFormView(g, p, v)
		vm.Errors = errs
		vm.Token = orNewToken(token)
		a.finalPage(c, http.StatusOK, g, vm)
		return
	}
	if len(errs) > 0 {
		vm := finalFormView(g, p, v)
		vm.Errors = errs
		vm.Token = orNewToken(token)
		a.finalPage(c, http.StatusUnprocessableEntity, g, vm)
		return
	}
	saved, err := a.table.SaveFinal(c.Request.Context(), table.Final{Game: g.ID, Seat: p, Final: entry, Version: v.version, Token: token})
	var conflict *store.FinalConflict
	if errors.As(err, &conflict) {
		// Show what is stored now; the player checks it and saves again.
		sv := finalValues{monkeys: "0", lootKept: "0", lootBuried: "0", coin: "0", version: conflict.Version}
		if conflict.Current != nil {
			sv = storedFinalValues(conflict.Current, conflict.Version)
		}
		vm := finalFormView(g, p, sv)
		vm.Conflict = true
		vm.ConflictSavedAt = views.SavedAt(conflict.Saved, time.Now())
		vm.Token = orNewToken(token)
		a.finalPage(c, http.StatusConflict, g, vm)
		return
	}
	var fe *scoring.FieldError
	if errors.As(err, &fe) {
		// The collection breaks a rule against what the game holds as
		// the write found it (R4; checked once, inside the write).
		vm := finalFormView(g, p, v)
		vm.Errors = views.Errors{finalField(fe, p): views.FieldProblemIn(lang.From(c.Request.Context()), fe)}
		vm.Token = orNewToken(token)
		a.finalPage(c, http.StatusUnprocessableEntity, g, vm)
		return
	}
	if err != nil {
		a.fail(c, err)
		return
	}
	a.entering.done(seatKey{game: g.ID, round: 0, seat: p})
	if saved.Over {
		seeOther(c, views.FinalScoresURL(g.ID))
		return
	}
	if c.Request.PostForm.Get("then") == "next" {
		if s := finalSaveNext(a.tableAt(c.Request, saved.After), p); s >= 0 {
			seeOther(c, views.FinalURL(g.ID, s))
			return
		}
	}
	seeOther(c, views.GameURL(g.ID))
}

// finalSaveNext is the seat "Save & next" opens after seat p's end of
// game: the next one this phone enters (its own seats, then the open
// ones, as in the rounds) whose end of game is missing, -1 for none.
func finalSaveNext(t atTable, p int) int {
	return t.nextSeat(p+1, p, func(s int) bool { return !t.g.FinalEntered(s) })
}

// finalPage renders an end-of-game form with what depends on the phone:
// "Save & next" to the next seat it enters, and which button is the big
// one (plain Save on its own player's form).
func (a *app) finalPage(c *gin.Context, status int, g store.StoredGame, vm views.FinalFormView) {
	t := a.tableAt(c.Request, g)
	if s := finalSaveNext(t, vm.Player); s >= 0 {
		vm.NextName, vm.NextNoPhone = t.seatName(s)
	}
	vm.Own = len(t.held) > 0 && t.held[0] == vm.Player
	a.page(c, status, views.FinalForm(vm))
}

// finalField is where a validation error shows on the end-of-game form.
func finalField(fe *scoring.FieldError, p int) string {
	names := map[string]string{
		"buried_powder_monkeys": "monkeys",
		"loot_banner_kept":      "loot_kept",
		"loot_banner_buried":    "loot_buried",
		"coins":                 "coins",
	}
	for _, at := range places(fe) {
		if at.Final && at.Seat == p {
			if name, ok := names[at.Name]; ok {
				return name
			}
			return "pirates"
		}
	}
	return "form"
}

func (a *app) final(c *gin.Context) {
	g, res, ok := a.loadScored(c)
	if !ok {
		return
	}
	vm := finalView(g, res, a.tableAt(c.Request, g))
	vm.Rematch = a.rematchView(c, g)
	if vm.Complete {
		// The result is shared by its share link, which opens without
		// the table password (share.go).
		vm.Share = shareView(lang.From(c.Request.Context()), g, res)
		vm.Share.Href = a.shareLink(c, g)
		if vm.Share.Href == "" {
			vm.Share.NewAction = views.ShareNewURL(g.ID)
		}
	}
	// The final scores follow the game too: a correction re-scores
	// them, and a rematch made on another phone shows "Open the rematch".
	vm.Live = liveView(c.Request, g, false)
	vm.Live.SwapMain = true
	// The page lists who is missing itself.
	vm.Live.Compact = true
	a.page(c, http.StatusOK, views.Final(vm))
}

// finalView is the final scores, or while end-of-game entries are
// missing, who is missing, as the phone holding seat (-1: a shared phone)
// sees it.
func finalView(g store.StoredGame, res scoring.Result, t atTable) views.FinalView {
	f := g.File
	vm := views.FinalView{GameID: g.ID, Players: f.Players, Facts: playFacts(g)}
	for p, name := range f.Players {
		vm.Edit = append(vm.Edit, views.Link{Href: views.FinalURL(g.ID, p), Step: views.StepFinalOf, Name: name})
		if !g.FinalEntered(p) {
			st := views.PlayerStatus{Name: name}
			if t.mayLead(p) {
				st.Href = views.FinalURL(g.ID, p)
			}
			vm.Missing = append(vm.Missing, st)
		}
	}
	if !f.Over() && f.CurrentRound() == 0 {
		vm.Next = nextStep(t, len(f.Rounds))
	}
	for r := range f.Rounds {
		vm.Edit = append(vm.Edit, views.Link{Href: views.RoundURL(g.ID, r+1), Step: views.StepRound, Round: r + 1})
	}
	if !f.Over() {
		return vm
	}
	vm.Complete = true
	for _, ar := range res.Achievements {
		row := views.AchievementRow{ID: ar.ID, Name: ar.Name, NP: ar.NP, Why: ar.Why, Rule: ar.Rule, Result: &ar}
		for _, cnt := range ar.Counts {
			s := strconv.Itoa(cnt)
			if ar.ID == scoring.Shipshape {
				s = map[bool]string{true: "yes", false: "no"}[cnt > 0]
			}
			row.Counts = append(row.Counts, s)
		}
		vm.Achievements = append(vm.Achievements, row)
	}
	places := res.FinalPlaces()
	for _, t := range res.Totals {
		vm.Totals = append(vm.Totals, views.TotalRow{
			Seat: t.Player, Name: f.Players[t.Player], Place: places[t.Player],
			Prizes: t.Prizes, Achievements: t.Achievements,
			Crew: t.Crew, Parley: t.Parley, NP: t.NP, Coins: t.Coins,
			Winner: slices.Contains(res.Winners, t.Player),
		})
	}
	for _, tb := range res.WinnerTieBreaks {
		if behind, ok := placedBehind(tb, len(vm.Totals)); ok {
			tie := views.FinalTie(f.Players, res.Totals, tb)
			vm.Totals[behind].Tie = &tie
		}
	}
	return vm
}
