//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"ruthless/scoring"
)

// slowestPool is the costliest pool of scoring/testdata/adversarial.txt
// (handlers/load_test.go): about 0.1–0.2 s on one core.
const slowestPool = "A2 A3 A6 A7 AP H2 H5 H6 H7 HP K1 K7 KC* KP X1 X4 X5 XQ XC XP S4 SQ SC* SP"

// slowGames are n three-player games, one round each, whose first seat
// holds the slowest pool less two of its pirates (a different two each,
// so no game's solve serves another's).
func slowGames(n int) []map[string]any {
	cards := strings.Fields(slowestPool)
	var fixed []int
	for i, c := range cards {
		if !strings.HasSuffix(c, "P") && !strings.HasSuffix(c, "*") {
			fixed = append(fixed, i)
		}
	}
	var games []map[string]any
	for a := 0; a < len(fixed) && len(games) < n; a++ {
		for b := a + 1; b < len(fixed) && len(games) < n; b++ {
			var pool []string
			for i, c := range cards {
				if i != fixed[a] && i != fixed[b] {
					pool = append(pool, c)
				}
			}
			games = append(games, map[string]any{
				"version": 1, "players": []string{"Lucy", "Craig", "Julie"}, "start_player": 0,
				"achievements": []string{"richest", "merciless"},
				"rounds": [][]map[string]any{{
					{"pool": pool, "coins": 1}, {"pool": []string{"A1"}, "coins": 0}, {"pool": []string{"H1"}, "coins": 2},
				}},
			})
		}
	}
	return games
}

// cheapPools are n different pools of 6–10 cards with at most 2 wilds:
// solved in microseconds, each a new entry in the party cache.
func cheapPools(n int) [][]string {
	deck := scoring.Deck(4)
	rng := rand.New(rand.NewPCG(3, 5))
	seen := map[string]bool{}
	var pools [][]string
	for len(pools) < n {
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		size := 6 + rng.IntN(5)
		var pool []string
		wilds := 0
		for _, c := range deck {
			if len(pool) == size {
				break
			}
			if c.Rank == scoring.Parrot {
				if wilds == 2 {
					continue
				}
				wilds++
			}
			pool = append(pool, c.String())
		}
		key := slices.Clone(pool)
		slices.Sort(key)
		if k := strings.Join(key, ","); !seen[k] {
			seen[k] = true
			pools = append(pools, pool)
		}
	}
	return pools
}

// flushAttack: 30 games of slow pools; GET / cold, warm, while 20,001
// different cheap pools are posted, and after.
func flushAttack(ctx context.Context, t *target) error {
	fmt.Println("== flush: 30 games of slow pools stored; 20,001 different cheap pools posted to /api/solve by 8 workers")
	games := slowGames(30)
	var ids []string
	for i, g := range games {
		// Ten new games a minute per address: three addresses.
		id, err := postGame(clientFrom(fmt.Sprintf("127.0.1.%d", 1+i/10), 1), t.base, g)
		if err != nil {
			return err
		}
		ids = append(ids, id)
	}
	cold, err := timeGet(ctx, t.home, t.base+"/")
	if err != nil {
		return err
	}
	// The other games' pages, so that every game is warm.
	for _, id := range ids {
		if _, err := timeGet(ctx, t.home, t.base+"/games/"+id); err != nil {
			return err
		}
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)

	pools := cheapPools(20_001)
	var next atomic.Int64
	var answers tally
	client := clientFrom("127.0.2.1", 8)
	during, bad, use := measure(ctx, t, func() {
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for ctx.Err() == nil {
					i := int(next.Add(1)) - 1
					if i >= len(pools) {
						return
					}
					body, _ := json.Marshal(map[string]any{"cards": pools[i], "players": 4})
					res, err := client.Post(t.base+"/api/solve", "application/json", bytes.NewReader(body))
					answers.add(statusOf(res, err))
					if err == nil {
						_, _ = io.Copy(io.Discard, res.Body)
						res.Body.Close()
					}
				}
			})
		}
		wg.Wait()
	})
	afterHome, err := timeGet(ctx, t.home, t.base+"/")
	if err != nil {
		return err
	}
	var afterGames latencies
	for _, id := range ids {
		d, err := timeGet(ctx, t.home, t.base+"/games/"+id)
		if err != nil {
			return err
		}
		afterGames = append(afterGames, d)
	}
	after, afterBad := sampleHome(ctx, t, 2*time.Second, nil)

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "GET /\tn\tp50\tp99\tmax\t")
	fmt.Fprintf(tw, "cold (new server, first request)\t1\t%s\t%s\t%s\t\n", ms(cold), ms(cold), ms(cold))
	fmt.Fprintln(tw, base.row("baseline (warm)"))
	fmt.Fprintln(tw, during.row("during the attack"))
	fmt.Fprintf(tw, "first after the attack\t1\t%s\t%s\t%s\t\n", ms(afterHome), ms(afterHome), ms(afterHome))
	fmt.Fprintln(tw, after.row("after the attack"))
	fmt.Fprintln(tw, afterGames.row("GET /games/{id}, each game once after"))
	_ = tw.Flush()
	fmt.Printf("%s\nattack answers: %s; GET / not 200: %d baseline, %d during, %d after\n", use, &answers, baseBad, bad, afterBad)
	return nil
}
