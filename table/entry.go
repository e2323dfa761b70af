package table

import (
	"context"
	"errors"
	"slices"

	"ruthless/scoring"
	"ruthless/store"
)

// Entry is one player's round entry as a phone's form or a script sends
// it. Its fields are store.EntryWrite's: the game, round (1-based) and
// seat, the entry, the version the sender last saw, the form's one-time
// token ("" for a script) and the saving phone's seat.
type Entry = store.EntryWrite

// EntrySaved is what saving a round entry did.
type EntrySaved struct {
	// Before and After are the game as the save found it and as it left
	// it, equal to what a read gives next.
	Before, After store.StoredGame
	// Unchanged says nothing was written: the stored entry was already
	// this one (the same form sent twice). Before and After are then the
	// game as it stands.
	Unchanged bool
	// NewWarnings are the R4.3 warnings about this entry that the game
	// before the save did not have, so a warning the phone was shown
	// already (the form saved again from its "Saved." page) is not new.
	NewWarnings []scoring.Warning
	// RoundComplete says every seat has entered the entry's round now (the
	// save completed it, or corrected a complete round).
	RoundComplete bool
}

// SaveEntry saves one round entry. The store validates the game it makes
// once, inside the write (R4.1 against every other entry as it stands
// then): a refusal is the *scoring.FieldError. A stale version is not
// always another phone: the stored entry may be just what this one sends
// (the same save twice: nothing to do, Unchanged), or this very form's
// earlier save, its token stored with it (Back, change something, save
// again), which this save then replaces. Anything else is an
// *store.EntryConflict holding what is stored.
func (t *Table) SaveEntry(ctx context.Context, e Entry) (EntrySaved, error) {
	w, err := t.store.SaveEntry(ctx, e)
	var conflict *store.EntryConflict
	if errors.As(err, &conflict) {
		switch {
		case conflict.Current != nil && sameEntry(*conflict.Current, e.Entry):
			g, err := t.store.Game(ctx, e.Game)
			if err != nil {
				return EntrySaved{}, err
			}
			return EntrySaved{Before: g, After: g, Unchanged: true, RoundComplete: g.File.Complete(e.Round)}, nil
		case e.Token != "" && conflict.Token == e.Token:
			// If another phone saves in between, this is its conflict.
			e.Version = conflict.Version
			w, err = t.store.SaveEntry(ctx, e)
		}
	}
	if err != nil {
		return EntrySaved{}, err
	}
	return EntrySaved{
		Before:        w.Before,
		After:         w.After,
		NewWarnings:   newWarnings(w.Before.File, w.Warnings, e.Round, e.Seat),
		RoundComplete: w.After.File.Complete(e.Round),
	}, nil
}

// newWarnings are the warnings of after (the game after a save) about
// seat's entry in round that the game before did not have.
func newWarnings(before scoring.Game, after []scoring.Warning, round, seat int) []scoring.Warning {
	var fresh []scoring.Warning
	var old []scoring.Warning
	for _, w := range after {
		if w.Round != round || w.Player != seat {
			continue
		}
		if old == nil {
			old = scoring.EntryWarnings(before, round, seat)
		}
		if !slices.ContainsFunc(old, w.Same) {
			fresh = append(fresh, w)
		}
	}
	return fresh
}

// sameEntry reports whether two entries hold the same pirates (Captain
// powers included), in any order, and the same coins.
func sameEntry(x, y scoring.Entry) bool {
	return x.Coins == y.Coins && scoring.SameCards(x.Pool, y.Pool)
}
