package backups

import (
	"context"
	"log/slog"
	"os"
	"time"
)

// How often backups are taken, and retried after a failure: soon after
// the first failure (a folder made a moment too late, a disk just
// cleared), then hourly so that a lasting fault does not fill the log.
const (
	Every       = 24 * time.Hour
	FirstRetry  = 10 * time.Minute
	LaterRetry  = time.Hour
	longestWait = time.Hour
)

// Clock is the time as the scheduler sees it; tests give it one they
// move by hand.
type Clock interface {
	Now() time.Time
	// After delivers on the channel once d has passed.
	After(d time.Duration) <-chan time.Time
}

// SystemClock is the real time.
type SystemClock struct{}

// Now is time.Now.
func (SystemClock) Now() time.Time { return time.Now() }

// After is time.After.
func (SystemClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// StartupKeep is how many start-up backups are kept, apart from the
// daily ones: the newest of each of the last StartupKeep hours that had a
// start (Dir.RotateStartup). A server in a restart loop thus replaces
// its own hour's copy and never touches the daily history.
const StartupKeep = 3

// Scheduler takes a start-up backup when it starts and a daily backup whenever the newest is a day old,
// keeping the daily ones for Keep days, and retries a failed one later.
// A failure is logged and never ends it, nor deletes anything: only its
// context ends it.
type Scheduler struct {
	dir   Dir
	keep  int
	copy  CopyFunc
	clock Clock
	log   *slog.Logger
}

// NewScheduler takes backups of the database through copy into dir,
// keeping the daily ones for keep days (at least 1).
func NewScheduler(dir Dir, keep int, copy CopyFunc, clock Clock, log *slog.Logger) *Scheduler {
	return &Scheduler{dir: dir, keep: max(keep, 1), copy: copy, clock: clock, log: log}
}

// Run takes the start-up backup, then each daily backup when it is due,
// until ctx ends.
func (s *Scheduler) Run(ctx context.Context) {
	s.dir.RemovePartial()
	s.takeStartup(ctx)
	failures := 0
	for {
		if ctx.Err() != nil {
			return
		}
		if due := s.dailyDue(); s.clock.Now().Before(due) {
			if !s.sleepUntil(ctx, due) {
				return
			}
			continue
		}
		if s.takeDaily(ctx) {
			failures = 0
			continue
		}
		failures++
		wait := retryAfter(failures)
		if ctx.Err() == nil {
			s.log.Info("backup will be retried", "in", wait)
		}
		if !s.sleepUntil(ctx, s.clock.Now().Add(wait)) {
			return
		}
	}
}

// dailyDue is when the next daily backup is due: a day after the newest
// one, or now when there is none (or the folder cannot be read: taking
// one says why).
func (s *Scheduler) dailyDue() time.Time {
	names, err := s.dir.Regular()
	if err != nil || len(names) == 0 {
		return time.Time{}
	}
	return s.dir.TimeOf(names[len(names)-1]).Add(Every)
}

// takeStartup takes the start-up backup, the database as it was when
// the server started, and rotates the start-up backups alone. A failure
// is logged; the daily schedule goes on regardless.
func (s *Scheduler) takeStartup(ctx context.Context) {
	now := s.clock.Now()
	if !s.take(ctx, s.dir.StartupName(now), "start-up backup") {
		return
	}
	deleted, err := s.dir.RotateStartup(StartupKeep)
	s.logRotation(deleted, err, StartupKeep)
}

// takeDaily takes a daily backup and deletes the daily ones past their
// days, logging either way; it reports whether the backup was made.
func (s *Scheduler) takeDaily(ctx context.Context) bool {
	now := s.clock.Now()
	if !s.take(ctx, s.dir.Name(now), "daily backup") {
		return false
	}
	deleted, err := s.dir.RotateByAge(now, s.keep)
	s.logRotation(deleted, err, s.keep)
	return true
}

func (s *Scheduler) logRotation(deleted []string, err error, keep int) {
	if len(deleted) > 0 {
		s.log.Info("old backups deleted", "keep", keep, "deleted", deleted)
	}
	if err != nil {
		s.log.Warn("old backups not deleted", "err", err)
	}
}

// retryAfter is the wait after the nth failure in a row.
func retryAfter(n int) time.Duration {
	if n <= 1 {
		return FirstRetry
	}
	return LaterRetry
}

// sleepUntil waits until the clock reads due, or ctx ends (false). It
// wakes at least hourly to look at the clock: a timer does not run while
// a laptop sleeps, the clock does, so a day of sleep and wake is still
// one backup a day.
func (s *Scheduler) sleepUntil(ctx context.Context, due time.Time) bool {
	for {
		left := due.Sub(s.clock.Now())
		if left <= 0 {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-s.clock.After(min(left, longestWait)):
		}
	}
}

// take writes one backup called name (or the next free name), logging
// the outcome; it reports whether it was made. Nothing is deleted on a
// failure: a broken database or a full disk must not cost the history.
func (s *Scheduler) take(ctx context.Context, name, kind string) bool {
	path, err := s.dir.Take(ctx, s.dir.free(name), s.copy)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("backup failed", "kind", kind, "dir", s.dir.Path, "err", err)
		}
		return false
	}
	attrs := []any{"kind", kind, "file", path}
	if info, err := os.Stat(path); err == nil {
		attrs = append(attrs, "bytes", info.Size())
	}
	s.log.Info("backup made", attrs...)
	return true
}
