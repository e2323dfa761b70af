package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"ruthless/scoring"
)

// Imported is what an import did with one game.
type Imported struct {
	// ID is the new game's id, or the id of the stored game that already
	// holds it.
	ID string
	// Existing is true when the game was stored already, so nothing was
	// written for it (beyond Restored).
	Existing bool
	// Restored is true when the stored game was in the trash: importing
	// it again is the clearest sign that it is wanted, so the import took
	// it out of the trash, whole, rather than store a second copy.
	Restored bool
}

// Import stores several games: all of them, or, when a game does not
// fit (its rounds or seats, its played time), none. The games must be
// valid (ParseGameFiles). They are written in transactions of
// importBatch games, each waiting its turn after the table's saves
// (writegate.go), so that a big import never keeps a phone's save waiting
// for more than one batch. A fault of the machine in the middle (a full
// disk) therefore keeps the batches before it: importing the same file
// again stores only the rest, since a game the store already holds (the
// same content and played time, see findStored) is not stored again: its
// Imported names the stored game, with Existing set; so is a game given
// twice in one import. A stored game found in the trash is restored
// (Restored set). New games are dated by their played time, else the
// time of the import; they count as updated in the order given, the last
// one most recently.
func (s *Store) Import(ctx context.Context, games []scoring.Game) (_ []Imported, err error) {
	defer s.fault(&err)
	for i, g := range games {
		if err := checkShape(g); err != nil {
			return nil, fmt.Errorf("store: import: game %d: %w", i, err)
		}
	}
	at := s.now()
	out := make([]Imported, 0, len(games))
	for start := 0; start < len(games); start += importBatch {
		batch := games[start:min(start+importBatch, len(games))]
		done, err := s.importBatch(ctx, batch, start, len(games), at)
		if err != nil {
			return nil, err
		}
		out = append(out, done...)
	}
	return out, nil
}

// importBatch writes games[first:first+len(batch)] of an import of total
// games, in one transaction.
func (s *Store) importBatch(ctx context.Context, batch []scoring.Game, first, total int, at time.Time) ([]Imported, error) {
	tx, end, err := s.begin(ctx, forImport)
	if err != nil {
		return nil, fmt.Errorf("store: import: %w", err)
	}
	defer end()
	out := make([]Imported, 0, len(batch))
	for j, g := range batch {
		i := first + j
		fp, err := fingerprint(g)
		if err != nil {
			return nil, fmt.Errorf("store: import: game %d: %w", i, err)
		}
		id, found, err := findStored(ctx, tx, g, fp)
		if err != nil {
			return nil, fmt.Errorf("store: import: game %d: %w", i, err)
		}
		if found {
			restored, err := restoreIfTrashed(ctx, tx, id)
			if err != nil {
				return nil, fmt.Errorf("store: import: game %d: %w", i, err)
			}
			out = append(out, Imported{ID: id, Existing: true, Restored: restored})
			continue
		}
		id, err = insertGame(ctx, tx, g, at.Add(-time.Duration(total-1-i)))
		if err != nil {
			return nil, fmt.Errorf("store: import: game %d: %w", i, err)
		}
		out = append(out, Imported{ID: id})
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("store: import: %w", err)
	}
	return out, nil
}

// ImportGames is Import returning the ids alone, in order: a new game's,
// or the stored game's for a game already stored.
func (s *Store) ImportGames(ctx context.Context, games []scoring.Game) ([]string, error) {
	done, err := s.Import(ctx, games)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(done))
	for i, d := range done {
		ids[i] = d.ID
	}
	return ids, nil
}

// insertGame writes a new game with every entry at version 1, inside tx,
// updated at and created at its played time, if it has one, else at too.
func insertGame(ctx context.Context, tx *sql.Tx, g scoring.Game, at time.Time) (string, error) {
	id := newID()
	if err := checkShape(g); err != nil {
		return "", err
	}
	achievements, err := json.Marshal(g.Achievements)
	if err != nil {
		return "", err
	}
	created := at
	if g.Played != "" {
		if created, err = playedTime(g.Played); err != nil {
			return "", err
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO games
		(id, created, updated, version, start_player, achievements, zero_counts, rounds, played,
		 duration_min, location, notes)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, created.UnixNano(), at.UnixNano(), g.Version, g.StartPlayer, string(achievements), g.ZeroCounts, len(g.Rounds), g.Played,
		max(g.DurationMin, 0), g.Location, g.Notes)
	if err != nil {
		return "", err
	}
	for seat, name := range g.Players {
		if _, err := tx.ExecContext(ctx, `INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)`, id, seat, name); err != nil {
			return "", fmt.Errorf("player %d: %w", seat, err)
		}
	}
	first := row{version: 1, saved: at, by: -1}
	for r, round := range g.Rounds {
		for seat, e := range round {
			if e == nil {
				continue
			}
			if err := upsertEntry(ctx, tx, id, r+1, seat, *e, first); err != nil {
				return "", err
			}
		}
	}
	for seat, f := range g.Final {
		if err := upsertFinal(ctx, tx, id, seat, f, first); err != nil {
			return "", err
		}
	}
	// From what was written, not from g: what a later import compares with
	// is the export, which is read back the same way.
	if err := refreshFingerprint(ctx, tx, id); err != nil {
		return "", err
	}
	return id, nil
}

// restoreIfTrashed takes game id out of the trash if it is there,
// reporting whether it was.
func restoreIfTrashed(ctx context.Context, tx *sql.Tx, id string) (bool, error) {
	deleted, err := trashedAt(ctx, tx, id)
	if err != nil || !deleted.Valid {
		return false, err
	}
	return true, untrash(ctx, tx, id)
}

// checkShape refuses a game whose rounds, seats or played time the
// tables cannot hold, before anything of it (or of its import) is
// written.
func checkShape(g scoring.Game) error {
	n := len(g.Players)
	if len(g.Rounds) > scoring.RoundsFor(n) {
		return fmt.Errorf("%d rounds for %d players: %w", len(g.Rounds), n, ErrBadRound)
	}
	for r, round := range g.Rounds {
		if len(round) != n {
			return fmt.Errorf("round %d has %d entries for %d players: %w", r+1, len(round), n, ErrBadPlayer)
		}
	}
	if len(g.Final) > n {
		return fmt.Errorf("%d final entries for %d players: %w", len(g.Final), n, ErrBadPlayer)
	}
	if g.Played != "" {
		if _, err := playedTime(g.Played); err != nil {
			return err
		}
	}
	return nil
}
