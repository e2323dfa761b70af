package scoring

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

// seededNames are the players of the seeded games; some games type a
// name in another case, as people do.
var seededNames = []string{"Lucy", "Craig", "Julie", "Ann", "Bob"}

// seededGame makes a valid game from rng: every player holds pirates of
// their own (R4.1), shows more of them each round and owns all of them at
// the end (R4.4). Only finished games are made.
func seededGame(rng *rand.Rand) Game {
	n := 2 + rng.IntN(3)
	players := make([]string, n)
	for i, at := range rng.Perm(len(seededNames))[:n] {
		players[i] = seededNames[at]
		if rng.IntN(5) == 0 {
			players[i] = strings.ToUpper(players[i])
		}
	}
	var deck []Card
	for _, s := range SuitsInPlay(n) {
		for r := Rank(1); r <= Parrot; r++ {
			deck = append(deck, Card{Suit: s, Rank: r})
		}
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	const each = 10
	g := Game{Version: 1, Players: players, StartPlayer: rng.IntN(n), Achievements: []string{Richest, Merciless, Recruiter}}
	rounds := RoundsFor(n)
	shown := 0
	for r := range rounds {
		shown = min(each, 2+2*r)
		round := make([]*Entry, n)
		for p := range n {
			round[p] = &Entry{Pool: slices.Clone(deck[p*each : p*each+shown]), Coins: rng.IntN(6)}
		}
		g.Rounds = append(g.Rounds, round)
	}
	for p := range n {
		own := deck[p*each : p*each+shown]
		cut := rng.IntN(3)
		g.Final = append(g.Final, FinalEntry{Pirates: slices.Clone(own[cut:]), BuriedPirates: slices.Clone(own[:cut]),
			BuriedPowderMonkeys: rng.IntN(3), LootBannerKept: rng.IntN(6), LootBannerBuried: rng.IntN(3), Coins: rng.IntN(4), ParleyUsed: rng.IntN(2) == 0})
	}
	return g
}

// seededHistory is n scored games, oldest first, plus a game in progress
// and a finished game without a result, which count nowhere.
func seededHistory(t *testing.T, n int, seed uint64) []PlayedGame {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+7))
	var out []PlayedGame
	for i := range n {
		g := seededGame(rng)
		res, err := Score(g)
		if err != nil {
			t.Fatalf("seeded game %d does not score: %v", i, err)
		}
		out = append(out, PlayedGame{ID: fmt.Sprintf("g%04d", i), Played: int64(i) * 1000, File: g, Result: &res})
	}
	out = append(out, PlayedGame{ID: "open", Played: int64(n) * 1000, File: Game{Players: []string{"Lucy", "Zed"}}},
		PlayedGame{ID: "unscored", Played: int64(n)*1000 + 1, File: Game{Players: []string{"Zed", "Bob"}, Final: make([]FinalEntry, 2)}})
	return out
}

