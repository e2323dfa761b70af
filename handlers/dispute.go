package handlers

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

// The pages that settle an argument at the table: /solve (the best party
// of any pool, why it is not stronger, the recruit advisor) and /check
// (is a claimed party legal, and how far is it from the best). Both are
// plain forms; their answers come from the same capped, cached solves as
// the API's (a.solves), so they inherit its limits (503 + Retry-After).

// codeList reads card codes from query or form values, each value a code
// or a list of them separated by commas or spaces: the form sends one
// value per tapped card, a shared address one list.
func codeList(values []string) []string {
	var out []string
	for _, v := range values {
		out = append(out, scoring.SplitCodes(v)...)
	}
	return out
}

// joinCodes writes cards as a comma-separated list of codes.
func joinCodes(cards []scoring.Card) string {
	codes := make([]string, len(cards))
	for i, c := range cards {
		codes[i] = c.String()
	}
	return strings.Join(codes, ",")
}

func sortCards(cards []scoring.Card) { slices.SortFunc(cards, cardOrder) }

// cardOrder is the app's card order (scoring.Card.Less) as a comparison.
func cardOrder(x, y scoring.Card) int {
	switch {
	case x.Less(y):
		return -1
	case y.Less(x):
		return 1
	}
	return 0
}

// playersParam reads the player count of a dispute page: 2, 3 or 4,
// default 4.
func playersParam(v string) (int, string) {
	if v == "" {
		return 4, ""
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < scoring.MinPlayers || n > scoring.MaxPlayers {
		return 4, fmt.Sprintf("Players must be 2, 3 or 4, not %q.", v)
	}
	return n, ""
}

// readPool reads a pool: the codes, with Captains flagged by a * or by
// being listed in power (the form's toggles). It refuses unknown codes,
// repeats and, with 2 players, Kraken cards (R4.2).
func readPool(codes, power []string, players int) ([]scoring.Card, error) {
	seen := map[scoring.Card]bool{}
	var pool []scoring.Card
	for _, code := range codes {
		c, err := scoring.ParseCard(code)
		if err != nil {
			return nil, err
		}
		if seen[c.Cell()] {
			return nil, fmt.Errorf("card %q given twice", c.Cell().String())
		}
		seen[c.Cell()] = true
		if c.Rank == scoring.Cpt && slices.Contains(power, c.Cell().String()) {
			c.Flagged = true
		}
		pool = append(pool, c)
	}
	if err := scoring.CheckInPlay(pool, players); err != nil {
		return nil, err
	}
	sortCards(pool)
	return pool, nil
}

// tapGrid builds a TapGrid of every card in a game of players.
func tapGrid(name, prefix string, players int, card func(c scoring.Card, tc *views.TapCard)) views.TapGrid {
	g := views.TapGrid{Name: name, Prefix: prefix}
	for _, s := range scoring.SuitsInPlay(players) {
		row := views.TapRow{Letter: s.Letter(), Name: s.Name()}
		for r := scoring.Rank(1); r <= scoring.Parrot; r++ {
			c := scoring.Card{Suit: s, Rank: r}
			tc := views.TapCard{CardFace: views.Face(c)}
			card(c, &tc)
			row.Cards = append(row.Cards, tc)
		}
		g.Rows = append(g.Rows, row)
	}
	return g
}

// cardWords is a card in words: "5 of Kraken", "C of Swords*".
func cardWords(c scoring.Card) string { return views.CardPart(c).Words() }

// phrasef is fmt.Sprintf into a Phrase: cards given as %s (their codes)
// come out drawn.
func phrasef(format string, args ...any) views.Phrase {
	return views.PhraseOf(fmt.Sprintf(format, args...))
}

// codesOf writes cards as their codes separated by spaces, for a Phrase.
func codesOf(cards []scoring.Card) string {
	codes := make([]string, len(cards))
	for i, c := range cards {
		codes[i] = c.String()
	}
	return strings.Join(codes, " ")
}

// sumText works a set's strength out as R1.2 adds it: "8 + 3 = 11". The
// numbers come from scoring.SetStrength (the base is what the least set
// of the kind scores, the step what each card more adds), so the page
// cannot add up differently from the scorer.
func sumText(kind scoring.SetKind, n int) string {
	from := 3
	switch kind {
	case scoring.Group:
		from = 2
	case scoring.Straight, scoring.Flush, scoring.StraightFlush:
	default:
		// A full ship has one size, and a set of no pattern scores
		// nothing: no sum to work out.
		return strconv.Itoa(scoring.SetStrength(kind, n))
	}
	base := scoring.SetStrength(kind, from)
	step := scoring.SetStrength(kind, from+1) - base
	switch extra := n - from; {
	case extra <= 0:
		return strconv.Itoa(base)
	case extra == 1:
		return fmt.Sprintf("%d + %d = %d", base, step, base+step)
	default:
		return fmt.Sprintf("%d + %d × %d = %d", base, extra, step, base+extra*step)
	}
}

// setResult draws a set for the dispute pages.
func setResult(s scoring.Set) views.SetResult {
	out := views.SetResult{Name: "No pattern", Strength: s.Strength, Cards: placedFaces(s.Cards)}
	if s.Kind != scoring.NoPattern && s.Kind != "" {
		out.Name, out.Sum = setName(s), ""
		// A set of the least size scores its base: nothing to work out.
		if sum := sumText(s.Kind, len(s.Cards)); strings.Contains(sum, "=") {
			out.Sum = sum
		}
	}
	for _, pc := range s.Cards {
		if !pc.Card.IsWild() || s.Kind == scoring.NoPattern {
			continue
		}
		rule := "R1.5"
		if pc.Card.Rank == scoring.Parrot {
			rule = "R1.4"
		}
		words := phrasef("%s stands as %s.", pc.Card, pc.As)
		out.Wilds = append(out.Wilds, views.WildNote{Text: words.String(), Words: words, Rule: rule})
	}
	return out
}

// partyResult draws a party for the dispute pages.
func partyResult(p scoring.Party) views.PartyResult {
	out := views.PartyResult{Strength: p.Strength, Unused: p.Unused, Leftover: views.Faces(p.UnusedCards)}
	for _, s := range p.Sets {
		out.Sets = append(out.Sets, setResult(s))
	}
	return out
}

// whyView words "why not more?" for a best party.
func whyView(best scoring.Party, why scoring.Why) views.WhyView {
	w := views.WhyView{Strength: best.Strength, Unused: best.Unused, MostUnused: why.MostUnused}
	for _, u := range why.Uses {
		uv := views.UseView{Card: views.Face(u.Card)}
		switch {
		case !u.Possible:
			uv.Words = phrasef("No set from this pool can hold %s.", u.Card)
		case u.Cost > 0:
			uv.Words = phrasef("Putting %s to use: best is %d, %d less.", u.Card, u.Party.Strength, u.Cost)
		case u.Party.Unused == best.Unused:
			uv.Words = phrasef("Putting %s to use: best is %d too, leaving %s unused instead.", u.Card, u.Party.Strength, codesOf(u.Party.UnusedCards))
		default:
			uv.Words = phrasef("Putting %s to use: best is %d too, but with %d unused instead of %d.", u.Card, u.Party.Strength, u.Party.Unused, best.Unused)
		}
		uv.Text = uv.Words.String()
		if u.Possible {
			p := partyResult(u.Party)
			uv.Party = &p
		}
		w.Uses = append(w.Uses, uv)
	}
	for _, alt := range why.Alternatives {
		leaves := views.PhraseOf(codesOf(alt.UnusedCards))
		w.Alternatives = append(w.Alternatives, views.AlternativeView{Leaves: leaves.String(), LeavesCards: leaves, Party: partyResult(alt)})
	}
	return w
}

// why works out "why not more?" for a pool, in the server's solve slots
// and through its cache (explain.go). A pool too big for it gets a
// sentence instead; a solve that gave up is the error.
func (a *app) why(c *gin.Context, pool []scoring.Card, opt scoring.Options, best scoring.Party) (views.WhyView, error) {
	why, err := a.whyNotMore(c.Request.Context(), pool, opt)
	if errors.Is(err, scoring.ErrTooBigToExplain) {
		return views.WhyView{Strength: best.Strength, Unused: best.Unused,
			Problem: "Not worked out for pools of more than 15 pirates besides their wilds, or more than 3 wilds (Parrots and Captains using their power)."}, nil
	}
	if err != nil {
		return views.WhyView{}, err
	}
	return whyView(best, why), nil
}

// solveInput is what /solve was asked.
type solveInput struct {
	players   int
	pool      []scoring.Card
	tavern    []scoring.Card
	recruited int
	// raw values, kept to re-show a form with an error
	poolCodes, tavernCodes, power []string
	recruitedRaw                  string
	errs                          views.Errors
}

func readSolve(q url.Values) solveInput {
	in := solveInput{errs: views.Errors{}, poolCodes: codeList(q["cards"]), tavernCodes: codeList(q["tavern"]), power: q["power"]}
	var msg string
	if in.players, msg = playersParam(q.Get("players")); msg != "" {
		in.errs["form"] = msg
	}
	var err error
	if in.pool, err = readPool(in.poolCodes, in.power, in.players); err != nil {
		in.errs["pool"] = capitalize(err.Error()) + "."
	}
	if in.tavern, err = readPool(in.tavernCodes, nil, in.players); err != nil {
		in.errs["tavern"] = capitalize(err.Error()) + "."
	}
	for _, c := range in.tavern {
		if slices.ContainsFunc(in.pool, func(p scoring.Card) bool { return p.Cell() == c.Cell() }) {
			in.errs["tavern"] = fmt.Sprintf("%s is already in the pool: the Tavern Row holds other cards.", cardWords(c))
		}
	}
	if len(in.tavern) > scoring.MaxTavern {
		in.errs["tavern"] = fmt.Sprintf("The Tavern Row has %d cards: tap at most %d, not %d.", scoring.MaxTavern, scoring.MaxTavern, len(in.tavern))
	}
	in.recruitedRaw = strings.TrimSpace(q.Get("recruited"))
	stepped(q.Get("step"), "recruited", &in.recruitedRaw, scoring.MaxNewPirates)
	if in.recruitedRaw != "" {
		n, err := strconv.Atoi(in.recruitedRaw)
		if err != nil || n < 0 || n > scoring.MaxNewPirates {
			in.errs["recruited"] = fmt.Sprintf("Recruits this round are 0 to %d.", scoring.MaxNewPirates)
		} else {
			in.recruited = n
		}
	}
	return in
}

// solveURL is the address of a /solve answer: the pool, the players and
// the advisor's cards, as /solve?cards=H2,H3,A4&players=3.
func solveURL(players int, pool, tavern []scoring.Card, recruited int) string {
	v := url.Values{}
	if len(pool) > 0 {
		v.Set("cards", joinCodes(pool))
	}
	v.Set("players", strconv.Itoa(players))
	if len(tavern) > 0 {
		v.Set("tavern", joinCodes(tavern))
	}
	if recruited > 0 {
		v.Set("recruited", strconv.Itoa(recruited))
	}
	return "/solve?" + encode(v)
}

// encode is url.Values.Encode in a fixed order (cards, players, tavern,
// recruited) that keeps card lists readable: commas and the Captain's *
// stay as they are.
func encode(v url.Values) string {
	var parts []string
	for _, k := range []string{"cards", "players", "pool", "set", "unused", "tavern", "recruited", "to", "from"} {
		for _, val := range v[k] {
			e := url.QueryEscape(val)
			e = strings.NewReplacer("%2C", ",", "%2A", "*", "%3D", "=", "%2F", "/").Replace(e)
			parts = append(parts, k+"="+e)
		}
	}
	return strings.Join(parts, "&")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// solvePage is GET /solve. A form (form=1, or a − / + of the recruits
// stepper) redirects to the plain address of its answer, so the address
// always holds the pool.
func (a *app) solvePage(c *gin.Context) {
	q := c.Request.URL.Query()
	in := readSolve(q)
	if len(in.errs) == 0 && (q.Has("form") || q.Has("step")) {
		to := solveURL(in.players, in.pool, in.tavern, in.recruited)
		if q.Has("advise") {
			to += "&advise=1"
		}
		seeOther(c, to)
		return
	}
	vm := views.SolveView{Players: in.players, Errors: in.errs, Advise: q.Has("advise")}
	vm.Advisor.Recruited = in.recruitedRaw
	if vm.Advisor.Recruited == "" {
		vm.Advisor.Recruited = "0"
	}
	checked := map[scoring.Card]bool{}
	flagged := map[scoring.Card]bool{}
	for _, code := range in.poolCodes {
		if card, err := scoring.ParseCard(code); err == nil {
			checked[card.Cell()] = true
			flagged[card.Cell()] = card.Flagged || slices.Contains(in.power, card.Cell().String())
		}
	}
	tavern := map[scoring.Card]bool{}
	for _, code := range in.tavernCodes {
		if card, err := scoring.ParseCard(code); err == nil {
			tavern[card.Cell()] = true
		}
	}
	vm.Grid = tapGrid("cards", "card", in.players, func(card scoring.Card, tc *views.TapCard) {
		tc.Checked = checked[card]
		if card.Rank == scoring.Cpt {
			tc.Power, tc.PowerChecked = true, flagged[card] && checked[card]
		}
	})
	vm.Advisor.Grid = tapGrid("tavern", "tavern", in.players, func(card scoring.Card, tc *views.TapCard) {
		tc.Checked = tavern[card] && !checked[card]
		if checked[card] {
			tc.Disabled, tc.Note = true, "pool"
		}
	})
	if len(in.errs) > 0 {
		a.page(c, http.StatusUnprocessableEntity, views.Solve(vm))
		return
	}
	opt := scoring.Options{Players: in.players}
	ctx := c.Request.Context()
	if q.Has("cards") || q.Has("players") {
		best, err := a.solves.solve(ctx, in.pool, opt)
		if err != nil {
			a.fail(c, err)
			return
		}
		vm.Solved, vm.Best = true, partyResult(best)
		if vm.Why, err = a.why(c, in.pool, opt, best); err != nil {
			a.fail(c, err)
			return
		}
		vm.CheckHref = checkURL(checkState{players: in.players, unused: in.pool})
	}
	if len(in.tavern) > 0 {
		adv, err := a.advise(ctx, in.pool, in.tavern, in.recruited, opt)
		if err != nil {
			a.fail(c, err)
			return
		}
		vm.Advisor.Asked, vm.Advisor.Left, vm.Advisor.Base = true, adv.Left, adv.Base.Strength
		for _, r := range adv.Singles {
			vm.Advisor.Singles = append(vm.Advisor.Singles, recruitView(r))
		}
		if adv.Pair != nil {
			p := recruitView(*adv.Pair)
			vm.Advisor.Pair = &p
		}
		switch {
		case adv.Left == 0:
			vm.Advisor.Note = fmt.Sprintf("You have recruited %d pirates this round: no more until the next.", scoring.MaxNewPirates)
		case adv.Left == 1 && len(in.tavern) > 1:
			vm.Advisor.Note = "One recruit left this round, so no pair."
		}
	}
	a.page(c, http.StatusOK, views.Solve(vm))
}

func recruitView(r scoring.Recruit) views.RecruitView {
	return views.RecruitView{Cards: views.Faces(r.Cards), Label: views.PhraseOf(codesOf(r.Cards)).String(), Gain: r.Gain, Strength: r.Party.Strength, Party: partyResult(r.Party)}
}

// checkState is a claim being built on /check: its sets (claims as
// written, "SP=S5"), the pool's other cards, and, for a round's pool, the
// whole pool (cards outside it break R1.1).
type checkState struct {
	players int
	sets    [][]scoring.Claim
	unused  []scoring.Card
	pool    []scoring.Card
	locked  bool
	from    string
	to      string
}

// checkURL is the address of a claim's answer.
func checkURL(s checkState) string {
	v := url.Values{}
	v.Set("players", strconv.Itoa(s.players))
	if s.locked {
		v.Set("pool", joinCodes(s.pool))
	}
	for _, set := range s.sets {
		codes := make([]string, len(set))
		for i, cl := range set {
			codes[i] = cl.String()
		}
		v.Add("set", strings.Join(codes, ","))
	}
	if !s.locked && len(s.unused) > 0 {
		v.Set("unused", joinCodes(s.unused))
	}
	if s.to != "" {
		v.Set("to", s.to)
	}
	if s.from != "" {
		v.Set("from", s.from)
	}
	return "/check?" + encode(v)
}

// roundPath is the one kind of page /check links back to.
var roundPath = regexp.MustCompile(`^/games/[A-Za-z0-9_-]{1,64}/rounds/[0-9]{1,2}$`)

// readCheck reads a claim from a query or a posted form. A claim's cards
// are checked here for what makes no sense at all (unknown codes, a card
// twice, Kraken with two players); what a player may claim by mistake is
// for scoring.Check to judge.
func readCheck(v url.Values) (checkState, error) {
	s := checkState{to: v.Get("to")}
	var msg string
	if s.players, msg = playersParam(v.Get("players")); msg != "" {
		return s, errors.New(msg)
	}
	if f := v.Get("from"); roundPath.MatchString(f) {
		s.from = f
	}
	seen := map[scoring.Card]bool{}
	note := func(c scoring.Card) error {
		if seen[c.Cell()] {
			return fmt.Errorf("card %q given twice", c.Cell().String())
		}
		seen[c.Cell()] = true
		return scoring.CheckInPlay([]scoring.Card{c}, s.players)
	}
	for _, line := range v["set"] {
		var set []scoring.Claim
		for _, code := range scoring.SplitCodes(line) {
			cl, err := scoring.ParseClaim(code)
			if err != nil {
				return s, err
			}
			if err := note(cl.Card); err != nil {
				return s, err
			}
			set = append(set, cl)
		}
		if len(set) > 0 {
			s.sets = append(s.sets, set)
		}
	}
	if v.Has("pool") {
		s.locked = true
		pool, err := readPool(codeList(v["pool"]), nil, s.players)
		if err != nil {
			return s, err
		}
		s.pool = pool
		for _, c := range pool {
			if !seen[c.Cell()] {
				s.unused = append(s.unused, c)
			}
		}
		return s, nil
	}
	for _, code := range codeList(v["unused"]) {
		c, err := scoring.ParseCard(code)
		if err != nil {
			return s, err
		}
		if err := note(c); err != nil {
			return s, err
		}
		s.unused = append(s.unused, c)
	}
	sortCards(s.unused)
	return s, nil
}

// where says which bucket a card is in: a set number (1-based), 0 for
// the unused cards, -1 for neither.
func (s *checkState) where(cell scoring.Card) int {
	for i, set := range s.sets {
		for _, cl := range set {
			if cl.Card.Cell() == cell {
				return i + 1
			}
		}
	}
	for _, c := range s.unused {
		if c.Cell() == cell {
			return 0
		}
	}
	return -1
}

// take removes a card from wherever it is and returns it as it was
// (with its Captain mark).
func (s *checkState) take(cell scoring.Card) (scoring.Card, bool) {
	for i, set := range s.sets {
		for j, cl := range set {
			if cl.Card.Cell() == cell {
				s.sets[i] = slices.Delete(set, j, j+1)
				return cl.Card, true
			}
		}
	}
	for i, c := range s.unused {
		if c.Cell() == cell {
			s.unused = slices.Delete(s.unused, i, i+1)
			return c, true
		}
	}
	return cell, false
}

func (s *checkState) inPool(cell scoring.Card) (scoring.Card, bool) {
	for _, c := range s.pool {
		if c.Cell() == cell {
			return c, true
		}
	}
	return cell, false
}

// apply changes the claim as a posted form asks: the "stands as" choices
// and power toggles first, then the tapped cards move to the chosen
// bucket. A card tapped into the bucket it is already in leaves it (back
// to the unused cards; out of the pool from there).
func (s *checkState) apply(form url.Values) error {
	power := form["power"]
	restate := func(cl *scoring.Claim) error {
		code := cl.Card.Cell().String()
		if !s.locked && cl.Card.Rank == scoring.Cpt {
			cl.Card.Flagged = slices.Contains(power, code)
		}
		if !form.Has("as-" + code) {
			return nil
		}
		cl.As = nil
		if as := form.Get("as-" + code); as != "" {
			card, err := scoring.ParseCard(as)
			if err != nil {
				return err
			}
			card = card.Cell()
			cl.As = &card
		}
		return nil
	}
	for i := range s.sets {
		for j := range s.sets[i] {
			if err := restate(&s.sets[i][j]); err != nil {
				return err
			}
		}
	}
	for i, c := range s.unused {
		if !s.locked && c.Rank == scoring.Cpt {
			s.unused[i].Flagged = slices.Contains(power, c.Cell().String())
		}
	}
	if form.Get("move") == "0" {
		return nil
	}
	var picked []scoring.Card
	for _, code := range codeList(form["card"]) {
		c, err := scoring.ParseCard(code)
		if err != nil {
			return err
		}
		if err := scoring.CheckInPlay([]scoring.Card{c}, s.players); err != nil {
			return err
		}
		if !slices.Contains(picked, c.Cell()) {
			picked = append(picked, c.Cell())
		}
	}
	if len(picked) == 0 {
		return nil
	}
	target := -2 // out
	switch to := form.Get("to"); to {
	case "new", "":
		target = len(s.sets) + 1
	case "unused":
		target = 0
	case "out":
	default:
		n, err := strconv.Atoi(to)
		if err != nil || n < 1 || n > len(s.sets) {
			target = len(s.sets) + 1
		} else {
			target = n
		}
	}
	// Tapping cards that are all where they are asked to go takes them
	// back out.
	back := target != -2
	for _, p := range picked {
		back = back && s.where(p) == target
	}
	newSet := -1
	for _, p := range picked {
		card, _ := s.take(p)
		if pc, ok := s.inPool(p); ok {
			card = pc
		}
		switch {
		case back && target > 0:
			s.unused = append(s.unused, card)
		case back:
			// out of the pool
		case target > 0 && target <= len(s.sets):
			s.sets[target-1] = append(s.sets[target-1], scoring.Claim{Card: card})
		case target > 0:
			if newSet < 0 {
				s.sets = append(s.sets, nil)
				newSet = len(s.sets)
			}
			s.sets[newSet-1] = append(s.sets[newSet-1], scoring.Claim{Card: card})
		case target == 0:
			s.unused = append(s.unused, card)
		}
	}
	// Drop emptied sets, keeping the chosen bucket on the same set (or on
	// a new one, when it was emptied).
	chosen := target
	if newSet > 0 {
		chosen = newSet
	}
	var kept [][]scoring.Claim
	for i, set := range s.sets {
		if len(set) == 0 {
			switch {
			case i+1 < chosen:
				chosen--
			case i+1 == chosen:
				chosen = len(s.sets) + 1
			}
			continue
		}
		slices.SortStableFunc(set, func(x, y scoring.Claim) int { return cardOrder(x.Card, y.Card) })
		kept = append(kept, set)
	}
	s.sets = kept
	switch {
	case chosen > 0 && chosen <= len(s.sets):
		s.to = strconv.Itoa(chosen)
	case chosen > 0:
		s.to = "new"
	case chosen == 0:
		s.to = "unused"
	default:
		s.to = "out"
	}
	if s.locked {
		// The pool's cards in no set are its unused ones, whatever was tapped.
		s.unused = nil
		for _, c := range s.pool {
			if s.where(c.Cell()) < 0 {
				s.unused = append(s.unused, c)
			}
		}
	}
	sortCards(s.unused)
	return nil
}

// checkPage is GET /check: the claim in the address, judged.
func (a *app) checkPage(c *gin.Context) {
	s, err := readCheck(c.Request.URL.Query())
	if err != nil {
		a.checkInvalid(c, s, err)
		return
	}
	a.showCheck(c, s)
}

// checkPost is POST /check: the form applied to the claim, then 303 to
// the claim's address.
func (a *app) checkPost(c *gin.Context) {
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	form := c.Request.PostForm
	s, err := readCheck(form)
	if err == nil {
		err = s.apply(form)
	}
	if err != nil {
		a.checkInvalid(c, s, err)
		return
	}
	seeOther(c, checkURL(s))
}

// checkInvalid re-shows the claim builder with the message, as a form
// with a bad value is (422).
func (a *app) checkInvalid(c *gin.Context, s checkState, err error) {
	if s.players == 0 {
		s.players = 4
	}
	vm := a.checkView(s)
	vm.Errors = views.Errors{"form": capitalize(views.PhraseOf(err.Error()).String()) + "."}
	a.page(c, http.StatusUnprocessableEntity, views.Check(vm))
}

func (a *app) showCheck(c *gin.Context, s checkState) {
	vm := a.checkView(s)
	if len(s.sets) == 0 && len(s.unused) == 0 {
		a.page(c, http.StatusOK, views.Check(vm))
		return
	}
	opt := scoring.Options{Players: s.players}
	var res scoring.CheckResult
	var err error
	if s.locked {
		res, err = scoring.CheckInPool(c.Request.Context(), s.sets, s.pool, opt, a.solves.solve)
	} else {
		res, err = scoring.CheckContext(c.Request.Context(), s.sets, s.unused, opt, a.solves.solve)
	}
	if err != nil {
		if solveFailed(err) {
			a.fail(c, err)
			return
		}
		a.checkInvalid(c, s, err)
		return
	}
	v := &views.Verdict{Legal: res.Legal, Strength: res.Strength, Best: partyResult(res.Best)}
	for _, p := range res.Problems {
		where := "The party"
		if p.Set > 0 {
			where = "Set " + strconv.Itoa(p.Set)
		}
		v.Problems = append(v.Problems, views.ProblemView{Where: where, Message: views.PhraseOf(p.Message), Rule: p.Rule, RuleTitle: views.RuleTitle(p.Rule)})
	}
	for i := range vm.Sets {
		if i < len(res.Sets) {
			judgeSet(&vm.Sets[i], res.Sets[i], s.sets[i], res.Problems)
		}
	}
	switch d := res.Best.Strength - res.Strength; {
	case !res.Legal:
		v.Summary = fmt.Sprintf("Not legal: %d %s, so the claim is worth nothing. The best party for this pool is %d.",
			len(res.Problems), plural(len(res.Problems), "problem", "problems"), res.Best.Strength)
	case d == 0:
		v.Summary = fmt.Sprintf("Legal, strength %d: as strong as the best party for this pool.", res.Strength)
	default:
		v.Diff = d
		v.Summary = fmt.Sprintf("Legal, strength %d. A better party exists: %d, %d more.", res.Strength, res.Best.Strength, d)
	}
	vm.Verdict = v
	a.page(c, http.StatusOK, views.Check(vm))
}

// judgeSet draws claimed set cs with its verdict: set is how scoring
// scored it, claims how it was claimed, problems those of the whole claim.
//
// A legal set shows its pattern, its strength worked out and what each
// wild stands for. A set with a problem is drawn as it was claimed, each
// wild with the identity its owner stated or none: scoring still reports
// the pattern its cards could fit with the wilds chosen otherwise (the
// JSON and the command line keep that), but the claim did not earn it,
// and showing it would contradict the problem beside it.
func judgeSet(cs *views.ClaimSet, set scoring.Set, claims []scoring.Claim, problems []scoring.Problem) {
	for _, p := range problems {
		if p.Set == cs.Number {
			cs.Problems = append(cs.Problems, views.ProblemView{Where: "Set " + strconv.Itoa(p.Set),
				Message: views.PhraseOf(setProblemText(p.Message, set)), Rule: p.Rule, RuleTitle: views.RuleTitle(p.Rule)})
		}
	}
	cs.Legal = len(cs.Problems) == 0 && set.Kind != scoring.NoPattern
	if !cs.Legal {
		cs.Result = &views.SetResult{Name: "Not a legal set"}
		for j := range cs.Cards {
			if j < len(set.Cards) && j < len(claims) {
				// The card as scored carries the pool's Captain-power mark.
				cs.Cards[j].Face = claimedFace(set.Cards[j].Card, claims[j].As)
			}
		}
		return
	}
	r := setResult(set)
	cs.Result = &r
	for j := range cs.Cards {
		if j < len(set.Cards) {
			cs.Cards[j].Face = placedFaces(set.Cards[j : j+1])[0]
		}
	}
}

// setProblemText is a problem as said beside its own set: a sentence, and
// "This set" for scoring's "set H2 A7" (the cards are drawn just above).
func setProblemText(msg string, set scoring.Set) string {
	cards := make([]scoring.Card, len(set.Cards))
	for i, pc := range set.Cards {
		cards[i] = pc.Card
	}
	if rest, ok := strings.CutPrefix(msg, "set "+codesOf(cards)+" "); ok {
		msg = "this set " + rest
	}
	return capitalize(msg) + "."
}

// claimedFace draws a claimed card with the identity its owner stated for
// it, if any, whether or not it may take it.
func claimedFace(c scoring.Card, as *scoring.Card) views.CardFace {
	f := views.Face(c)
	if as != nil {
		f.As = cardWords(*as)
		f.AsRank, f.AsSuit = as.Rank.Code(), as.Suit.Letter()
		f.Title += ", stated as " + as.Rank.Name() + " of " + as.Suit.Name()
	}
	return f
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// checkView builds the claim builder for a claim, without the verdict.
func (a *app) checkView(s checkState) views.CheckView {
	vm := views.CheckView{Players: s.players, Locked: s.locked, Pool: joinCodes(s.pool), From: s.from, UnusedCodes: joinCodes(s.unused)}
	for i, set := range s.sets {
		codes := make([]string, len(set))
		cs := views.ClaimSet{Number: i + 1}
		for j, cl := range set {
			codes[j] = cl.String()
			cs.Cards = append(cs.Cards, s.claimCard(cl))
		}
		vm.SetCodes = append(vm.SetCodes, strings.Join(codes, ","))
		vm.Sets = append(vm.Sets, cs)
	}
	for _, c := range s.unused {
		cc := views.ClaimCard{Face: views.Face(c), TestID: "claim-card-" + c.Cell().String()}
		if !s.locked && c.Rank == scoring.Cpt {
			cc.Power, cc.PowerChecked = true, c.Flagged
		}
		vm.Unused = append(vm.Unused, cc)
	}
	// Where tapped cards go: the chosen bucket, else the last set.
	to := s.to
	valid := to == "new" || to == "out" || (to == "unused" && !s.locked)
	if n, err := strconv.Atoi(to); err == nil && n >= 1 && n <= len(s.sets) {
		valid = true
	}
	if !valid {
		to = "new"
		if len(s.sets) > 0 {
			to = strconv.Itoa(len(s.sets))
		}
	}
	for i := range s.sets {
		vm.Buckets = append(vm.Buckets, views.Bucket{Value: strconv.Itoa(i + 1), Label: "Set " + strconv.Itoa(i+1)})
	}
	vm.Buckets = append(vm.Buckets, views.Bucket{Value: "new", Label: "Set " + strconv.Itoa(len(s.sets)+1) + " (new)"})
	if s.locked {
		vm.Buckets = append(vm.Buckets, views.Bucket{Value: "out", Label: "Out of the sets"})
	} else {
		vm.Buckets = append(vm.Buckets, views.Bucket{Value: "unused", Label: "Unused"}, views.Bucket{Value: "out", Label: "Out of the pool"})
	}
	for i := range vm.Buckets {
		vm.Buckets[i].Checked = vm.Buckets[i].Value == to
	}
	vm.Grid = tapGrid("card", "card", s.players, func(card scoring.Card, tc *views.TapCard) {
		switch w := s.where(card); {
		case w > 0:
			tc.Note, tc.Placed = "set "+strconv.Itoa(w), true
		case w == 0:
			tc.Note, tc.Placed = "unused", true
		case s.locked:
			tc.Outside = true
			tc.Title += ": not in this pool"
		}
	})
	var pool []scoring.Card
	if s.locked {
		pool = s.pool
	} else {
		for _, set := range s.sets {
			for _, cl := range set {
				pool = append(pool, cl.Card)
			}
		}
		pool = append(pool, s.unused...)
	}
	if len(pool) > 0 {
		sortCards(pool)
		vm.SolveHref = solveURL(s.players, pool, nil, 0)
	}
	return vm
}

// claimCard is a claimed card with, for a Parrot or a Captain, the choice
// of what it stands for: first what it may take, then, in groups saying
// why, what it may not (so a player can state a wrong claim and see the
// rule it breaks).
func (s *checkState) claimCard(cl scoring.Claim) views.ClaimCard {
	c := cl.Card
	cc := views.ClaimCard{Face: claimedFace(c, cl.As), TestID: "claim-card-" + c.Cell().String()}
	if !s.locked && c.Rank == scoring.Cpt {
		cc.Power, cc.PowerChecked = true, c.Flagged
	}
	if c.Rank != scoring.Parrot && c.Rank != scoring.Cpt {
		return cc
	}
	cc.Select = "as-" + c.Cell().String()
	first := "the best choice"
	if !c.IsWild() {
		first = "itself, " + cardWords(c)
	}
	stated := ""
	if cl.As != nil {
		stated = cl.As.String()
	}
	opt := func(card scoring.Card) views.AsOption {
		return views.AsOption{Value: card.String(), Label: card.Rank.Name() + " of " + card.Suit.Name(), Selected: card.String() == stated}
	}
	cells := func(suits []scoring.Suit) []views.AsOption {
		var out []views.AsOption
		for _, u := range suits {
			for r := scoring.Rank(1); r <= scoring.Cpt; r++ {
				out = append(out, opt(scoring.Card{Suit: u, Rank: r}))
			}
		}
		return out
	}
	cc.Groups = []views.AsGroup{{Options: []views.AsOption{{Value: "", Label: first, Selected: stated == ""}}}}
	var others []scoring.Suit
	for _, u := range scoring.SuitsInPlay(s.players) {
		if u != c.Suit {
			others = append(others, u)
		}
	}
	switch {
	case c.Rank == scoring.Parrot:
		cc.Groups[0].Options = append(cc.Groups[0].Options, cells([]scoring.Suit{c.Suit})...)
		cc.Groups = append(cc.Groups, views.AsGroup{Label: "Other suits: a Parrot keeps its own (R1.4)", Options: cells(others)})
	case c.IsWild():
		cc.Groups[0].Options = append(cc.Groups[0].Options, cells(scoring.SuitsInPlay(s.players))...)
		if s.players == 2 {
			cc.Groups = append(cc.Groups, views.AsGroup{Label: "Kraken: not in a 2-player game (R1.6)", Options: cells([]scoring.Suit{scoring.Kraken})})
		}
	default:
		cc.Groups = append(cc.Groups, views.AsGroup{Label: "Only with its Captain power used (R1.5)", Options: cells(scoring.SuitsInPlay(s.players))})
	}
	return cc
}

// advisorHref opens the recruit advisor (/solve) from a round-entry form
// on the pool the form shows, with the new pirates of that pool (those
// the player entered in no earlier round) counted as this round's recruits
// already made (R4.3).
func advisorHref(g store.Game, r, p int, grid []views.SuitRow) string {
	before := enteredBefore(g, r, p)
	var pool []scoring.Card
	recruited := 0
	for _, row := range grid {
		for _, gc := range row.Cards {
			if !gc.Checked {
				continue
			}
			c, err := scoring.ParseCard(gc.Code)
			if err != nil {
				continue
			}
			c.Flagged = gc.Sub == "power" && gc.SubChecked
			pool = append(pool, c)
			if !before[c.Cell()] {
				recruited++
			}
		}
	}
	sortCards(pool)
	return solveURL(len(g.File.Players), pool, nil, min(recruited, scoring.MaxNewPirates)) + "&advise=1#advisor"
}

// enteredBefore is every pirate player p entered in a round before r.
func enteredBefore(g store.Game, r, p int) map[scoring.Card]bool {
	before := map[scoring.Card]bool{}
	for i := 0; i < r-1 && i < len(g.File.Rounds); i++ {
		if g.File.HasEntered(i+1, p) {
			for _, c := range g.File.Rounds[i][p].Pool {
				before[c.Cell()] = true
			}
		}
	}
	return before
}

// knownCodes are the codes of enteredBefore, in the app's card order: the
// entry page's script counts the pirates tapped that are not among them
// as this round's recruits when it opens the advisor on the taps.
func knownCodes(g store.Game, r, p int) string {
	cards := slices.Collect(maps.Keys(enteredBefore(g, r, p)))
	sortCards(cards)
	return joinCodes(cards)
}
