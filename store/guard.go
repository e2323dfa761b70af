package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// The write guard: what a save needs, checked before it begins and again
// inside its commit, so that no save is acknowledged into a file found
// damaged, and so that /healthz (Health) and the saves judge by the same
// checks.
//
// None of it opens and closes the database's files. On Linux (POSIX),
// closing any descriptor of a file drops every lock the process holds on
// it, SQLite's included; another program using the database then takes
// itself for its last user, checkpoints and deletes the -wal file under
// the server. So the checks read through SQLite, through os.Stat and
// access(2), or through the one descriptor of the database file the
// process keeps open for as long as a store of it is open (keptFile).

// keptFile is the process's one read-only descriptor of a database file,
// shared by the stores of that file and closed only when the last of
// them closes (after their SQLite connections are closed).
type keptFile struct {
	f    *os.File
	info os.FileInfo
	refs int
}

var keptFiles struct {
	mu   sync.Mutex
	list []*keptFile
}

// keepFile is the kept descriptor of the file at path, opened if this
// process has none of it yet.
func keepFile(path string) (*keptFile, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	keptFiles.mu.Lock()
	defer keptFiles.mu.Unlock()
	for _, k := range keptFiles.list {
		if os.SameFile(k.info, info) {
			k.refs++
			return k, nil
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if info, err = f.Stat(); err != nil {
		// Never closed: another store may use this file already.
		return nil, err
	}
	k := &keptFile{f: f, info: info, refs: 1}
	keptFiles.list = append(keptFiles.list, k)
	return k, nil
}

// release lets the store's hold go; the last one closes the descriptor.
func (k *keptFile) release() {
	keptFiles.mu.Lock()
	defer keptFiles.mu.Unlock()
	if k.refs--; k.refs > 0 {
		return
	}
	for i, other := range keptFiles.list {
		if other == k {
			keptFiles.list = append(keptFiles.list[:i], keptFiles.list[i+1:]...)
			break
		}
	}
	k.f.Close()
}

// damage is the store's finding that its file is damaged: once set, it
// stays until the process ends (an admin restores a backup and restarts).
type damage struct {
	err atomic.Pointer[error]
}

func (d *damage) found() error {
	if p := d.err.Load(); p != nil {
		return *p
	}
	return nil
}

// markDamaged records that a check found the file damaged, refusing every
// write from then on.
func (s *Store) markDamaged(err error) {
	if !errors.Is(err, ErrDamaged) {
		err = fmt.Errorf("%w: %w", ErrDamaged, err)
	}
	if s.damage.err.CompareAndSwap(nil, &err) {
		s.faults.seen("integrity", "the database file is damaged: restore a backup")
	}
}

// headerProblem compares the kept file's header with its length: a file
// cut short (truncated) is shorter than the pages its header counts. It
// is only a suspicion: a checkpoint (by this or another program) writes
// the first page, with the new count, before the pages that lengthen the
// file, so a check at that moment sees a short file that is not damaged.
func headerProblem(f *os.File) error {
	var h [100]byte
	if _, err := f.ReadAt(h[:], 0); err != nil {
		if errors.Is(err, io.EOF) {
			return errors.New("its header is cut short")
		}
		return nil // cannot be read: the other checks say why
	}
	if string(h[:16]) != "SQLite format 3\x00" {
		return errors.New("it does not start as a SQLite database")
	}
	pageSize := int64(binary.BigEndian.Uint16(h[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	pages := int64(binary.BigEndian.Uint32(h[28:32]))
	if binary.BigEndian.Uint32(h[92:96]) != binary.BigEndian.Uint32(h[24:28]) {
		return nil // the count is stale (an old writer); nothing to compare
	}
	info, err := f.Stat()
	if err != nil {
		return nil
	}
	if size := info.Size(); size < pages*pageSize {
		return fmt.Errorf("it is %d bytes long, its header counts %d pages of %d", size, pages, pageSize)
	}
	return nil
}

// checkHeader runs headerProblem and, on a suspicion, lets SQLite's
// quick_check (which reads under SQLite's locks, never mid-checkpoint)
// decide. A damaged file is marked so.
func (s *Store) checkHeader(ctx context.Context) error {
	if s.file == nil || headerProblem(s.file.f) == nil {
		return nil
	}
	err := s.QuickCheck(ctx)
	if errors.Is(err, ErrDamaged) {
		return err
	}
	return nil
}

// fileChanged reports whether the database file is not the size and
// time of change the last quick_check saw. Under WAL the file changes
// only at checkpoints, so this is rare, unless something else wrote it.
func (s *Store) fileChanged() bool {
	if s.file == nil {
		return false
	}
	info, err := s.file.f.Stat()
	if err != nil {
		return false
	}
	s.integrity.mu.Lock()
	defer s.integrity.mu.Unlock()
	return info.Size() != s.integrity.size || !info.ModTime().Equal(s.integrity.mtime)
}

// guardWrite is what a write checks before it begins: the file was not
// found damaged, is not cut short, has not changed on disk since its
// last quick_check (else that runs first), can be written by this user,
// and its disk has room. It returns the refusal, nil to go on.
func (s *Store) guardWrite(ctx context.Context) error {
	if err := s.damage.found(); err != nil {
		return err
	}
	if err := s.checkHeader(ctx); err != nil {
		return err
	}
	if s.fileChanged() {
		if err := s.QuickCheck(ctx); errors.Is(err, ErrDamaged) {
			return err
		}
	}
	return s.writeBlocked()
}

// writeBlocked says what, in the file system, stops a write: a file or
// the folder that this user may not write, or a disk without
// MinFreeBytes free. It asks with access(2) and statfs(2), which open
// nothing. A fault found is recorded (faults).
func (s *Store) writeBlocked() error {
	if err := writableProblem(s.path); err != nil {
		s.faults.seen("writable", reasonOf(err))
		return err
	}
	if free, ok := freeBytes(filepath.Dir(s.path)); ok && free < MinFreeBytes {
		s.faults.seen("disk_space", "the disk holding the database is full")
		return fmt.Errorf("%w: the disk holding the database has %d KiB free, below %d MiB", ErrDiskFull, free>>10, MinFreeBytes>>20)
	}
	return nil
}

// refuseDamagedCommit is the commit hook's part of the guard: the file
// was found damaged, or (cheaply, from the header) is now. It runs
// inside SQLite's commit, so a file cut after the write began is caught.
func (s *Store) refuseDamagedCommit() bool {
	if s.damage.found() != nil {
		return true
	}
	return s.checkHeader(context.Background()) != nil
}

// faults tells when a fault of the database starts and ends, once each,
// rather than at every refused request (Options.OnFault).
type faults struct {
	mu     sync.Mutex
	kind   string // "" when there is none
	reason string
	since  time.Time
	on     func(FaultChange)
}

// FaultChange is a fault of the database starting or ending. Kind is one
// of /healthz's checks: "file", "integrity", "database", "writable",
// "disk_space"; Reason says it in plain words, naming no path.
type FaultChange struct {
	Kind, Reason string
	// Cleared is false when the fault starts, true when it has ended;
	// Lasted is then how long it lasted.
	Cleared bool
	Lasted  time.Duration
}

// seen records that kind is the fault now; it reports only a change.
func (f *faults) seen(kind, reason string) {
	f.mu.Lock()
	if f.kind == kind {
		f.mu.Unlock()
		return
	}
	f.kind, f.reason, f.since = kind, reason, time.Now()
	on := f.on
	f.mu.Unlock()
	if on != nil {
		on(FaultChange{Kind: kind, Reason: reason})
	}
}

// gone records that no fault remains.
func (f *faults) gone() {
	f.mu.Lock()
	if f.kind == "" {
		f.mu.Unlock()
		return
	}
	change := FaultChange{Kind: f.kind, Reason: f.reason, Cleared: true, Lasted: time.Since(f.since)}
	f.kind, f.reason = "", ""
	on := f.on
	f.mu.Unlock()
	if on != nil {
		on(change)
	}
}

// Faulty reports whether a fault of the database was seen and has not
// been found mended since; a server then runs Health now and then, which
// finds it mended.
func (s *Store) Faulty() bool {
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	return s.faults.kind != ""
}

// fault is the package's fault(err) for a store: it also records the
// fault found, and a damaged file for good.
func (s *Store) fault(err *error) {
	fault(err)
	if *err == nil {
		return
	}
	switch {
	case errors.Is(*err, ErrDetached) && !s.watch.detached.Load():
		// The commit hook refused the write, and not for the file
		// watch: for a file found damaged (refuseDamagedCommit).
		if d := s.damage.found(); d != nil {
			*err = fmt.Errorf("%w (the save was not written)", d)
		}
	case errors.Is(*err, ErrDamaged):
		s.markDamaged(*err)
	case errors.Is(*err, ErrDiskFull):
		s.faults.seen("disk_space", "the disk holding the database is full")
	case errors.Is(*err, ErrReadOnly):
		s.faults.seen("writable", "the database is read-only")
	}
}
