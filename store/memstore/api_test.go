package memstore_test

import (
	"ruthless/handlers"
	"ruthless/store/memstore"
)

// The browser's store is a store the handlers take.
var _ handlers.Store = (*memstore.Store)(nil)
