package main

import (
	"fmt"
	"io"
	"strings"

	"ruthless/scoring"
	"ruthless/views"
)

const solveUsage = `Usage: ruthless solve [--json] [--players N] [--why] CARD...

Finds the best raiding party for one pool of pirates (R1.7): the highest
strength and, among parties that strong, the one leaving the most pirates
unused. Cards may be separate arguments or one argument separated by spaces
or commas: ruthless solve H2 H3 A4 S6 K6, ruthless solve "H2,H3,A4".
--players 2 applies the two-player rules (no Kraken cards; the default is 4).
--why adds "why not more?": for each unused pirate the best party that uses
it and what that costs, and the other best parties (as strong, leaving as
many pirates unused, but other ones). It takes pools of up to 15 pirates
besides at most 3 wilds.
`

// runSolve is `ruthless solve`.
func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("solve")
	asJSON := fs.Bool("json", false, "print JSON")
	playersArg := fs.String("players", "4", "number of players, 2-4")
	withWhy := fs.Bool("why", false, "explain why not more")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return flagError(err, solveUsage, stdout, stderr)
	}
	players, err := playersFlag(*playersArg)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	pool, err := scoring.ReadCards(scoring.SplitCodes(strings.Join(rest, " ")), players)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	opt := scoring.Options{Players: players}
	party := fullParty(scoring.Solve(pool, opt))
	var why scoring.Why
	if *withWhy {
		if why, err = scoring.WhyNotMore(pool, opt); err != nil {
			return fail(stderr, exitUsage, fmt.Errorf("--why takes pools of up to 15 pirates besides at most 3 wilds (Parrots and Captains marked *); this one has %d cards", len(pool)))
		}
		why = fullWhy(why)
	}
	switch {
	case *asJSON && *withWhy:
		err = writeJSON(stdout, solveWhyJSON{Party: party, Why: why})
	case *asJSON:
		err = writeJSON(stdout, party)
	case *withWhy:
		err = printPartyWhy(stdout, party, why)
	default:
		err = printParty(stdout, "", party)
	}
	if err != nil {
		return fail(stderr, exitOther, fmt.Errorf("writing the answer: %w", err))
	}
	return exitOK
}

// fullParty makes every list of the party non-nil, so JSON shows [] where
// a list is empty, as docs/api.md promises.
func fullParty(p scoring.Party) scoring.Party {
	if p.Sets == nil {
		p.Sets = []scoring.Set{}
	}
	for i := range p.Sets {
		if p.Sets[i].Cards == nil {
			p.Sets[i].Cards = []scoring.PlacedCard{}
		}
	}
	if p.UnusedCards == nil {
		p.UnusedCards = []scoring.Card{}
	}
	return p
}

// solveWhyJSON is solve --json --why: the party of docs/api.md with a
// "why" field added.
type solveWhyJSON struct {
	scoring.Party
	Why scoring.Why `json:"why"`
}

// fullWhy makes every list of its parties non-nil, as fullParty does.
func fullWhy(w scoring.Why) scoring.Why {
	for i := range w.Uses {
		w.Uses[i].Party = fullParty(w.Uses[i].Party)
	}
	for i := range w.Alternatives {
		w.Alternatives[i] = fullParty(w.Alternatives[i])
	}
	return w
}

// printPartyWhy writes the party, then why it is not stronger: each unused
// pirate's best use and the other best parties.
func printPartyWhy(w io.Writer, party scoring.Party, why scoring.Why) error {
	p := &printer{w: w}
	writeParty(p, "", party)
	p.printf("\nwhy not more? (R1.7: the strongest party, then the most pirates unused)\n")
	if len(why.Uses) == 0 {
		p.printf("  every pirate is in a set\n")
		return p.err
	}
	for _, u := range why.Uses {
		switch {
		case !u.Possible:
			p.printf("  %s: no set from this pool can hold it\n", u.Card.Label())
			continue
		case u.Cost > 0:
			p.printf("  putting %s to use: best is %d, %d less\n", u.Card.Label(), u.Party.Strength, u.Cost)
		case u.Party.Unused == party.Unused:
			p.printf("  putting %s to use: best is %d too, leaving %s unused instead\n", u.Card.Label(), u.Party.Strength, cardLabels(u.Party.UnusedCards))
		default:
			p.printf("  putting %s to use: best is %d too, but with %d unused instead of %d\n", u.Card.Label(), u.Party.Strength, u.Party.Unused, party.Unused)
		}
		writeParty(p, "    ", u.Party)
	}
	p.printf("  no party of strength %d leaves more than %d %s unused\n", party.Strength, why.MostUnused, views.Plural(why.MostUnused, "pirate", "pirates"))
	if len(why.Alternatives) == 0 {
		p.printf("  no other party of strength %d leaves %d unused\n", party.Strength, why.MostUnused)
	}
	for _, alt := range why.Alternatives {
		p.printf("  also strength %d, leaving %s unused:\n", alt.Strength, cardLabels(alt.UnusedCards))
		writeParty(p, "    ", alt)
	}
	return p.err
}
