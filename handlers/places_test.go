package handlers_test

import (
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// placesGame is a finished four-player game whose rounds took no prize
// (empty pools), so its final NP come only from the end of the game:
// 2 per Captain and 1 per Quartermaster owned, 1 for an unused Parley
// token, and the Richest achievement when a seat keeps loot. fin[p] is
// seat p's final entry.
func placesGame(fin [4]string) string {
	var rounds []string
	for range 5 {
		rounds = append(rounds, `[{"pool":[],"coins":0},{"pool":[],"coins":0},{"pool":[],"coins":0},{"pool":[],"coins":0}]`)
	}
	return `{"version":1,"players":["Anne","Bonny","Calico","Drake"],"start_player":0,"achievements":["richest","merciless"],
 "rounds":[` + strings.Join(rounds, ",") + `],"final":[` + strings.Join(fin[:], ",") + `]}`
}

// fe is one final entry: the pirates owned, the loot banner kept, the
// coins and whether the Parley token was used.
func fe(pirates string, loot, coins int, parleyUsed bool) string {
	list := `[]`
	if pirates != "" {
		list = `["` + strings.Join(strings.Fields(pirates), `","`) + `"]`
	}
	return fmt.Sprintf(`{"pirates":%s,"buried_pirates":[],"buried_powder_monkeys":0,"loot_banner_kept":%d,"loot_banner_buried":0,"coins":%d,"parley_used":%v}`,
		list, loot, coins, parleyUsed)
}

// TestPlacesAgreeEverywhere (R3.5): for games with every kind of tie at
// the end, the scoreboard, the final scores, the result card and the CSV
// export give every player the same place, the one R3.5 gives: players
// separated by any step stand apart, players level on every step share a
// place and the next takes the place after all of them.
func TestPlacesAgreeEverywhere(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		fin  [4]string
		want [4]int // place by seat
	}{
		// 5, 3 (1 coin), 3 (5 coins), 0 NP.
		{"non-winners level on NP, separated by coins",
			[4]string{fe("XC SC", 0, 0, false), fe("AC", 0, 1, false), fe("HC", 0, 5, false), fe("", 0, 0, true)}, [4]int{1, 3, 2, 4}},
		// 5, 3, 3, 0 NP, the two 3s level on every step.
		{"non-winners shared",
			[4]string{fe("XC SC", 0, 0, false), fe("AC", 0, 1, false), fe("HC", 0, 1, false), fe("", 0, 0, true)}, [4]int{1, 2, 2, 4}},
		// 3 (2 coins), 3 (3 coins), 1, 0 NP.
		{"winners separated by coins",
			[4]string{fe("AC", 0, 2, false), fe("HC", 0, 3, false), fe("", 0, 0, false), fe("", 0, 0, true)}, [4]int{2, 1, 3, 4}},
		// 4 NP from Richest against 4 NP from two Captains, coins level.
		{"winners separated by achievement NP",
			[4]string{fe("", 5, 1, true), fe("AC HC", 0, 1, true), fe("", 0, 0, false), fe("", 0, 0, true)}, [4]int{1, 2, 3, 4}},
		// 2 NP from two Quartermasters against 2 NP from one Captain.
		{"winners separated by Qtr + Cpt",
			[4]string{fe("AQ HQ", 0, 1, true), fe("AC", 0, 1, true), fe("", 0, 2, false), fe("", 0, 1, false)}, [4]int{1, 2, 3, 4}},
		{"shared victory",
			[4]string{fe("AC", 0, 1, false), fe("HC", 0, 1, false), fe("", 0, 0, false), fe("", 0, 0, true)}, [4]int{1, 1, 3, 4}},
		{"shared victory of three",
			[4]string{fe("", 0, 0, false), fe("", 0, 0, false), fe("", 0, 0, false), fe("", 0, 0, true)}, [4]int{1, 1, 1, 4}},
		{"shared third place",
			[4]string{fe("AC HC", 0, 0, false), fe("XC", 0, 0, false), fe("", 0, 3, false), fe("", 0, 3, false)}, [4]int{1, 2, 3, 3}},
	}
	a := newApp(t)
	ids := map[string]string{} // game id → case name
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := placesGame(tt.fin)
			id := a.createGame(t, file)
			ids[id] = tt.name
			board := a.get(t, "/games/"+id).body
			final := a.get(t, "/games/"+id+"/final").body
			card := a.get(t, "/games/"+id+"/card").body
			for p, want := range tt.want {
				seat := strconv.Itoa(p)
				for _, page := range []struct{ name, got string }{
					{"scoreboard", textOf(board, "place-"+seat)},
					{"final scores", strings.TrimSuffix(textOf(final, "place-"+seat), " (tied)")},
					{"result card", textOf(card, "card-place-"+seat)},
				} {
					if page.got != ordinalOf(want) {
						t.Errorf("seat %d on the %s: %q, want %q", p, page.name, page.got, ordinalOf(want))
					}
				}
			}
		})
	}

	res := a.get(t, "/export/results.csv")
	rows, err := csv.NewReader(strings.NewReader(res.body)).ReadAll()
	if err != nil || len(rows) < 1 {
		t.Fatalf("CSV: %v (%d rows)", err, len(rows))
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	seen := 0
	for _, row := range rows[1:] {
		name, ok := ids[row[col["game_id"]]]
		if !ok {
			continue
		}
		seen++
		for _, tt := range tests {
			if tt.name != name {
				continue
			}
			seat, _ := strconv.Atoi(row[col["seat"]])
			if got, want := row[col["place"]], strconv.Itoa(tt.want[seat]); got != want {
				t.Errorf("%s: seat %d in the CSV: place %s, want %s", name, seat, got, want)
			}
			if got, want := row[col["winner"]], map[bool]string{true: "yes", false: "no"}[tt.want[seat] == 1]; got != want {
				t.Errorf("%s: seat %d in the CSV: winner %s, want %s", name, seat, got, want)
			}
		}
	}
	if want := 4 * len(tests); seen != want {
		t.Errorf("CSV rows of these games: %d, want %d", seen, want)
	}
}

// ordinalOf writes a place as the pages do: 1st, 2nd, 3rd, 4th.
func ordinalOf(n int) string {
	return strconv.Itoa(n) + map[int]string{1: "st", 2: "nd", 3: "rd"}[n] + map[bool]string{true: "th"}[n > 3]
}
