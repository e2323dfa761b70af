package handlers_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/store"
)

// historyFile is an upload of n distinct two-player games, each with a
// round entered, as a club's history would be: distinct (tag) so that an
// import stores every one of them.
func historyFile(tag string, n int) string {
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"version":1,"players":["Ann %s%d","Bob"],"start_player":0,"rounds":[[{"pool":["H2","H3","H4","S6"],"coins":2},{"pool":["A5","X5"],"coins":1}]]}`, tag, i)
	}
	b.WriteString("]")
	return b.String()
}

// TestSavesDuringParallelImports: the table's saves go through while
// clients at many addresses import big histories at once. Each save
// waits its turn behind at most one batch of an import (store's write
// gate), so none fails with "database is locked" as a 500, as 20
// parallel imports once made 16 of them do. Run it with -race. A write
// here may wait minutes for its turn: the store's usual 10 s wait
// (store.DefaultWriteWait) ran out on a machine at load 50, and the
// 503 it then answers is right for a server but not what this test
// looks at.
func TestSavesDuringParallelImports(t *testing.T) {
	t.Parallel()
	a := newAppOn(t, store.Options{WriteWait: 5 * time.Minute}, handlers.Options{})
	id := a.createGame(t, `{"version":1,"players":["Ann","Bob","Cid"],"start_player":0,"rounds":[]}`)
	const importers, games, savers = 8, 1000, 3
	files := make([]string, importers)
	for i := range files {
		files[i] = historyFile(fmt.Sprintf("c%d-", i), games)
	}

	var wg sync.WaitGroup
	importing := make(chan struct{})
	importStatus := make([]int, importers)
	for i := range importers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := uploadFrom(t, a, fmt.Sprintf("192.0.2.%d", 20+i), "history.json", files[i])
			importStatus[i] = res.status
		}()
	}
	go func() { wg.Wait(); close(importing) }()

	type saveResult struct {
		status int
		took   time.Duration
		body   string
	}
	var mu sync.Mutex
	var saves []saveResult
	var sw sync.WaitGroup
	for seat := range savers {
		sw.Add(1)
		go func() {
			defer sw.Done()
			version := 0
			for round := 1; ; round = round%5 + 1 {
				select {
				case <-importing:
					return
				default:
				}
				start := time.Now()
				path := fmt.Sprintf("/api/games/%s/rounds/1/entries/%d", id, seat)
				res := a.sendJSON(t, http.MethodPut, path, fmt.Sprintf(`{"pool":["H%d"],"coins":%d,"version":%d}`, seat+2, round, version))
				if res.status == http.StatusOK {
					version++
				}
				mu.Lock()
				saves = append(saves, saveResult{res.status, time.Since(start), res.body})
				mu.Unlock()
			}
		}()
	}
	sw.Wait()

	for i, status := range importStatus {
		if status != http.StatusSeeOther {
			t.Errorf("import %d: status %d, want 303", i, status)
		}
	}
	if len(saves) == 0 {
		t.Fatal("no save ran during the imports")
	}
	took := make([]time.Duration, 0, len(saves))
	for _, s := range saves {
		if s.status != http.StatusOK {
			t.Errorf("a save during the imports: status %d (%s), want 200", s.status, strings.TrimSpace(s.body))
		}
		took = append(took, s.took)
	}
	slices.Sort(took)
	t.Logf("%d saves during %d parallel imports of %d games: p50 %v, p99 %v, slowest %v",
		len(saves), importers, games, took[len(took)/2], took[len(took)*99/100], took[len(took)-1])
	stored, err := a.store.Games(context.Background())
	if err != nil || len(stored) != importers*games+1 {
		t.Errorf("games stored after the imports: %d (%v), want %d", len(stored), err, importers*games+1)
	}
}
