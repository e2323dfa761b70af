// Package memstore is the store of the offline build: every game in
// memory, as the browser on a phone holds a few hundred of them, written
// through a Persister (IndexedDB in the browser, see package idb) before
// any call that changes a game returns. It keeps the promises of the
// SQLite store (package store) to the handlers, and the conformance suite
// (package storetest) runs against both.
//
// Each game is one record: the persister stores its JSON under the key
// "game/" followed by the game's id. A write builds the game's next
// record, has the persister store it, and only then puts it in memory, so
// a save the browser refused is never acknowledged nor seen.
package memstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"ruthless/store"
)

// KeyValue is one key and its value as a Persister keeps them. In a
// Write, a nil Value deletes the key.
type KeyValue struct {
	Key   string
	Value []byte
}

// Persister keeps the store's records where they outlast the page: the
// browser's IndexedDB, or memory for tests.
type Persister interface {
	// Load returns every record stored.
	Load(ctx context.Context) ([]KeyValue, error)
	// Write stores the records (deleting those whose Value is nil), all
	// or none, and returns once they are kept.
	Write(ctx context.Context, recs []KeyValue) error
}

// Options are settings of NewWith beyond New's.
type Options struct {
	// Now is the store's clock; nil means time.Now. Tests give a clock
	// they move by hand.
	Now func() time.Time
}

// Store holds every game in memory, writing each change through its
// Persister. It is safe for concurrent use.
type Store struct {
	p   Persister
	now func() time.Time
	// writing takes the writes in turn, each held while its records are
	// being persisted; mu guards games and prints, which a write replaces
	// only once the persister has kept them, so reads go on meanwhile.
	writing sync.Mutex
	mu      sync.RWMutex
	games   map[string]*gameRec
	// prints are the games' fingerprints (store.Fingerprint of the file),
	// worked out when an import first needs them rather than at load, so
	// that a phone's start does not pay for them; only writes, in their
	// turn, touch them.
	prints map[string]string
	// sums are the history pages' summaries (summaries.go), in memory
	// only; sumMu guards them.
	sumMu  sync.Mutex
	sums   map[string]summaryOf
	closed bool
}

// keyPrefix starts the key of every game record.
const keyPrefix = "game/"

// New loads every game the persister holds.
func New(ctx context.Context, p Persister) (*Store, error) {
	return NewWith(ctx, p, Options{})
}

// NewWith is New with options.
func NewWith(ctx context.Context, p Persister, opt Options) (*Store, error) {
	s := &Store{p: p, now: opt.Now, games: map[string]*gameRec{}, prints: map[string]string{}, sums: map[string]summaryOf{}}
	if s.now == nil {
		s.now = time.Now
	}
	recs, err := p.Load(ctx)
	if err != nil {
		return nil, fmt.Errorf("memstore: load: %w", err)
	}
	for _, rec := range recs {
		id, ok := strings.CutPrefix(rec.Key, keyPrefix)
		if !ok {
			continue // not ours: left as it is
		}
		g, err := decode(rec.Value)
		if err != nil {
			return nil, fmt.Errorf("memstore: load game %s: %w", id, err)
		}
		if g.ID != id {
			return nil, fmt.Errorf("memstore: load: record %q holds game %q", rec.Key, g.ID)
		}
		s.install(g)
	}
	return s, nil
}

// Close stops the store, and closes its persister when it can be closed.
func (s *Store) Close() error {
	s.writing.Lock()
	defer s.writing.Unlock()
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	if c, ok := s.p.(io.Closer); ok {
		if err := c.Close(); err != nil {
			return fmt.Errorf("memstore: close: %w", err)
		}
	}
	return nil
}

// ErrClosed is returned by every call on a closed store.
var ErrClosed = errors.New("memstore: store is closed")

// Ping reports whether the store still answers.
func (s *Store) Ping(ctx context.Context) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	return ctx.Err()
}

// install puts a decoded record in memory; its fingerprint is worked out
// again when needed (print).
func (s *Store) install(g *gameRec) {
	s.games[g.ID] = g
	delete(s.prints, g.ID)
}

// print is game g's fingerprint. The caller holds the write turn.
func (s *Store) print(g *gameRec) string {
	fp, ok := s.prints[g.ID]
	if !ok {
		var err error
		if fp, err = store.Fingerprint(g.view().File); err != nil {
			fp = "unreadable" // never equal to a hash, so never taken for an import
		}
		s.prints[g.ID] = fp
	}
	return fp
}

// begin starts a write: it takes the write turn and returns the function
// that ends it. A closed store or a done context is an error.
func (s *Store) begin(ctx context.Context) (func(), error) {
	s.writing.Lock()
	if err := ctx.Err(); err != nil {
		s.writing.Unlock()
		return nil, err
	}
	if s.closed {
		s.writing.Unlock()
		return nil, ErrClosed
	}
	return s.writing.Unlock, nil
}

