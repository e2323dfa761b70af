package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The trash: deleting a game only marks it (games.deleted), so that a
// game deleted by mistake can be restored whole. Every other read of the
// store leaves trashed games out (liveSQL), and every write refuses them
// (readHeader). After TrashKeep the game is purged: its rows are removed
// for good.

// TrashKeep is how long a deleted game stays in the trash, restorable,
// before it is purged.
const TrashKeep = 30 * 24 * time.Hour

// liveSQL is the condition on the games table that leaves the trash out.
const liveSQL = `deleted IS NULL`

// ErrInTrash is returned, along with ErrNotFound, for a game that is in
// the trash: to every reader and writer it is a game that does not
// exist, but a caller can still say why.
var ErrInTrash = errors.New("store: game is in the trash")

// ErrNotInTrash is returned by RestoreGame for a live game.
var ErrNotInTrash = errors.New("store: game is not in the trash")

// DeleteGame moves a game to the trash, where it stays restorable for
// TrashKeep; ErrNotFound if there is no live game with that id (wrapping
// ErrInTrash too when it is in the trash already).
func (s *Store) DeleteGame(ctx context.Context, id string) (err error) {
	defer s.fault(&err)
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return fmt.Errorf("store: delete game %s: %w", id, err)
	}
	defer end()
	deleted, err := trashedAt(ctx, tx, id)
	if err != nil {
		return fmt.Errorf("store: delete game %s: %w", id, err)
	}
	if deleted.Valid {
		return fmt.Errorf("store: delete game %s: %w: %w", id, ErrInTrash, ErrNotFound)
	}
	// updated stays as it is: the game's version (and so its ETag and
	// every cache keyed by it) is the same when it comes back.
	if _, err := tx.ExecContext(ctx, `UPDATE games SET deleted = ? WHERE id = ?`, s.now().UnixNano(), id); err != nil {
		return fmt.Errorf("store: delete game %s: %w", id, err)
	}
	// Its share link stops for good (issue 44): a restore must not bring
	// back a public link its players saw go with the game.
	if _, err := tx.ExecContext(ctx, `UPDATE share_tokens SET revoked = ? WHERE game_id = ? AND revoked = 0`, s.now().UnixNano(), id); err != nil {
		return fmt.Errorf("store: delete game %s: %w", id, err)
	}
	// The new-game form's token only stops that form making a second
	// game; posted again now, it should make a new one, not lead to a game
	// in the trash. The token is no part of the game a restore brings back.
	if _, err := tx.ExecContext(ctx, `DELETE FROM form_tokens WHERE game_id = ?`, id); err != nil {
		return fmt.Errorf("store: delete game %s: form tokens: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: delete game %s: %w", id, err)
	}
	return nil
}

// RestoreGame takes a game out of the trash, as it was when it was
// deleted. A game that is live already is ErrNotInTrash; one the store
// does not hold (never stored, or purged) is ErrNotFound.
func (s *Store) RestoreGame(ctx context.Context, id string) (err error) {
	defer s.fault(&err)
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return fmt.Errorf("store: restore game %s: %w", id, err)
	}
	defer end()
	deleted, err := trashedAt(ctx, tx, id)
	if err != nil {
		return fmt.Errorf("store: restore game %s: %w", id, err)
	}
	if !deleted.Valid {
		return fmt.Errorf("store: restore game %s: %w", id, ErrNotInTrash)
	}
	if err := untrash(ctx, tx, id); err != nil {
		return fmt.Errorf("store: restore game %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: restore game %s: %w", id, err)
	}
	return nil
}

// trashedAt reads when game id was deleted (not Valid for a live game);
// ErrNotFound when there is no such row at all.
func trashedAt(ctx context.Context, tx *sql.Tx, id string) (sql.NullInt64, error) {
	var deleted sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT deleted FROM games WHERE id = ?`, id).Scan(&deleted)
	if errors.Is(err, sql.ErrNoRows) {
		return deleted, ErrNotFound
	}
	return deleted, err
}

// untrash makes game id live again, inside the write's transaction.
func untrash(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, `UPDATE games SET deleted = NULL WHERE id = ?`, id)
	return err
}

// Trash lists the games in the trash, the most recently deleted first,
// each with its Deleted time. It purges first (PurgeTrash), so that it
// never lists a game kept past TrashKeep; a store that cannot write
// (read-only) still lists, and leaves out such games.
func (s *Store) Trash(ctx context.Context) (_ []StoredGame, err error) {
	defer s.fault(&err)
	cutoff := s.purgeCutoff()
	if _, err := s.PurgeTrash(ctx); err != nil && !errors.Is(err, ErrReadOnly) {
		return nil, err
	}
	var games []StoredGame
	err = s.snapshot(ctx, func(q queryer) error {
		var err error
		games, err = loadSelected(ctx, q, ` WHERE deleted IS NOT NULL AND deleted > ? ORDER BY deleted DESC, id DESC`,
			[]any{cutoff.UnixNano()}, true)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: trash: %w", err)
	}
	return games, nil
}

// PurgeTrash removes for good the games that have been in the trash for
// TrashKeep or longer (by the store's clock): their game rows, and through
// the foreign keys' cascades every player, entry, end-of-game entry and
// form token of theirs. It returns how many games it removed. When there
// is nothing to purge it only reads, so calling it often costs one indexed
// look-up.
func (s *Store) PurgeTrash(ctx context.Context) (_ int, err error) {
	defer s.fault(&err)
	cutoff := s.purgeCutoff().UnixNano()
	var due bool
	err = s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE deleted IS NOT NULL AND deleted <= ?)`, cutoff).Scan(&due)
	if err != nil {
		return 0, fmt.Errorf("store: purge trash: %w", err)
	}
	if !due {
		return 0, nil
	}
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return 0, fmt.Errorf("store: purge trash: %w", err)
	}
	defer end()
	res, err := tx.ExecContext(ctx, `DELETE FROM games WHERE deleted IS NOT NULL AND deleted <= ?`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("store: purge trash: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: purge trash: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("store: purge trash: %w", err)
	}
	return int(n), nil
}

// purgeCutoff is the deletion time at or before which a trashed game is
// due to be purged now.
func (s *Store) purgeCutoff() time.Time {
	return s.now().Add(-TrashKeep)
}
