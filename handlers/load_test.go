package handlers

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// slowestPool is the costliest pool of scoring/testdata/adversarial.txt
// (line 15 since 2026-11-23, found by a search against the priced walk:
// 0.77 M states, about 0.2 s on one core).
const slowestPool = "A2 A3 A6 A7 AP H2 H5 H6 H7 HP K1 K7 KC* KP X1 X4 X5 XQ XC XP S4 SQ SC* SP"

// TestServerUnderExpensiveSolves measures what a flood of the slowest pool
// does to a real server with the default limits: while 8 requests solve
// it (first 8 identical ones, which share one solve, then 8 different
// ones, which queue for the slots), GET / is sampled every 10 ms. It logs
// the home page's latency (goal: p99 ≤ 50 ms) and the process's RSS
// (goal ≤ 150 MB, see MemoryLimit), and asserts only what every client
// must get: each GET / a 200, each solve a party or a 503 with
// Retry-After, never a dropped connection. Run it alone, without the race detector, for the figures:
//
//	go test -count=1 -run TestServerUnderExpensiveSolves -v ./handlers
func TestServerUnderExpensiveSolves(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("takes up to half a minute")
	}
	// As `ruthless serve` runs it.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(MemoryLimit))
	a, h, _ := testApp(t, Limits{})
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := srv.Client()
	// The home page lists a game of three players, two rounds played.
	createGame(t, h, `{"version": 1, "players": ["Lucy", "Craig", "Julie"], "start_player": 0,
	 "achievements": ["richest", "merciless"],
	 "rounds": [
	  [{"pool": ["H2", "H3", "A4", "S6", "K6"], "coins": 3}, {"pool": ["S1", "S7", "SP"], "coins": 1}, {"pool": ["HQ", "S5"], "coins": 0}],
	  [{"pool": ["A1", "A2", "A3"], "coins": 0}, {"pool": ["X1"], "coins": 2}, {"pool": ["XC*", "X5", "K5"], "coins": 1}]
	 ]}`)

	base := sampleHome(t, client, srv.URL, func() bool { return true }, 50)
	t.Logf("GET / alone: %s", base)

	cards := strings.Fields(slowestPool)
	phases := []struct {
		name string
		body func(i int) string
	}{
		{"8 identical requests", func(int) string { return `{"cards": ` + poolJSON(slowestPool) + `}` }},
		// Each leaves out one of the pool's pirates: 8 different pools as
		// slow as it, or nearly.
		{"8 different pools", func(i int) string { return `{"cards": ` + poolJSON(slowestPool, cards[8+i]) + `}` }},
	}
	for _, ph := range phases {
		runs := a.solves.runs.Load()
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[string]int{}
		start := time.Now()
		for i := range 8 {
			wg.Go(func() {
				status := solveOnce(t, client, srv.URL, ph.body(i))
				mu.Lock()
				statuses[status]++
				mu.Unlock()
			})
		}
		allDone := make(chan struct{})
		go func() { wg.Wait(); close(allDone) }()
		under := sampleHome(t, client, srv.URL, func() bool {
			select {
			case <-allDone:
				return true
			default:
				return false
			}
		}, 0)
		t.Logf("%s: answered in %v: %v; %d solves run; GET / meanwhile: %s",
			ph.name, time.Since(start).Round(time.Millisecond), statuses, a.solves.runs.Load()-runs, under)
	}
}

// solveOnce posts one solve and checks what came back is a party or a
// 503 done properly; it returns a label for the tally.
func solveOnce(t *testing.T, client *http.Client, url, body string) string {
	res, err := client.Post(url+"/api/solve", "application/json", strings.NewReader(body))
	if err != nil {
		t.Errorf("POST /api/solve: %v (want an answer, never a dropped connection)", err)
		return "error"
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Errorf("POST /api/solve: reading the answer: %v", err)
		return "error"
	}
	var out struct {
		Strength *int   `json:"strength"`
		Error    string `json:"error"`
		Field    *string
	}
	_ = json.Unmarshal(b, &out)
	switch {
	case res.StatusCode == http.StatusOK && out.Strength != nil:
		return "200"
	case res.StatusCode == http.StatusServiceUnavailable && res.Header.Get("Retry-After") != "" && out.Error != "" && out.Field != nil:
		return "503 " + out.Error
	}
	t.Errorf("POST /api/solve: status %d, Retry-After %q, body %.300s; want a party or a 503 with Retry-After and an error", res.StatusCode, res.Header.Get("Retry-After"), b)
	return "bad"
}

// homeSamples are the latencies of GET / and the RSS seen meanwhile.
type homeSamples struct {
	took  []time.Duration
	rssKB int
	heap  uint64
}

func (s homeSamples) String() string {
	if len(s.took) == 0 {
		return "no samples"
	}
	d := slices.Clone(s.took)
	slices.Sort(d)
	q := func(p float64) time.Duration {
		return d[min(len(d)-1, int(p*float64(len(d))))].Round(10 * time.Microsecond)
	}
	rss := "RSS n/a"
	if s.rssKB > 0 {
		rss = fmt.Sprintf("RSS peak %.1f MB (goal ≤ 150 MB)", float64(s.rssKB)/1024)
	}
	return fmt.Sprintf("%d samples, p50 %v, p99 %v (goal ≤ 50 ms), max %v; %s, Go heap peak %.1f MB", len(d), q(0.5), q(0.99), d[len(d)-1].Round(10*time.Microsecond), rss, float64(s.heap)/(1<<20))
}

// sampleHome gets / every 10 ms until done says so, and at least n times.
func sampleHome(t *testing.T, client *http.Client, url string, done func() bool, n int) homeSamples {
	t.Helper()
	var s homeSamples
	for len(s.took) < n || !done() {
		start := time.Now()
		res, err := client.Get(url + "/")
		if err != nil {
			t.Fatalf("GET /: %v", err)
		}
		_, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("GET /: status %d, %v; want 200", res.StatusCode, err)
		}
		s.took = append(s.took, time.Since(start))
		s.rssKB = max(s.rssKB, rssKB())
		s.heap = max(s.heap, liveHeap())
		time.Sleep(10 * time.Millisecond)
	}
	return s
}

// rssKB is this process's resident set (VmRSS), in KiB; 0 where /proc is
// not there.
func rssKB() int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return n
		}
	}
	return 0
}

// liveHeap is the Go heap in use (objects, live or not yet collected).
func liveHeap() uint64 {
	m := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(m)
	return m[0].Value.Uint64()
}
