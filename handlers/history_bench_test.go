//go:build unix

package handlers

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// benchHistoryGames is the size of the history BenchmarkHistoryAfterRestart
// reads: issue 33 saw /players answer 503 after a restart at 52,000.
// RUTHLESS_BENCH_GAMES changes it.
func benchHistoryGames() int {
	if n, err := strconv.Atoi(os.Getenv("RUTHLESS_BENCH_GAMES")); err == nil && n > 0 {
		return n
	}
	return 50000
}

// benchHistoryDB is a database of n generated games (genGame: about four
// in five finished, six players whose names vary in case), as a server
// that has shown the history pages once leaves it. It is built once and
// kept under os.TempDir, keyed by the schema and n, since building it
// takes minutes; a file from another schema is never read.
func benchHistoryDB(b *testing.B, n int) string {
	b.Helper()
	path := filepath.Join(os.TempDir(), fmt.Sprintf("ruthless-bench-history-schema%d-%d.db", store.SchemaWritten(), n))
	if _, err := os.Stat(path); err == nil {
		return path
	}
	tmp := path + ".building"
	for _, suffix := range []string{"", "-wal", "-shm"} {
		os.Remove(tmp + suffix)
	}
	st, err := store.Open(tmp)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(33, 4))
	ctx := context.Background()
	for done := 0; done < n; {
		var batch []scoring.Game
		for range min(1000, n-done) {
			batch = append(batch, genGame(rng, rng.IntN(5) != 0))
		}
		if _, err := st.ImportGames(ctx, batch); err != nil {
			b.Fatal(err)
		}
		done += len(batch)
	}
	// One page with all the time it needs does what a running server
	// does once (summarise every game), so the benchmark sees a restart.
	a := newAppWith(st, slog.New(slog.NewTextHandler(io.Discard, nil)), Options{PageBudget: time.Hour})
	start := time.Now()
	if code := benchGet(a.handler(), "/records"); code != http.StatusOK {
		b.Fatalf("first /records: status %d", code)
	}
	b.Logf("built %d games; the first /records took %v", n, time.Since(start).Round(time.Millisecond))
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		b.Fatal(err)
	}
	return path
}

func benchGet(h http.Handler, path string) int {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Code
}

// cpuTime is the CPU time the process has used (user and system): on a
// machine other jobs share, it says what a request costs where the wall
// clock says how busy the machine was.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// peakRSS is the process's peak resident set (VmHWM), in MiB; 0 where
// /proc is not there.
func peakRSS() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}

// BenchmarkHistoryAfterRestart times the first GET /players, GET
// /records and a player's page of a server that has just started on a history of 50,000
// games (issue 33, item 4: under 1 s each, heap bounded): each iteration
// opens the database afresh, as a restart does, and answers one request
// through the real router. heap-MiB is what the server still holds
// after it (live heap after a collection), peak-RSS-MiB the process's
// peak so far, cpu-ms/op the CPU time the process spent on the request
// (the wall clock of a shared machine says more about the other jobs).
//
//	go test ./handlers -run '^$' -bench BenchmarkHistoryAfterRestart -benchtime 3x -timeout 60m
func BenchmarkHistoryAfterRestart(b *testing.B) {
	path := benchHistoryDB(b, benchHistoryGames())
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, page := range []string{"/players", "/records", "/players/Lucy"} {
		b.Run(strings.ReplaceAll(strings.TrimPrefix(page, "/"), "/", "-"), func(b *testing.B) {
			var heap float64
			var cpu time.Duration
			b.ReportAllocs()
			for b.Loop() {
				st, err := store.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				a := newAppWith(st, log, Options{})
				h := a.handler()
				before := cpuTime()
				if code := benchGet(h, page); code != http.StatusOK {
					b.Errorf("%s after a restart: status %d", page, code)
				}
				cpu += cpuTime() - before
				b.StopTimer()
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				heap = max(heap, float64(ms.HeapAlloc)/(1<<20))
				runtime.KeepAlive(a)
				st.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
			b.ReportMetric(heap, "heap-MiB")
			b.ReportMetric(peakRSS(), "peak-RSS-MiB")
		})
	}
}
