//go:build !unix

package main

import "errors"

// raiseOpenFiles has nothing to raise where there is no RLIMIT_NOFILE.
func raiseOpenFiles() (uint64, error) { return 0, errors.New("no limit on open files to raise here") }
