package table

import (
	"context"

	"ruthless/store"
)

// The writes below change no score and need no validation beyond what the
// store checks (the game and seat exist, the game is live): they pass
// through, so that the pages still write only through Table.

// RevealRound stores an empty pool with 0 coins for every seat that has
// not entered round, so the round is scored without them.
func (t *Table) RevealRound(ctx context.Context, id string, round int) error {
	return t.store.RevealRound(ctx, id, round)
}

// SetRecord replaces the play's record of game id (when and where it was
// played, its notes).
func (t *Table) SetRecord(ctx context.Context, id string, rec store.Record) error {
	return t.store.SetRecord(ctx, id, rec)
}

// Delete moves game id to the trash.
func (t *Table) Delete(ctx context.Context, id string) error { return t.store.DeleteGame(ctx, id) }

// Restore takes game id back out of the trash.
func (t *Table) Restore(ctx context.Context, id string) error { return t.store.RestoreGame(ctx, id) }

// RenamePlayer renames a player in every game, returning how many games
// changed.
func (t *Table) RenamePlayer(ctx context.Context, from, to string) (int, error) {
	return t.store.RenamePlayer(ctx, from, to)
}

// TakeSeat records that phone holds seat in game id, beside any seats it
// holds already (a rematch carrying a table's seats over).
func (t *Table) TakeSeat(ctx context.Context, id string, seat int, phone string) error {
	return t.store.TakeSeat(ctx, id, seat, phone)
}

// Sit gives phone seat in game id, taking it over from any phone that
// held it; alone, the phone gives up every other seat it held ("this phone
// is Ben"), else it adds the seat to them ("this phone also enters for
// Cy"). It returns the game's seats as they stand after.
func (t *Table) Sit(ctx context.Context, id, phone string, seat int, alone bool) (store.StoredGame, error) {
	if alone {
		if err := t.store.ReleaseSeats(ctx, id, phone); err != nil {
			return store.StoredGame{}, err
		}
	}
	if err := t.store.TakeSeat(ctx, id, seat, phone); err != nil {
		return store.StoredGame{}, err
	}
	return t.store.Game(ctx, id)
}

// ReleaseSeats gives up phone's seats in game id (all of them when none
// are named).
func (t *Table) ReleaseSeats(ctx context.Context, id, phone string, seats ...int) error {
	return t.store.ReleaseSeats(ctx, id, phone, seats...)
}

// SeenAt records that phone was at game id's table just now.
func (t *Table) SeenAt(ctx context.Context, id, phone string) error {
	return t.store.SeenAt(ctx, id, phone)
}

// NewShareToken gives game id a new share link, stopping the old one.
func (t *Table) NewShareToken(ctx context.Context, id string) (string, error) {
	return t.store.NewShareToken(ctx, id)
}

// RevokeShare stops game id's share link.
func (t *Table) RevokeShare(ctx context.Context, id string) error {
	return t.store.RevokeShare(ctx, id)
}
