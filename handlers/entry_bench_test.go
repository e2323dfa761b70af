package handlers_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"ruthless/handlers"
	"ruthless/store/memstore"
)

// lateGameFile is the four-player game the offline site's browser test
// plays (e2e/offline_test.go, fourPlayers): long, Cyrillic and Chinese
// names, five rounds of growing pools, and the end of the game entered.
// Its round 5 entry page is the one issue 42 times per tap.
const lateGameFile = `{"version":1,"players":["Maximilianus Aurelius Valerius","Анастасия Ковалевская","欧阳晓明","Bartholomew Roberts"],"start_player":0,"rounds":[
 [{"pool":["H1","H2","H3"],"coins":1},{"pool":["S7","X7"],"coins":2},{"pool":["A1"],"coins":0},{"pool":["K1","K2"],"coins":1}],
 [{"pool":["H1","H2","H3","H4"],"coins":2},{"pool":["S7","X7","A7"],"coins":3},{"pool":["A1","A2","A3"],"coins":1},{"pool":["K1","K2","K3"],"coins":2}],
 [{"pool":["H1","H2","H3","H4","H5"],"coins":3},{"pool":["S7","X7","A7"],"coins":4},{"pool":["A1","A2","A3"],"coins":2},{"pool":["K1","K2","K3","K4"],"coins":3}],
 [{"pool":["H1","H2","H3","H4","H5"],"coins":4},{"pool":["S7","X7","A7","H7","K7"],"coins":5},{"pool":["A1","A2","A3","X1","X2","X3"],"coins":3},{"pool":["K1","K2","K3","K4"],"coins":4}],
 [{"pool":["H1","H2","H3","H4","H5","H6"],"coins":5},{"pool":["S7","X7","A7","H7","K7"],"coins":6},{"pool":["A1","A2","A3","X1","X2","X3","X4"],"coins":4},{"pool":["K1","K2","K3","K4","K5"],"coins":5}]],
 "final":[
  {"pirates":["H1","H2","H3","H4","H5"],"buried_pirates":["H6"],"buried_powder_monkeys":1,"loot_banner_kept":5,"loot_banner_buried":0,"coins":3,"parley_used":false},
  {"pirates":["S7","X7","A7","H7","K7"],"buried_pirates":[],"buried_powder_monkeys":0,"loot_banner_kept":9,"loot_banner_buried":2,"coins":6,"parley_used":true},
  {"pirates":["A1","A2","A3","X1","X2","X3","X4"],"buried_pirates":[],"buried_powder_monkeys":3,"loot_banner_kept":4,"loot_banner_buried":0,"coins":2,"parley_used":false},
  {"pirates":["K1","K2","K3","K4","K5"],"buried_pirates":[],"buried_powder_monkeys":0,"loot_banner_kept":2,"loot_banner_buried":0,"coins":1,"parley_used":false}]}`

// BenchmarkEntryPage is one request of round 5's entry page of seat 2 in
// lateGameFile, through the whole handler as a phone asks for it: the
// page issue 42 finds too slow in the offline build, where the same code
// runs as WebAssembly several times slower. Its figures are quoted in
// docs/measurements.md; compare BenchmarkScoreboard.
func BenchmarkEntryPage(b *testing.B) {
	a := newApp(b)
	id := a.createGame(b, lateGameFile)
	req := httptest.NewRequest(http.MethodGet, "/games/"+id+"/rounds/5/players/2", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	benchmarkPage(b, a.h, req)
}

// BenchmarkEntryPageOffline is BenchmarkEntryPage as the offline build
// serves it: the browser's store (memstore), the offline options, no
// gzip. Run under WebAssembly (GOOS=js GOARCH=wasm, in Node) it is the
// Go side of a tap in the phone's service worker (docs/measurements.md).
func BenchmarkEntryPageOffline(b *testing.B) {
	st := openMemstore(b, memstore.NewMemoryPersister())
	a := &app{h: handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{Offline: true, GamesPerMinute: -1, LoginsPerMinute: -1})}
	id := a.createGame(b, lateGameFile)
	req := httptest.NewRequest(http.MethodGet, "/games/"+id+"/rounds/5/players/2", nil)
	benchmarkPage(b, a.h, req)
}
