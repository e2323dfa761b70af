package store_test

import (
	"path/filepath"
	"testing"
	"time"

	"ruthless/store"
	"ruthless/store/storetest"
)

// TestConformance holds the SQLite store to the promises every store
// behind the handlers keeps (store/storetest), as the browser's store is.
func TestConformance(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store {
		path := filepath.Join(t.TempDir(), "test.db")
		s, err := store.OpenWith(path, store.Options{Now: now})
		if err != nil {
			t.Fatalf("OpenWith(%q): %v", path, err)
		}
		t.Cleanup(func() {
			if err := s.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
		return s
	})
}
