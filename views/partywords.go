package views

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// The words of a party: a set's name and sum, what each wild stands for,
// "why not more?", a round's tokens. Handlers hand scoring's values here
// and put what comes back in the view models; no handler words a party.

// SumText works a set's strength out as R1.2 adds it: "8 + 3 = 11". The
// numbers come from scoring.SetStrength (the base is what the least set
// of the kind scores, the step what each card more adds), so the page
// cannot add up differently from the scorer.
func SumText(kind scoring.SetKind, n int) string {
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

// SetName is a set's pattern with its size: "Pair", "Straight of 4".
func SetName(l lang.Lang, kind scoring.SetKind, size int) string {
	switch kind {
	case scoring.Group:
		switch size {
		case 2:
			return l.T("set.pair")
		case 3:
			return l.T("set.three")
		case 4:
			return l.T("set.four")
		}
		return l.T("set.five")
	case scoring.FullShip:
		return KindName(l, kind)
	}
	return l.T("set.of_size", "kind", KindName(l, kind), "n", size)
}

// setNaming says how a page names a SetResult.
type setNaming int

const (
	// The zero value shows SetResult.Name as it is.
	_ setNaming = iota
	// namedBySize names the pattern and its size (SetName).
	namedBySize
	// namedByKind names the pattern alone (KindName).
	namedByKind
	// namedIllegal is a claimed set that fits no pattern.
	namedIllegal
	// namedNoPattern is a set the scorer found no pattern for.
	namedNoPattern
)

// Named is the set's name in language l.
func (s SetResult) Named(l lang.Lang) string {
	switch s.naming {
	case namedBySize:
		return SetName(l, s.kind, s.size)
	case namedByKind:
		return KindName(l, s.kind)
	case namedIllegal:
		return l.T("set.illegal")
	case namedNoPattern:
		return l.T("set.no_pattern")
	}
	return s.Name
}

// setName is the set's name in the language of the page a template draws.
func setName(ctx context.Context, s SetResult) string { return s.Named(lang.From(ctx)) }

// PlacedFaces draws the cards of a set, saying what each wild became.
func PlacedFaces(cards []scoring.PlacedCard) []CardFace {
	out := make([]CardFace, len(cards))
	for i, pc := range cards {
		f := Face(pc.Card)
		if pc.Card.IsWild() {
			f = wildFace(f, pc.As, ", used as ")
		}
		out[i] = f
	}
	return out
}

// ClaimedFace draws a claimed card with the identity its owner stated
// for it, if any, whether or not it may take it.
func ClaimedFace(c scoring.Card, as *scoring.Card) CardFace {
	f := Face(c)
	if as != nil {
		f = wildFace(f, *as, ", stated as ")
	}
	return f
}

// wildFace is face f of a wild standing as card as; how says how in its
// title.
func wildFace(f CardFace, as scoring.Card, how string) CardFace {
	f.As = CardPart(as).Words()
	f.AsRank, f.AsSuit = as.Rank.Code(), as.Suit.Letter()
	f.Title += how + as.Rank.Name() + " of " + as.Suit.Name()
	f.as, f.stated = as, how == ", stated as "
	return f
}

// RoundSet is a set of a round's results: its pattern and size.
func RoundSet(s scoring.Set) SetResult {
	return SetResult{Name: SetName(lang.English, s.Kind, len(s.Cards)), Strength: s.Strength, Cards: PlacedFaces(s.Cards),
		naming: namedBySize, kind: s.Kind, size: len(s.Cards)}
}

// KindSet is a set named by its pattern alone, as the history pages show
// a best party.
func KindSet(s scoring.Set) SetResult {
	return SetResult{Name: KindName(lang.English, s.Kind), Strength: s.Strength, Cards: PlacedFaces(s.Cards),
		naming: namedByKind, kind: s.Kind}
}

// IllegalSet is a claimed set that fits no pattern, on the check page.
func IllegalSet() SetResult { return SetResult{Name: "Not a legal set", naming: namedIllegal} }

// DisputeSet draws a set for the dispute pages: its sum worked out, and
// what each wild stands for.
func DisputeSet(s scoring.Set) SetResult {
	out := SetResult{Name: "No pattern", Strength: s.Strength, Cards: PlacedFaces(s.Cards), naming: namedNoPattern}
	if s.Kind != scoring.NoPattern && s.Kind != "" {
		out.Name, out.Sum = SetName(lang.English, s.Kind, len(s.Cards)), ""
		out.naming, out.kind, out.size = namedBySize, s.Kind, len(s.Cards)
		// A set of the least size scores its base: nothing to work out.
		if sum := SumText(s.Kind, len(s.Cards)); strings.Contains(sum, "=") {
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
		words := Phrasef("%s stands as %s.", pc.Card, pc.As)
		out.Wilds = append(out.Wilds, WildNote{Text: words.String(), Words: words, Rule: rule, card: pc.Card, as: pc.As})
	}
	return out
}

// DisputeParty draws a party for the dispute pages.
func DisputeParty(p scoring.Party) PartyResult {
	out := PartyResult{Strength: p.Strength, Unused: p.Unused, Leftover: Faces(p.UnusedCards)}
	for _, s := range p.Sets {
		out.Sets = append(out.Sets, DisputeSet(s))
	}
	return out
}

// WhyOf words "why not more?" for a best party.
func WhyOf(best scoring.Party, why scoring.Why) WhyView {
	w := WhyView{Strength: best.Strength, Unused: best.Unused, MostUnused: why.MostUnused}
	for _, u := range why.Uses {
		uv := UseView{Card: Face(u.Card), use: u, bestUnused: best.Unused}
		switch {
		case !u.Possible:
			uv.Words = Phrasef("No set from this pool can hold %s.", u.Card)
		case u.Cost > 0:
			uv.Words = Phrasef("Putting %s to use: best is %d, %d less.", u.Card, u.Party.Strength, u.Cost)
		case u.Party.Unused == best.Unused:
			uv.Words = Phrasef("Putting %s to use: best is %d too, leaving %s unused instead.", u.Card, u.Party.Strength, u.Party.UnusedCards)
		default:
			uv.Words = Phrasef("Putting %s to use: best is %d too, but with %d unused instead of %d.", u.Card, u.Party.Strength, u.Party.Unused, best.Unused)
		}
		uv.Text = uv.Words.String()
		if u.Possible {
			p := DisputeParty(u.Party)
			uv.Party = &p
		}
		w.Uses = append(w.Uses, uv)
	}
	for _, alt := range why.Alternatives {
		leaves := Phrasef("%s", alt.UnusedCards)
		w.Alternatives = append(w.Alternatives, AlternativeView{Leaves: leaves.String(), LeavesCards: leaves, Party: DisputeParty(alt), leaves: alt.UnusedCards})
	}
	return w
}

// Unworked says why "why not more?" was not worked out: WorkedOut (the
// zero value) when it was.
type Unworked int

const (
	// WorkedOut: the answer is there.
	WorkedOut Unworked = iota
	// TooBigToExplain: the pool is over scoring's limits for it.
	TooBigToExplain
	// TooSlowToExplain: the pool takes longer than the server allows.
	TooSlowToExplain
	// BusyToExplain: every solve slot was taken.
	BusyToExplain
)

// Text is the sentence shown in place of the answer.
func (u Unworked) Text(l lang.Lang) string {
	switch u {
	case TooBigToExplain:
		return l.T("why.too_big")
	case TooSlowToExplain:
		return l.T("why.too_slow")
	case BusyToExplain:
		return l.T("why.busy")
	}
	return ""
}

// TokenText says round r's prize tokens for n players (R2.2).
func TokenText(l lang.Lang, n, r int) string {
	if scoring.TokenFor(r) == scoring.TokenPort {
		return l.T("round.tokens.port", "least", scoring.PrizeThreshold, "np", scoring.PortNP)
	}
	return l.T("round.tokens.piracy", "np", joinInts(l, scoring.Stack(n, r)))
}

// ReturnedText says the tokens nobody took, worth np.
func ReturnedText(l lang.Lang, np []int) string {
	return l.T("round.tokens.returned", "np", joinInts(l, np))
}

func joinInts(l lang.Lang, vals []int) string {
	s := make([]string, len(vals))
	for i, v := range vals {
		s[i] = l.Number(v)
	}
	return strings.Join(s, ", ")
}

// wildWords says what a wild of a set stands as: "SP stands as S5."
func wildWords(ctx context.Context, w WildNote) Phrase {
	if w.card == (scoring.Card{}) {
		return w.Words
	}
	return PhraseT(lang.From(ctx), "why.stands_as", "card", w.card, "as", w.as)
}

// useWords is one line of "why not more?" in the page's language.
func useWords(ctx context.Context, uv UseView) Phrase {
	u, l := uv.use, lang.From(ctx)
	if u.Card == (scoring.Card{}) {
		return uv.Words
	}
	switch {
	case !u.Possible:
		return PhraseT(l, "why.use.impossible", "card", u.Card)
	case u.Cost > 0:
		return PhraseT(l, "why.use.cost", "card", u.Card, "best", u.Party.Strength, "cost", u.Cost)
	case u.Party.Unused == uv.bestUnused:
		return PhraseT(l, "why.use.instead", "card", u.Card, "best", u.Party.Strength, "cards", u.Party.UnusedCards)
	}
	return PhraseT(l, "why.use.fewer", "card", u.Card, "best", u.Party.Strength, "unused", u.Party.Unused, "was", uv.bestUnused)
}

// leavesWords names the pirates another best party leaves unused.
func leavesWords(ctx context.Context, a AlternativeView) Phrase {
	if a.leaves == nil {
		return a.LeavesCards
	}
	return PhraseT(lang.From(ctx), "why.also", "best", a.Party.Strength, "cards", a.leaves)
}
