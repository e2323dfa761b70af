package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// TestWriteGateOrder: with the gate held, waiting saves are let in
// before a waiting import, but after savesBeforeImport saves in a row
// the import has its turn, so neither starves.
func TestWriteGateOrder(t *testing.T) {
	t.Parallel()
	var g writeGate
	ctx := context.Background()
	if err := g.acquire(ctx, forSave); err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 20)
	wait := func(p priority, name string) {
		go func() {
			if err := g.acquire(ctx, p); err != nil {
				order <- "error " + name
				return
			}
			order <- name
			g.release()
		}()
	}
	// The import comes first, then ten saves: each waits in its queue.
	wait(forImport, "import")
	for g.queued(forImport) != 1 {
		time.Sleep(time.Millisecond)
	}
	for i := range 10 {
		wait(forSave, "save")
		for g.queued(forSave) != i+1 {
			time.Sleep(time.Millisecond)
		}
	}
	g.release()
	var got []string
	for range 11 {
		got = append(got, <-order)
	}
	want := []string{"save", "save", "save", "save", "save", "save", "save", "save", "import", "save", "save"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
}

// TestWriteWaitIsErrBusy: a write that cannot have its turn within the
// store's write wait fails with ErrBusy (which the server answers with
// 503), writing nothing.
func TestWriteWaitIsErrBusy(t *testing.T) {
	t.Parallel()
	s, err := OpenWith(filepath.Join(t.TempDir(), "t.db"), Options{WriteWait: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if err := s.gate.acquire(ctx, forImport); err != nil { // an import holding its turn
		t.Fatal(err)
	}
	_, err = s.CreateGame(ctx, newSetup("Ann", "Bob"))
	if !errors.Is(err, ErrBusy) {
		t.Errorf("CreateGame behind a held gate: %v, want ErrBusy", err)
	}
	s.gate.release()
	if _, err := s.CreateGame(ctx, newSetup("Ann", "Bob")); err != nil {
		t.Errorf("CreateGame once the gate is free: %v", err)
	}
	if games, _ := s.Games(ctx); len(games) != 1 {
		t.Errorf("%d games stored, want 1", len(games))
	}
}

// queued is how many writers of priority p wait (for tests).
func (g *writeGate) queued(p priority) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.waiting[p])
}
