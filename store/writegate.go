package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"math/rand/v2"
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
	conn, tx, err := s.takeWriteLock(ctx, wait)
	if err != nil {
		s.gate.release()
		return nil, nil, err
	}
	return tx, func() {
		tx.Rollback()
		conn.Close()
		s.gate.release()
	}, nil
}

// write runs fn in a write transaction of its own, a save's turn, and
// commits what it did: the way for a small write that is not part of a
// read-check-write.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return err
	}
	defer end()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// Polling for SQLite's write lock, when another program holds it: every
// lockPollMin to lockPollMax, at random.
const (
	lockPollMin = 200 * time.Microsecond
	lockPollMax = 2 * time.Millisecond
)

// takeWriteLock begins the write transaction (BEGIN IMMEDIATE, from the
// DSN's _txlock) on a connection of its own, asking SQLite for the write
// lock itself until wait ends. The gate has already ordered this
// program's writers, so the lock can only be held by another program:
// ruthless import beside a live server, or the server beside it. SQLite
// lets no one have its lock in turn, and its own busy handler, once it
// has waited a third of a second, asks only every 100 ms; a server whose
// table saves without pause takes the lock again within microseconds of
// each commit, and an import asking that seldom lost to it for the whole
// 5 s busy timeout (TestImportBesideABusyServer). Asking every
// millisecond or so finds one of the many gaps. The connection's busy
// timeout is off while it asks and back on before it goes back to the
// pool, for the readers that share it.
func (s *Store) takeWriteLock(ctx, wait context.Context) (*sql.Conn, *sql.Tx, error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA busy_timeout = 0"); err != nil {
		giveBack(conn)
		return nil, nil, err
	}
	for {
		tx, err := conn.BeginTx(ctx, nil)
		if err == nil {
			// Inside the transaction, so that the connection goes back to
			// the pool as it came, whatever the caller does next.
			if _, err := tx.ExecContext(ctx, busyTimeoutOn); err != nil {
				tx.Rollback()
				giveBack(conn)
				return nil, nil, err
			}
			return conn, tx, nil
		}
		if !errors.Is(sqliteFault(err), ErrBusy) {
			giveBack(conn)
			return nil, nil, err
		}
		select {
		case <-time.After(lockPollMin + rand.N(lockPollMax-lockPollMin)):
			continue
		case <-wait.Done():
		}
		giveBack(conn)
		if ctx.Err() != nil {
			return nil, nil, ctx.Err() // the caller gave up, not the store
		}
		return nil, nil, err // SQLite's busy error, which the store's fault handling makes ErrBusy
	}
}

// giveBack returns a connection whose busy timeout takeWriteLock turned
// off to the pool with it on again, or, should that fail, closes it for
// good: a reader on it would fail at once where it should wait.
func giveBack(conn *sql.Conn) {
	if _, err := conn.ExecContext(context.Background(), busyTimeoutOn); err != nil {
		conn.Raw(func(any) error { return driver.ErrBadConn })
	}
	conn.Close()
}
