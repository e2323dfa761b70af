package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"
)

// ErrBusy is a write that could not have the database in time: other
// writes (an import, many saves at once, or another program writing the
// same file) held it longer than a save may wait. Nothing was written;
// the same write sent again a little later goes through.
var ErrBusy = errors.New("store: the database is busy with other writes")

// DefaultWriteWait is how long a write waits for its turn before it is
// ErrBusy: well inside a server's 30 s write timeout, and far longer than
// any one write (a save takes about a millisecond, an import batch tens).
const DefaultWriteWait = 10 * time.Second

// importBatch is how many games one import transaction writes before it
// lets waiting saves go first.
const importBatch = 25

// priority orders the writers waiting for the gate.
type priority int

const (
	forSave   priority = iota // the table's own writes: a phone is waiting
	forImport                 // bulk writes, which take turns after saves
)

// writeGate is the one way into the database for writes in this
// process: one writer at a time, in turn, saves before imports. SQLite
// allows one writer anyway; taking turns here rather than in SQLite's
// busy handler means a save never sleeps and polls behind an import (the
// busy handler's back-off once made saves wait 5 s and fail), and that
// waiters are served in order. SQLite's own busy timeout remains for
// other programs writing the same file (ruthless import beside a server).
type writeGate struct {
	mu      sync.Mutex
	held    bool
	waiting [2][]chan struct{} // by priority, oldest first
	// savesInRow counts the saves let in while an import waited: after
	// savesBeforeImport of them the import has its turn, so that a table
	// saving without pause cannot starve an import either.
	savesInRow int
}

// savesBeforeImport is how many saves go before a waiting import batch.
const savesBeforeImport = 8

// acquire waits for the gate until ctx ends.
func (g *writeGate) acquire(ctx context.Context, p priority) error {
	g.mu.Lock()
	if !g.held && (p == forSave || len(g.waiting[forSave]) == 0) {
		g.held = true
		g.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	g.waiting[p] = append(g.waiting[p], ch)
	g.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for i, w := range g.waiting[p] {
		if w == ch {
			g.waiting[p] = append(g.waiting[p][:i], g.waiting[p][i+1:]...)
			return ctx.Err()
		}
	}
	// Handed the gate just as ctx ended: pass it on.
	g.releaseLocked()
	return ctx.Err()
}

// release hands the gate to the oldest save waiting, else (or after
// savesBeforeImport saves in a row) the oldest import.
func (g *writeGate) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.releaseLocked()
}

func (g *writeGate) releaseLocked() {
	next := forSave
	switch {
	case len(g.waiting[forImport]) == 0:
		g.savesInRow = 0
	case len(g.waiting[forSave]) == 0 || g.savesInRow >= savesBeforeImport:
		next = forImport
	}
	q := g.waiting[next]
	if len(q) == 0 {
		g.held = false
		return
	}
	if next == forImport {
		g.savesInRow = 0
	} else {
		g.savesInRow++
	}
	g.waiting[next] = q[1:]
	close(q[0]) // held stays true: the gate passes to it
}

// begin starts a write transaction once it is this write's turn (at most
// the store's write wait, else ErrBusy). end rolls back what was not
// committed and lets the next writer in; the caller defers it.
func (s *Store) begin(ctx context.Context, p priority) (_ *sql.Tx, end func(), err error) {
	wait, cancel := context.WithTimeout(ctx, s.writeWait)
	defer cancel()
	if err := s.gate.acquire(wait, p); err != nil {
		if ctx.Err() != nil {
			return nil, nil, err // the caller gave up, not the store
		}
		return nil, nil, fmt.Errorf("%w (waited %v)", ErrBusy, s.writeWait)
	}
	if err := s.guardWrite(ctx); err != nil {
		s.gate.release()
		return nil, nil, err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		s.gate.release()
		return nil, nil, err
	}
	return tx, func() {
		tx.Rollback()
		s.gate.release()
	}, nil
}
