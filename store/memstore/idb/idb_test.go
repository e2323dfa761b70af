//go:build js && wasm

package idb_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"syscall/js"
	"testing"
	"time"

	"ruthless/store/memstore"
	"ruthless/store/memstore/idb"
	"ruthless/store/storetest"
)

// databases numbers the IndexedDB databases, one per case.
var databases atomic.Int64

// TestConformance runs the store conformance suite on memstore over
// IndexedDB: once on one store, once on a store reopened from the
// database before every call. Node has no IndexedDB, so under make
// test-wasm it is skipped; the browser test e2e/TestIndexedDBStore runs
// it in Chromium.
func TestConformance(t *testing.T) {
	if v := js.Global().Get("indexedDB"); v.IsUndefined() || v.IsNull() {
		t.Skip("no IndexedDB here (Node); e2e's TestIndexedDBStore runs this in Chromium")
	}
	ctx := context.Background()
	open := func(name string, now func() time.Time) (storetest.Store, func() error, error) {
		p, err := idb.Open(ctx, name)
		if err != nil {
			return nil, nil, err
		}
		s, err := memstore.NewWith(ctx, p, memstore.Options{Now: now})
		if err != nil {
			return nil, nil, err
		}
		return s, s.Close, nil
	}
	t.Run("one store", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store {
			s, closeStore, err := open(fmt.Sprintf("storetest-%d", databases.Add(1)), now)
			if err != nil {
				t.Fatalf("opening the store: %v", err)
			}
			t.Cleanup(func() {
				if err := closeStore(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			return s
		})
	})
	t.Run("reloaded", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store {
			name := fmt.Sprintf("storetest-%d", databases.Add(1))
			return storetest.Reloaded(t, func() (storetest.Store, func() error, error) { return open(name, now) })
		})
	})
}
