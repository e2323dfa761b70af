package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"

	"ruthless/scoring"
)

// Record is the play's record as set on a game (by its file or its About
// form), before defaults: Played "" and DurationMin 0 mean "not set".
type Record struct {
	Played      string // RFC 3339 text, kept as written
	DurationMin int
	Location    string
	Notes       string
}

// Duration is the game's duration in whole minutes: the one set, else
// from the first round entry to the last end-of-game save, rounded to the
// minute; 0 when neither is known, or when that span is under a minute
// (a game imported whole) or over the game file's bound (a game left
// open for days, which is no duration of play).
func (g StoredGame) Duration() int {
	if g.Record.DurationMin > 0 {
		return g.Record.DurationMin
	}
	return spanMinutes(g.FirstEntry, g.LastFinal)
}

// spanMinutes is from..to in whole minutes within the game file's bounds,
// else 0.
func spanMinutes(from, to time.Time) int {
	if from.IsZero() || to.IsZero() {
		return 0
	}
	n := int(math.Round(to.Sub(from).Minutes()))
	if n < 1 || n > scoring.MaxDurationMin {
		return 0
	}
	return n
}

// datePlayByFirstEntry dates a game by its first round entry, saved at:
// when it is played is when its first entry comes in, not when someone
// set it up (perhaps the day before). Only for a game with no played time
// set (a file's, or the About form's) and no entry yet, so that once
// exported the date never moves. It runs inside the entry's write.
func datePlayByFirstEntry(ctx context.Context, tx *sql.Tx, id string, at time.Time) (dated bool, err error) {
	res, err := tx.ExecContext(ctx, `UPDATE games SET created = ?
		WHERE id = ? AND played = '' AND NOT EXISTS (SELECT 1 FROM entries WHERE game_id = ?)`,
		at.UnixNano(), id, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// SetRecord replaces the play's record of game id and counts as a write
// to the game (its updated time moves, so pages and caches keyed by the
// game's version see it). A played time dates the game; Played "" goes
// back to the default: the first round entry's time, or the date the game
// has when it has no entry. The record must pass scoring.CheckPlayed and
// scoring.CheckPlayRecord (the caller has checked it; a bad one is the
// *scoring.FieldError, wrapped). ErrNotFound for an unknown game.
func (s *Store) SetRecord(ctx context.Context, id string, rec Record) (err error) {
	defer s.fault(&err)
	if err := checkRecord(rec); err != nil {
		return invalid(id, err)
	}
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return fmt.Errorf("store: game %s: record: %w", id, err)
	}
	defer end()
	var created int64
	var first sql.NullInt64
	err = tx.QueryRowContext(ctx, `SELECT created,
		(SELECT MIN(saved) FROM entries WHERE game_id = games.id AND saved > 0)
		FROM games WHERE id = ?`, id).Scan(&created, &first)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: game %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("store: game %s: record: %w", id, err)
	}
	if rec.Played != "" {
		at, err := playedTime(rec.Played)
		if err != nil {
			return invalid(id, err)
		}
		created = at.UnixNano()
	} else if first.Valid {
		created = first.Int64
	}
	_, err = tx.ExecContext(ctx, `UPDATE games SET played = ?, created = ?, duration_min = ?,
		location = ?, notes = ?, updated = ? WHERE id = ?`,
		rec.Played, created, rec.DurationMin, rec.Location, rec.Notes, s.now().UnixNano(), id)
	if err != nil {
		return fmt.Errorf("store: game %s: record: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: game %s: record: %w", id, err)
	}
	return nil
}

// checkRecord checks a record as a game file's would be.
func checkRecord(rec Record) error {
	if rec.Played != "" {
		if err := scoring.CheckPlayed(rec.Played); err != nil {
			return err
		}
	}
	return scoring.CheckPlayRecord(scoring.Game{DurationMin: rec.DurationMin, Location: rec.Location, Notes: rec.Notes})
}
