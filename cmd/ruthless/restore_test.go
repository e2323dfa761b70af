package main

import (
	"bytes"
	"context"
	"database/sql"
	binenc "encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// writeGames opens the database at path (making it) and stores n games,
// each with a round entered; it returns the open store.
func writeGames(t *testing.T, path string, n int) *store.Store {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(path)
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	pool, err := scoring.ParseCards([]string{"H2", "H3", "A4"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		id, err := st.CreateGame(ctx, scoring.Game{Version: 1, Players: []string{"Lucy", fmt.Sprintf("Player %d", i)}, Rounds: [][]*scoring.Entry{}})
		if err != nil {
			t.Fatalf("CreateGame: %v", err)
		}
		if _, err := st.SaveEntry(ctx, store.EntryWrite{Game: id, Round: 1, Entry: scoring.Entry{Pool: pool, Coins: i % 5}}); err != nil {
			t.Fatalf("SaveEntry: %v", err)
		}
	}
	return st
}

// backupOf writes a database of n games and returns a backup of it.
func backupOf(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	st := writeGames(t, filepath.Join(dir, "source.db"), n)
	path := filepath.Join(dir, "backup.db")
	if err := st.Backup(context.Background(), path); err != nil {
		t.Fatalf("Backup: %v", err)
	}
	return path
}

// integrity is PRAGMA integrity_check of a database file, or the error
// that stopped it.
func integrity(t *testing.T, path string) string {
	t.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("PRAGMA integrity_check")
	if err != nil {
		return err.Error()
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var line string
		rows.Scan(&line)
		lines = append(lines, line)
	}
	if err := rows.Err(); err != nil {
		lines = append(lines, err.Error())
	}
	return strings.Join(lines, "\n")
}

// corrupted is a copy of the backup with the middle of every page after
// the first overwritten, so that SQLite still recognises the file but
// its b-trees are broken.
func corrupted(t *testing.T, backup string) string {
	t.Helper()
	data, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	pageSize := int(binenc.BigEndian.Uint16(data[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	if len(data)/pageSize < 4 {
		t.Fatalf("the backup has %d pages, too few to damage some", len(data)/pageSize)
	}
	for page := pageSize; page+pageSize <= len(data); page += pageSize {
		copy(data[page+pageSize/2:], bytes.Repeat([]byte{0x5a}, 64))
	}
	path := filepath.Join(t.TempDir(), "damaged.db")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := integrity(t, path); got == "ok" {
		t.Fatal("the damaged copy passes integrity_check: the test would prove nothing")
	}
	return path
}

// TestRestoreRefuses: restore changes nothing and exits 2 with one line
// for a file that is not a usable backup of this program's.
func TestRestoreRefuses(t *testing.T) {
	t.Parallel()
	good := backupOf(t, 150)
	dir := t.TempDir()
	notSQLite := filepath.Join(dir, "notes.db")
	os.WriteFile(notSQLite, []byte("games of March\n"), 0o644)
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	foreign := filepath.Join(dir, "foreign.db")
	if db, err := sql.Open("sqlite3", foreign); err != nil {
		t.Fatal(err)
	} else if _, err := db.Exec("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('grog')"); err != nil {
		t.Fatal(err)
	} else {
		db.Close()
	}
	newer := filepath.Join(dir, "newer.db")
	raw, _ := os.ReadFile(good)
	os.WriteFile(newer, raw, 0o644)
	if db, err := sql.Open("sqlite3", newer); err != nil {
		t.Fatal(err)
	} else if _, err := db.Exec("INSERT INTO schema_migrations (version, name, applied) VALUES (999, '999_future.sql', 0)"); err != nil {
		t.Fatal(err)
	} else {
		db.Close()
	}
	damaged := corrupted(t, good)

	live := filepath.Join(t.TempDir(), "ruthless.db")
	writeGames(t, live, 2).Close()
	tests := []struct {
		name, backup, want string
	}{
		{"not a SQLite file", notSQLite, "is not a SQLite database"},
		{"an empty file", empty, "is not a SQLite database"},
		{"missing", filepath.Join(dir, "nowhere.db"), "no such file"},
		{"a folder", dir, "is not a regular file"},
		{"another program's database", foreign, "not one of ruthless"},
		{"a newer program's database", newer, "schema version 999, newer than this program's"},
		{"damaged", damaged, "fails SQLite's integrity check: "},
		{"the database itself", live, "is the database itself"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runMain(t, "", "restore", "-db", live, tt.backup)
			if code != exitUsage || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 || stdout != "" {
				t.Errorf("restore = %d, stdout %q, stderr %q; want 2 and one line with %q", code, stdout, stderr, tt.want)
			}
			left, _ := filepath.Glob(filepath.Join(filepath.Dir(live), "*"))
			if len(left) != 2 { // ruthless.db and its lock file
				t.Errorf("restore left %q beside the database, want only it and its lock", left)
			}
			if code, out, _ := runMain(t, "", "export", "--all", "-db", live); code != 0 || strings.Count(out, `"players"`) != 2 {
				t.Errorf("the database no longer holds its 2 games: export = %d, %.200s", code, out)
			}
		})
	}
}

// TestRestoreWhileServing: restore refuses while a server holds the
// database, naming it, and changes nothing; once it stops, restore works.
func TestRestoreWhileServing(t *testing.T) {
	t.Parallel()
	live := filepath.Join(t.TempDir(), "ruthless.db")
	writeGames(t, live, 3).Close()
	backup := backupOf(t, 5)
	srv, err := tryServe(t, live)
	if err != nil {
		t.Fatalf("serve: %v", err)
	}
	code, stdout, stderr := runMain(t, "", "restore", "-db", live, backup)
	if code != exitOther || !strings.Contains(stderr, "listening on "+srv.addr) || !strings.Contains(stderr, "stop it first") || stdout != "" {
		t.Errorf("restore while serving = %d, %q, %q; want 1 naming the server at %s", code, stdout, stderr, srv.addr)
	}
	srv.stop()
	if code, out, _ := runMain(t, "", "export", "--all", "-db", live); code != 0 || strings.Count(out, `"players"`) != 3 {
		t.Errorf("after the refusal the database does not hold its 3 games: %d, %.200s", code, out)
	}
	code, stdout, stderr = runMain(t, "", "restore", "-db", live, backup)
	if code != 0 || !strings.Contains(stdout, "5 games") {
		t.Errorf("restore after the server stopped = %d, %q, %q; want 0 and 5 games", code, stdout, stderr)
	}
}

// TestRestoreSetsAsideWithWAL: the database replaced had saves still in
// its -wal (as a server killed mid-game leaves it). Restore folds them
// into the set-aside file, leaves no -wal or -shm of the old database
// beside the restored one, and says where the old one went.
func TestRestoreSetsAsideWithWAL(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	running := filepath.Join(dir, "running.db")
	st := writeGames(t, running, 4)
	// A copy of the files of a database in use, as a crash leaves them.
	live := filepath.Join(dir, "ruthless.db")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		data, err := os.ReadFile(running + suffix)
		if err != nil {
			t.Fatalf("reading %s: %v", running+suffix, err)
		}
		if err := os.WriteFile(live+suffix, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	if info, err := os.Stat(live + "-wal"); err != nil || info.Size() == 0 {
		t.Fatalf("the crashed database has no -wal to fold in (%v): the test would prove nothing", err)
	}
	backup := backupOf(t, 7)
	code, stdout, stderr := runMain(t, "", "restore", "-db", live, backup)
	if code != 0 {
		t.Fatalf("restore = %d, %q", code, stderr)
	}
	aside, _ := filepath.Glob(live + ".before-restore-*")
	if len(aside) != 1 || !strings.Contains(stdout, "7 games") || !strings.Contains(stdout, "kept as "+aside[0]) {
		t.Fatalf("restore said %q; set aside %q; want 7 games and the one file kept", stdout, aside)
	}
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		if _, err := os.Stat(live + suffix); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s beside the restored database: %v", suffix, err)
		}
	}
	if _, err := os.Stat(aside[0] + "-wal"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the set-aside database still has a -wal (%v): it was not checkpointed", err)
	}
	if code, out, _ := runMain(t, "", "export", "--all", "-db", aside[0]); code != 0 || strings.Count(out, `"players"`) != 4 {
		t.Errorf("the set-aside database does not hold its 4 games: %d, %.200s", code, out)
	}
	if code, out, _ := runMain(t, "", "export", "--all", "-db", live); code != 0 || strings.Count(out, `"players"`) != 7 {
		t.Errorf("the restored database does not hold the backup's 7 games: %d, %.200s", code, out)
	}
	if got := integrity(t, live); got != "ok" {
		t.Errorf("integrity_check of the restored database = %q", got)
	}
}

// writer saves games through the store until stop is closed: a new game,
// then both seats' entries for three rounds, over and over, counting
// each save. Its first error is kept.
type writer struct {
	st     *store.Store
	saves  *atomic.Int64
	failed chan error
}

func (w writer) run(n int, stop <-chan struct{}) {
	ctx := context.Background()
	pool, _ := scoring.ParseCards([]string{"H2", "S3"})
	for game := 0; ; game++ {
		id, err := w.st.CreateGame(ctx, scoring.Game{Version: 1, Players: []string{fmt.Sprintf("W%d", n), fmt.Sprintf("G%d", game)}, Rounds: [][]*scoring.Entry{}})
		if err != nil {
			w.failed <- err
			return
		}
		w.saves.Add(1)
		for round := 1; round <= 3; round++ {
			for seat := range 2 {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := w.st.SaveEntry(ctx, store.EntryWrite{Game: id, Round: round, Seat: seat, Entry: scoring.Entry{Pool: pool, Coins: (game + round + seat) % 4}}); err != nil {
					w.failed <- err
					return
				}
				w.saves.Add(1)
				// A breath between saves, as phones leave: four writers
				// saving back to back would starve one another past any
				// busy timeout on a loaded machine, which is not what is
				// tested here.
				time.Sleep(time.Millisecond)
			}
		}
	}
}

// waitSaves waits until the writers have made at least n saves.
func waitSaves(t *testing.T, saves *atomic.Int64, n int64, failed chan error) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for saves.Load() < n {
		select {
		case err := <-failed:
			t.Fatalf("a writer failed: %v", err)
		case <-time.After(5 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("the writers made %d saves in 2 minutes, want %d", saves.Load(), n)
		}
	}
}

// TestBackupUnderLoadRestoresTheMoment is the backup and restore of
// issue 24: four writers save games and entries without pause through
// the real store. The test takes the write lock on its own connection
// (BEGIN IMMEDIATE), so that no save can commit, and while the writers
// wait takes a backup and an export of every game: both show the same
// moment. It lets the writers go on, then restores the backup into a
// new database with ruthless restore: its export is the export of that
// moment byte for byte, and its integrity_check is ok.
func TestBackupUnderLoadRestoresTheMoment(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	livePath := filepath.Join(dir, "live.db")
	st := writeGames(t, livePath, 300)

	var saves atomic.Int64
	failed := make(chan error, 4)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for n := range 4 {
		wg.Go(func() { writer{st, &saves, failed}.run(n, stop) })
	}
	stopWriters := sync.OnceFunc(func() { close(stop); wg.Wait() })
	defer stopWriters()
	waitSaves(t, &saves, 200, failed)

	// The moment: the write lock is ours, the writers wait in their busy
	// timeout; readers (the backup, the export) go on beside it in WAL.
	// The writers take the lock in turn as fast as they can: on a busy
	// machine the test may wait its turn long, so it waits up to a minute.
	holder, err := sql.Open("sqlite3", livePath+"?_busy_timeout=60000")
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	conn, err := holder.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatalf("taking the write lock: %v", err)
	}
	lockedAt := time.Now()
	savesAtMoment := saves.Load()
	var gamesAtMoment int
	if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM games").Scan(&gamesAtMoment); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "moment.db")
	if err := st.Backup(ctx, backup); err != nil {
		t.Fatalf("Backup under load: %v", err)
	}
	var moment, exportErr bytes.Buffer
	if code := exportAll(st, &moment, &exportErr); code != 0 {
		t.Fatalf("export at the moment = %d, %s", code, exportErr.String())
	}
	held := time.Since(lockedAt)
	// A save that committed just before the lock may be counted after it;
	// beyond one a writer, saves went through the lock.
	if during := saves.Load() - savesAtMoment; during > 4 {
		t.Errorf("%d saves counted while the test held the write lock, want at most one a writer", during)
	}
	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	conn.Close()

	waitSaves(t, &saves, savesAtMoment+200, failed)
	stopWriters()
	select {
	case err := <-failed:
		t.Fatalf("a writer failed (the lock was held %v; busy_timeout is 5 s): %v", held, err)
	default:
	}
	code, liveNow, _ := runMain(t, "", "export", "--all", "-db", livePath)
	if code != 0 || liveNow == moment.String() {
		t.Fatalf("the live database did not change after the moment (export %d): the writers did not go on", code)
	}

	restored := filepath.Join(dir, "restored", "ruthless.db")
	if err := os.Mkdir(filepath.Dir(restored), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runMain(t, "", "restore", "-db", restored, backup)
	if want := fmt.Sprintf("%d games", gamesAtMoment); code != 0 || !strings.Contains(stdout, want) {
		t.Fatalf("restore = %d, %q, %q; want 0 and %s", code, stdout, stderr, want)
	}
	code, got, stderr := runMain(t, "", "export", "--all", "-db", restored)
	if code != 0 {
		t.Fatalf("export of the restored database = %d, %s", code, stderr)
	}
	if got != moment.String() {
		t.Errorf("the restored games differ from the export of the moment:\n got %.300s\nwant %.300s", got, moment.String())
	}
	if n := strings.Count(got, `"players"`); n != gamesAtMoment {
		t.Errorf("the restored export holds %d games, the moment had %d", n, gamesAtMoment)
	}
	if got := integrity(t, restored); got != "ok" {
		t.Errorf("integrity_check of the restored database = %q", got)
	}
	t.Logf("saves before the moment %d, after it %d; games at the moment %d; lock held %v for the backup (%d bytes of export)",
		savesAtMoment, saves.Load()-savesAtMoment, gamesAtMoment, held.Round(time.Millisecond), moment.Len())
}
