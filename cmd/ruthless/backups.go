package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"

	"ruthless/backups"
	"ruthless/store"
)

// defaultBackups is how many days -backups keeps the daily backups
// unless told: two weeks, enough to go back past a game night that went
// wrong.
const defaultBackups = 14

// backupFlags are serve's -backup-dir and -backups.
type backupFlags struct {
	dir  *string
	keep *int
}

// addBackupFlags declares serve's backup flags on fs.
func addBackupFlags(fs *flag.FlagSet) *backupFlags {
	return &backupFlags{
		dir:  fs.String("backup-dir", "", "folder for automatic backups: one at each start (the newest of each of the last 3 hours kept, apart from the daily ones), one a day, and one before a schema migration; made if missing (env RUTHLESS_BACKUP_DIR); empty: none"),
		keep: fs.Int("backups", defaultBackups, "how many days the daily backups in -backup-dir are kept (the newest always stays; restarts never count) (env RUTHLESS_BACKUPS)"),
	}
}

// backupConfig is what the backup flags say, checked.
type backupConfig struct {
	// Dir is the backup folder, "" for no automatic backups.
	Dir  string
	Keep int
	// Clock is the scheduler's time; nil is the real one.
	Clock backups.Clock
}

// config reads the parsed flags, then the environment for those not
// given, and checks them.
func (b *backupFlags) config(fs *flag.FlagSet) (backupConfig, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	c := backupConfig{Dir: *b.dir, Keep: *b.keep}
	if !set["backup-dir"] {
		c.Dir = os.Getenv("RUTHLESS_BACKUP_DIR")
	}
	if v := os.Getenv("RUTHLESS_BACKUPS"); v != "" && !set["backups"] {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return c, fmt.Errorf("RUTHLESS_BACKUPS=%q: want a whole number of at least 1", v)
		}
		c.Keep = n
	}
	if c.Keep < 1 {
		return c, fmt.Errorf("-backups must be at least 1, not %d", c.Keep)
	}
	return c, nil
}

// openStore opens the database; with a backup folder, an older schema
// is copied there before it is migrated. A failed copy stops the
// opening: a migration cannot be undone, and the operator asked for
// backups.
func (c backupConfig) openStore(dbPath string, log *slog.Logger, faults *faultLog) (*store.Store, error) {
	opt := store.Options{OnFault: faults.change}
	if c.Dir == "" {
		return store.OpenWith(dbPath, opt)
	}
	dir := backups.NewDir(c.Dir, dbPath)
	hook := func(ctx context.Context, p store.PendingMigration) error {
		path, err := dir.Take(ctx, dir.BeforeMigrationName(c.clock().Now(), p.To), p.Backup)
		if err != nil {
			return fmt.Errorf("%w (mend -backup-dir, or start once without it to migrate with no copy)", err)
		}
		log.Info("backup made before migrating the schema", "file", path, "from", p.From, "to", p.To)
		return nil
	}
	opt.BeforeMigrate = hook
	return store.OpenWith(dbPath, opt)
}

func (c backupConfig) clock() backups.Clock {
	if c.Clock == nil {
		return backups.SystemClock{}
	}
	return c.Clock
}

// start runs the backup scheduler beside the server, if there is a
// backup folder. stop ends it (a copy in progress is abandoned, its
// temporary file removed) and waits, so the database can then close.
func (c backupConfig) start(st *store.Store, dbPath string, log *slog.Logger) (stop func()) {
	if c.Dir == "" {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := backups.NewScheduler(backups.NewDir(c.Dir, dbPath), c.Keep, st.Backup, c.clock(), log)
	var wg sync.WaitGroup
	wg.Go(func() { s.Run(ctx) })
	log.Info("backups", "dir", c.Dir, "keep", c.Keep, "every", backups.Every)
	return func() {
		cancel()
		wg.Wait()
	}
}
