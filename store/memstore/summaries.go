package memstore

import (
	"context"
	"fmt"

	"ruthless/store"
)

// Summaries of games for the history pages (store/summaries.go has the
// SQLite store's). A phone holds a few hundred games, so they are kept in
// memory only, never persisted: after a restart the first history page
// works them out again. A summary belongs to its game as of one write
// (its updated time); any later write makes it stale, as the SQLite
// store's trigger deletes it.

// summaryOf is a kept summary and the game's updated time it was made at.
type summaryOf struct {
	sum     store.Summary
	updated int64
}

// StaleSummaries lists the live games without a current summary, oldest
// first, with their versions.
func (s *Store) StaleSummaries(ctx context.Context) ([]store.GameVersion, error) {
	s.sumMu.Lock()
	defer s.sumMu.Unlock()
	var out []store.GameVersion
	for _, g := range s.snapshot(isLive, byCreated) {
		if kept, ok := s.sums[g.ID]; !ok || kept.updated != g.Updated {
			out = append(out, store.GameVersion{ID: g.ID, Updated: unixTime(g.Updated)})
		}
	}
	return out, ctx.Err()
}

// PutSummaries keeps summaries, each for its game as of its Updated; one
// of a game written since, or no longer live, is dropped.
func (s *Store) PutSummaries(ctx context.Context, sums []store.Summary) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("memstore: put summaries: %w", err)
	}
	s.mu.RLock()
	current := make(map[string]int64, len(sums))
	for _, sum := range sums {
		if g := s.games[sum.ID]; g != nil && isLive(g) {
			current[sum.ID] = g.Updated
		}
	}
	s.mu.RUnlock()
	s.sumMu.Lock()
	defer s.sumMu.Unlock()
	for _, sum := range sums {
		if at, ok := current[sum.ID]; ok && at == sum.Updated.UnixNano() {
			s.sums[sum.ID] = summaryOf{sum: sum, updated: at}
		}
	}
	return nil
}

// EachSummary calls fn with the current summary of every live game that
// has one, oldest first (by when it was played, then id), stopping at
// fn's first error.
func (s *Store) EachSummary(ctx context.Context, fn func(store.StoredSummary) error) error {
	var out []store.StoredSummary
	s.sumMu.Lock()
	for _, g := range s.snapshot(isLive, byCreated) {
		if kept, ok := s.sums[g.ID]; ok && kept.updated == g.Updated {
			ss := store.StoredSummary{GameSummary: kept.sum.GameSummary, Stored: true}
			ss.ID, ss.Played = g.ID, g.Created
			out = append(out, ss)
		}
	}
	s.sumMu.Unlock()
	for _, ss := range out {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("memstore: each summary: %w", err)
		}
		if err := fn(ss); err != nil {
			return err
		}
	}
	return nil
}

// byCreated orders records as the history is: by when they were played,
// then by id.
func byCreated(a, b *gameRec) bool {
	if a.Created != b.Created {
		return a.Created < b.Created
	}
	return a.ID < b.ID
}
