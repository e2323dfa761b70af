package memstore

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// RenamePlayer gives every seat called from (scoring.SameName) the name
// to, in every game, all or none, as store.Store.RenamePlayer does: a
// game that would seat two players of one name refuses the whole rename
// with a *store.NameClash, a name R4.5 does not allow is
// store.ErrBadName. It returns how many games changed.
func (s *Store) RenamePlayer(ctx context.Context, from, to string) (int, error) {
	to = strings.TrimSpace(to)
	if err := store.CheckNewName(to); err != nil {
		return 0, fmt.Errorf("memstore: rename %q: %w", from, err)
	}
	end, err := s.begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("memstore: rename %q: %w", from, err)
	}
	defer end()
	at := s.now().UnixNano()
	var changed []*gameRec
	for _, rec := range s.snapshot(func(*gameRec) bool { return true }, byID) {
		hit := -1
		for i, name := range rec.Players {
			if scoring.SameName(name, from) {
				hit = i
			}
		}
		if hit < 0 {
			continue
		}
		for i, name := range rec.Players {
			if i != hit && scoring.SameName(name, to) {
				clash := &store.NameClash{GameID: rec.ID, Players: append([]string(nil), rec.Players...), Other: name}
				return 0, fmt.Errorf("memstore: rename %q: %w", from, clash)
			}
		}
		if rec.Players[hit] == to {
			continue
		}
		g, err := rec.clone()
		if err != nil {
			return 0, fmt.Errorf("memstore: rename %q: %w", from, err)
		}
		g.Players[hit] = to
		g.Updated = max(g.Updated+1, at)
		changed = append(changed, g)
	}
	if err := s.commit(ctx, changed, nil); err != nil {
		return 0, fmt.Errorf("memstore: rename %q: %w", from, err)
	}
	return len(changed), nil
}

// Import stores several valid games, all or none, as store.Store.Import
// does: a game the store holds already (the same content and played
// time, store.Fingerprint), or given twice, is not stored again but named
// (Existing), and taken out of the trash if it is there (Restored). New
// games count as updated in the order given, the last one most recently.
func (s *Store) Import(ctx context.Context, games []scoring.Game) ([]store.Imported, error) {
	for i, g := range games {
		if err := store.CheckShape(g); err != nil {
			return nil, fmt.Errorf("memstore: import: game %d: %w", i, err)
		}
	}
	end, err := s.begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("memstore: import: %w", err)
	}
	defer end()
	at := s.now()
	// pending are the games this import writes, by id, with their
	// fingerprints: a later game of the same import finds them as stored.
	pending := map[string]*gameRec{}
	prints := map[string]string{}
	var order []*gameRec
	out := make([]store.Imported, 0, len(games))
	for i, f := range games {
		fp, err := store.Fingerprint(f)
		if err != nil {
			return nil, fmt.Errorf("memstore: import: game %d: %w", i, err)
		}
		id, found, err := s.findStored(f, fp, pending, prints)
		if err != nil {
			return nil, fmt.Errorf("memstore: import: game %d: %w", i, err)
		}
		if found {
			g := pending[id]
			if g == nil {
				if g, err = s.editable(id); err != nil {
					return nil, fmt.Errorf("memstore: import: game %d: %w", i, err)
				}
			}
			restored := g.Deleted != 0
			if restored {
				g.Deleted = 0
				if pending[id] == nil {
					pending[id], prints[id] = g, fp
					order = append(order, g)
				}
			}
			out = append(out, store.Imported{ID: id, Existing: true, Restored: restored})
			continue
		}
		g, err := newRec(f, at.Add(-time.Duration(len(games)-1-i)))
		if err != nil {
			return nil, fmt.Errorf("memstore: import: game %d: %w", i, err)
		}
		// The fingerprint of what is stored, as it will be read back.
		if prints[g.ID], err = store.Fingerprint(g.view().File); err != nil {
			return nil, fmt.Errorf("memstore: import: game %d: %w", i, err)
		}
		pending[g.ID] = g
		order = append(order, g)
		out = append(out, store.Imported{ID: g.ID})
	}
	if err := s.commit(ctx, order, nil); err != nil {
		return nil, fmt.Errorf("memstore: import: %w", err)
	}
	return out, nil
}

// findStored is the id of a stored (or pending) game holding f, whose
// fingerprint is fp, by the SQLite store's rule (store/fingerprint.go,
// findStored): the same content and, when f says when it was played, the
// same instant; a file without a played time only when it is finished.
// A live game comes before one in the trash, then the oldest.
func (s *Store) findStored(f scoring.Game, fp string, pending map[string]*gameRec, prints map[string]string) (string, bool, error) {
	var at time.Time
	if f.Played != "" {
		var err error
		if at, err = store.PlayedTime(f.Played); err != nil {
			return "", false, err
		}
	} else if len(f.Final) == 0 {
		return "", false, nil
	}
	type candidate struct {
		id      string
		deleted bool
		created int64
	}
	var found []candidate
	for _, g := range s.snapshot(func(g *gameRec) bool { return pending[g.ID] == nil }, nil) {
		if s.print(g) == fp {
			found = append(found, candidate{g.ID, g.Deleted != 0, g.Created})
		}
	}
	for id, g := range pending {
		if prints[id] == fp {
			found = append(found, candidate{id, g.Deleted != 0, g.Created})
		}
	}
	sort.Slice(found, func(i, j int) bool {
		a, b := found[i], found[j]
		if a.deleted != b.deleted {
			return !a.deleted
		}
		if a.created != b.created {
			return a.created < b.created
		}
		return a.id < b.id
	})
	for _, c := range found {
		if f.Played == "" || c.created == at.UnixNano() {
			return c.id, true, nil
		}
	}
	return "", false, nil
}
