//go:build windows

package store

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// tryLock takes an exclusive lock on one byte of f without waiting.
// Windows locks are mandatory for the range they cover, so the byte is
// far beyond the pid and address written at the start, which the server
// that is refused must still read.
func tryLock(f *os.File) error {
	ol := &windows.Overlapped{OffsetHigh: 0x40000000}
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
		return errHeld
	}
	return err
}

// lockSameFile locks nothing on Windows: its locks are mandatory and
// would stop SQLite reading the file. A file with another name there is
// rare (hard links need an administrator's mklink /h).
func lockSameFile(string) (*os.File, error) { return nil, nil }
