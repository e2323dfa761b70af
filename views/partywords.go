package views

import (
	"fmt"
	"strconv"
	"strings"

	"ruthless/scoring"
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
func SetName(s scoring.Set) string {
	k := len(s.Cards)
	switch s.Kind {
	case scoring.Group:
		switch k {
		case 2:
			return "Pair"
		case 3:
			return "Three of a kind"
		case 4:
			return "Four of a kind"
		}
		return "Five of a kind"
	case scoring.FullShip:
		return "Full ship"
	}
	return UpperFirst(s.Kind.Name()) + " of " + strconv.Itoa(k)
}

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
	return f
}

// RoundSet is a set of a round's results: its pattern and size.
func RoundSet(s scoring.Set) SetResult {
	return SetResult{Name: SetName(s), Strength: s.Strength, Cards: PlacedFaces(s.Cards)}
}

// KindName is a set pattern's name as a label: "Straight flush".
func KindName(k scoring.SetKind) string { return UpperFirst(k.Name()) }

// KindSet is a set named by its pattern alone, as the history pages show
// a best party.
func KindSet(s scoring.Set) SetResult {
	return SetResult{Name: KindName(s.Kind), Strength: s.Strength, Cards: PlacedFaces(s.Cards)}
}

// IllegalSet is a claimed set that fits no pattern, on the check page.
func IllegalSet() SetResult { return SetResult{Name: "Not a legal set"} }

// DisputeSet draws a set for the dispute pages: its sum worked out, and
// what each wild stands for.
func DisputeSet(s scoring.Set) SetResult {
	out := SetResult{Name: "No pattern", Strength: s.Strength, Cards: PlacedFaces(s.Cards)}
	if s.Kind != scoring.NoPattern && s.Kind != "" {
		out.Name, out.Sum = SetName(s), ""
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
		out.Wilds = append(out.Wilds, WildNote{Text: words.String(), Words: words, Rule: rule})
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
		uv := UseView{Card: Face(u.Card)}
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
		w.Alternatives = append(w.Alternatives, AlternativeView{Leaves: leaves.String(), LeavesCards: leaves, Party: DisputeParty(alt)})
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
func (u Unworked) Text() string {
	switch u {
	case TooBigToExplain:
		return "Not worked out for pools of more than 15 pirates besides their wilds, or more than 3 wilds (Parrots and Captains using their power)."
	case TooSlowToExplain:
		return "Not worked out: this pool takes longer to explain than the server allows."
	case BusyToExplain:
		return "Not worked out just now: the server is busy. Reload the page in a few seconds to see it."
	}
	return ""
}

// TokenText says round r's prize tokens for n players (R2.2).
func TokenText(n, r int) string {
	if scoring.TokenFor(r) == scoring.TokenPort {
		return fmt.Sprintf("Port round: every party of strength %d or more takes %d NP.", scoring.PrizeThreshold, scoring.PortNP)
	}
	return "Piracy round: tokens " + joinInts(scoring.Stack(n, r)) + " NP."
}

// ReturnedText says the tokens nobody took, worth np.
func ReturnedText(np []int) string {
	return "Tokens nobody took go back to the box: " + joinInts(np) + " NP."
}

func joinInts(vals []int) string {
	s := make([]string, len(vals))
	for i, v := range vals {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ", ")
}
