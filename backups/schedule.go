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

// Scheduler takes a backup when it starts and then every day, keeping
// the newest Keep, and retries a failed one later. A failure is logged
// and never ends it: only its context does.
type Scheduler struct {
	dir   Dir
	keep  int
	copy  CopyFunc
	clock Clock
	log   *slog.Logger
}

// NewScheduler takes backups of the database through copy into dir,
// keeping the newest keep (at least 1).
func NewScheduler(dir Dir, keep int, copy CopyFunc, clock Clock, log *slog.Logger) *Scheduler {
	return &Scheduler{dir: dir, keep: max(keep, 1), copy: copy, clock: clock, log: log}
}

// Run takes a backup now and then whenever one is due, until ctx ends.
func (s *Scheduler) Run(ctx context.Context) {
	s.dir.RemovePartial()
	failures := 0
	for {
		if ctx.Err() != nil {
			return
		}
		var wait time.Duration
		if s.takeOne(ctx) {
			failures, wait = 0, Every
		} else {
			failures++
			wait = retryAfter(failures)
			if ctx.Err() == nil {
				s.log.Info("backup will be retried", "in", wait)
			}
		}
		if !s.sleepUntil(ctx, s.clock.Now().Add(wait)) {
			return
		}
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

// takeOne takes a backup and rotates, logging either way; it reports
// whether the backup was made.
func (s *Scheduler) takeOne(ctx context.Context) bool {
	start := s.clock.Now()
	path, err := s.dir.Take(ctx, s.dir.Name(start), s.copy)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("backup failed", "dir", s.dir.Path, "err", err)
		}
		return false
	}
	attrs := []any{"file", path}
	if info, err := os.Stat(path); err == nil {
		attrs = append(attrs, "bytes", info.Size())
	}
	s.log.Info("backup made", attrs...)
	deleted, err := s.dir.Rotate(s.keep)
	if len(deleted) > 0 {
		s.log.Info("old backups deleted", "keep", s.keep, "deleted", deleted)
	}
	if err != nil {
		s.log.Warn("old backups not deleted", "err", err)
	}
	return true
}
