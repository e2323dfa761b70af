package memstore

import (
	"context"
	"fmt"

	"ruthless/scoring"
	"ruthless/store"
)

// SaveEntry saves one player's round entry as store.Store.SaveEntry
// does: a stale version is an *store.EntryConflict holding what is
// stored; a write that would make a valid game invalid (R4.1: a card
// entered for two players) is refused with the *scoring.FieldError,
// checked against the game as the writes before it left it, since the
// writes take their turn. It returns the game as the write found it and
// as it left it (what Game reads next), and the R4.3 warnings after it.
func (s *Store) SaveEntry(ctx context.Context, w store.EntryWrite) (store.Written, error) {
	id, round, player := w.Game, w.Round, w.Seat
	end, g, err := s.beginSeat(ctx, id, player)
	if err != nil {
		return store.Written{}, err
	}
	defer end()
	if round < 1 || round > len(g.Rounds)+1 || round > scoring.RoundsFor(len(g.Players)) {
		return store.Written{}, fmt.Errorf("memstore: game %s: round %d with %d started: %w", id, round, len(g.Rounds), store.ErrBadRound)
	}
	stored := g.entry(round, player)
	if stored == nil {
		stored = &entryRec{By: -1}
	}
	before := s.game(g)
	if w.Version != stored.Version {
		conflict := &store.EntryConflict{Version: stored.Version, Saved: unixTime(stored.Saved), Token: stored.Token, SavedBy: stored.By}
		if stored.Version > 0 {
			conflict.Current = before.File.Rounds[round-1][player]
		}
		return store.Written{}, conflict
	}
	after, err := scoring.WithEntry(before.File, round, player, &w.Entry)
	var warnings []scoring.Warning
	if err == nil {
		warnings, err = scoring.ValidateChange(before.File, after)
	}
	if err != nil {
		return store.Written{}, fmt.Errorf("memstore: game %s: %w", id, err)
	}
	at := s.now().UnixNano()
	// A game is dated by its first round entry unless a played time was
	// set (store/record.go, datePlayByFirstEntry).
	if g.Record.Played == "" && !g.anyEntry() {
		g.Created = at
	}
	for len(g.Rounds) < round {
		g.Rounds = append(g.Rounds, make([]*entryRec, len(g.Players)))
	}
	g.Rounds[round-1][player] = &entryRec{Entry: w.Entry, Version: stored.Version + 1, Saved: at, Token: w.Token, By: w.SavedBy(before)}
	g.Updated = at
	if err := s.commit(ctx, []*gameRec{g}, nil); err != nil {
		return store.Written{}, fmt.Errorf("memstore: game %s: %w", id, err)
	}
	return store.Written{Before: before, After: s.game(g), Warnings: warnings}, nil
}

// beginSeat starts the write of one seat's entry of live game id: the
// write turn and a copy of the game to change, or an error for a game or
// seat that is not there (the turn then already given back).
func (s *Store) beginSeat(ctx context.Context, id string, player int) (func(), *gameRec, error) {
	end, err := s.begin(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("memstore: game %s: %w", id, err)
	}
	g, err := s.liveSeat(id, player)
	if err != nil {
		end()
		return nil, nil, err
	}
	return end, g, nil
}

// liveSeat is a copy of live game id to change, or an error for a game or
// seat that is not there. The caller holds the write turn.
func (s *Store) liveSeat(id string, player int) (*gameRec, error) {
	g, err := s.live(id)
	if err != nil {
		return nil, fmt.Errorf("memstore: game %s: %w", id, err)
	}
	if player < 0 || player >= len(g.Players) {
		return nil, fmt.Errorf("memstore: game %s: seat %d of %d: %w", id, player, len(g.Players), store.ErrBadPlayer)
	}
	return g, nil
}

