package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"ruthless/scoring"
)

// fingerprint is the hash of a game's content: its game file as the store
// holds it, without the play's record. The time is left out because one
// instant has many spellings ("…T20:00:00+02:00" is "…T18:00:00Z"): it is
// compared apart, as an instant. The duration, location and notes are
// left out because they describe the play, not what was played, and are
// edited after the game: an export taken before the notes were written
// is still this game.
func fingerprint(g scoring.Game) (string, error) {
	g.Played, g.DurationMin, g.Location, g.Notes = "", 0, "", ""
	// The store hands back a final only when every seat has one
	// (completeFinal), so a partial one is no part of what it holds.
	if len(g.Final) != len(g.Players) {
		g.Final = nil
	}
	b, err := json.Marshal(g)
	if err != nil {
		return "", fmt.Errorf("fingerprint: %w", err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// unreadable is the fingerprint of a game the store could not load when
// it filled in fingerprints: no hash equals it, so such a game is never
// taken for an imported one, and the next opening does not try again.
const unreadable = "unreadable"

// refreshFingerprint recomputes a game's fingerprint from what the write's
// transaction now holds. Every write to a game's content calls it, so the
// fingerprint of a game still being played follows its entries.
func refreshFingerprint(ctx context.Context, tx *sql.Tx, id string) error {
	games, err := loadGames(ctx, tx, id)
	if err != nil {
		return err
	}
	if len(games) == 0 {
		return ErrNotFound
	}
	return setFingerprint(ctx, tx, id, games[0].File)
}

// setFingerprint writes the fingerprint of file, which must be the game
// as the write's transaction now holds it.
func setFingerprint(ctx context.Context, tx *sql.Tx, id string, file scoring.Game) error {
	fp, err := fingerprint(file)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE games SET fingerprint = ? WHERE id = ?`, fp, id)
	return err
}

// fillFingerprints gives a fingerprint to every game that has none: the
// games stored before fingerprints were kept (migration 004). It runs
// once, the first time the store opens such a database; after that it is
// one indexed look-up finding nothing.
func fillFingerprints(ctx context.Context, db *sql.DB) error {
	var missing bool
	err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE fingerprint = '')`).Scan(&missing)
	if err != nil || !missing {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// Read again under the write lock: another program opening the same
	// file may have filled them in meanwhile.
	rows, err := tx.QueryContext(ctx, `SELECT id FROM games WHERE fingerprint = ''`)
	if err != nil {
		return err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		err := refreshFingerprint(ctx, tx, id)
		if err == nil {
			continue
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		// A row the store cannot read (a hand-edited file) must not keep
		// the whole database from opening; that game fails where it is
		// read, as it did before.
		if _, err := tx.ExecContext(ctx, `UPDATE games SET fingerprint = ? WHERE id = ?`, unreadable, id); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// findStored returns the id of a stored game holding g, whose fingerprint
// is fp: the same content and, when g says when it was played, the same
// instant. A file without a played time is taken for a stored game only
// when it is finished: six or seven rounds of pools do not repeat by
// chance, so it is that game exported before files carried their time,
// while a setup or a game in progress without a time may well be a new
// game of the same people. Of several such games the oldest live one is
// named, else the oldest in the trash.
func findStored(ctx context.Context, tx *sql.Tx, g scoring.Game, fp string) (string, bool, error) {
	var at time.Time
	if g.Played != "" {
		var err error
		if at, err = playedTime(g.Played); err != nil {
			return "", false, err
		}
	} else if len(g.Final) == 0 {
		return "", false, nil
	}
	// A live game before one in the trash: an import restores a trashed
	// game only when no live one holds the same content.
	rows, err := tx.QueryContext(ctx, `SELECT id, created FROM games WHERE fingerprint = ?
		ORDER BY deleted IS NOT NULL, created, id`, fp)
	if err != nil {
		return "", false, err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id      string
			created int64
		)
		if err := rows.Scan(&id, &created); err != nil {
			return "", false, err
		}
		if g.Played == "" || created == at.UnixNano() {
			return id, true, nil
		}
	}
	return "", false, rows.Err()
}

// playedTime is the instant of a played time that scoring.CheckPlayed
// has accepted (DecodeGame and Validate check it), which time.Parse reads
// too.
func playedTime(played string) (time.Time, error) {
	if err := scoring.CheckPlayed(played); err != nil {
		return time.Time{}, err
	}
	t, err := time.Parse(time.RFC3339, played)
	if err != nil {
		return time.Time{}, fmt.Errorf("played: %w", err)
	}
	return t, nil
}

// playedText is what a stored game's file says for played: the text the
// imported file brought, else the time the game was created, in UTC to the
// nanosecond, so that importing the export back finds this very game.
func playedText(played string, created time.Time) string {
	if played != "" {
		return played
	}
	return created.UTC().Format(time.RFC3339Nano)
}
