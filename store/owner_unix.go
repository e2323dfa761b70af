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
