package memstore

import (
	"context"
	"fmt"
	"slices"
	"time"

	"ruthless/store"
)

// TakeSeat records that phone holds seat of live game id, taking it over
// from any other phone; a phone taking its own seat again is only seen.
func (s *Store) TakeSeat(ctx context.Context, id string, seat int, phone string) error {
	if phone == "" || len(phone) > store.MaxPhoneLength {
		return fmt.Errorf("memstore: game %s: seat %d: %w", id, seat, store.ErrBadPlayer)
	}
	end, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("memstore: game %s: seat %d: %w", id, seat, err)
	}
	defer end()
	g, err := s.live(id)
	if err != nil {
		return fmt.Errorf("memstore: game %s: seat %d: %w", id, seat, err)
	}
	if seat < 0 || seat >= len(g.Players) {
		return fmt.Errorf("memstore: game %s: seat %d: %w", id, seat, store.ErrBadPlayer)
	}
	now := s.now().UnixNano()
	i := slices.IndexFunc(g.Seats, func(st seatRec) bool { return st.Seat == seat })
	switch {
	case i < 0:
		g.Seats = append(g.Seats, seatRec{Seat: seat, Phone: phone, Taken: now, Seen: now})
	case g.Seats[i].Phone == phone:
		g.Seats[i].Seen = now
	default:
		g.Seats[i] = seatRec{Seat: seat, Phone: phone, Taken: now, Seen: now}
	}
	if err := s.commit(ctx, []*gameRec{g}, nil); err != nil {
		return fmt.Errorf("memstore: game %s: seat %d: %w", id, seat, err)
	}
	return nil
}

// ReleaseSeats lets go of the seats phone holds in game id: those listed,
// or all of them when none is listed.
func (s *Store) ReleaseSeats(ctx context.Context, id, phone string, seats ...int) error {
	return s.edit(ctx, id, "releasing seats", func(g *gameRec) bool {
		n := len(g.Seats)
		g.Seats = slices.DeleteFunc(g.Seats, func(st seatRec) bool {
			return st.Phone == phone && (len(seats) == 0 || slices.Contains(seats, st.Seat))
		})
		return len(g.Seats) != n
	})
}

// SeenAt marks phone as seen now in game id, for each seat it holds
// there; a phone seen within the last minute is not written again.
func (s *Store) SeenAt(ctx context.Context, id, phone string) error {
	now := s.now()
	return s.edit(ctx, id, "seen", func(g *gameRec) bool {
		changed := false
		for i, st := range g.Seats {
			if st.Phone == phone && st.Seen < now.Add(-time.Minute).UnixNano() {
				g.Seats[i].Seen = now.UnixNano()
				changed = true
			}
		}
		return changed
	})
}

// edit applies change to game id's record (in the trash or not; no
// game, no change) and writes it if change says it changed it.
func (s *Store) edit(ctx context.Context, id, what string, change func(g *gameRec) bool) error {
	end, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("memstore: game %s: %s: %w", id, what, err)
	}
	defer end()
	g, err := s.editable(id)
	if err != nil || g == nil || !change(g) {
		return err
	}
	if err := s.commit(ctx, []*gameRec{g}, nil); err != nil {
		return fmt.Errorf("memstore: game %s: %s: %w", id, what, err)
	}
	return nil
}

// ShareToken returns game id's share link token, making one for a live
// game that never had one; "" when its link was revoked.
func (s *Store) ShareToken(ctx context.Context, id string) (string, error) {
	s.mu.RLock()
	g := s.games[id]
	s.mu.RUnlock()
	if g != nil && g.Share != nil {
		if g.Share.Revoked != 0 {
			return "", nil
		}
		return g.Share.Token, nil
	}
	return s.newShare(ctx, id, false)
}

// NewShareToken gives live game id a new share link, whatever it had.
func (s *Store) NewShareToken(ctx context.Context, id string) (string, error) {
	return s.newShare(ctx, id, true)
}

// newShare makes game id a share token; without replace, one made
// meanwhile is kept (and "" returned if it was revoked).
func (s *Store) newShare(ctx context.Context, id string, replace bool) (string, error) {
	end, err := s.begin(ctx)
	if err != nil {
		return "", fmt.Errorf("memstore: game %s: share: %w", id, err)
	}
	defer end()
	g, err := s.live(id)
	if err != nil {
		return "", fmt.Errorf("memstore: game %s: %w", id, err)
	}
	if g.Share != nil && !replace {
		if g.Share.Revoked != 0 {
			return "", nil
		}
		return g.Share.Token, nil
	}
	g.Share = &shareRec{Token: store.NewToken(), Created: s.now().UnixNano()}
	if err := s.commit(ctx, []*gameRec{g}, nil); err != nil {
		return "", fmt.Errorf("memstore: game %s: share: %w", id, err)
	}
	return g.Share.Token, nil
}

// RevokeShare ends game id's share link.
func (s *Store) RevokeShare(ctx context.Context, id string) error {
	now := s.now().UnixNano()
	return s.edit(ctx, id, "revoking the share link", func(g *gameRec) bool {
		if g.Share == nil || g.Share.Revoked != 0 {
			return false
		}
		g.Share.Revoked = now
		return true
	})
}

// GameByShareToken is the live game a working share link token opens;
// store.ErrNotFound otherwise.
func (s *Store) GameByShareToken(ctx context.Context, token string) (store.StoredGame, error) {
	s.mu.RLock()
	var id string
	for _, g := range s.games {
		if token != "" && g.Share != nil && g.Share.Revoked == 0 && g.Share.Token == token {
			id = g.ID
			break
		}
	}
	s.mu.RUnlock()
	if id == "" {
		return store.StoredGame{}, fmt.Errorf("memstore: share link: %w", store.ErrNotFound)
	}
	return s.Game(ctx, id)
}
