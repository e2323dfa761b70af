package views_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"ruthless/scoring"
	"ruthless/views"
)

// The JSON of a scored game, as the API and `ruthless score --json` write
// it: scoring's facts and the sentences views.Explain adds to them. It
// lives here, not in scoring, because the sentences are views' part.

// goldenGame scores the same with any correct solver: every pool is empty
// or a single card (strength 0), so the test pins the JSON shape today.
const goldenGame = `{
  "version": 1,
  "players": ["Lucy", "Craig", "Julie"],
  "start_player": 1,
  "achievements": ["richest", "merciless"],
  "rounds": [
    [{"pool": ["H1"], "coins": 1}, {"pool": [], "coins": 0}, {"pool": ["A1"], "coins": 2}],
    [{"pool": ["H1"], "coins": 1}, {"pool": ["S2"], "coins": 0}, null]
  ],
  "final": [
    {"pirates": ["H1"], "buried_pirates": [], "buried_powder_monkeys": 1,
     "loot_banner_kept": 5, "loot_banner_buried": 0, "coins": 3, "parley_used": false},
    {"pirates": ["SC"], "buried_pirates": ["S2"], "buried_powder_monkeys": 0,
     "loot_banner_kept": 2, "loot_banner_buried": 0, "coins": 3, "parley_used": false},
    {"pirates": ["A1", "AQ"], "buried_pirates": [], "buried_powder_monkeys": 0,
     "loot_banner_kept": 0, "loot_banner_buried": 4, "coins": 9, "parley_used": true}
  ]
}`

// goldenScore is what score --json prints for goldenGame (scoring's
// facts, with views.Explain's words in why): the fields of
// docs/api.md plus the documented additions (coins, unused_cards, returned,
// name, why, officers, winner_tie_breaks, standings). Round 2 is left out:
// Julie has not entered it.
const goldenScore = `{
  "rounds": [
    {"round": 1, "start_player": 1, "token": "port",
     "results": [
       {"player": 0, "strength": 0, "unused": 1, "coins": 1, "prize": 0, "place": null, "sets": [], "unused_cards": ["H1"]},
       {"player": 1, "strength": 0, "unused": 0, "coins": 0, "prize": 0, "place": null, "sets": [], "unused_cards": []},
       {"player": 2, "strength": 0, "unused": 1, "coins": 2, "prize": 0, "place": null, "sets": [], "unused_cards": ["A1"]}
     ],
     "tie_breaks": [], "returned": [1, 1, 1]}
  ],
  "achievements": [
    {"id": "richest", "name": "Richest", "counts": [5, 2, 0], "np": [4, 2, 0], "rule": "R3.3",
     "why": "Lucy has the richest loot kept (5), 4 NP; Craig is second (2), 2 NP."},
    {"id": "merciless", "name": "Merciless", "counts": [1, 1, 0], "np": [4, 4, 0], "rule": "R3.3",
     "why": "Lucy and Craig have the most buried crew (1), 4 NP each; a tie for first leaves no second place."}
  ],
  "totals": [
    {"player": 0, "prizes": 0, "achievements": 8, "crew": 0, "parley": 1, "np": 9, "coins": 3, "officers": 0},
    {"player": 1, "prizes": 0, "achievements": 6, "crew": 2, "parley": 1, "np": 9, "coins": 3, "officers": 1},
    {"player": 2, "prizes": 0, "achievements": 0, "crew": 1, "parley": 0, "np": 1, "coins": 9, "officers": 1}
  ],
  "winners": [0],
  "winner_tie_breaks": [{"players": [0, 1], "decided_by": "achievements", "rule": "R3.5"}],
  "standings": [0, 1, 2]
}`

func TestScoreGoldenJSON(t *testing.T) {
	t.Parallel()
	g, err := scoring.DecodeGame(strings.NewReader(goldenGame))
	if err != nil {
		t.Fatalf("DecodeGame: %v", err)
	}
	res, err := scoring.Score(g)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	views.Explain(&res, g.Players)
	got, err := json.Marshal(res)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	var want bytes.Buffer
	if err := json.Compact(&want, []byte(goldenScore)); err != nil {
		t.Fatalf("golden is not JSON: %v", err)
	}
	if string(got) != want.String() {
		t.Errorf("score JSON:\n got %s\nwant %s", got, want.String())
	}
}
