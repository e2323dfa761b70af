package handlers_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The games of TestScoreboardLeadsWithTotals: four players at the start,
// after round 1, after round 5, and a two-player game at its end.
const (
	boardFresh = `{"version": 1, "players": ["Anna", "Bob", "Cat", "Dan"], "start_player": 0, "rounds": []}`
	boardMid   = `{"version": 1, "players": ["Anna", "Bob", "Cat", "Dan"], "start_player": 0, "rounds": [[
 {"pool": ["H2", "H3", "H4", "A6", "K6"], "coins": 3}, {"pool": ["A2", "A3", "X5"], "coins": 1},
 {"pool": ["S1", "S7", "SP"], "coins": 0}, {"pool": ["HQ", "S5", "XC"], "coins": 2}]]}`
	boardFive = `{"version": 1, "players": ["Anna", "Bob", "Cat", "Dan"], "start_player": 0, "rounds": [
 [{"pool":["H2","H3"],"coins":2},{"pool":["A5","A6"],"coins":1},{"pool":["S1","S7"],"coins":3},{"pool":["X4","K4"],"coins":0}],
 [{"pool":["H2","H3","H4"],"coins":3},{"pool":["A5","A6","A7"],"coins":1},{"pool":["S1","S7","SP"],"coins":1},{"pool":["X4","K4","X5","K5"],"coins":2}],
 [{"pool":["H2","H3","H4","HC"],"coins":3},{"pool":["A6","A7","AQ"],"coins":2},{"pool":["S1","S7","SP","S2"],"coins":2},{"pool":["X4","K4","X5","K5","XC"],"coins":2}],
 [{"pool":["H3","H4","HC","H5"],"coins":1},{"pool":["A6","A7","AQ","A1"],"coins":2},{"pool":["S1","S7","SP","S2"],"coins":4},{"pool":["X4","K4","X5","K5","XC","X6","K6"],"coins":3}],
 [{"pool":["H3","H4","HC*","H5","H6"],"coins":2},{"pool":["A6","A7","AQ","A1","A2","A3"],"coins":0},{"pool":["S1","S7","SP","S2","S3"],"coins":4},{"pool":["X4","X5","K5","XC","X6","K6"],"coins":4}]]}`
	boardDone = `{"version":1,"players":["Ann","Bo"],"start_player":0,"achievements":["richest","merciless"],
	"rounds":[[{"pool":["H2","H3","H4"],"coins":1},{"pool":["S6","X6"],"coins":2}],
	[{"pool":["H2","H3","H4","H5"],"coins":2},{"pool":["S6","X6","A6"],"coins":3}],
	[{"pool":["H2","H3","H4","H5"],"coins":2},{"pool":["S6","X6","A6"],"coins":2}],
	[{"pool":["H2","H3","H4","H5","H6"],"coins":4},{"pool":["S6","X6","A6","S1"],"coins":5}],
	[{"pool":["H2","H3","H4","H5","H6"],"coins":3},{"pool":["S6","X6","A6","S1"],"coins":6}],
	[{"pool":["H2","H3","H4","H5","H6","H7"],"coins":3},{"pool":["S6","X6","A6","S1","S2"],"coins":6}]],
	"final":[{"pirates":["H2","H3","H4","H5","H7"],"buried_pirates":["H6"],"buried_powder_monkeys":1,"loot_banner_kept":5,"loot_banner_buried":0,"coins":3,"parley_used":false},
	{"pirates":["S6","X6","A6","S1","S2"],"buried_pirates":[],"buried_powder_monkeys":2,"loot_banner_kept":3,"loot_banner_buried":1,"coins":6,"parley_used":true}]}`
)

// primaryRE finds the page's main buttons: links drawn as "btn primary".
var primaryRE = regexp.MustCompile(`<a class="btn primary"[^>]*data-testid="([^"]+)"[^>]*>(?:<span>)?([^<]*)<`)

// TestScoreboardLeadsWithTotals: the scoreboard shows each player's NP so
// far (the tokens, then the final NP) with the place it gives, computed
// here again from scoring.Score; its one main button is the game's next
// step (inviting the table while nobody has entered); and Delete waits
// under "More" at the bottom, far from it.
func TestScoreboardLeadsWithTotals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		file     string
		players  int
		final    bool
		wantMain string // data-testid of the main button
		wantText string // its words
	}{
		{"nobody has entered", boardFresh, 4, false, "ask-seat", ""},
		{"after round 1", boardMid, 4, false, "next-action", "See round 1 results"},
		{"after round 5", boardFive, 4, false, "next-action", "See round 5 results"},
		{"at the end", boardDone, 2, true, "next-action", "See the final scores"},
	}
	a := newApp(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := a.createGame(t, tt.file)
			body := a.get(t, "/games/"+id).body

			res := scoreFile(t, tt.file)
			n := tt.players
			np := make([]int, n)
			for _, rr := range res.Rounds {
				for p, pr := range rr.Results {
					np[p] += pr.Prize
				}
			}
			if tt.final {
				for p, tot := range res.Totals {
					np[p] = tot.NP
				}
			}
			for p := range n {
				if got, want := textOf(body, "total-np-"+strconv.Itoa(p)), strconv.Itoa(np[p]); got != want {
					t.Errorf("seat %d's total: %q, want %q", p, got, want)
				}
				place := 1
				for q := range n {
					if np[q] > np[p] {
						place++
					}
				}
				want := []string{"", "1st", "2nd", "3rd", "4th"}[place]
				if len(res.Rounds) == 0 {
					want = "– no place yet"
				}
				if got := textOf(body, "place-"+strconv.Itoa(p)); got != want {
					t.Errorf("seat %d's place: %q, want %q (NP %v)", p, got, want, np)
				}
			}

			mains := primaryRE.FindAllStringSubmatch(body, -1)
			if tt.wantMain == "ask-seat" {
				// A phone of no seat is first asked which player it is
				// (TestAskSeatComesFirst): no filled button competes.
				if len(mains) != 0 || !strings.Contains(body, `data-testid="ask-seat"`) {
					t.Errorf("main buttons %v, ask-seat shown %v; want none, and the ask", mains, strings.Contains(body, `data-testid="ask-seat"`))
				}
				return
			}
			if len(mains) != 1 {
				t.Fatalf("%d main buttons, want 1: %v", len(mains), mains)
			}
			if got := mains[0][1]; got != tt.wantMain {
				t.Errorf("main button %q, want %q", got, tt.wantMain)
			}
			if got := strings.TrimSpace(mains[0][2]); got != tt.wantText {
				t.Errorf("main button reads %q, want %q", got, tt.wantText)
			}
			if tt.wantMain == "invite" {
				if next, _ := testid(body, "next-action"); !strings.HasPrefix(next, "Enter round 1 for ") {
					t.Errorf("under the invitation the entry reads %q, want Enter round 1 for …", next)
				}
			}

			main := strings.Index(body, mains[0][0])
			more := strings.Index(body, `<details class="more"`)
			del := strings.Index(body, `data-testid="delete-game"`)
			if more < 0 || del < more || main > more {
				t.Errorf("Delete at %d, More at %d, main button at %d: want Delete inside More, after the main button", del, more, main)
			}
			if strings.Contains(body[main:more], "danger") {
				t.Errorf("a destructive button sits between the main button and More")
			}
		})
	}
}
