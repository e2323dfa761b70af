package main

import (
	"fmt"
	"io"

	"ruthless/scoring"
	"ruthless/views"
)

const checkUsage = `Usage: ruthless check [--json] [--players N] [--pool CARDS] SET...

Settles a dispute about a claimed raiding party: is it legal (R1.2-R1.6),
what is it worth, and how does it compare with the best party for the same
pool? Each SET is one argument of cards separated by spaces or commas. A wild
may say what it becomes (SP=S5, HC*=A7); a wild that does not is given the
legal choice worth the most. --pool lists the pool's other (unused) pirates.
Example: ruthless check "H2 H3 A4" "S6,K6" --pool "X5 HQ"
`

// runCheck is `ruthless check`.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check")
	asJSON := fs.Bool("json", false, "print JSON")
	playersArg := fs.String("players", "4", "number of players, 2-4")
	poolArg := fs.String("pool", "", "the pool's other pirates")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return flagError(err, checkUsage, stdout, stderr)
	}
	players, err := playersFlag(*playersArg)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	if len(rest) == 0 && *poolArg == "" {
		return fail(stderr, exitUsage, fmt.Errorf("check needs at least one SET of cards (see ruthless check -h)"))
	}
	sets := make([][]scoring.Claim, len(rest))
	for i, arg := range rest {
		sets[i] = []scoring.Claim{}
		for _, code := range scoring.SplitCodes(arg) {
			cl, err := scoring.ParseClaim(code)
			if err != nil {
				return fail(stderr, exitUsage, err)
			}
			sets[i] = append(sets[i], cl)
		}
	}
	unused, err := scoring.ParseCards(scoring.SplitCodes(*poolArg))
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	res, err := scoring.Check(sets, unused, scoring.Options{Players: players})
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	res.Best = fullParty(res.Best)
	views.ExplainCheck(&res)
	if *asJSON {
		err = writeJSON(stdout, res)
	} else {
		err = printCheck(stdout, res)
	}
	if err != nil {
		return fail(stderr, exitOther, fmt.Errorf("writing the answer: %w", err))
	}
	return exitOK
}
