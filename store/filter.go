package store

import (
	"context"
	"strings"
)

// GameFilter narrows the list of games: by player (the same name as
// scoring.SameName means it, up to ASCII case), by state, and by a piece
// of a name. The zero GameFilter selects every game.
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

// finishedSQL is true for a game whose every seat has a final entry.
const finishedSQL = `((SELECT COUNT(*) FROM finals f WHERE f.game_id = games.id) =
	(SELECT COUNT(*) FROM players p WHERE p.game_id = games.id))`

// where is the filter as SQL conditions on the games table and their
// arguments.
func (f GameFilter) where() ([]string, []any) {
	var conds []string
	var args []any
	if name := strings.TrimSpace(f.Player); name != "" {
		// lower() folds ASCII only; SameName folds all of Unicode, and a
		// page that misses a game for an accented capital is still right
		// about the games it lists.
		conds = append(conds, `EXISTS (SELECT 1 FROM players p WHERE p.game_id = games.id AND lower(trim(p.name)) = lower(?))`)
		args = append(args, name)
	}
	if s := strings.TrimSpace(f.Search); s != "" {
		conds = append(conds, `EXISTS (SELECT 1 FROM players p WHERE p.game_id = games.id AND instr(lower(p.name), lower(?)) > 0)`)
		args = append(args, s)
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
