//go:build unix

package store

import "golang.org/x/sys/unix"

// freeBytes is the space free for this user on the file system holding
// dir; false when it cannot be known.
func freeBytes(dir string) (uint64, bool) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return st.Bavail * uint64(st.Bsize), true
}
