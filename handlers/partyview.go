package handlers

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/views"
)

// Parties drawn for people: a set with its strength worked out and what
// each wild stands for, a party, and "why not more?", for the /solve and
// /check pages.

// cardWords is a card in words: "5 of Kraken", "C of Swords*".
func cardWords(c scoring.Card) string { return views.CardPart(c).Words() }

// sumText works a set's strength out as R1.2 adds it: "8 + 3 = 11". The
// numbers come from scoring.SetStrength (the base is what the least set
// of the kind scores, the step what each card more adds), so the page
// cannot add up differently from the scorer.
func sumText(kind scoring.SetKind, n int) string {
	from := scoring.MinSetSize(kind)
	switch kind {
	case scoring.Group, scoring.Straight, scoring.Flush, scoring.StraightFlush:
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
		words := views.Phrasef("%s stands as %s.", pc.Card, pc.As)
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
			uv.Words = views.Phrasef("No set from this pool can hold %s.", u.Card)
		case u.Cost > 0:
			uv.Words = views.Phrasef("Putting %s to use: best is %d, %d less.", u.Card, u.Party.Strength, u.Cost)
		case u.Party.Unused == best.Unused:
			uv.Words = views.Phrasef("Putting %s to use: best is %d too, leaving %s unused instead.", u.Card, u.Party.Strength, u.Party.UnusedCards)
		default:
			uv.Words = views.Phrasef("Putting %s to use: best is %d too, but with %d unused instead of %d.", u.Card, u.Party.Strength, u.Party.Unused, best.Unused)
		}
		uv.Text = uv.Words.String()
		if u.Possible {
			p := partyResult(u.Party)
			uv.Party = &p
		}
		w.Uses = append(w.Uses, uv)
	}
	for _, alt := range why.Alternatives {
		leaves := views.Phrasef("%s", alt.UnusedCards)
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