// countedRecords works the records out again the plainest way: one
// straight loop over the games for each figure, sharing no code with
// GroupRecords, so the two agreeing means something.
func countedRecords(history []PlayedGame) Records {
	var done []PlayedGame
	for _, pg := range history {
		if pg.File.Final != nil && pg.Result != nil {
			done = append(done, pg)
		}
	}
	want := Records{Games: len(done), HeadToHead: map[Pair]HeadToHead{}}

	// Spellings: the one typed most often, ties to the first in string order.
	typed := map[string]map[string]int{}
	for _, pg := range done {
		for _, n := range pg.File.Players {
			k := strings.ToLower(strings.TrimSpace(n))
			if typed[k] == nil {
				typed[k] = map[string]int{}
			}
			typed[k][strings.TrimSpace(n)]++
		}
	}
	spell := func(k string) string {
		var all []string
		for n := range typed[k] {
			all = append(all, n)
		}
		sort.Strings(all)
		best := all[0]
		for _, n := range all {
			if typed[k][n] > typed[k][best] {
				best = n
			}
		}
		return best
	}
	var keys []string
	for k := range typed {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	key := func(n string) string { return strings.ToLower(strings.TrimSpace(n)) }
	isWinner := func(pg PlayedGame, seat int) bool {
		for _, w := range pg.Result.Winners {
			if w == seat {
				return true
			}
		}
		return false
	}

	games, wins := map[string]int{}, map[string]int{}
	for _, pg := range done {
		for p, n := range pg.File.Players {
			games[key(n)]++
			if isWinner(pg, p) {
				wins[key(n)]++
			}
		}
	}
	for _, k := range keys {
		want.Players = append(want.Players, RecordPlayer{Key: k, Name: spell(k), Games: games[k], Wins: wins[k]})
	}
	sort.SliceStable(want.Players, func(i, j int) bool { return want.Players[i].Games > want.Players[j].Games })

	top := func(count map[string]int) CountRecord {
		var r CountRecord
		for _, k := range keys {
			if count[k] > r.Value {
				r.Value = count[k]
			}
		}
		if r.Value == 0 {
			return CountRecord{}
		}
		for _, k := range keys {
			if count[k] == r.Value {
				r.Holders = append(r.Holders, spell(k))
			}
		}
		return r
	}
	want.MostGames, want.MostWins = top(games), top(wins)

	bestRate := -1.0
	for _, k := range keys {
		if games[k] >= MinGamesForRate && float64(wins[k])/float64(games[k]) > bestRate {
			bestRate = float64(wins[k]) / float64(games[k])
		}
	}
	for _, k := range keys {
		if games[k] >= MinGamesForRate && float64(wins[k])/float64(games[k]) == bestRate {
			want.BestRate.Holders = append(want.BestRate.Holders, RateHolder{Name: spell(k), Wins: wins[k], Games: games[k]})
		}
	}

	// Highest NP and most prize NP: the prizes summed round by round.
	figure := func(of func(pg PlayedGame, p int) int) GameRecord {
		r := GameRecord{Value: -1}
		for _, pg := range done {
			for p := range pg.File.Players {
				r.Value = max(r.Value, of(pg, p))
			}
		}
		for _, pg := range done {
			for p, n := range pg.File.Players {
				if of(pg, p) == r.Value {
					r.Holders = append(r.Holders, GameHolder{Name: spell(key(n)), GameID: pg.ID, Played: pg.Played})
				}
			}
		}
		if r.Holders == nil {
			return GameRecord{}
		}
		return r
	}
	want.HighestNP = figure(func(pg PlayedGame, p int) int { return pg.Result.Totals[p].NP })
	want.MostPrizeNP = figure(func(pg PlayedGame, p int) int {
		sum := 0
		for _, r := range pg.Result.Rounds {
			sum += r.Results[p].Prize
		}
		return sum
	})

	strongest := -1
	for _, pg := range done {
		for _, r := range pg.Result.Rounds {
			for _, pr := range r.Results {
				strongest = max(strongest, pr.Strength)
			}
		}
	}
	for _, pg := range done {
		for _, r := range pg.Result.Rounds {
			for p, pr := range r.Results {
				if pr.Strength == strongest {
					want.BestParty.Strength = strongest
					want.BestParty.Holders = append(want.BestParty.Holders, PartyHolder{GameHolder: GameHolder{Name: spell(key(pg.File.Players[p])), GameID: pg.ID, Played: pg.Played}, Round: r.Round, Party: pr})
				}
			}
		}
	}

	// Streaks: each player's results in order, then the longest run.
	type run struct {
		length      int
		first, last PlayedGame
	}
	longest := map[string]run{}
	for _, k := range keys {
		var cur run
		for _, pg := range done {
			seat := -1
			for p, n := range pg.File.Players {
				if key(n) == k {
					seat = p
				}
			}
			if seat < 0 {
				continue
			}
			if !isWinner(pg, seat) {
				cur = run{}
				continue
			}
			if cur.length == 0 {
				cur.first = pg
			}
			cur.length++
			cur.last = pg
			if cur.length > longest[k].length {
				longest[k] = cur
			}
		}
	}
	for _, k := range keys {
		want.LongestStreak.Length = max(want.LongestStreak.Length, longest[k].length)
	}
	for _, k := range keys {
		if r := longest[k]; r.length > 0 && r.length == want.LongestStreak.Length {
			want.LongestStreak.Holders = append(want.LongestStreak.Holders, StreakHolder{Name: spell(k), First: r.first.ID, Last: r.last.ID, Played: r.first.Played, Closed: r.last.Played})
		}
	}

	for _, info := range AchievementList() {
		firsts := map[string]int{}
		for _, pg := range done {
			for _, ar := range pg.Result.Achievements {
				for p, np := range ar.NP {
					if ar.ID == info.ID && np == 4 {
						firsts[key(pg.File.Players[p])]++
					}
				}
			}
		}
		if len(firsts) > 0 {
			want.Achievements = append(want.Achievements, AchievementRecord{ID: info.ID, Name: info.Name, CountRecord: top(firsts)})
		}
	}

	// Head to head: a place is 1 for a winner, else 1 + the index in the standings.
	place := func(pg PlayedGame, seat int) int {
		if isWinner(pg, seat) {
			return 1
		}
		for i, s := range pg.Result.Standings {
			if s == seat {
				return i + 1
			}
		}
		return 0
	}
	for _, pg := range done {
		for a, na := range pg.File.Players {
			for b, nb := range pg.File.Players {
				if a == b {
					continue
				}
				pair := Pair{key(na), key(nb)}
				h := want.HeadToHead[pair]
				h.Games++
				if place(pg, a) < place(pg, b) {
					h.Ahead++
				} else if place(pg, a) > place(pg, b) {
					h.Behind++
				} else {
					h.Level++
				}
				want.HeadToHead[pair] = h
			}
		}
	}

	from := max(0, len(done)-RecentGames)
	for _, pg := range done[from:] {
		rg := RecentGame{ID: pg.ID, Played: pg.Played}
		for p, n := range pg.File.Players {
			rg.Seats = append(rg.Seats, RecentSeat{Key: key(n), NP: pg.Result.Totals[p].NP, Won: isWinner(pg, p)})
		}
		want.Recent = append(want.Recent, rg)
	}
	return want
}

// compareRecords fails t for every record where got and want differ.
func compareRecords(t *testing.T, got, want Records) {
	t.Helper()
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"Games", got.Games, want.Games},
		{"Players", got.Players, want.Players},
		{"MostGames", got.MostGames, want.MostGames},
		{"MostWins", got.MostWins, want.MostWins},
		{"BestRate", got.BestRate, want.BestRate},
		{"HighestNP", got.HighestNP, want.HighestNP},
		{"MostPrizeNP", got.MostPrizeNP, want.MostPrizeNP},
		{"BestParty", got.BestParty, want.BestParty},
		{"LongestStreak", got.LongestStreak, want.LongestStreak},
		{"Achievements", got.Achievements, want.Achievements},
		{"HeadToHead", got.HeadToHead, want.HeadToHead},
		{"Recent", got.Recent, want.Recent},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s =\n%+v\nwant\n%+v", c.name, c.got, c.want)
		}
	}
}

