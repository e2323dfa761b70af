package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"ruthless/backups"
	"ruthless/handlers"
	"ruthless/store"
)

// watchEvery is how often the server looks whether the database file at
// its path is still the one it has open. The store also looks before
// every commit; the timer finds a deletion while nobody saves, so that
// the data is written back and /healthz says 503 within seconds.
const watchEvery = 2 * time.Second

// watchDatabase checks the database file every watchEvery and runs
// PRAGMA quick_check daily, until ctx ends; stop waits for it. The first
// time the file is found deleted or replaced it logs one ERROR naming the
// cause and where the data went.
func watchDatabase(ctx context.Context, st *store.Store, log *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(watchEvery)
		defer tick.Stop()
		lastCheck := time.Now()
		told := false
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			if err := st.CheckFile(); err != nil && !told {
				told = true
				var d *store.DetachedError
				if errors.As(err, &d) && d.SavedTo != "" {
					log.Error("database file deleted or replaced while serving: writes are refused (503); restart the server once the data is back in place",
						"cause", d.Cause, "saved_to", d.SavedTo)
				} else {
					log.Error("database file deleted or replaced while serving: writes are refused (503), and its data could not be written back; do not stop the server until it is mended", "err", err)
				}
			}
			if st.Faulty() {
				// Finds the fault mended, which logs its end (logFault).
				hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				st.Health(hctx)
				cancel()
			}
			if time.Since(lastCheck) >= 24*time.Hour {
				lastCheck = time.Now()
				// A damaged file is logged as a fault (faultLog).
				st.QuickCheck(ctx)
			}
		}
	})
	return func() {
		cancel()
		wg.Wait()
	}
}

// faultLog is the server's store.Options.OnFault: one line when a fault
// of the database starts, naming it in plain words and what to do, and
// one when it ends. The refused saves between are counted in /metrics
// (ruthless_saves_refused_total), not logged one by one. A deleted or
// replaced file has its own line (watchDatabase), which says where its
// data went. Nothing is logged before serving starts: a server that
// cannot start says why in its one last line.
type faultLog struct {
	log     *slog.Logger
	serving atomic.Bool
}

func (f *faultLog) change(c store.FaultChange) {
	if !f.serving.Load() || c.Kind == "file" {
		return
	}
	if c.Cleared {
		f.log.Info("database fault over: saves are accepted again", "fault", c.Kind, "was", c.Reason, "lasted", c.Lasted.Round(time.Second).String())
		return
	}
	f.log.Error("database fault: saves are refused (503) until it is mended", "fault", c.Kind, "reason", c.Reason, "fix", faultFix(c.Kind))
}

// faultFix is what the admin does about a fault of kind.
func faultFix(kind string) string {
	switch kind {
	case "integrity":
		return "stop the server, restore the newest good backup (ruthless restore), start it again"
	case "writable":
		return "give the server's user write access to the database, its -wal and -shm files and their folder again"
	case "disk_space":
		return "make room on the disk that holds the database"
	}
	return "look at the disk that holds the database and the server's log; /healthz says when it answers again"
}

// storeGauges adds to m what only the server knows: games stored, the
// database's size, the age of the newest backup.
func storeGauges(m *handlers.Metrics, st *store.Store, dbPath string, bk backupConfig) {
	m.Gauge("ruthless_games_stored", "Games in the database, not counting the trash.", func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		n, err := st.CountGames(ctx)
		if err != nil {
			return -1
		}
		return float64(n)
	})
	m.Gauge("ruthless_database_bytes", "Size of the database file and its -wal file.", func() float64 {
		var total int64
		for _, p := range []string{dbPath, dbPath + "-wal"} {
			if info, err := os.Stat(p); err == nil {
				total += info.Size()
			}
		}
		return float64(total)
	})
	if bk.Dir == "" {
		return
	}
	dir := backups.NewDir(bk.Dir, dbPath)
	m.Gauge("ruthless_backup_age_seconds", "Age of the newest daily or start-up backup; -1 when there is none.", func() float64 {
		var newest time.Time
		for _, list := range []func() ([]string, error){dir.Regular, dir.Startup} {
			if names, err := list(); err == nil && len(names) > 0 {
				if t := dir.TimeOf(names[len(names)-1]); t.After(newest) {
					newest = t
				}
			}
		}
		if newest.IsZero() {
			return -1
		}
		return time.Since(newest).Seconds()
	})
}
