package handlers

import (
	"errors"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"ruthless/scoring"
)

// A claim being built on /check, as its address and its form carry it:
// the sets claimed, the pool's other cards, and the taps that move cards
// between them.

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
	// The claimed cards, the pool and the unused cards are one list: its
	// rules (in the game, no card twice) are scoring's CardSet.
	list := scoring.NewCardSet(s.players)
	note := func(c scoring.Card) error {
		if fe := list.Take(c); fe != nil {
			return fe
		}
		return nil
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
			if !list.Has(c) {
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
	if err := s.restate(form); err != nil {
		return err
	}
	if form.Get("move") == "0" {
		return nil
	}
	picked, err := s.picked(form)
	if err != nil || len(picked) == 0 {
		return err
	}
	target := s.target(form.Get("to"))
	newSet := s.move(picked, target)
	s.dropEmptySets(target, newSet)
	if s.locked {
		s.unusedFromPool()
	}
	sortCards(s.unused)
	return nil
}

// restate applies the form's Captain powers and "as" choices to the
// claims and unused cards.
func (s *checkState) restate(form url.Values) error {
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
	return nil
}

// picked are the cards the form taps, each once.
func (s *checkState) picked(form url.Values) ([]scoring.Card, error) {
	var picked []scoring.Card
	for _, code := range codeList(form["card"]) {
		c, err := scoring.ParseCard(code)
		if err != nil {
			return nil, err
		}
		if err := scoring.CheckInPlay([]scoring.Card{c}, s.players); err != nil {
			return nil, err
		}
		if !slices.Contains(picked, c.Cell()) {
			picked = append(picked, c.Cell())
		}
	}
	return picked, nil
}

// target is where the tapped cards go: a set (1…), a new set (one past
// the last), the unused cards (0) or out of the pool (-2).
func (s *checkState) target(to string) int {
	target := -2 // out
	switch to {
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
	return target
}

// move takes the picked cards to target, or back out when they are all
// there already; it returns the new set it made (-1 for none).
func (s *checkState) move(picked []scoring.Card, target int) int {
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
	return newSet
}

// dropEmptySets drops the sets the move emptied, keeping the chosen
// bucket (s.to) on the same set, or on a new one when it was emptied.
func (s *checkState) dropEmptySets(target, newSet int) {
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
		slices.SortStableFunc(set, func(x, y scoring.Claim) int { return scoring.CompareCards(x.Card, y.Card) })
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
}

// unusedFromPool makes the unused cards of a locked pool the ones in no
// set, whatever was tapped.
func (s *checkState) unusedFromPool() {
	s.unused = nil
	for _, c := range s.pool {
		if s.where(c.Cell()) < 0 {
			s.unused = append(s.unused, c)
		}
	}
}
