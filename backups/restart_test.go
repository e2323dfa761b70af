package backups

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// startOnce runs a scheduler as one start of the server does: until it
// has taken what is due at start and waits, then stops it (the server
// crashed). It returns the scheduler's log.
func startOnce(t *testing.T, d Dir, keep int, copy CopyFunc, at time.Time) string {
	t.Helper()
	clock := newHandClock(at)
	var log syncBuffer
	s := NewScheduler(d, keep, copy, clock, slog.New(slog.NewTextHandler(&log, nil)))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		s.Run(ctx)
		close(done)
	}()
	clock.settle(t)
	cancel()
	clock.held.ch <- at // let its last wait go, so that it sees ctx
	<-done
	return log.String()
}

// fill writes files with the given names into dir (their content does
// not matter to rotation).
func fill(t *testing.T, dir string, names []string) {
	t.Helper()
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRestartLoopKeepsDailyBackups: a server in a crash loop (restarted
// every 5 s, as the unit's RestartSec=5 does, for 10 minutes, then once
// an hour for five hours) never deletes a daily backup; its start-up
// backups stay at most one an hour, StartupKeep of them.
func TestRestartLoopKeepsDailyBackups(t *testing.T) {
	t.Parallel()
	st, dbPath := openDB(t)
	dir := t.TempDir()
	d := NewDir(dir, dbPath)
	start := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
	var daily []string
	for day := 13; day >= 0; day-- {
		daily = append(daily, d.Name(start.Add(-time.Duration(day)*Every-time.Hour)))
	}
	fill(t, dir, daily)

	var times []time.Time
	for i := range 120 {
		times = append(times, start.Add(time.Duration(i)*5*time.Second))
	}
	for h := 1; h <= 5; h++ {
		times = append(times, start.Add(time.Duration(h)*time.Hour+time.Minute))
	}
	for _, at := range times {
		if log := startOnce(t, d, 14, st.Backup, at); strings.Contains(log, "backup failed") || strings.Contains(log, "old backups not deleted") {
			t.Fatalf("start at %v: %s", at, log)
		}
	}
	got, err := d.Regular()
	if err != nil {
		t.Fatal(err)
	}
	// 23 hours after the newest daily backup, none is due yet.
	if !slices.Equal(got, daily) {
		t.Errorf("after %d starts the daily backups are %q, want all %d of %q", len(times), got, len(daily), daily)
	}
	startups, err := d.Startup()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for h := 3; h <= 5; h++ {
		want = append(want, d.StartupName(start.Add(time.Duration(h)*time.Hour+time.Minute)))
	}
	if !slices.Equal(startups, want) {
		t.Errorf("start-up backups %q, want the newest of each of the last %d hours %q", startups, StartupKeep, want)
	}
	t.Logf("%d starts: %d daily backups kept of %d, %d start-up backups", len(times), len(got), len(daily), len(startups))

	// A day after the newest daily backup, the next start takes one and
	// deletes only the one now 14 days old.
	later := start.Add(23 * time.Hour)
	startOnce(t, d, 14, st.Backup, later)
	got, _ = d.Regular()
	if want := append(slices.Clone(daily[1:]), d.Name(later)); !slices.Equal(got, want) {
		t.Errorf("a day later the daily backups are %q, want %q", got, want)
	}
}

// TestTwoStartsInOneSecond: two starts within one second both make their
// backup (no "exists already"), under names that differ.
func TestTwoStartsInOneSecond(t *testing.T) {
	t.Parallel()
	st, dbPath := openDB(t)
	dir := t.TempDir()
	d := NewDir(dir, dbPath)
	at := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
	var files []string
	for i := range 2 {
		log := startOnce(t, d, 14, st.Backup, at.Add(time.Duration(i)*300*time.Millisecond))
		if strings.Contains(log, "backup failed") || !strings.Contains(log, "start-up backup") {
			t.Fatalf("start %d: %s", i+1, log)
		}
		_, rest, _ := strings.Cut(log, `kind="start-up backup" file=`)
		file, _, _ := strings.Cut(rest, " ")
		files = append(files, filepath.Base(file))
	}
	want := []string{d.StartupName(at), strings.TrimSuffix(d.StartupName(at), ".db") + "-2.db"}
	if !slices.Equal(files, want) {
		t.Errorf("the two starts wrote %q, want %q", files, want)
	}
	// Two daily backups in one second (the second forced by taking it
	// by hand) keep both too.
	for range 2 {
		if _, err := d.Take(context.Background(), d.free(d.Name(at)), st.Backup); err != nil {
			t.Fatalf("Take: %v", err)
		}
	}
	got, _ := d.Regular()
	if want := []string{d.Name(at), strings.TrimSuffix(d.Name(at), ".db") + "-2.db", strings.TrimSuffix(d.Name(at), ".db") + "-3.db"}; !slices.Equal(got, want) {
		t.Errorf("daily backups %q, want %q (oldest first)", got, want)
	}
}

// TestRotateByAge: a daily backup is deleted once it is the -backups
// number of days old, never the newest one, and nothing but daily
// backups.
func TestRotateByAge(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 27, 3, 0, 0, 0, time.UTC)
	day := func(n float64) time.Time { return now.Add(-time.Duration(n * float64(Every))) }
	tests := []struct {
		name    string
		days    int
		ages    []float64 // days old, oldest first
		deleted []float64
	}{
		{"none old enough", 14, []float64{13.9, 5, 0}, nil},
		{"exactly the days old goes", 3, []float64{4, 3, 2.9, 1, 0}, []float64{4, 3}},
		{"a month without backups keeps the newest", 14, []float64{40, 35, 31}, []float64{40, 35}},
		{"one day", 1, []float64{1.5, 0.5, 0}, []float64{1.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			d := NewDir(dir, "ruthless.db")
			var names, want []string
			for _, a := range tt.ages {
				names = append(names, d.Name(day(a)))
			}
			for _, a := range tt.deleted {
				want = append(want, d.Name(day(a)))
			}
			others := []string{d.StartupName(day(30)), d.BeforeMigrationName(day(30), 5), "notes.txt"}
			fill(t, dir, append(slices.Clone(names), others...))
			deleted, err := d.RotateByAge(now, tt.days)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(deleted, want) {
				t.Errorf("deleted %q, want %q", deleted, want)
			}
			for _, name := range others {
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Errorf("%s: %v", name, err)
				}
			}
		})
	}
}

// TestBrokenDatabaseBackupRemovesNothing: a backup of a database whose
// copy comes out damaged fails loudly (ERROR) and deletes no backup, not
// even those past their days.
func TestBrokenDatabaseBackupRemovesNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := NewDir(dir, "ruthless.db")
	at := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
	old := []string{d.Name(at.Add(-40 * Every)), d.Name(at.Add(-30 * Every)), d.StartupName(at.Add(-10 * time.Hour))}
	fill(t, dir, old)
	broken := func(ctx context.Context, path string) error {
		return errors.New("store: backup: the copy is damaged, so it was removed: database disk image is malformed")
	}
	log := startOnce(t, d, 14, broken, at)
	if strings.Count(log, "level=ERROR msg=\"backup failed\"") != 2 {
		t.Errorf("want two ERROR lines (start-up and daily backup), log:\n%s", log)
	}
	if got := listDir(t, dir); !slices.Equal(got, sorted(old)) {
		t.Errorf("folder holds %q after the failed backups, want %q untouched", got, sorted(old))
	}
}
