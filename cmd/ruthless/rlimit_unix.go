//go:build unix

package main

import "syscall"

// raiseOpenFiles raises the soft limit on open files to the hard limit and
// returns the limit now in force. Every event stream holds a descriptor,
// and the soft limit is often 1,024 where the hard one is far higher: at
// the soft limit the server could accept no more connections at all, not
// even a page's. (Go's runtime does the same at start on most systems
// since Go 1.19; doing it here makes it hold on every unix, and gives the
// figure for the log.)
func raiseOpenFiles() (uint64, error) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, err
	}
	if r.Cur < r.Max {
		r.Cur = r.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
			return 0, err
		}
	}
	return uint64(r.Cur), nil
}