func TestGroupRecordsSeeded(t *testing.T) {
	t.Parallel()
	games := seededHistory(t, 300, 2026)
	got := GroupRecords(games)
	want := countedRecords(games)
	compareRecords(t, got, want)
	// The seeded games must reach the cases the records exist for, or the
	// comparison above proves little.
	if got.Games != 300 {
		t.Errorf("Games = %d, want 300 (the game in progress and the unscored one count nowhere)", got.Games)
	}
	if got.LongestStreak.Length < 2 {
		t.Errorf("longest streak %d: the seeded games have no streak to check", got.LongestStreak.Length)
	}
	if len(got.Achievements) != 3 {
		t.Errorf("%d achievement records, want 3 (richest, merciless, recruiter)", len(got.Achievements))
	}
	if len(got.Recent) != RecentGames {
		t.Errorf("%d recent games, want %d", len(got.Recent), RecentGames)
	}
}

// handGame is a finished game made by hand: each seat's NP, the winners
// and the standings; every seat's prizes are its NP.
func handGame(id string, played int64, players []string, np []int, winners, standings []int) PlayedGame {
	res := &Result{Winners: winners, Standings: standings, Rounds: []RoundResult{{Round: 1}}}
	for p := range players {
		res.Totals = append(res.Totals, Total{Player: p, Prizes: np[p], NP: np[p]})
		res.Rounds[0].Results = append(res.Rounds[0].Results, PlayerResult{Player: p, Strength: np[p], Prize: np[p]})
	}
	return PlayedGame{ID: id, Played: played, File: Game{Players: players, Final: make([]FinalEntry, len(players))}, Result: res}
}

