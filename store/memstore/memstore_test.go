package memstore_test

import (
	"context"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/store/memstore"
	"ruthless/store/storetest"
)

// The browser's store is a store the handlers take.
var _ handlers.Store = (*memstore.Store)(nil)

// TestConformance holds the browser's store to the promises of every
// store behind the handlers (store/storetest), as the SQLite store is.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T, now func() time.Time) handlers.Store {
		return open(t, memstore.NewMemoryPersister(), now)
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
