package memstore_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/store/memstore"
	"ruthless/store/storetest"
)

// The browser's store is a store the conformance suite takes.
var _ storetest.Store = (*memstore.Store)(nil)

// TestConformance holds the browser's store to the promises of every
// store behind the app (store/storetest), as the SQLite store is.
func TestConformance(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store {
		return open(t, memstore.NewMemoryPersister(), now)
	})
}

// TestConformanceReloaded runs the conformance suite once more on a
// store loaded afresh from its persister before every call.
func TestConformanceReloaded(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store {
		p := memstore.NewMemoryPersister()
		return storetest.Reloaded(t, func() (storetest.Store, func() error, error) {
			s, err := memstore.NewWith(context.Background(), p, memstore.Options{Now: now})
			if err != nil {
				return nil, nil, err
			}
			return s, s.Close, nil
		})
	})
}

// open makes a store on p, closed when the test ends.
func open(t *testing.T, p memstore.Persister, now func() time.Time) *memstore.Store {
	t.Helper()
	s, err := memstore.NewWith(context.Background(), p, memstore.Options{Now: now})
	if err != nil {
		t.Fatalf("memstore.NewWith: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// TestWriteRefused: a write the persister refuses (the browser out of
// quota, its storage gone) is not acknowledged and leaves nothing in
// memory, and says which fault it was, so that the handlers answer 503
// rather than 500, and the same save then works once the persister does.
func TestWriteRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		fault error
		want  error
	}{
		{"quota", fmt.Errorf("idb: write: %w: QuotaExceededError", store.ErrDiskFull), store.ErrDiskFull},
		{"anything else", errors.New("idb: write: UnknownError"), store.ErrIO},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := memstore.NewMemoryPersister()
			s := open(t, p, nil)
			id, _, err := s.CreateGameOnce(ctx, scoring.Game{Version: 1, Players: []string{"Ann", "Bob"}, Achievements: scoring.DefaultAchievements()}, "")
			if err != nil {
				t.Fatalf("CreateGameOnce: %v", err)
			}
			p.FailWrites(tc.fault)
			e := scoring.Entry{Pool: []scoring.Card{}, Coins: 1}
			if _, err := s.SaveEntry(ctx, store.EntryWrite{Game: id, Round: 1, Entry: e}); !errors.Is(err, tc.want) {
				t.Errorf("SaveEntry: %v, want %v", err, tc.want)
			}
			if _, created, err := s.CreateGameOnce(ctx, scoring.Game{Version: 1, Players: []string{"Cy", "Di"}}, "tok"); !errors.Is(err, tc.want) || created {
				t.Errorf("CreateGameOnce: %v, %v; want %v", created, err, tc.want)
			}
			if g, err := s.Game(ctx, id); err != nil || len(g.File.Rounds) != 0 {
				t.Errorf("after a refused save the game has %d rounds, %v; want none", len(g.File.Rounds), err)
			}
			if v, _ := s.GameVersions(ctx); len(v) != 1 {
				t.Errorf("after a refused new game the store lists %d games, want 1", len(v))
			}
			p.FailWrites(nil)
			if w, err := s.SaveEntry(ctx, store.EntryWrite{Game: id, Round: 1, Entry: e}); err != nil || w.After.EntryVersions[0][0] != 1 {
				t.Errorf("the same save once the persister works: %+v, %v; want version 1", w.After.EntryVersions, err)
			}
		})
	}
}

// TestLoad: what New makes of the records it finds.
func TestLoad(t *testing.T) {
	t.Parallel()
	good := func(t *testing.T) (memstore.KeyValue, string) {
		p := memstore.NewMemoryPersister()
		s := open(t, p, nil)
		id, _, err := s.CreateGameOnce(context.Background(), scoring.Game{Version: 1, Players: []string{"Ann", "Bob"}}, "")
		if err != nil {
			t.Fatalf("CreateGameOnce: %v", err)
		}
		recs, _ := p.Load(context.Background())
		return recs[0], id
	}
	tests := []struct {
		name    string
		edit    func(r memstore.KeyValue, id string) memstore.KeyValue
		wantErr string
		games   int
	}{
		{"a game", func(r memstore.KeyValue, _ string) memstore.KeyValue { return r }, "", 1},
		{"another program's key", func(r memstore.KeyValue, _ string) memstore.KeyValue {
			return memstore.KeyValue{Key: "settings", Value: []byte("{}")}
		}, "", 0},
		{"not JSON", func(r memstore.KeyValue, _ string) memstore.KeyValue { r.Value = []byte("{"); return r }, "unexpected end", 0},
		{"newer format", func(r memstore.KeyValue, _ string) memstore.KeyValue {
			r.Value = []byte(strings.Replace(string(r.Value), `"format":1`, `"format":2`, 1))
			return r
		}, "newer than this program's", 0},
		{"key of another game", func(r memstore.KeyValue, _ string) memstore.KeyValue { r.Key = "game/other"; return r }, "holds game", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := memstore.NewMemoryPersister()
			rec, id := good(t)
			if err := p.Write(context.Background(), []memstore.KeyValue{tc.edit(rec, id)}); err != nil {
				t.Fatalf("Write: %v", err)
			}
			s, err := memstore.New(context.Background(), p)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("New: %v, want an error with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			if v, _ := s.GameVersions(context.Background()); len(v) != tc.games {
				t.Errorf("%d games loaded, want %d", len(v), tc.games)
			}
		})
	}
}

// TestClosed: a closed store answers no more.
func TestClosed(t *testing.T) {
	t.Parallel()
	s, err := memstore.New(context.Background(), memstore.NewMemoryPersister())
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := s.Ping(context.Background()); !errors.Is(err, memstore.ErrClosed) {
		t.Errorf("Ping: %v, want ErrClosed", err)
	}
	if _, _, err := s.CreateGameOnce(context.Background(), scoring.Game{Version: 1, Players: []string{"A", "B"}}, ""); !errors.Is(err, memstore.ErrClosed) {
		t.Errorf("CreateGameOnce: %v, want ErrClosed", err)
	}
}
