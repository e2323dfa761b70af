//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package store

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// tryLock takes an exclusive flock on f, waiting at most heldGrace for
// it. A flock belongs to the open file, so even a second Acquire in the
// same process is refused. The short wait is for a lock just released
// in this same process: while another goroutine starts a child process,
// the child holds a copy of every descriptor until its exec closes them,
// so a lock closed meanwhile stays taken for that moment (seen in tests
// that run commands in-process beside tests that start the binary). A
// real holder, a server, keeps the lock far longer than the wait.
func tryLock(f *os.File) error {
	deadline := time.Now().Add(heldGrace)
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.EWOULDBLOCK):
			if time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
				continue
			}
			return errHeld
		}
		return err
	}
}

// heldGrace is how long tryLock waits for a lock that is taken.
const heldGrace = time.Second

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
