//go:build unix

package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
)

// keepOwner gives the restored file at tmp the owner, group and mode of
// the database it replaces at dbPath, or when there is none, the owner
// and group of its folder: a restore run as root must not leave a
// root-owned file the service's user cannot open. Where the owner cannot
// be given (not root, and not that user), it refuses, saying whose file
// it would leave behind.
func keepOwner(tmp, dbPath string) error {
	info, err := os.Stat(dbPath)
	mode := fs.FileMode(0o640)
	if err == nil {
		mode = info.Mode().Perm()
	} else if errors.Is(err, fs.ErrNotExist) {
		info, err = os.Stat(filepath.Dir(dbPath))
	}
	if err != nil {
		return err
	}
	if err := os.Chmod(tmp, mode); err != nil {
		return err
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	uid, gid := int(st.Uid), int(st.Gid)
	if uid == os.Geteuid() && gid == os.Getegid() {
		return nil
	}
	if err := os.Lchown(tmp, uid, gid); err != nil {
		return fmt.Errorf("the database belongs to %s, and restore, run as %s, cannot give it the restored file (%v), which would then be left to %s; run restore as %s or as root",
			userName(uid), userName(os.Geteuid()), err, userName(os.Geteuid()), userName(uid))
	}
	return nil
}

func userName(uid int) string {
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil {
		return u.Username
	}
	return "uid " + strconv.Itoa(uid)
}

// lockOwnerLikeDatabase gives the database's lock file the owner and
// group of the database file. A restore run as root on a host with no
// lock file yet (a fresh one, or after it was deleted) creates it as
// root's, and the service's user could then not lock it: the server
// would not start.
func lockOwnerLikeDatabase(dbPath string) error {
	lock := LockPath(dbPath)
	li, err := os.Stat(lock)
	if err != nil {
		return nil // none: the server creates its own
	}
	di, err := os.Stat(dbPath)
	if err != nil {
		return err
	}
	ls, ok1 := li.Sys().(*syscall.Stat_t)
	ds, ok2 := di.Sys().(*syscall.Stat_t)
	if !ok1 || !ok2 || (ls.Uid == ds.Uid && ls.Gid == ds.Gid) {
		return nil
	}
	if err := os.Chown(lock, int(ds.Uid), int(ds.Gid)); err != nil {
		return fmt.Errorf("the lock file %s belongs to %s, the database to %s, and it cannot be given to %s (%v): run chown %s:%d %s",
			lock, userName(int(ls.Uid)), userName(int(ds.Uid)), userName(int(ds.Uid)), err, userName(int(ds.Uid)), ds.Gid, lock)
	}
	return nil
}
