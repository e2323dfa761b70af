package handlers_test

import (
	"fmt"
	"net/url"
	"testing"
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
