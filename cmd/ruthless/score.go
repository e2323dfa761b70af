package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"ruthless/scoring"
	"ruthless/views"
)

const scoreUsage = `Usage: ruthless score [--json] FILE

Scores a whole game file (the JSON format of docs/api.md): every round's
best parties and prize tokens, then, once the game is over, the Legendary
Achievements, the totals and the winner, naming the rule behind each tie.
FILE - reads the game from standard input.
`

// runScore is `ruthless score`.
func runScore(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("score")
	asJSON := fs.Bool("json", false, "print JSON")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return flagError(err, scoreUsage, stdout, stderr)
	}
	if len(rest) != 1 {
		return fail(stderr, exitUsage, errors.New("score needs exactly one FILE, or - for standard input (see ruthless score -h)"))
	}
	in := stdin
	if name := rest[0]; name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return fail(stderr, exitUsage, err)
		}
		defer f.Close()
		in = f
	}
	game, err := scoring.DecodeGame(in)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	// Score is pure: its only errors are rule violations in the file.
	res, err := scoring.Score(game)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	views.Explain(&res, game.Players)
	if *asJSON {
		err = writeJSON(stdout, res)
	} else {
		err = printResult(stdout, game, res)
	}
	if err != nil {
		return fail(stderr, exitOther, fmt.Errorf("writing the answer: %w", err))
	}
	return exitOK
}
