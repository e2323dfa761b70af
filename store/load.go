package store

// Reading games: the header row of each game, then its players, entries
// and end-of-game collections, each in one query for every game asked for.

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"ruthless/scoring"
)

// load reads the game with this id (in the trash or not), or every live
// game when id is "", newest first.
func (s *Store) load(ctx context.Context, id string) ([]StoredGame, error) {
	var games []StoredGame
	err := s.snapshot(ctx, func(q queryer) error {
		var err error
		games, err = loadGames(ctx, q, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return games, nil
}

func loadGames(ctx context.Context, q queryer, id string) ([]StoredGame, error) {
	if id != "" {
		return loadSelected(ctx, q, ` WHERE id = ?`, []any{id}, true)
	}
	return loadSelected(ctx, q, ` WHERE `+liveSQL+` ORDER BY updated DESC, created DESC, id`, nil, false)
}

// loadSelected reads the games that the end of a query on the games table
// (tail: WHERE, ORDER BY, LIMIT) selects, in its order. With only, the
// players, entries and finals are read for those games alone; without,
// every row is read (for a load of every game, whose ids would be too many
// for one query).
func loadSelected(ctx context.Context, q queryer, tail string, args []any, only bool) ([]StoredGame, error) {
	games, byID, err := loadHeaders(ctx, q, tail, args)
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return games, nil
	}
	filter, ids := "", []any{}
	if only {
		for _, g := range games {
			ids = append(ids, g.ID)
		}
		filter = " WHERE game_id IN (?" + strings.Repeat(", ?", len(ids)-1) + ")"
	}
	if err := loadPlayers(ctx, q, filter, ids, byID); err != nil {
		return nil, err
	}
	for _, g := range byID {
		n := len(g.File.Players)
		for r := range g.File.Rounds {
			g.File.Rounds[r] = make([]*scoring.Entry, n)
			g.EntryVersions[r] = make([]int, n)
		}
		g.Finals = make([]*scoring.FinalEntry, n)
		g.FinalVersions = make([]int, n)
	}
	if err := loadEntries(ctx, q, filter, ids, byID); err != nil {
		return nil, err
	}
	if err := loadFinals(ctx, q, filter, ids, byID); err != nil {
		return nil, err
	}
	if err := loadSeats(ctx, q, filter, ids, byID); err != nil {
		return nil, err
	}
	for _, g := range byID {
		g.File.Final = completeFinal(g.Finals)
		if !g.File.Over() {
			g.LastFinal = time.Time{}
		}
		g.File.DurationMin = g.Duration()
	}
	return games, nil
}

// newestRematchSQL is a games row's newest live rematch, as a column.
// Its condition that rematch_of is not empty is the one the partial index
// games_rematch_of is made with, so that SQLite looks the rematch up in
// it rather than scanning every game for each game loaded.
const newestRematchSQL = `(SELECT r.id FROM games r WHERE r.rematch_of = games.id AND r.rematch_of != '' AND r.deleted IS NULL ORDER BY r.created DESC, r.id LIMIT 1)`

// loadHeaders reads the games rows that tail selects, in its order, and
// indexes them by id. The map points into the returned slice, which
// therefore must not grow.
func loadHeaders(ctx context.Context, q queryer, tail string, args []any) ([]StoredGame, map[string]*StoredGame, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, created, updated, version, start_player,
		achievements, zero_counts, rounds, played, duration_min, location, notes, rematch_of, deleted,
		(SELECT MIN(e.saved) FROM entries e WHERE e.game_id = games.id AND e.saved > 0),
		(SELECT MAX(f.saved) FROM finals f WHERE f.game_id = games.id),
		`+newestRematchSQL+`
		FROM games`+tail, args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	games := []StoredGame{}
	for rows.Next() {
		var (
			g                StoredGame
			created, updated int64
			achievements     string
			rounds           int
			first, last      sql.NullInt64
			rematch          sql.NullString
			deleted          sql.NullInt64
		)
		err := rows.Scan(&g.ID, &created, &updated, &g.File.Version, &g.File.StartPlayer,
			&achievements, &g.File.ZeroCounts, &rounds, &g.Record.Played, &g.Record.DurationMin,
			&g.Record.Location, &g.Record.Notes, &g.RematchOf, &deleted, &first, &last, &rematch)
		if err != nil {
			return nil, nil, err
		}
		if deleted.Valid {
			g.Deleted = time.Unix(0, deleted.Int64).UTC()
		}
		g.Created = time.Unix(0, created).UTC()
		g.Updated = time.Unix(0, updated).UTC()
		g.FirstEntry, g.LastFinal, g.Rematch = unixTime(first.Int64), unixTime(last.Int64), rematch.String
		g.File.Played = playedText(g.Record.Played, g.Created)
		// A game saved before location and notes refused direction
		// controls and line separators may hold them; read neutral, it
		// still passes the checks every score makes, rather than drop
		// out of the scoreboard, the exports and the records.
		g.Record.Location = scoring.NeutralRecordText(g.Record.Location, false)
		g.Record.Notes = scoring.NeutralRecordText(g.Record.Notes, true)
		g.File.Location, g.File.Notes = g.Record.Location, g.Record.Notes
		if err := json.Unmarshal([]byte(achievements), &g.File.Achievements); err != nil {
			return nil, nil, fmt.Errorf("game %s: achievements: %w", g.ID, err)
		}
		g.File.Players = []string{}
		g.File.Rounds = make([][]*scoring.Entry, rounds)
		g.EntryVersions = make([][]int, rounds)
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	byID := make(map[string]*StoredGame, len(games))
	for i := range games {
		byID[games[i].ID] = &games[i]
	}
	return games, byID, nil
}

func loadPlayers(ctx context.Context, q queryer, filter string, args []any, byID map[string]*StoredGame) error {
	rows, err := q.QueryContext(ctx, `SELECT game_id, seat, name FROM players`+filter+`
		ORDER BY game_id, seat`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id   string
			seat int
			name string
		)
		if err := rows.Scan(&id, &seat, &name); err != nil {
			return err
		}
		g, ok := byID[id]
		if !ok {
			continue
		}
		// Seats are written 0…n-1 in one transaction; a gap means the file
		// was edited by hand, and guessing would shift every entry.
		if seat != len(g.File.Players) {
			return fmt.Errorf("game %s: seats are not numbered 0 up: found seat %d after %d players", id, seat, len(g.File.Players))
		}
		g.File.Players = append(g.File.Players, name)
	}
	return rows.Err()
}

// loadEntries fills each game's round entries, their versions and their
// marks (who saved each, and when), from one read of the entries table.
func loadEntries(ctx context.Context, q queryer, filter string, args []any, byID map[string]*StoredGame) error {
	for _, g := range byID {
		g.EntryMarks = make([][]EntryMark, len(g.EntryVersions))
		for r := range g.EntryMarks {
			g.EntryMarks[r] = make([]EntryMark, len(g.File.Players))
			for p := range g.EntryMarks[r] {
				g.EntryMarks[r][p].By = -1
			}
		}
	}
	rows, err := q.QueryContext(ctx, `SELECT game_id, round, seat, pool, coins, version, saved, saved_by FROM entries`+filter, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id                   string
			round, seat, version int
			pool                 string
			e                    scoring.Entry
			saved                int64
			by                   int
		)
		if err := rows.Scan(&id, &round, &seat, &pool, &e.Coins, &version, &saved, &by); err != nil {
			return err
		}
		g, ok := byID[id]
		if !ok {
			continue
		}
		if round < 1 || round > len(g.File.Rounds) || seat < 0 || seat >= len(g.File.Players) {
			return fmt.Errorf("game %s: entry for round %d seat %d is out of range", id, round, seat)
		}
		if err := json.Unmarshal([]byte(pool), &e.Pool); err != nil {
			return fmt.Errorf("game %s: round %d seat %d: pool: %w", id, round, seat, err)
		}
		g.File.Rounds[round-1][seat] = &e
		g.EntryVersions[round-1][seat] = version
		if round <= len(g.EntryMarks) {
			g.EntryMarks[round-1][seat] = EntryMark{By: by, Saved: unixTime(saved)}
		}
	}
	return rows.Err()
}

func loadFinals(ctx context.Context, q queryer, filter string, args []any, byID map[string]*StoredGame) error {
	rows, err := q.QueryContext(ctx, `SELECT game_id, seat, pirates, buried_pirates,
		buried_powder_monkeys, loot_banner_kept, loot_banner_buried, coins, parley_used, version
		FROM finals`+filter, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id              string
			seat, version   int
			pirates, buried string
			f               scoring.FinalEntry
		)
		err := rows.Scan(&id, &seat, &pirates, &buried, &f.BuriedPowderMonkeys,
			&f.LootBannerKept, &f.LootBannerBuried, &f.Coins, &f.ParleyUsed, &version)
		if err != nil {
			return err
		}
		g, ok := byID[id]
		if !ok {
			continue
		}
		if seat < 0 || seat >= len(g.File.Players) {
			return fmt.Errorf("game %s: final entry for seat %d is out of range", id, seat)
		}
		if err := json.Unmarshal([]byte(pirates), &f.Pirates); err != nil {
			return fmt.Errorf("game %s: final %d: pirates: %w", id, seat, err)
		}
		if err := json.Unmarshal([]byte(buried), &f.BuriedPirates); err != nil {
			return fmt.Errorf("game %s: final %d: buried pirates: %w", id, seat, err)
		}
		g.Finals[seat] = &f
		g.FinalVersions[seat] = version
	}
	return rows.Err()
}

// completeFinal is the game file's final list: present only when every
// seat has one, because a partial final would be scored as if the game
// were over.
func completeFinal(finals []*scoring.FinalEntry) []scoring.FinalEntry {
	if len(finals) == 0 {
		return nil
	}
	out := make([]scoring.FinalEntry, len(finals))
	for i, f := range finals {
		if f == nil {
			return nil
		}
		out[i] = *f
	}
	return out
}
