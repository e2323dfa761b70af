package main

import (
	"fmt"
	"io"
	"strings"

	"ruthless/scoring"
)

const solveUsage = `Usage: ruthless solve [--json] [--players N] CARD...

Finds the best raiding party for one pool of pirates (R1.7): the highest
strength and, among parties that strong, the one leaving the most pirates
unused. Cards may be separate arguments or one argument separated by spaces
or commas: ruthless solve H2 H3 A4 S6 K6, ruthless solve "H2,H3,A4".
--players 2 applies the two-player rules (no Kraken cards; the default is 4).
`

// runSolve is `ruthless solve`.
func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("solve")
	asJSON := fs.Bool("json", false, "print JSON")
	playersArg := fs.String("players", "4", "number of players, 2-4")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return flagError(err, solveUsage, stdout, stderr)
	}
	players, err := playersFlag(*playersArg)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	pool, err := scoring.ParseCards(scoring.SplitCodes(strings.Join(rest, " ")))
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	if err := scoring.CheckInPlay(pool, players); err != nil {
		return fail(stderr, exitUsage, err)
	}
	party := fullParty(scoring.Solve(pool, scoring.Options{Players: players}))
	if *asJSON {
		err = writeJSON(stdout, party)
	} else {
		err = printParty(stdout, "", party)
	}
	if err != nil {
		return fail(stderr, exitOther, fmt.Errorf("writing the answer: %w", err))
	}
	return exitOK
}

// fullParty makes every list of the party non-nil, so JSON shows [] where
// a list is empty, as CONTRACT.md promises.
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
