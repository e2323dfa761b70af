package main

import (
	"bytes"
	"database/sql"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmpfs mounts a tmpfs of size bytes at a new folder, for the faults of
// a real disk (full, read-only); it skips the test where it cannot (not
// root, no mount), and unmounts at the end.
func tmpfs(t *testing.T, size string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root (CI runs these as root)")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", dir).Run() })
	return dir
}

// checkpoint moves every page from the WAL into the database file, as
// SQLite does now and then, so that a fault of the file hits the data.
func checkpoint(t *testing.T, db string) {
	t.Helper()
	raw, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var busy, logged, moved int
	if err := raw.QueryRow("PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logged, &moved); err != nil || busy != 0 {
		t.Fatalf("checkpoint: busy %d, %v", busy, err)
	}
}

// TestHealthzFaultMatrix: /healthz answers 200 while all is well, and
// 503 naming the failed check within seconds of each fault of the disk
// or the file: damaged, truncated, deleted, full disk, unwritable.
func TestHealthzFaultMatrix(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		tmpfs bool
		check string
		fault func(t *testing.T, dir, db string)
	}{
		{"corrupted", false, "integrity", func(t *testing.T, dir, db string) {
			checkpoint(t, db)
			f, err := os.OpenFile(db, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			// Garbage over every page after the first: the tables' pages.
			info, _ := f.Stat()
			if _, err := f.WriteAt(bytes.Repeat([]byte{0xA5}, int(info.Size())-4096), 4096); err != nil {
				t.Fatal(err)
			}
		}},
		{"truncated", false, "integrity", func(t *testing.T, dir, db string) {
			checkpoint(t, db)
			if err := os.Truncate(db, 4096); err != nil {
				t.Fatal(err)
			}
		}},
		{"deleted", false, "file", func(t *testing.T, dir, db string) {
			for _, f := range []string{db, db + "-wal", db + "-shm"} {
				os.Remove(f)
			}
		}},
		{"full disk", true, "disk_space", func(t *testing.T, dir, db string) {
			// Fill the tmpfs: writes fail with ENOSPC when it is full.
			f, err := os.Create(filepath.Join(dir, "filler"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			chunk := make([]byte, 64<<10)
			for {
				if _, err := f.Write(chunk); err != nil {
					break
				}
			}
		}},
		{"unwritable", false, "writable", func(t *testing.T, dir, db string) {
			// Root may write any file whatever its mode, but not an
			// immutable one; a file system cannot be remounted read-only
			// while the server has files open on it for writing.
			if os.Geteuid() == 0 {
				if out, err := exec.Command("chattr", "+i", db).CombinedOutput(); err != nil {
					t.Skipf("chattr +i: %v %s", err, out)
				}
				t.Cleanup(func() { exec.Command("chattr", "-i", db).Run() })
				return
			}
			if err := os.Chmod(db, 0o444); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.tmpfs {
				dir = tmpfs(t, "8m")
			}
			db := filepath.Join(dir, "ruthless.db")
			addr, log := serveBackedUp(t, db, backupConfig{})
			base := "http://" + addr
			for range 3 {
				newGame(t, base)
			}
			if code, body := healthStatus(t, base); code != http.StatusOK || body["status"] != "ok" {
				t.Fatalf("before the fault: /healthz %d %v, want 200 ok", code, body)
			}
			tt.fault(t, dir, db)
			start := time.Now()
			var body map[string]any
			eventually(t, "/healthz answers 503", func() bool {
				var code int
				code, body = healthStatus(t, base)
				return code == http.StatusServiceUnavailable
			})
			took := time.Since(start)
			if body["check"] != tt.check || body["status"] != "unavailable" || body["reason"] == "" {
				t.Errorf("/healthz body %v, want status unavailable and check %q with a reason", body, tt.check)
			}
			if strings.Contains(body["reason"].(string), dir) {
				t.Errorf("/healthz tells the path to anyone: %v", body["reason"])
			}
			// One line says the fault started (the file watch's own for
			// a deleted file), not one per failed health check.
			want := `level=ERROR msg="database fault: saves are refused (503) until it is mended" fault=` + tt.check
			if tt.check == "file" {
				want = `level=ERROR msg="database file deleted or replaced`
			}
			eventually(t, "the fault's line in the log", func() bool { return strings.Contains(log.String(), want) })
			if n := strings.Count(log.String(), "level=ERROR"); n != 1 {
				t.Errorf("%d ERROR lines, want the one saying the fault started:\n%s", n, log)
			}
			// A page that reads the damaged or missing data answers 503
			// (the server's fault, try later), never a bug's 500.
			for _, page := range []string{"/", "/players", "/records"} {
				if code := getStatus(t, base+page); code == http.StatusInternalServerError {
					t.Errorf("GET %s after the fault: 500, want 200 or 503", page)
				}
			}
			t.Logf("%s: /healthz 503 (%s) %v after the fault", tt.name, tt.check, took.Round(time.Millisecond))
		})
	}
}

// getStatus is the status code of a GET of url.
func getStatus(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
