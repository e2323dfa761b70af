//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package store

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes an exclusive flock on f without waiting. A flock belongs
// to the open file, so even a second Acquire in the same process is
// refused.
func tryLock(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.EWOULDBLOCK):
			return errHeld
		}
		return err
	}
}

// lockSameFile takes an exclusive flock on the database file itself
// (made empty if it is not there yet; SQLite takes an empty file for a
// new database). A flock belongs to the file, not the name, so a server
// on a hard link or another mount of it is refused too. flock and
// SQLite's own (POSIX) locks do not see each other on local file
// systems, so this one never gets in SQLite's way.
func lockSameFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := tryLock(f); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
