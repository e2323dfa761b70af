package memstore

import (
	"context"
	"fmt"

	"ruthless/store"
)

// DeleteGame moves a live game to the trash, for store.TrashKeep; its
// new-game form tokens go, so that form makes a new game when posted
// again. Its updated time stays, so it comes back at the same version.
func (s *Store) DeleteGame(ctx context.Context, id string) error {
	end, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("memstore: delete game %s: %w", id, err)
	}
	defer end()
	g, err := s.live(id)
	if err != nil {
		return fmt.Errorf("memstore: delete game %s: %w", id, err)
	}
	g.Deleted = s.now().UnixNano()
	g.Tokens = nil
	if err := s.commit(ctx, []*gameRec{g}, nil); err != nil {
		return fmt.Errorf("memstore: delete game %s: %w", id, err)
	}
	return nil
}

// RestoreGame takes a game out of the trash, as it was: store.ErrNotInTrash
// for a live game, store.ErrNotFound for one the store does not hold.
func (s *Store) RestoreGame(ctx context.Context, id string) error {
	end, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("memstore: restore game %s: %w", id, err)
	}
	defer end()
	g, err := s.editable(id)
	switch {
	case err != nil:
		return fmt.Errorf("memstore: restore game %s: %w", id, err)
	case g == nil:
		return fmt.Errorf("memstore: restore game %s: %w", id, store.ErrNotFound)
	case g.Deleted == 0:
		return fmt.Errorf("memstore: restore game %s: %w", id, store.ErrNotInTrash)
	}
	g.Deleted = 0
	if err := s.commit(ctx, []*gameRec{g}, nil); err != nil {
		return fmt.Errorf("memstore: restore game %s: %w", id, err)
	}
	return nil
}

// Trash lists the games in the trash, the most recently deleted first,
// after purging those kept there for store.TrashKeep or longer.
func (s *Store) Trash(ctx context.Context) ([]store.StoredGame, error) {
	end, err := s.begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("memstore: trash: %w", err)
	}
	defer end()
	cutoff := s.now().Add(-store.TrashKeep).UnixNano()
	var gone []string
	for _, g := range s.snapshot(func(g *gameRec) bool { return g.Deleted != 0 && g.Deleted <= cutoff }, byID) {
		gone = append(gone, g.ID)
	}
	if err := s.commit(ctx, nil, gone); err != nil {
		return nil, fmt.Errorf("memstore: purge trash: %w", err)
	}
	out := []store.StoredGame{}
	trashed := s.snapshot(func(g *gameRec) bool { return g.Deleted > cutoff }, func(a, b *gameRec) bool {
		if a.Deleted != b.Deleted {
			return a.Deleted > b.Deleted
		}
		return a.ID > b.ID
	})
	for _, g := range trashed {
		out = append(out, s.game(g))
	}
	return out, nil
}
