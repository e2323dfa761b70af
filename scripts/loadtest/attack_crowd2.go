//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"
)

// What issue 33's later phases share: games to store in numbers, the
// phones that keep their own pace beside an attack, and a restart.

// gameSeq makes every generated game's names new within a run: the
// store takes a game it already holds for a copy and skips it.
var gameSeq atomic.Int64

// finishedGame is sampleGame (a finished three-player game of five
// rounds) with names of its own, so that no two are alike; the names
// come from a pool of about 3,000, as in a club's long history.
func finishedGame() (map[string]any, error) {
	g, err := sampleGame()
	if err != nil {
		return nil, err
	}
	n := gameSeq.Add(1)
	g.Players = []string{fmt.Sprintf("Lucy %d", n%1000), fmt.Sprintf("Craig %d", n/1000%1000), fmt.Sprintf("Julie %d", n/1_000_000)}
	b, err := json.Marshal(g)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	return m, json.Unmarshal(b, &m)
}

// quickGamesFile is a game file of n games in their first round, two
// players each, names from the same pool as finishedGame's: games the
// server stores fast, so that uploads are bounded by its limits rather
// than by its work.
func quickGamesFile(n int) []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		k := gameSeq.Add(1)
		fmt.Fprintf(&b, `{"version":1,"players":["Anne %d","Bob %d"],"start_player":0,"rounds":[[{"pool":["H2","H3","H4"],"coins":%d},{"pool":["S5"],"coins":0}]]}`,
			k%1000, k/1000%1000, k%10)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// longGamesFile is a game file of n games of four players in their last
// round, each player's pool a card larger every round: games the size of
// a real game file, so that the history's download outgrows the
// machine's socket buffers.
func longGamesFile(n int) []byte {
	ranks := "1234567QC"
	var b bytes.Buffer
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		k := gameSeq.Add(1)
		fmt.Fprintf(&b, `{"version":1,"players":["Anne %d","Bob %d","Cleo %d","Dan %d"],"start_player":0,"rounds":[`, k%1000, k/1000%1000, k%997, k%991)
		for r := range 5 {
			if r > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('[')
			for p, suit := range "AHXS" {
				if p > 0 {
					b.WriteByte(',')
				}
				b.WriteString(`{"pool":[`)
				for c := range r + 3 {
					if c > 0 {
						b.WriteByte(',')
					}
					fmt.Fprintf(&b, `"%c%c"`, suit, ranks[c])
				}
				fmt.Fprintf(&b, `],"coins":%d}`, (int(k)+p+r)%7)
			}
			b.WriteByte(']')
		}
		b.WriteString("]}")
	}
	b.WriteByte(']')
	return b.Bytes()
}

// importFrom uploads a game file as the import page does, from address
// ip, and tells its answer (303 when stored).
func importFrom(ctx context.Context, ip, base string, file []byte) string {
	client := noRedirects(clientFrom(ip, 1))
	client.Timeout = 2 * time.Minute
	defer client.CloseIdleConnections()
	body, ctype := importForm("games.json", file)
	status, _, _ := postImport(ctx, client, base, body, ctype)
	return status
}

// storeGames imports n games made by file in uploads of 1,000 (the most one
// may hold), each from an address of its own under prefix (127.0.X.),
// three at a time; it tells how many uploads were stored and refused.
func storeGames(ctx context.Context, t *target, prefix string, n int, file func(int) []byte) (*tally, error) {
	var got tally
	var wg sync.WaitGroup
	sem := make(chan struct{}, 3)
	for i := 0; i*1000 < n; i++ {
		file := file(min(1000, n-i*1000))
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			got.add(importFrom(ctx, fmt.Sprintf("%s%d", prefix, i+1), t.base, file))
		})
	}
	wg.Wait()
	return &got, nil
}

// phones are clients at a table's pace: each asks for one page every
// so often from an address of its own, on a connection it keeps.
type phones struct {
	clients []*http.Client
	every   time.Duration
	path    string
}

func newPhones(prefix string, n int, every time.Duration, path string) *phones {
	p := &phones{every: every, path: path}
	for i := range n {
		c := clientFrom(fmt.Sprintf("%s%d", prefix, i+1), 1)
		c.Timeout = 10 * time.Second
		p.clients = append(p.clients, c)
	}
	return p
}

// sample runs the phones until done is closed (or for d when done is
// nil): their latencies, and how many answers were not 200.
func (p *phones) sample(ctx context.Context, t *target, d time.Duration, done <-chan struct{}) (latencies, int) {
	if done == nil {
		ch := make(chan struct{})
		time.AfterFunc(d, func() { close(ch) })
		done = ch
	}
	var mu sync.Mutex
	var l latencies
	bad := 0
	var wg sync.WaitGroup
	for i, c := range p.clients {
		wg.Go(func() {
			// Spread the phones over the period, as a table's are.
			time.Sleep(p.every * time.Duration(i) / time.Duration(len(p.clients)))
			tick := time.NewTicker(p.every)
			defer tick.Stop()
			for {
				took, err := timeGet(ctx, c, t.base+p.path)
				mu.Lock()
				if err != nil {
					bad++
				} else {
					l = append(l, took)
				}
				mu.Unlock()
				select {
				case <-done:
					return
				case <-ctx.Done():
					return
				case <-tick.C:
				}
			}
		})
	}
	wg.Wait()
	return l, bad
}

