//go:build linux

package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"ruthless/scoring"
)

// explainPool is a pool whose "why not more?" takes most of a second of
// one core, though cheap to solve (15 pirates, 3 wilds).
const explainPool = "X5 K4 K6 H1 H5 H2 HQ XP KQ X2 HC A7 XC* H4 AP K2 K3 S3"

// explainPools are pools like explainPool, each with one of its plain
// pirates swapped for one it lacks: as hard to explain, or nearly, and
// none in the cache before.
func explainPools() []string {
	cards := strings.Fields(explainPool)
	in := map[string]bool{}
	for _, c := range cards {
		in[strings.TrimSuffix(c, "*")] = true
	}
	var out []string
	for _, swap := range scoring.Deck(4) {
		code := swap.String()
		if in[code] || swap.Rank == scoring.Parrot || swap.Rank == scoring.Cpt {
			continue
		}
		for i, c := range cards {
			if strings.HasSuffix(c, "P") || strings.HasSuffix(c, "*") || strings.HasSuffix(c, "C") {
				continue
			}
			pool := slices.Clone(cards)
			pool[i] = code
			out = append(out, strings.Join(pool, ","))
		}
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// explainAttack: 16 clients on /solve, one pool, then many.
func explainAttack(ctx context.Context, t *target) error {
	fmt.Println("== explain: 16 clients GET /solve (best party and \"why not more?\"), 8 s on one pool, then 8 s on many; then 8 s of GET /rules as a control")
	if _, err := postGame(t.home, t.base, smallGame()); err != nil {
		return err
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	fmt.Printf("one such explanation alone: ")
	one, err := timeGet(ctx, clientFrom("127.0.3.1", 1), t.base+"/solve?players=4&cards="+strings.ReplaceAll(explainPool, " ", ","))
	if err != nil {
		fmt.Println(err)
	} else {
		fmt.Println(ms(one))
	}
	many := explainPools()
	solve := "/solve?players=4&cards="
	phases := []struct {
		name string
		path func(i int) string
	}{
		{"one pool", func(int) string { return solve + strings.ReplaceAll(explainPool, " ", ",") }},
		{fmt.Sprintf("%d pools", len(many)), func(i int) string { return solve + many[i%len(many)] }},
		// The same flood on a page with nothing to solve: what 16 clients
		// asking back to back cost whatever they ask.
		{"GET /rules (control)", func(int) string { return "/rules" }},
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "GET /\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, base.row("baseline"))
	var notes []string
	for _, ph := range phases {
		var answers tally
		var next atomic.Int64
		client := clientFrom("127.0.3.2", 16)
		during, bad, use := measure(ctx, t, func() {
			ctx, cancel := context.WithTimeout(ctx, 8*time.Second)
			defer cancel()
			var wg sync.WaitGroup
			for range 16 {
				wg.Go(func() {
					for ctx.Err() == nil {
						u := t.base + ph.path(int(next.Add(1)))
						req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
						res, err := client.Do(req)
						if ctx.Err() != nil {
							if err == nil {
								res.Body.Close()
							}
							return // cut short by the phase's end: no answer
						}
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
		fmt.Fprintln(tw, during.row("16 clients, "+ph.name))
		notes = append(notes, fmt.Sprintf("%s: %s; answers: %s; GET / not 200: %d", ph.name, use, &answers, bad))
	}
	_ = tw.Flush()
	fmt.Printf("%s\nGET / not 200 in the baseline: %d\n", strings.Join(notes, "\n"), baseBad)
	return nil
}
