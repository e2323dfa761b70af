package handlers_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// fillGames stores n games in the database file at path in one
// transaction of plain SQL (through the store, 50,000 games would take
// minutes of one transaction each): three players each, every third game
// finished, the others one to four rounds in. They are copies of two real
// games, so every one of them scores. It opens the store first, so the
// schema is there.
func fillGames(tb testing.TB, path string, n int) {
	tb.Helper()
	st, err := store.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	st.Close()
	db, err := sql.Open("sqlite3", path+"?_journal_mode=WAL&_foreign_keys=on")
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		tb.Fatal(err)
	}
	defer tx.Rollback()
	prep := func(q string) *sql.Stmt {
		s, err := tx.Prepare(q)
		if err != nil {
			tb.Fatal(err)
		}
		return s
	}
	games := prep(`INSERT INTO games (id, created, updated, version, start_player, achievements, zero_counts, rounds) VALUES (?, ?, ?, 1, 0, '["richest","merciless"]', 0, ?)`)
	players := prep(`INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)`)
	entries := prep(`INSERT INTO entries (game_id, round, seat, pool, coins, version) VALUES (?, ?, ?, ?, ?, 1)`)
	finals := prep(`INSERT INTO finals (game_id, seat, pirates, buried_pirates, buried_powder_monkeys, loot_banner_kept, loot_banner_buried, coins, parley_used, version) VALUES (?, ?, ?, '[]', 1, 3, 0, 2, 0, 1)`)
	pools := [][]string{
		{`["H2","H3","A4","S6","K6"]`, `["S1","S7","SP"]`, `["HQ","S5"]`},
		{`["H2","H3","A4","S6","K6","HC*"]`, `["S1","S7","SP","X3"]`, `["HQ","S5","A1"]`},
		{`["H2","H3","A4","S6","K6","HC"]`, `["S1","S7","SP","X3","X4"]`, `["HQ","S5","A1","A2"]`},
		{`["H2","H3","A4","S6","K6","HC","H7"]`, `["S1","S7","SP","X3","X4"]`, `["HQ","S5","A1","A2","AP"]`},
		{`["H2","H3","A4","S6","K6","HC","H7"]`, `["S1","S7","SP","X3","X4","XQ"]`, `["HQ","S5","A1","A2","AP"]`},
	}
	owned := []string{`["H2","H3","A4","S6","K6","HC","H7"]`, `["S1","S7","SP","X3","X4","XQ"]`, `["HQ","S5","A1","A2","AP"]`}
	start := time.Date(2024, 1, 1, 19, 0, 0, 0, time.UTC).UnixNano()
	exec := func(s *sql.Stmt, args ...any) {
		if _, err := s.Exec(args...); err != nil {
			tb.Fatal(err)
		}
	}
	for i := range n {
		id := fmt.Sprintf("fill%012d", i)
		rounds := 1 + i%4
		finished := i%3 == 0
		if finished {
			rounds = 5
		}
		at := start + int64(i)*int64(time.Minute)
		exec(games, id, at, at, rounds)
		for seat, name := range []string{"Lucy", "Craig", "P" + strconv.Itoa(i%97)} {
			exec(players, id, seat, name)
		}
		for r := range rounds {
			for seat := range 3 {
				exec(entries, id, r+1, seat, pools[r][seat], (r+seat)%5)
			}
		}
		if finished {
			for seat := range 3 {
				exec(finals, id, seat, owned[seat])
			}
		}
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
}

// homeApp serves a database filled with n games.
func homeApp(tb testing.TB, n int) http.Handler {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "home.db")
	fillGames(tb, path, n)
	st, err := store.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	// Every filled game loads and validates (a sample: the newest page).
	page, _, err := st.GamesPage(context.Background(), store.Cursor{}, 20)
	if err != nil || len(page) != min(n, 20) {
		tb.Fatalf("GamesPage: %d games, %v", len(page), err)
	}
	for _, g := range page {
		if _, err := scoring.Validate(g.File); err != nil {
			tb.Fatalf("filled game %s is invalid: %v", g.ID, err)
		}
	}
	return handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{})
}

// homeFigures is one measurement of GET /.
type homeFigures struct {
	first, median time.Duration
	bytes, gzip   int
	listed        int
}

func measureHome(tb testing.TB, h http.Handler, runs int) homeFigures {
	tb.Helper()
	var f homeFigures
	var took []time.Duration
	for i := range runs + 1 {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		rec := httptest.NewRecorder()
		t0 := time.Now()
		h.ServeHTTP(rec, req)
		d := time.Since(t0)
		if rec.Code != http.StatusOK {
			tb.Fatalf("GET /: status %d", rec.Code)
		}
		if i == 0 {
			f.first = d
			f.bytes = rec.Body.Len()
			f.listed = len(regexp.MustCompile(`data-testid="game-`).FindAllIndex(rec.Body.Bytes(), -1))
			var z bytes.Buffer
			w := gzip.NewWriter(&z)
			w.Write(rec.Body.Bytes())
			w.Close()
			f.gzip = z.Len()
			continue
		}
		took = append(took, d)
	}
	slices.Sort(took)
	f.median = took[len(took)/2]
	return f
}

// TestHomeScales measures the home page with RUTHLESS_HOME_GAMES games in
// the database (the flood had 55,772) against 20 games, and fails
// if it lists more than a page or weighs more than the 20-game page:
//
//	RUTHLESS_HOME_GAMES=50000 go test -count=1 -run TestHomeScales -v ./handlers
func TestHomeScales(t *testing.T) {
	t.Parallel()
	n, _ := strconv.Atoi(os.Getenv("RUTHLESS_HOME_GAMES"))
	if n <= 0 {
		t.Skip("set RUTHLESS_HOME_GAMES (e.g. 50000) to measure the home page with that many games")
	}
	t0 := time.Now()
	big := homeApp(t, n)
	t.Logf("filled %d games in %v", n, time.Since(t0).Round(time.Millisecond))
	small := homeApp(t, 20)
	for _, c := range []struct {
		name  string
		h     http.Handler
		games int
	}{{"20 games", small, 20}, {strconv.Itoa(n) + " games", big, n}} {
		f := measureHome(t, c.h, 50)
		t.Logf("GET / with %s: first %v, median of 50 %v; %d bytes (%d gzipped), %d games listed",
			c.name, f.first.Round(10*time.Microsecond), f.median.Round(10*time.Microsecond), f.bytes, f.gzip, f.listed)
		// A page is 8 games (two phone screens, issue 31).
		if f.listed != 8 {
			t.Errorf("%s: %d games listed, want a page of 8", c.name, f.listed)
		}
	}
	fs, fb := measureHome(t, small, 10), measureHome(t, big, 10)
	if fb.bytes > fs.bytes+200 {
		t.Errorf("page with %d games weighs %d bytes, with 20 games %d", n, fb.bytes, fs.bytes)
	}
	if fb.median > 10*fs.median+20*time.Millisecond {
		t.Errorf("page with %d games takes %v, with 20 games %v", n, fb.median, fs.median)
	}
}

// BenchmarkHome is GET / with 20 and with 50,000 games stored; B/op and
// page-bytes should not grow with the games.
func BenchmarkHome(b *testing.B) {
	for _, n := range []int{20, 50_000} {
		b.Run("games="+strconv.Itoa(n), func(b *testing.B) {
			h := homeApp(b, n)
			size := 0
			b.ReportAllocs()
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
				if rec.Code != http.StatusOK {
					b.Fatalf("status %d", rec.Code)
				}
				size = rec.Body.Len()
			}
			b.ReportMetric(float64(size), "page-bytes")
		})
	}
}