// restart stops the scenario's server and starts the same binary again
// on the same database, logging to a new file, as after a deploy.
func restart(ctx context.Context, t *target, logName string) error {
	t.srv.stop()
	logPath := filepath.Join(t.dir, logName)
	srv, err := startLimited(ctx, logPath, t.serveEnv, 0, t.bin, "serve", "-addr", "127.0.0.1:0", "-db", t.db)
	if err != nil {
		return err
	}
	t.srv, t.base, t.host, t.log = srv, srv.base, strings.TrimPrefix(srv.base, "http://"), logPath
	t.home.CloseIdleConnections()
	return nil
}

// timed is one GET's time and answer, for a table row.
func timed(ctx context.Context, client *http.Client, u string) string {
	took, err := timeGet(ctx, client, u)
	if err != nil {
		return fmt.Sprintf("%s (%v)", ms(took), err)
	}
	return ms(took)
}

// drawAttack (issue 33, item 3): 40 addresses fetch the share images of
// 200 stored games, more than the server keeps drawn, over and over for
// 10 s, beside the scoreboard.
func drawAttack(ctx context.Context, t *target) error {
	fmt.Println("== draw: 200 finished games stored; 40 addresses (127.0.10.1-40) each GET /games/ID/card.png of 5 of them, over and over, for 10 s (the server keeps 64 drawn, so each pass draws again)")
	var ids []string
	for range 200 {
		g, err := finishedGame()
		if err != nil {
			return err
		}
		id, err := postGame(t.home, t.base, g)
		if err != nil {
			return err
		}
		ids = append(ids, id)
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	var got tally
	var drawMu sync.Mutex
	var drawTook latencies
	during, bad, use := measure(ctx, t, func() {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		var wg sync.WaitGroup
		for w := range 40 {
			client := clientFrom(fmt.Sprintf("127.0.10.%d", w+1), 1)
			wg.Go(func() {
				for ctx.Err() == nil {
					for i := w; i < len(ids) && ctx.Err() == nil; i += 40 {
						start := time.Now()
						req, _ := http.NewRequestWithContext(ctx, http.MethodGet, t.base+"/games/"+ids[i]+"/card.png", nil)
						res, err := client.Do(req)
						if ctx.Err() != nil {
							return
						}
						if err == nil {
							_, _ = io.Copy(io.Discard, res.Body)
							res.Body.Close()
						}
						got.add(statusOf(res, err))
						drawMu.Lock()
						drawTook = append(drawTook, time.Since(start))
						drawMu.Unlock()
					}
				}
			})
		}
		wg.Wait()
	})
	homeTable(base, phaseRow{"40 addresses fetching share images, 10 s", during})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "card.png\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, drawTook.row("the drawers' answers"))
	_ = tw.Flush()
	fmt.Printf("the drawers got %s; %s; GET / not 200: %d (baseline %d)\n", &got, use, bad, baseBad)
	return nil
}

// floodAttack (issue 33, item 11): one address asks for pages and API
// answers as fast as 32 connections can, beside ten phones each asking
// for the scoreboard every 250 ms, with the default request rate.
func floodAttack(ctx context.Context, t *target) error {
	fmt.Println("== flood: one address (127.0.14.1) GETs /, /rules, a game, its API answer and /players on 32 connections for 15 s; ten phones (127.0.15.1-10) each GET / every 250 ms; the default request rate (1,200 a minute)")
	id, err := postGame(t.home, t.base, smallGame())
	if err != nil {
		return err
	}
	ph := newPhones("127.0.15.", 10, 250*time.Millisecond, "/")
	base, baseBad := ph.sample(ctx, t, 5*time.Second, nil)
	var got tally
	paths := []string{"/", "/rules", "/games/" + id, "/api/games/" + id, "/players"}
	var sent atomic.Int64
	during, bad, use := measureBy(ctx, t, func(done <-chan struct{}) (latencies, int) { return ph.sample(ctx, t, 0, done) }, func() {
		ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		flooder := clientFrom("127.0.14.1", 32)
		var wg sync.WaitGroup
		for w := range 32 {
			wg.Go(func() {
				for n := w; ctx.Err() == nil; n++ {
					req, _ := http.NewRequestWithContext(ctx, http.MethodGet, t.base+paths[n%len(paths)], nil)
					res, err := flooder.Do(req)
					if ctx.Err() != nil {
						return
					}
					if err == nil {
						_, _ = io.Copy(io.Discard, res.Body)
						res.Body.Close()
					}
					sent.Add(1)
					got.add(statusOf(res, err))
				}
			})
		}
		wg.Wait()
	})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "ten phones' GET /\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, base.row("calm, 5 s"))
	fmt.Fprintln(tw, during.row("beside the flood, 15 s"))
	_ = tw.Flush()
	fmt.Printf("the flooder sent %d (%.0f a second) and got %s; the phones' answers not 200: %d calm, %d beside the flood; %s\n",
		sent.Load(), float64(sent.Load())/15, &got, baseBad, bad, use)
	return nil
}

// dialFrom is a raw TCP connection to the server from address ip.
func dialFrom(ctx context.Context, ip, host string) (net.Conn, error) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return d.DialContext(ctx, "tcp", host)
}
