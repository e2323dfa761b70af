//go:build !unix

package store

// freeBytes cannot be known here; the disk check is skipped.
func freeBytes(string) (uint64, bool) { return 0, false }