// RevealRound stores an empty pool with 0 coins for every player who has
// not entered a started round, so that it can be scored.
func (s *Store) RevealRound(ctx context.Context, id string, round int) error {
	end, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("memstore: game %s: %w", id, err)
	}
	defer end()
	g, err := s.live(id)
	if err != nil {
		return fmt.Errorf("memstore: game %s: %w", id, err)
	}
	if round < 1 || round > len(g.Rounds) {
		return fmt.Errorf("memstore: game %s: reveal round %d with %d started: %w", id, round, len(g.Rounds), store.ErrBadRound)
	}
	at := s.now().UnixNano()
	added := false
	for seat, e := range g.Rounds[round-1] {
		if e == nil {
			g.Rounds[round-1][seat] = &entryRec{Entry: scoring.Entry{Pool: []scoring.Card{}}, Version: 1, Saved: at, By: -1}
			added = true
		}
	}
	if !added {
		return nil
	}
	g.Updated = at
	if err := s.commit(ctx, []*gameRec{g}, nil); err != nil {
		return fmt.Errorf("memstore: game %s: reveal round %d: %w", id, round, err)
	}
	return nil
}

// SaveFinal saves one player's end-of-game collection on the version the
// client saw, as store.Store.SaveFinal does: a stale version is a
// *store.FinalConflict, a collection that breaks R4 what the game holds
// the *scoring.FieldError.
func (s *Store) SaveFinal(ctx context.Context, w store.FinalWrite) (store.Written, error) {
	id, player := w.Game, w.Seat
	end, g, err := s.beginSeat(ctx, id, player)
	if err != nil {
		return store.Written{}, err
	}
	defer end()
	stored := g.Finals[player]
	if stored == nil {
		stored = &finalRec{}
	}
	before := s.game(g)
	if w.Version != stored.Version {
		conflict := &store.FinalConflict{Version: stored.Version, Saved: unixTime(stored.Saved), Token: stored.Token}
		if stored.Version > 0 {
			conflict.Current = before.Finals[player]
		}
		return store.Written{}, conflict
	}
	warnings, err := scoring.ValidateChange(before.File, before.WithFinal(player, w.Final))
	if err != nil {
		return store.Written{}, fmt.Errorf("memstore: game %s: %w", id, err)
	}
	at := s.now().UnixNano()
	g.Finals[player] = &finalRec{Final: w.Final, Version: stored.Version + 1, Saved: at, Token: w.Token}
	g.Updated = at
	if err := s.commit(ctx, []*gameRec{g}, nil); err != nil {
		return store.Written{}, fmt.Errorf("memstore: game %s: %w", id, err)
	}
	return store.Written{Before: before, After: s.game(g), Warnings: warnings}, nil
}

// SetRecord replaces the play's record of game id, as
// store.Store.SetRecord does: it counts as a write, and the played time
// (else the first round entry's) dates the game.
func (s *Store) SetRecord(ctx context.Context, id string, rec store.Record) error {
	if err := store.CheckRecord(rec); err != nil {
		return fmt.Errorf("memstore: game %s: %w", id, err)
	}
	end, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("memstore: game %s: record: %w", id, err)
	}
	defer end()
	g, err := s.editable(id)
	if err != nil {
		return fmt.Errorf("memstore: game %s: record: %w", id, err)
	}
	if g == nil {
		return fmt.Errorf("memstore: game %s: %w", id, store.ErrNotFound)
	}
	if rec.Played != "" {
		at, err := store.PlayedTime(rec.Played)
		if err != nil {
			return fmt.Errorf("memstore: game %s: %w", id, err)
		}
		g.Created = at.UnixNano()
	} else if first := g.firstEntry(); first != 0 {
		g.Created = first
	}
	g.Record = recordRec{Played: rec.Played, DurationMin: rec.DurationMin, Location: rec.Location, Notes: rec.Notes}
	g.Updated = s.now().UnixNano()
	if err := s.commit(ctx, []*gameRec{g}, nil); err != nil {
		return fmt.Errorf("memstore: game %s: record: %w", id, err)
	}
	return nil
}
