package store

import (
	"context"
	"database/sql"
	"fmt"

	"ruthless/scoring"
)

// checkWrite validates, inside a write's transaction, the game as the
// write will leave it (R4). Validating before the write, on a snapshot,
// is not enough: two phones saving the same card at the same moment would
// each see a game without the other's entry, and both would pass. Inside
// the transaction the write lock puts one save after the other, so the
// second sees the first and is refused with the R4.1 error naming both
// players.
//
// A game that is already invalid (an old database, a hand-edited file)
// must still take the saves that fix it, so only a write that turns a
// valid game invalid is refused. The error is the *scoring.FieldError of
// Validate. It returns the game as it stood before the write, which the
// write may use to know the game after it, and the R4.3 warnings of the
// game after it, which the write hands to its caller (store.Written).
func checkWrite(ctx context.Context, tx *sql.Tx, id string, change func(StoredGame) (scoring.Game, error)) (StoredGame, []scoring.Warning, error) {
	games, err := loadGames(ctx, tx, id)
	if err != nil {
		return StoredGame{}, nil, err
	}
	if len(games) == 0 {
		return StoredGame{}, nil, ErrNotFound
	}
	after, err := change(games[0])
	if err != nil {
		return StoredGame{}, nil, err
	}
	warnings, err := scoring.ValidateChange(games[0].File, after)
	return games[0], warnings, err
}

// WithFinal is the game file with player p's end-of-game collection in
// place and, for players who have not entered theirs yet, a stand-in
// holding just the pirates they entered in rounds, so that Validate can
// check one collection against everything known (R4.1, R4.4) before the
// game is over.
func (g StoredGame) WithFinal(p int, e scoring.FinalEntry) scoring.Game {
	f := g.File
	final := make([]scoring.FinalEntry, len(f.Players))
	for q := range f.Players {
		switch {
		case q == p:
			final[q] = e
		case q < len(g.Finals) && g.Finals[q] != nil:
			final[q] = *g.Finals[q]
		default:
			final[q] = scoring.FinalEntry{Pirates: scoring.EnteredPirates(f, q), BuriedPirates: []scoring.Card{}}
		}
	}
	f.Final = final
	return f
}

// invalid wraps a validation error of a write with the game it is about.
func invalid(id string, err error) error {
	return fmt.Errorf("store: game %s: %w", id, err)
}
