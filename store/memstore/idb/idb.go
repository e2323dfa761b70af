//go:build js && wasm

// Package idb is the browser's Persister for the offline build's store
// (package memstore): its records in an IndexedDB database, which the
// browser keeps across restarts (and, once navigator.storage.persist()
// is granted, under storage pressure too).
//
// IndexedDB answers through events on the JavaScript event loop. Each
// call here starts a request and waits on a channel that the request's
// event handlers fill, so it must be called from a goroutine other than
// the one running a JavaScript callback (a js.FuncOf function must
// return before the event loop can deliver anything): the offline app
// serves each request in a goroutine of its own.
package idb

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"

	"ruthless/store"
	"ruthless/store/memstore"
)

// objectStore is the one object store of the database: keys are the
// records' keys, values their JSON as strings.
const objectStore = "records"

// schemaVersion is the IndexedDB version of the database's layout.
const schemaVersion = 1

// DB is an open IndexedDB database holding a memstore's records.
type DB struct {
	db js.Value
}

// Open opens (creating if needed) the IndexedDB database called name.
func Open(ctx context.Context, name string) (memstore.Persister, error) {
	factory := js.Global().Get("indexedDB")
	if factory.IsUndefined() || factory.IsNull() {
		return nil, errors.New("idb: this browser has no IndexedDB (a private window may turn it off)")
	}
	req := factory.Call("open", name, schemaVersion)
	upgrade := js.FuncOf(func(this js.Value, args []js.Value) any {
		db := req.Get("result")
		if !db.Get("objectStoreNames").Call("contains", objectStore).Bool() {
			db.Call("createObjectStore", objectStore)
		}
		return nil
	})
	defer upgrade.Release()
	req.Set("onupgradeneeded", upgrade)
	if _, err := await(ctx, req, "success", "error", "blocked"); err != nil {
		return nil, fmt.Errorf("idb: open %s: %w", name, err)
	}
	req.Set("onupgradeneeded", js.Null())
	return &DB{db: req.Get("result")}, nil
}

// Load returns every record, in key order.
func (d *DB) Load(ctx context.Context) ([]memstore.KeyValue, error) {
	tx := d.db.Call("transaction", objectStore, "readonly")
	st := tx.Call("objectStore", objectStore)
	// Both lists come in key order from one transaction, so they pair up.
	keysReq := st.Call("getAllKeys")
	valuesReq := st.Call("getAll")
	if _, err := await(ctx, tx, "complete", "error", "abort"); err != nil {
		return nil, fmt.Errorf("idb: load: %w", txError(tx, err))
	}
	keys, values := keysReq.Get("result"), valuesReq.Get("result")
	n := keys.Length()
	if values.Length() != n {
		return nil, fmt.Errorf("idb: load: %d keys for %d values", n, values.Length())
	}
	out := make([]memstore.KeyValue, 0, n)
	for i := 0; i < n; i++ {
		k, v := keys.Index(i), values.Index(i)
		if k.Type() != js.TypeString || v.Type() != js.TypeString {
			continue // not a record of ours
		}
		out = append(out, memstore.KeyValue{Key: k.String(), Value: []byte(v.String())})
	}
	return out, nil
}

// Write stores the records in one transaction, all or none, and returns
// once the browser says the transaction is complete. It asks for strict
// durability (flushed to disk before "complete"), where the browser
// supports the choice: a save acknowledged to the table must survive the
// phone's battery running out.
func (d *DB) Write(ctx context.Context, recs []memstore.KeyValue) error {
	opts := js.Global().Get("Object").New()
	opts.Set("durability", "strict")
	tx := d.db.Call("transaction", objectStore, "readwrite", opts)
	st := tx.Call("objectStore", objectStore)
	for _, r := range recs {
		if r.Value == nil {
			st.Call("delete", r.Key)
			continue
		}
		st.Call("put", string(r.Value), r.Key)
	}
	if _, err := await(ctx, tx, "complete", "error", "abort"); err != nil {
		return fmt.Errorf("idb: write: %w", txError(tx, err))
	}
	return nil
}

// Close closes the database.
func (d *DB) Close() error {
	d.db.Call("close")
	return nil
}

// domError is an error event's DOMException: its name says what kind.
type domError struct{ name, message string }

func (e *domError) Error() string { return e.name + ": " + e.message }

// txError is the transaction's own error when it has one (an abort's
// event carries none), as a full disk (store.ErrDiskFull) when the
// browser says its quota is exceeded.
func txError(tx js.Value, err error) error {
	if e := tx.Get("error"); !e.IsUndefined() && !e.IsNull() {
		err = &domError{name: e.Get("name").String(), message: e.Get("message").String()}
	}
	var de *domError
	if errors.As(err, &de) && de.name == "QuotaExceededError" {
		return fmt.Errorf("%w: %w", store.ErrDiskFull, err)
	}
	return err
}

// await waits for target (a request or a transaction) to fire ok, or one
// of fail, or for ctx to end, and returns the request's result on ok.
// The listeners only send on a buffered channel, so the event loop is
// never held up.
func await(ctx context.Context, target js.Value, ok string, fail ...string) (js.Value, error) {
	type outcome struct {
		err error
	}
	ch := make(chan outcome, 1)
	send := func(o outcome) {
		select {
		case ch <- o:
		default:
		}
	}
	listeners := map[string]js.Func{}
	listeners[ok] = js.FuncOf(func(js.Value, []js.Value) any {
		send(outcome{})
		return nil
	})
	for _, name := range fail {
		listeners[name] = js.FuncOf(func(this js.Value, args []js.Value) any {
			err := error(&domError{name: name, message: "IndexedDB said " + name})
			// Only a request that is done may be asked for its error: a
			// blocked one would throw.
			if name != "blocked" {
				if e := target.Get("error"); !e.IsUndefined() && !e.IsNull() {
					err = &domError{name: e.Get("name").String(), message: e.Get("message").String()}
				}
			}
			send(outcome{err: err})
			return nil
		})
	}
	for name, fn := range listeners {
		target.Call("addEventListener", name, fn)
	}
	defer func() {
		for name, fn := range listeners {
			target.Call("removeEventListener", name, fn)
			fn.Release()
		}
	}()
	select {
	case o := <-ch:
		if o.err != nil {
			return js.Undefined(), o.err
		}
		if target.Get("result").IsUndefined() {
			return js.Undefined(), nil
		}
		return target.Get("result"), nil
	case <-ctx.Done():
		return js.Undefined(), ctx.Err()
	}
}
