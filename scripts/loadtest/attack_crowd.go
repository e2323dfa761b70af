//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"
)

// crowdAttack (issue 33, item 1): 16 addresses guess the password, 3 at a
// time each, for 15 s, while a fresh address logs in with the right one
// (form, then bearer token) every 0.5 s.
func crowdAttack(ctx context.Context, t *target) error {
	fmt.Println("== crowd: 16 addresses (127.0.7.1-16) POST wrong passwords to /login, 3 at a time each, for 15 s; a fresh address logs in with the right password every 0.5 s, alternately by the form and as a bearer token")
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	var wrong, right tally
	var rightTook latencies
	var guesses atomic.Int64
	in, tries := 0, 0
	during, bad, use := measure(ctx, t, func() {
		ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		var wg sync.WaitGroup
		for a := range 16 {
			guesser := noRedirects(clientFrom(fmt.Sprintf("127.0.7.%d", a+1), 3))
			for range 3 {
				wg.Go(func() {
					for ctx.Err() == nil {
						status, _, _ := login(ctx, guesser, t.base, fmt.Sprintf("guess %d", guesses.Add(1)))
						if ctx.Err() != nil {
							return
						}
						wrong.add(status)
					}
				})
			}
		}
		time.Sleep(time.Second)
		for n := 0; ctx.Err() == nil; n++ {
			phone := noRedirects(clientFrom(fmt.Sprintf("127.0.8.%d", n%250+1), 1))
			start := time.Now()
			var status string
			var ok bool
			if n%2 == 0 {
				status, ok, _ = login(ctx, phone, t.base, tablePassword)
			} else {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, t.base+"/api/games/none", nil)
				req.Header.Set("Authorization", "Bearer "+tablePassword)
				res, err := phone.Do(req)
				status = statusOf(res, err)
				if err == nil {
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					ok = res.StatusCode == http.StatusNotFound
				}
			}
			phone.CloseIdleConnections()
			if ctx.Err() != nil {
				break
			}
			tries++
			right.add(status)
			rightTook = append(rightTook, time.Since(start))
			if ok {
				in++
			}
			select {
			case <-ctx.Done():
			case <-time.After(500 * time.Millisecond):
			}
		}
		wg.Wait()
	})
	homeTable(base, phaseRow{"16 addresses guessing, 15 s", during})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "the right password (fresh address)\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, rightTook.row("form or bearer"))
	_ = tw.Flush()
	fmt.Printf("the right password got in %d of %d (%s); the guessers sent %d and were answered %s (about %.0f answers a minute); %s; GET / not 200: %d (baseline %d)\n\n",
		in, tries, &right, guesses.Load(), &wrong, float64(wrong.total())*60/15, use, bad, baseBad)
	return nil
}

// writesAttack (issue 33, item 2): 8 addresses each upload 1,000 games
// at once, twice, while a phone saves an entry back to back.
func writesAttack(ctx context.Context, t *target) error {
	fmt.Println("== writes: 8 addresses (127.0.9.1-8) each upload 1,000 games to /import, twice, at once; meanwhile a phone saves a round entry back to back (PUT /api/games/ID/rounds/1/entries/2)")
	id, err := postGame(t.home, t.base, smallGame())
	if err != nil {
		return err
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	var imports, saves tally
	var saveTook latencies
	during, bad, use := measure(ctx, t, func() {
		ctx, cancel := context.WithCancel(ctx)
		var wg sync.WaitGroup
		for a := range 8 {
			wg.Go(func() {
				client := clientFrom(fmt.Sprintf("127.0.9.%d", a+1), 1)
				client.Timeout = 2 * time.Minute
				for round := range 2 {
					var b bytes.Buffer
					b.WriteByte('[')
					for i := range 1000 {
						if i > 0 {
							b.WriteByte(',')
						}
						fmt.Fprintf(&b, `{"version":1,"players":["Crowd %d-%d-%d","Bob"],"start_player":0,"rounds":[[{"pool":["H2","H3","H4"],"coins":1},{"pool":["S5"],"coins":0}]]}`, a, round, i)
					}
					b.WriteByte(']')
					body, ctype := importForm("h.json", b.Bytes())
					status, _, _ := postImport(ctx, noRedirects(client), t.base, body, ctype)
					imports.add(status)
				}
			})
		}
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		phone := clientFrom("127.0.9.100", 1)
		version := 0
		for n := 0; ; n++ {
			select {
			case <-done:
				cancel()
				return
			default:
			}
			body := fmt.Sprintf(`{"pool":["X%d"],"coins":%d,"version":%d}`, n%7+1, n%10, version)
			req, _ := http.NewRequestWithContext(ctx, http.MethodPut, t.base+"/api/games/"+id+"/rounds/1/entries/2", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			start := time.Now()
			res, err := phone.Do(req)
			saveTook = append(saveTook, time.Since(start))
			saves.add(statusOf(res, err))
			if err == nil {
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					version++
				}
			}
		}
	})
	homeTable(base, phaseRow{"8 addresses importing", during})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "the phone's save\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, saveTook.row("during the imports"))
	_ = tw.Flush()
	fmt.Printf("saves: %s; imports: %s; %s; GET / not 200: %d (baseline %d)\n\n", &saves, &imports, use, bad, baseBad)
	return nil
}

// total is how many answers the tally counted.
func (t *tally) total() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, v := range t.m {
		n += v
	}
	return n
}
