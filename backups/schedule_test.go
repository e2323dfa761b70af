package backups

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// handClock is a clock the test moves. Each After the scheduler calls
// is handed to the test, which moves the time by that much and lets it
// go; so once the test has received a wait, the scheduler has done all
// that was due before it.
type handClock struct {
	mu    sync.Mutex
	now   time.Time
	waits chan handWait
	held  *handWait // received by the test, not let go yet
}

type handWait struct {
	d  time.Duration
	ch chan time.Time
}

func newHandClock(start time.Time) *handClock {
	return &handClock{now: start, waits: make(chan handWait, 1)}
}

func (c *handClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *handClock) After(d time.Duration) <-chan time.Time {
	w := handWait{d: d, ch: make(chan time.Time, 1)}
	c.waits <- w
	return w.ch
}

// settle waits until the scheduler waits, and returns how long it asked
// to wait. It fails the test if no wait comes (the scheduler stopped).
func (c *handClock) settle(t *testing.T) time.Duration {
	t.Helper()
	if c.held == nil {
		select {
		case w := <-c.waits:
			c.held = &w
		case <-time.After(time.Minute):
			t.Fatal("the scheduler asked for no wait within a minute")
		}
	}
	return c.held.d
}

// elapse lets the scheduler's waits go by until d has passed and it
// waits again, and returns the waits it asked for.
func (c *handClock) elapse(t *testing.T, d time.Duration) []time.Duration {
	t.Helper()
	var waits []time.Duration
	for passed := time.Duration(0); passed < d; {
		c.settle(t)
		w := *c.held
		c.held = nil
		waits = append(waits, w.d)
		passed += w.d
		c.mu.Lock()
		c.now = c.now.Add(w.d)
		now := c.now
		c.mu.Unlock()
		w.ch <- now
	}
	c.settle(t)
	return waits
}

// hours is n waits of an hour.
func hours(n int) []time.Duration {
	return slices.Repeat([]time.Duration{time.Hour}, n)
}

// runScheduler starts a scheduler on a real store and stops it at the
// end of the test; its log goes to the returned buffer.
func runScheduler(t *testing.T, d Dir, keep int, copy CopyFunc, clock Clock) *syncBuffer {
	t.Helper()
	var log syncBuffer
	s := NewScheduler(d, keep, copy, clock, slog.New(slog.NewTextHandler(&log, nil)))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		s.Run(ctx)
		close(done)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return &log
}

// syncBuffer is a bytes.Buffer safe for the scheduler's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestSchedulerStartAndDaily: a start-up backup and a daily backup at
// start, then one a day, never waiting more than an hour at once,
// keeping the daily ones for three days (the start-up one apart); a copy
// left half-written by an earlier run is removed at start.
func TestSchedulerStartAndDaily(t *testing.T) {
	t.Parallel()
	st, dbPath := openDB(t)
	dir := t.TempDir()
	d := NewDir(dir, dbPath)
	partial := filepath.Join(dir, tempPrefix+"0123456789ab-"+d.Name(time.Unix(0, 0)))
	if err := os.WriteFile(partial, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 11, 25, 18, 48, 0, 0, time.UTC)
	clock := newHandClock(start)
	log := runScheduler(t, d, 3, st.Backup, clock)

	if w := clock.settle(t); w != time.Hour {
		t.Errorf("first wait %v, want an hour (the longest single wait)", w)
	}
	want := []string{d.Name(start)}
	if got := listDir(t, dir); !slices.Equal(got, []string{d.StartupName(start), d.Name(start)}) {
		t.Fatalf("after start the folder holds %q, want %q and the start-up backup", got, want)
	}
	for day := 1; day <= 4; day++ {
		if waits := clock.elapse(t, Every); !slices.Equal(waits, hours(24)) {
			t.Errorf("day %d: waits %v, want 24 of an hour", day, waits)
		}
		want = append(want, d.Name(start.Add(time.Duration(day)*Every)))
		if len(want) > 3 {
			want = want[1:]
		}
		if got, want := listDir(t, dir), sorted(append(slices.Clone(want), d.StartupName(start))); !slices.Equal(got, want) {
			t.Fatalf("day %d: the folder holds %q, want %q", day, got, want)
		}
	}
	if !strings.Contains(log.String(), "old backups deleted") {
		t.Errorf("the log does not tell of deleted backups:\n%s", log)
	}
}

// TestSchedulerRetriesFailure: a backup folder that cannot be made (a
// file is in the way) fails the backup; the failure is logged with its
// reason, retried after 10 minutes, then hourly, and once the folder can
// be made the backups go on, daily again.
func TestSchedulerRetriesFailure(t *testing.T) {
	t.Parallel()
	st, dbPath := openDB(t)
	dir := filepath.Join(t.TempDir(), "backups")
	if err := os.WriteFile(dir, []byte("in the way"), 0o644); err != nil {
		t.Fatal(err)
	}
	d := NewDir(dir, dbPath)
	start := time.Date(2026, 11, 25, 18, 48, 0, 0, time.UTC)
	clock := newHandClock(start)
	log := runScheduler(t, d, 14, st.Backup, clock)

	if w := clock.settle(t); w != FirstRetry {
		t.Errorf("wait after the first failure %v, want %v", w, FirstRetry)
	}
	if got := log.String(); !strings.Contains(got, `msg="backup failed"`) || !strings.Contains(got, "not a directory") {
		t.Errorf("the log does not tell of the failure and its reason:\n%s", got)
	}
	if waits := clock.elapse(t, FirstRetry); !slices.Equal(waits, []time.Duration{FirstRetry}) {
		t.Errorf("waits %v before the retry, want one of %v", waits, FirstRetry)
	}
	if w := clock.settle(t); w != LaterRetry {
		t.Errorf("wait after the second failure %v, want %v", w, LaterRetry)
	}
	// The start-up backup, the first daily one and its retry.
	if n := strings.Count(log.String(), `msg="backup failed"`); n != 3 {
		t.Errorf("%d failures logged, want 3:\n%s", n, log)
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	clock.elapse(t, LaterRetry)
	recovered := start.Add(FirstRetry + LaterRetry)
	if got, want := listDir(t, dir), []string{d.Name(recovered)}; !slices.Equal(got, want) {
		t.Fatalf("after the folder was mended it holds %q, want %q", got, want)
	}
	if waits := clock.elapse(t, Every); !slices.Equal(waits, hours(24)) {
		t.Errorf("waits after recovering %v, want 24 of an hour", waits)
	}
	if got, want := listDir(t, dir), []string{d.Name(recovered), d.Name(recovered.Add(Every))}; !slices.Equal(got, want) {
		t.Errorf("a day later the folder holds %q, want %q", got, want)
	}
}

func sorted(s []string) []string {
	slices.Sort(s)
	return s
}
