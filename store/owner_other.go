//go:build !unix

package store

// keepOwner has no owners to keep here.
func keepOwner(tmp, dbPath string) error { return nil }

// lockOwnerLikeDatabase has no owners to match here.
func lockOwnerLikeDatabase(dbPath string) error { return nil }
