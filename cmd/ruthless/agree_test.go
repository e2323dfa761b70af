package main

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// nobody stands for the service's user: chmod means nothing to root.
const nobody = 65534

// startAsService starts the binary serving db, as the user nobody when
// the test runs as root (the binary and the folder are then given to
// it), else as the test's own user.
func startAsService(t *testing.T, dir, db string, flags ...string) (*server, *lockedBuffer) {
	t.Helper()
	bin := binary(t)
	args := append([]string{"serve", "-addr", "127.0.0.1:0", "-db", db}, flags...)
	cmd := exec.Command(bin, args...)
	if os.Geteuid() == 0 {
		own := filepath.Join(dir, "ruthless-bin")
		data, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(own, data, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd = exec.Command(own, args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	}
	log := &lockedBuffer{}
	return runServer(t, cmd, log), log
}

// serviceDir is a folder the service's user owns, removed at the end.
func serviceDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "ruthless-agree-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		os.Chmod(dir, 0o755)
		os.RemoveAll(dir)
	})
	if os.Geteuid() == 0 {
		if err := os.Chown(dir, nobody, nobody); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestHealthzAgreesWithSaves: with the database file, its folder or its
// -wal made unreadable and unwritable (chmod 000) under the running
// server, /healthz and a save never disagree: either the save succeeds
// and /healthz says 200, or both refuse (503).
func TestHealthzAgreesWithSaves(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	for _, target := range []string{"database file", "folder", "-wal file"} {
		t.Run(target, func(t *testing.T) {
			dir := serviceDir(t)
			db := filepath.Join(dir, "ruthless.db")
			srv, _ := startAsService(t, dir, db)
			newGame(t, srv.base)
			path := map[string]string{"database file": db, "folder": dir, "-wal file": db + "-wal"}[target]
			if err := os.Chmod(path, 0); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(path, 0o755) })
			time.Sleep(2500 * time.Millisecond) // past the server's file watch
			for i := range 3 {
				before, _ := healthStatus(t, srv.base)
				resp, err := http.Post(srv.base+"/api/games", "application/json", strings.NewReader(`{"version": 1, "players": ["Ann", "Bob"]}`))
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				after, body := healthStatus(t, srv.base)
				saved := resp.StatusCode == http.StatusCreated
				if saved != (before == http.StatusOK) || before != after {
					t.Errorf("try %d: /healthz %d, then a save %d, then /healthz %d %v: they disagree", i+1, before, resp.StatusCode, after, body)
				}
				if i == 0 {
					t.Logf("chmod 000 of the %s: save %d, /healthz %d %v", target, resp.StatusCode, after, body["check"])
				}
			}
		})
	}
}

// TestFaultLoggedOnce: the database made unwritable under the real
// binary while a client saves, then writable again. Many saves are
// refused; the log has one line when the fault started and one when it
// ended, not one per refused save, and /metrics counts every refusal.
func TestFaultLoggedOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	dir := serviceDir(t)
	db := filepath.Join(dir, "ruthless.db")
	srv, log := startAsService(t, dir, db, "-metrics", "-requests-per-minute", "0")
	id := newGame(t, srv.base)
	if err := os.Chmod(db, 0o444); err != nil {
		t.Fatal(err)
	}
	refused := 0
	for i := range 30 {
		resp := putEntry(t, srv.base, id, i%4, i)
		if resp.StatusCode == http.StatusServiceUnavailable {
			refused++
		}
	}
	if refused != 30 {
		t.Fatalf("%d of 30 saves refused with the database read-only, want all", refused)
	}
	os.Chmod(db, 0o644)
	eventually(t, "the line saying the fault ended", func() bool {
		return strings.Contains(log.String(), `msg="database fault over`)
	})
	logged := log.String()
	if n := strings.Count(logged, `msg="database fault: `); n != 1 || !strings.Contains(logged, "fault=writable") {
		t.Errorf("%d lines saying a fault started, want 1 naming fault=writable:\n%s", n, logged)
	}
	if n := strings.Count(logged, `msg="database fault over`); n != 1 {
		t.Errorf("%d lines saying the fault ended, want 1:\n%s", n, logged)
	}
	if n := strings.Count(logged, "level=ERROR"); n != 1 {
		t.Errorf("%d ERROR lines for %d refused saves, want 1:\n%s", n, refused, logged)
	}
	resp, err := http.Get(srv.base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := `ruthless_saves_refused_total{fault="writable"} 30`; !strings.Contains(string(metrics), want) {
		t.Errorf("/metrics lacks %q", want)
	}
	if code, body := healthStatus(t, srv.base); code != http.StatusOK {
		t.Errorf("/healthz after the fault ended: %d %v", code, body)
	}
}