func TestGroupRecordsByHand(t *testing.T) {
	t.Parallel()
	ab := []string{"Ann", "Bob"}
	abc := []string{"Ann", "Bob", "Cid"}
	cd := []string{"Cid", "Dan"}
	tests := []struct {
		name  string
		games []PlayedGame
		check func(t *testing.T, r Records)
	}{
		{"R3.5 a shared victory keeps a streak going", []PlayedGame{
			handGame("1", 1, ab, []int{9, 5}, []int{0}, []int{0, 1}),
			handGame("2", 2, ab, []int{7, 7}, []int{0, 1}, []int{0, 1}),
			handGame("3", 3, ab, []int{8, 6}, []int{0}, []int{0, 1}),
			handGame("4", 4, ab, []int{3, 6}, []int{1}, []int{1, 0}),
		}, func(t *testing.T, r Records) {
			want := StreakRecord{Length: 3, Holders: []StreakHolder{{Name: "Ann", First: "1", Last: "3", Played: 1, Closed: 3}}}
			if !reflect.DeepEqual(r.LongestStreak, want) {
				t.Errorf("LongestStreak = %+v, want %+v", r.LongestStreak, want)
			}
			h := r.HeadToHead[Pair{"ann", "bob"}]
			if want := (HeadToHead{Games: 4, Ahead: 2, Behind: 1, Level: 1}); h != want {
				t.Errorf("Ann against Bob = %+v, want %+v (the shared victory counted apart)", h, want)
			}
			if want := (CountRecord{Value: 3, Holders: []string{"Ann"}}); !reflect.DeepEqual(r.MostWins, want) {
				t.Errorf("MostWins = %+v, want %+v (a shared win is a win)", r.MostWins, want)
			}
		}},
		{"ties are listed together", []PlayedGame{
			handGame("1", 1, abc, []int{12, 12, 4}, []int{0}, []int{0, 1, 2}),
			handGame("2", 2, abc, []int{5, 9, 12}, []int{2}, []int{2, 1, 0}),
		}, func(t *testing.T, r Records) {
			wantNP := GameRecord{Value: 12, Holders: []GameHolder{{"Ann", "1", 1}, {"Bob", "1", 1}, {"Cid", "2", 2}}}
			if !reflect.DeepEqual(r.HighestNP, wantNP) {
				t.Errorf("HighestNP = %+v, want %+v", r.HighestNP, wantNP)
			}
			if want := (CountRecord{Value: 2, Holders: []string{"Ann", "Bob", "Cid"}}); !reflect.DeepEqual(r.MostGames, want) {
				t.Errorf("MostGames = %+v, want %+v", r.MostGames, want)
			}
			if want := (CountRecord{Value: 1, Holders: []string{"Ann", "Cid"}}); !reflect.DeepEqual(r.MostWins, want) {
				t.Errorf("MostWins = %+v, want %+v", r.MostWins, want)
			}
			wantRun := StreakRecord{Length: 1, Holders: []StreakHolder{{"Ann", "1", "1", 1, 1}, {"Cid", "2", "2", 2, 2}}}
			if !reflect.DeepEqual(r.LongestStreak, wantRun) {
				t.Errorf("LongestStreak = %+v, want %+v", r.LongestStreak, wantRun)
			}
		}},
		{"a player under the minimum of games has no win rate", []PlayedGame{
			handGame("1", 1, abc, []int{9, 5, 4}, []int{0}, []int{0, 1, 2}),
			handGame("2", 2, abc, []int{9, 5, 4}, []int{0}, []int{0, 1, 2}),
			handGame("3", 3, []string{"Cid", "Bob"}, []int{5, 9}, []int{1}, []int{1, 0}),
			handGame("4", 4, []string{"Cid", "Bob"}, []int{5, 9}, []int{1}, []int{1, 0}),
		}, func(t *testing.T, r Records) {
			// Ann won both her games, but two are under the minimum; Bob
			// won 2 of 4, Cid none of 4.
			want := RateRecord{Holders: []RateHolder{{Name: "Bob", Wins: 2, Games: 4}}}
			if !reflect.DeepEqual(r.BestRate, want) {
				t.Errorf("BestRate = %+v, want %+v", r.BestRate, want)
			}
		}},
		{"equal rates of different counts tie", []PlayedGame{
			handGame("1", 1, ab, []int{9, 5}, []int{0}, []int{0, 1}),
			handGame("2", 2, ab, []int{5, 9}, []int{1}, []int{1, 0}),
			handGame("3", 3, ab, []int{9, 5}, []int{0}, []int{0, 1}),
			handGame("4", 4, ab, []int{5, 9}, []int{1}, []int{1, 0}),
			handGame("5", 5, cd, []int{9, 5}, []int{0}, []int{0, 1}),
			handGame("6", 6, cd, []int{9, 5}, []int{0}, []int{0, 1}),
			handGame("7", 7, cd, []int{9, 5}, []int{0}, []int{0, 1}),
			handGame("8", 8, cd, []int{5, 9}, []int{1}, []int{1, 0}),
			handGame("9", 9, cd, []int{5, 9}, []int{1}, []int{1, 0}),
			handGame("10", 10, cd, []int{5, 9}, []int{1}, []int{1, 0}),
		}, func(t *testing.T, r Records) {
			want := RateRecord{Holders: []RateHolder{{"Ann", 2, 4}, {"Bob", 2, 4}, {"Cid", 3, 6}, {"Dan", 3, 6}}}
			if !reflect.DeepEqual(r.BestRate, want) {
				t.Errorf("BestRate = %+v, want %+v", r.BestRate, want)
			}
		}},
		{"no finished game, no record", []PlayedGame{{ID: "open", File: Game{Players: ab}}}, func(t *testing.T, r Records) {
			if r.Games != 0 || len(r.MostGames.Holders) != 0 || len(r.BestRate.Holders) != 0 || len(r.HighestNP.Holders) != 0 || len(r.BestParty.Holders) != 0 || len(r.Players) != 0 {
				t.Errorf("records of no finished game = %+v, want none", r)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := GroupRecords(tt.games)
			tt.check(t, got)
			// The plain count agrees on the hand-made games too.
			compareRecords(t, got, countedRecords(tt.games))
		})
	}
}
