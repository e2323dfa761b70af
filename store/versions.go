package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// What a cache of the whole history reads: one small row per game to
// tell what changed (GameVersions), then only those games (GamesByID),
// or every game a batch at a time (EachGame).

// GameVersion is a game's id and the time of its last write, which
// changes with every write: enough to tell whether a copy is current.
type GameVersion struct {
	ID      string
	Updated time.Time
}

// GameVersions lists every live game's version (not the trash's), reading
// one small row per game, so a cache of games can find what changed
// without loading them.
func (s *Store) GameVersions(ctx context.Context) (_ []GameVersion, err error) {
	defer s.fault(&err)
	out, err := queryVersions(ctx, s.db, `SELECT id, updated FROM games WHERE `+liveSQL)
	if err != nil {
		return nil, fmt.Errorf("store: game versions: %w", err)
	}
	return out, nil
}

// queryVersions reads the games' versions a query selects as (id,
// updated) rows.
func queryVersions(ctx context.Context, db *sql.DB, query string) ([]GameVersion, error) {
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []GameVersion
	for rows.Next() {
		var v GameVersion
		var nanos int64
		if err := rows.Scan(&v.ID, &nanos); err != nil {
			return nil, err
		}
		v.Updated = time.Unix(0, nanos).UTC()
		out = append(out, v)
	}
	return out, rows.Err()
}

// idsPerQuery keeps a query's bound ids well under SQLite's limit on
// variables.
const idsPerQuery = 500

// GamesByID loads the games with these ids (in no particular order);
// ids that name no game, or a game in the trash, are skipped.
func (s *Store) GamesByID(ctx context.Context, ids []string) (_ []StoredGame, err error) {
	defer s.fault(&err)
	var out []StoredGame
	for len(ids) > 0 {
		n := min(len(ids), idsPerQuery)
		args := make([]any, n)
		for i, id := range ids[:n] {
			args[i] = id
		}
		tail := ` WHERE ` + liveSQL + ` AND id IN (?` + strings.Repeat(", ?", n-1) + `)`
		err := s.snapshot(ctx, func(q queryer) error {
			games, err := loadSelected(ctx, q, tail, args, true)
			out = append(out, games...)
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("store: games by id: %w", err)
		}
		ids = ids[n:]
	}
	return out, nil
}

// EachGame calls fn with every live game (not the trash's), oldest first (by creation, then id),
// loading idsPerQuery games at a time: an export of a long history holds
// one batch in memory, not the history. It stops at fn's first error and
// returns it.
func (s *Store) EachGame(ctx context.Context, fn func(StoredGame) error) (err error) {
	defer s.fault(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE `+liveSQL+` ORDER BY created, id`)
	if err != nil {
		return fmt.Errorf("store: each game: %w", err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return fmt.Errorf("store: each game: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Close(); err != nil {
		return fmt.Errorf("store: each game: %w", err)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: each game: %w", err)
	}
	for len(ids) > 0 {
		batch := ids[:min(len(ids), idsPerQuery)]
		ids = ids[len(batch):]
		games, err := s.GamesByID(ctx, batch)
		if err != nil {
			return err
		}
		byID := make(map[string]StoredGame, len(games))
		for _, g := range games {
			byID[g.ID] = g
		}
		for _, id := range batch {
			g, ok := byID[id]
			if !ok {
				continue // deleted meanwhile
			}
			if err := fn(g); err != nil {
				return err
			}
		}
	}
	return nil
}
