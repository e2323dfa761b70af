//go:build !unix

package store

// keepOwner has no owners to keep here.
func keepOwner(tmp, dbPath string) error { return nil }
