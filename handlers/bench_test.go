package handlers_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"sync/atomic"
	"testing"

	"ruthless/handlers"
	"ruthless/store"
)

// BenchmarkRoundSubmit measures one round-entry POST end to end: parse the
// form, validate the whole game, write the entry to SQLite and redirect.
// Each iteration saves over the previous version, as a corrected entry does.
func BenchmarkRoundSubmit(b *testing.B) {
	a := newApp(b)
	id := a.createGame(b, threePlayers)
	path := "/games/" + id + "/rounds/2/players/0"
	version := 0
	for b.Loop() {
		res := a.postForm(b, path, url.Values{"card": {"H2", "H3", "A4", "S6", "K6", "HC"}, "power": {"HC"}, "coins": {"3"}, "version": {fmt.Sprint(version)}})
		if res.status != 303 {
			b.Fatalf("status %d: %.300s", res.status, res.body)
		}
		version++
	}
}

// countingApp is newApp over a store that counts every SQL statement it
// sends (store.Options.OnStatement).
func countingApp(tb testing.TB) (*app, *atomic.Int64) {
	tb.Helper()
	var n atomic.Int64
	st, err := store.OpenWith(filepath.Join(tb.TempDir(), "test.db"), store.Options{OnStatement: func(string) { n.Add(1) }})
	if err != nil {
		tb.Fatalf("store.OpenWith: %v", err)
	}
	tb.Cleanup(func() { st.Close() })
	return &app{h: handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{}), store: st}, &n
}

// BenchmarkSaveEntry measures one round entry as a phone makes it: the
// POST of the entry form, then the GET of the page it is sent to. Beside
// time and allocations it reports the SQL statements of each (sql/save,
// sql/page), the figures docs/design.md quotes for the request's path.
func BenchmarkSaveEntry(b *testing.B) {
	a, count := countingApp(b)
	id := a.createGame(b, threePlayers)
	path := "/games/" + id + "/rounds/2/players/0"
	version := 0
	var saveSQL, pageSQL int64
	for b.Loop() {
		before := count.Load()
		res := a.postForm(b, path, url.Values{"card": {"H2", "H3", "A4", "S6", "K6", "HC"}, "power": {"HC"}, "coins": {"3"}, "version": {fmt.Sprint(version)}})
		if res.status != 303 {
			b.Fatalf("status %d: %.300s", res.status, res.body)
		}
		mid := count.Load()
		if page := a.get(b, res.header.Get("Location")); page.status != 200 {
			b.Fatalf("GET %s: status %d", res.header.Get("Location"), page.status)
		}
		saveSQL += mid - before
		pageSQL += count.Load() - mid
		version++
	}
	b.ReportMetric(float64(saveSQL)/float64(b.N), "sql/save")
	b.ReportMetric(float64(pageSQL)/float64(b.N), "sql/page")
}
