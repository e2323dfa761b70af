package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// healthStatus is /healthz's status code and body.
func healthStatus(t *testing.T, base string) (int, map[string]any) {
	t.Helper()
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatalf("GET /healthz: %v", err)
	}
	defer resp.Body.Close()
	var body map[string]any
	json.NewDecoder(resp.Body).Decode(&body)
	return resp.StatusCode, body
}

// TestDeletedDatabaseLosesNoSave: the database, its -wal and -shm are
// deleted while four clients save. Every save the server acknowledged,
// before and after the deletion, is in the database it writes back to
// the path; the saves after it are refused with 503 and Retry-After;
// /healthz answers 503 within seconds; one ERROR names the cause and
// where the data went.
func TestDeletedDatabaseLosesNoSave(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "ruthless.db")
	addr, log := serveBackedUp(t, db, backupConfig{})
	base := "http://" + addr
	id := newGame(t, base)
	stop := make(chan struct{})
	result := make(chan [2][]ack, 1)
	var acks atomic.Int64
	go func() {
		acked, inFlight := saveLoop(base, id, 4, stop, &acks)
		result <- [2][]ack{acked, inFlight}
	}()
	eventually(t, "4 saves acknowledged", func() bool { return acks.Load() >= 4 })
	for _, f := range []string{db, db + "-wal", db + "-shm"} {
		if err := os.Remove(f); err != nil {
			t.Fatalf("deleting %s: %v", f, err)
		}
	}
	deleted := time.Now()
	eventually(t, "/healthz answers 503", func() bool {
		code, _ := healthStatus(t, base)
		return code == http.StatusServiceUnavailable
	})
	took := time.Since(deleted)
	if took > 10*time.Second {
		t.Errorf("/healthz took %v to answer 503 after the deletion, want a few seconds", took)
	}
	_, body := healthStatus(t, base)
	if body["check"] != "file" || body["status"] != "unavailable" || body["version"] == nil {
		t.Errorf("/healthz body %v, want status unavailable, check file, and the version", body)
	}
	// Writes are refused now, with Retry-After.
	req, _ := http.NewRequest(http.MethodPost, base+"/api/games", strings.NewReader(`{"version": 1, "players": ["Ann", "Bob"]}`))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a new game after the deletion: %d, Retry-After %q; want 503 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	time.Sleep(200 * time.Millisecond) // the writers go on, refused
	close(stop)
	r := <-result
	eventually(t, "the ERROR line", func() bool {
		return strings.Contains(log.String(), "level=ERROR msg=\"database file deleted or replaced")
	})
	if n := strings.Count(log.String(), "msg=\"database file deleted or replaced"); n != 1 {
		t.Errorf("%d ERROR lines about the deletion, want 1:\n%s", n, log)
	}
	if !strings.Contains(log.String(), "saved_to="+db) {
		t.Errorf("the log does not say the data went back to %s:\n%s", db, log)
	}
	saves := 0
	for _, a := range r[0] {
		saves += a.version
	}
	if saves == 0 {
		t.Fatal("no save was acknowledged before the deletion; the test proves nothing")
	}
	checkDurable(t, db, id, r[0], r[1])
	// The copy's own -wal and -shm (its check opens it read-only) must
	// not be left behind under the name it was written as.
	if strays, _ := filepath.Glob(db + ".writing*"); len(strays) > 0 {
		t.Errorf("files left beside the written-back database: %v", strays)
	}
	t.Logf("%d acknowledged saves, 0 lost; /healthz 503 %v after the deletion", saves, took.Round(time.Millisecond))
}
