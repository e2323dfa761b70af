package table

import (
	"context"
	"errors"

	"ruthless/scoring"
	"ruthless/store"
)

// Final is one player's end-of-game collection as the end-of-game form
// sends it: store.FinalWrite's game, seat, collection, the version the
// phone saw and the form's one-time token.
type Final = store.FinalWrite

// FinalSaved is what saving an end-of-game collection did.
type FinalSaved struct {
	// Before and After are the game as the save found and left it.
	Before, After store.StoredGame
	// Unchanged says nothing was written: the stored collection was
	// already this one.
	Unchanged bool
	// Over says every seat's collection is in: the game is scored whole.
	Over bool
}

// SaveFinal saves one end-of-game collection, validated once inside the
// write against everything the game holds (R4; a refusal is the
// *scoring.FieldError). A stale version is told from another phone's save
// as in SaveEntry; another phone's is a *store.FinalConflict.
func (t *Table) SaveFinal(ctx context.Context, f Final) (FinalSaved, error) {
	w, err := t.store.SaveFinal(ctx, f)
	var conflict *store.FinalConflict
	if errors.As(err, &conflict) {
		switch {
		case conflict.Current != nil && sameFinal(*conflict.Current, f.Final):
			g, err := t.store.Game(ctx, f.Game)
			if err != nil {
				return FinalSaved{}, err
			}
			return FinalSaved{Before: g, After: g, Unchanged: true, Over: g.File.Over()}, nil
		case f.Token != "" && conflict.Token == f.Token:
			f.Version = conflict.Version
			w, err = t.store.SaveFinal(ctx, f)
		}
	}
	if err != nil {
		return FinalSaved{}, err
	}
	return FinalSaved{Before: w.Before, After: w.After, Over: w.After.File.Over()}, nil
}

// sameFinal reports whether two end-of-game entries say the same.
func sameFinal(x, y scoring.FinalEntry) bool {
	return scoring.SameCards(x.Pirates, y.Pirates) && scoring.SameCards(x.BuriedPirates, y.BuriedPirates) &&
		x.BuriedPowderMonkeys == y.BuriedPowderMonkeys && x.LootBannerKept == y.LootBannerKept &&
		x.LootBannerBuried == y.LootBannerBuried && x.Coins == y.Coins && x.ParleyUsed == y.ParleyUsed
}
