package store

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
)

// TestDamagedFileRefusesWrites: once a check finds the file damaged
// (here: cut short), every write is refused with ErrDamaged, even after
// the file is made whole again, until the store is opened anew; Health
// names the integrity check; the fault is told once.
func TestDamagedFileRefusesWrites(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	var mu sync.Mutex
	var changes []FaultChange
	s.faults.on = func(c FaultChange) {
		mu.Lock()
		changes = append(changes, c)
		mu.Unlock()
	}
	for range 40 {
		create(t, s, setup("Ann", "Bob"))
	}
	if _, err := s.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, int64(len(whole)/2)); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := s.CreateGame(ctx, setup("Cy", "Di")); !errors.Is(err, ErrDamaged) {
			t.Fatalf("write %d after the cut: %v, want ErrDamaged", i+1, err)
		}
	}
	var he *HealthError
	if err := s.Health(ctx); !errors.As(err, &he) || he.Check != "integrity" {
		t.Errorf("Health after the cut: %v, want the integrity check", err)
	}
	// Whole again, but found damaged once: still refused.
	if err := os.WriteFile(path, whole, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateGame(ctx, setup("Cy", "Di")); !errors.Is(err, ErrDamaged) {
		t.Errorf("a write after the file was mended under the store: %v, want ErrDamaged until it is opened again", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(changes) != 1 || changes[0].Kind != "integrity" || changes[0].Cleared {
		t.Errorf("faults told: %+v, want one integrity fault starting", changes)
	}
}

// TestKeptFileSharedByStores: two stores of one file in a process share
// the one descriptor kept open, and it stays open until the last closes
// (closing a descriptor of the file would drop the other store's
// SQLite locks).
func TestKeptFileSharedByStores(t *testing.T) {
	a, path := openTest(t)
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if a.file != b.file || a.file.refs != 2 {
		t.Fatalf("the two stores keep %p and %p (refs %d), want one shared descriptor", a.file, b.file, a.file.refs)
	}
	kept := a.file
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := kept.f.Stat(); err != nil || kept.refs != 1 {
		t.Errorf("after one store closed: refs %d, stat %v; want the descriptor still open", kept.refs, err)
	}
	create(t, a, setup("Ann", "Bob"))
}
