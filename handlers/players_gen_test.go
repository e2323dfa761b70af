package handlers

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// genNames are the players of generated games; the case of a name varies
// from game to game, as people type it.
var genNames = []string{"Lucy", "Craig", "Julie", "Ann", "Bob", "Zoë"}

// genGame makes a valid game file from the seeded source: each player
// gets pirates of their own (R4.1), shows two more each round and keeps
// every one of them at the end (R4.4). Finished games have a final.
func genGame(rng *rand.Rand, finished bool) scoring.Game {
	n := 2 + rng.IntN(3)
	perm := rng.Perm(len(genNames))
	players := make([]string, n)
	for i := range n {
		name := genNames[perm[i]]
		switch rng.IntN(6) {
		case 0:
			name = strings.ToLower(name)
		case 1:
			name = strings.ToUpper(name)
		}
		players[i] = name
	}
	var deck []scoring.Card
	for _, s := range scoring.SuitsInPlay(n) {
		for r := scoring.Rank(1); r <= scoring.Parrot; r++ {
			deck = append(deck, scoring.Card{Suit: s, Rank: r})
		}
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	const each = 12
	own := make([][]scoring.Card, n)
	for p := range n {
		own[p] = deck[p*each : (p+1)*each]
	}
	total := scoring.RoundsFor(n)
	rounds := total
	if !finished {
		rounds = rng.IntN(total)
	}
	achs := [][]string{{"richest", "merciless"}, {"richest", "merciless", "recruiter"}, {"buried_treasure", "mutineer", "commander"}, {"shipshape", "recruiter"}}
	g := scoring.Game{Version: 1, Players: players, StartPlayer: rng.IntN(n), Achievements: achs[rng.IntN(len(achs))], Rounds: [][]*scoring.Entry{}}
	for r := range rounds {
		round := make([]*scoring.Entry, n)
		for p := range n {
			k := min(each, 2+2*r)
			pool := append([]scoring.Card{}, own[p][:k]...)
			round[p] = &scoring.Entry{Pool: pool, Coins: rng.IntN(8)}
		}
		g.Rounds = append(g.Rounds, round)
	}
	if finished {
		k := min(each, 2+2*(rounds-1))
		for p := range n {
			cards := own[p][:k]
			cut := rng.IntN(3)
			g.Final = append(g.Final, scoring.FinalEntry{
				Pirates: append([]scoring.Card{}, cards[cut:]...), BuriedPirates: append([]scoring.Card{}, cards[:cut]...),
				BuriedPowderMonkeys: rng.IntN(scoring.StartingPowderMonkeys(n) + 1), LootBannerKept: rng.IntN(16),
				LootBannerBuried: rng.IntN(6), Coins: rng.IntN(12), ParleyUsed: rng.IntN(2) == 0})
		}
	}
	return g
}

// genStore fills a new store at path with n seeded games (about four in
// five finished), one transaction per game as the app writes them.
func genStore(tb testing.TB, path string, n int, seed uint64) *store.Store {
	tb.Helper()
	st, err := store.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, seed+1))
	var games []scoring.Game
	for range n {
		g := genGame(rng, rng.IntN(5) != 0)
		if _, err := scoring.Validate(g); err != nil {
			tb.Fatalf("generated game is not valid: %v", err)
		}
		games = append(games, g)
	}
	if _, err := st.ImportGames(context.Background(), games); err != nil {
		tb.Fatal(err)
	}
	return st
}

// TestFillDemo writes a demo database for looking at the pages by hand:
// RUTHLESS_DEMO_DB=/tmp/demo.db go test ./handlers -run TestFillDemo
func TestFillDemo(t *testing.T) {
	t.Parallel()
	path := os.Getenv("RUTHLESS_DEMO_DB")
	if path == "" {
		t.Skip("RUTHLESS_DEMO_DB not set")
	}
	st := genStore(t, path, 40, uint64(time.Now().Unix()%7))
	st.Close()
}
