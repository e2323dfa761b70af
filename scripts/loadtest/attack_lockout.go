//go:build linux

package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"
)

// tablePassword is the lockout scenario's table password.
const tablePassword = "black flag"

// login posts password to /login from client, and says whether it got
// in: 303 with the session cookie.
func login(ctx context.Context, client *http.Client, base, password string) (string, bool, time.Duration) {
	start := time.Now()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/login", strings.NewReader(url.Values{"password": {password}, "next": {"/"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := client.Do(req)
	took := time.Since(start)
	if err != nil {
		return statusOf(res, err), false, took
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	in := false
	for _, c := range res.Cookies() {
		if c.Name == "ruthless_session" && c.Value != "" {
			in = true
		}
	}
	status := statusOf(res, nil)
	if in {
		status += "+cookie"
	}
	return status, res.StatusCode == http.StatusSeeOther && in, took
}

// lockoutAttack: a guesser sends wrong passwords to /login from one
// address, one at a time, for 15 s, then 4 at a time for 8 s; a phone
// behind the same address logs in with the right one every 0.5 s.
func lockoutAttack(ctx context.Context, t *target) error {
	fmt.Println("== lockout: a guesser POSTs wrong passwords to /login from 127.0.6.1, one at a time for 15 s, then 4 at a time for 8 s; a phone from the same address logs in with the right password every 0.5 s")
	jar, _ := cookiejar.New(nil)
	t.home.Jar = jar
	if status, in, _ := login(ctx, noRedirects(t.home), t.base, tablePassword); !in {
		return fmt.Errorf("the sampler could not log in: %s", status)
	}
	t.home.CheckRedirect = nil
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)

	phases := []struct {
		name     string
		guessers int
		d        time.Duration
	}{
		{"1 guesser, one try at a time, 15 s", 1, 15 * time.Second},
		{"4 guessers at once, 8 s", 4, 8 * time.Second},
	}
	var rows []phaseRow
	var notes []string
	var rightRows []phaseRow
	for _, ph := range phases {
		var wrong, right tally
		var rightTook latencies
		in, tries := 0, 0
		during, bad, use := measure(ctx, t, func() {
			ctx, cancel := context.WithTimeout(ctx, ph.d)
			defer cancel()
			var wg sync.WaitGroup
			var n atomic.Int64
			for range ph.guessers {
				wg.Go(func() {
					guesser := noRedirects(clientFrom("127.0.6.1", 1))
					defer guesser.CloseIdleConnections()
					for ctx.Err() == nil {
						status, _, _ := login(ctx, guesser, t.base, fmt.Sprintf("guess %d", n.Add(1)))
						if ctx.Err() != nil {
							return // cut short by the phase's end
						}
						wrong.add(status)
					}
				})
			}
			// The phone: a new one each time, from the same address.
			time.Sleep(500 * time.Millisecond)
			for ctx.Err() == nil {
				phone := noRedirects(clientFrom("127.0.6.1", 1))
				status, ok, took := login(ctx, phone, t.base, tablePassword)
				phone.CloseIdleConnections()
				if ctx.Err() != nil {
					break
				}
				tries++
				right.add(status)
				rightTook = append(rightTook, took)
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
		rows = append(rows, phaseRow{ph.name, during})
		rightRows = append(rightRows, phaseRow{ph.name, rightTook})
		notes = append(notes, fmt.Sprintf("%s: the right password got in %d of %d (%s); the wrong ones got %s; %s; GET / not 200: %d",
			ph.name, in, tries, &right, &wrong, use, bad))
	}
	homeTable(base, rows...)
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "the right password's POST /login\tn\tp50\tp99\tmax\t")
	for _, r := range rightRows {
		fmt.Fprintln(tw, r.l.row(r.name))
	}
	_ = tw.Flush()
	fmt.Printf("%s\nGET / not 200 in the baseline: %d\n", strings.Join(notes, "\n"), baseBad)
	fmt.Println("(docs/table.md, Password: every password is checked first, so the right one gets in at once; only wrong ones are held)")
	return nil
}