// commit persists the changed games' records and the removal of the
// games gone, all or none, and then puts them in memory. The caller
// holds the write turn. A persister's failure is wrapped in store.ErrIO
// (unless it says it is a full disk or a read-only store already), so
// the handlers answer 503 as for a failing database file.
func (s *Store) commit(ctx context.Context, changed []*gameRec, gone []string) error {
	batch := make([]KeyValue, 0, len(changed)+len(gone))
	for _, g := range changed {
		b, err := json.Marshal(g)
		if err != nil {
			return fmt.Errorf("game %s: %w", g.ID, err)
		}
		batch = append(batch, KeyValue{Key: keyPrefix + g.ID, Value: b})
	}
	for _, id := range gone {
		batch = append(batch, KeyValue{Key: keyPrefix + id})
	}
	if len(batch) == 0 {
		return nil
	}
	// Once started, the write is waited for even if the caller goes away:
	// storage that kept it while memory did not would be lost by the
	// game's next write, which is built from memory.
	if err := s.p.Write(context.WithoutCancel(ctx), batch); err != nil {
		if errors.Is(err, store.ErrDiskFull) || errors.Is(err, store.ErrReadOnly) || errors.Is(err, store.ErrIO) {
			return err
		}
		return fmt.Errorf("%w: %w", store.ErrIO, err)
	}
	// What goes in memory is decoded from what was persisted, so that it
	// shares nothing with the caller's values and is what a reload finds.
	fresh := make([]*gameRec, len(changed))
	for i := range changed {
		g, err := decode(batch[i].Value)
		if err != nil {
			return fmt.Errorf("game %s: %w", changed[i].ID, err)
		}
		fresh[i] = g
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range fresh {
		s.install(g)
	}
	for _, id := range gone {
		delete(s.games, id)
		delete(s.prints, id)
	}
	return nil
}

// editable is a deep copy of game id's record for a write to change,
// nil when there is no such game (in the trash or not).
func (s *Store) editable(id string) (*gameRec, error) {
	s.mu.RLock()
	g := s.games[id]
	s.mu.RUnlock()
	if g == nil {
		return nil, nil
	}
	return g.clone()
}

// live is editable for a write that only a live game takes: ErrNotFound
// for no game, and with ErrInTrash for one in the trash.
func (s *Store) live(id string) (*gameRec, error) {
	g, err := s.editable(id)
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, store.ErrNotFound
	}
	if g.Deleted != 0 {
		return nil, fmt.Errorf("%w: %w", store.ErrInTrash, store.ErrNotFound)
	}
	return g, nil
}

// snapshot is every game record in memory, in the order by(a, b) puts
// them (a before b when by says true). The records must not be changed.
func (s *Store) snapshot(keep func(*gameRec) bool, by func(a, b *gameRec) bool) []*gameRec {
	s.mu.RLock()
	out := make([]*gameRec, 0, len(s.games))
	for _, g := range s.games {
		if keep(g) {
			out = append(out, g)
		}
	}
	s.mu.RUnlock()
	if by != nil {
		sort.Slice(out, func(i, j int) bool { return by(out[i], out[j]) })
	}
	return out
}

// isLive keeps the games not in the trash.
func isLive(g *gameRec) bool { return g.Deleted == 0 }

// newestFirst orders games as the list of games does: most recently
// updated first, ties by the greater id first.
func newestFirst(a, b *gameRec) bool {
	if a.Updated != b.Updated {
		return a.Updated > b.Updated
	}
	return a.ID > b.ID
}

// MemoryPersister keeps records in memory: for tests, and for a native
// program that wants the store without a disk. It is safe for concurrent
// use; a store made anew from it finds what the last one wrote.
type MemoryPersister struct {
	mu   sync.Mutex
	recs map[string][]byte
	fail error
}

// NewMemoryPersister returns an empty MemoryPersister.
func NewMemoryPersister() *MemoryPersister {
	return &MemoryPersister{recs: map[string][]byte{}}
}

// Load returns a copy of every record, ordered by key.
func (m *MemoryPersister) Load(ctx context.Context) ([]KeyValue, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]KeyValue, 0, len(m.recs))
	for k, v := range m.recs {
		out = append(out, KeyValue{Key: k, Value: append([]byte(nil), v...)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, ctx.Err()
}

// Write stores the records, or, while FailWrites has set an error,
// stores nothing and returns it.
func (m *MemoryPersister) Write(ctx context.Context, recs []KeyValue) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return m.fail
	}
	for _, r := range recs {
		if r.Value == nil {
			delete(m.recs, r.Key)
			continue
		}
		m.recs[r.Key] = append([]byte(nil), r.Value...)
	}
	return nil
}

// FailWrites makes every Write fail with err from now on, as a browser
// out of quota does; nil makes them work again.
func (m *MemoryPersister) FailWrites(err error) {
	m.mu.Lock()
	m.fail = err
	m.mu.Unlock()
}

// Len is how many records are stored.
func (m *MemoryPersister) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.recs)
}
