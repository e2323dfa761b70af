package store

import (
	"context"
	"strings"

	"ruthless/scoring"
)

// GameFilter narrows the list of games: by player (the same name as
// scoring.SameName means it), by state, and by a piece of a name (in any
// case, in any alphabet). The zero GameFilter selects every game.
type GameFilter struct {
	// Player selects the games this player sat in.
	Player string
	// State is "finished", "in_progress" or "" for both.
	State string
	// Search selects the games with a player whose name holds this text.
	Search string
}

// IsZero reports whether f selects every game.
func (f GameFilter) IsZero() bool { return f == GameFilter{} }

// finishedSQL is true for a game whose every seat has a final entry: the
// SQL twin of scoring.Game.Over for a stored game (whose File.Final is
// set once every seat's is in), held to it by storetest's filters test.
const finishedSQL = `((SELECT COUNT(*) FROM finals f WHERE f.game_id = games.id) =
	(SELECT COUNT(*) FROM players p WHERE p.game_id = games.id))`

// where is the filter as SQL conditions on the games table and their
// arguments.
func (f GameFilter) where() ([]string, []any) {
	var conds []string
	var args []any
	if name := strings.TrimSpace(f.Player); name != "" {
		// name_key is scoring.NameKey, registered on every connection:
		// SQLite's lower() folds ASCII only.
		conds = append(conds, `EXISTS (SELECT 1 FROM players p WHERE p.game_id = games.id AND name_key(p.name) = ?)`)
		args = append(args, scoring.NameKey(name))
	}
	if s := strings.TrimSpace(f.Search); s != "" {
		conds = append(conds, `EXISTS (SELECT 1 FROM players p WHERE p.game_id = games.id AND instr(name_key(p.name), ?) > 0)`)
		args = append(args, scoring.NameKey(s))
	}
	switch f.State {
	case "finished":
		conds = append(conds, finishedSQL)
	case "in_progress":
		conds = append(conds, "NOT "+finishedSQL)
	}
	return conds, args
}

// GamesPageFiltered is GamesPage for the games the filter selects.
func (s *Store) GamesPageFiltered(ctx context.Context, f GameFilter, before Cursor, limit int) (games []StoredGame, next Cursor, err error) {
	conds, args := f.where()
	return s.gamesPage(ctx, conds, args, before, limit)
}
