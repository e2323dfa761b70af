//go:build linux

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"text/tabwriter"
	"time"
)

// slowReadTimeout is the server's read timeout in the slowbody scenario
// (RUTHLESS_READ_TIMEOUT): the default 30 s would outlast the scenario.
const slowReadTimeout = 5 * time.Second

// slowRequest sends a request's headers, with a Content-Length of 200,
// and the first bytes of its body from address ip, then nothing; it
// returns the answer's label and when it came.
func slowRequest(ctx context.Context, t *target, ip, method, path, partial string) (string, time.Duration) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", t.host)
	if err != nil {
		return "dial error", 0
	}
	defer conn.Close()
	start := time.Now()
	_ = conn.SetDeadline(start.Add(slowReadTimeout + 20*time.Second))
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n%s", method, path, t.host, partial)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	took := time.Since(start)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return "no answer in 25 s", took
		}
		return "closed without an answer", took
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	label := statusOf(res, nil)
	switch {
	case res.StatusCode == http.StatusOK && len(bytes.TrimSpace(body)) == 0:
		label += " EMPTY"
	case res.StatusCode == http.StatusRequestTimeout && !strings.Contains(string(body), "did not arrive in time"):
		label += " (no message)"
	}
	return label, took
}

// slowbodyAttack: 300 saves and 500 solves whose bodies stall, all at
// once, against a read timeout of 5 s.
func slowbodyAttack(ctx context.Context, t *target) error {
	fmt.Printf("== slowbody: 300 PUT /api/games/ID/rounds/1/entries/0 and 500 POST /api/solve, all at once, each sending its headers (Content-Length: 200) and the body's first bytes, then nothing; server read timeout %s (RUTHLESS_READ_TIMEOUT)\n", slowReadTimeout)
	id, err := postGame(t.home, t.base, smallGame())
	if err != nil {
		return err
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	kinds := []struct {
		name, method, path, partial, ip string
		n                               int
	}{
		{"PUT entry", http.MethodPut, "/api/games/" + id + "/rounds/1/entries/0", `{"pool":["H2",`, "127.0.5.1", 300},
		{"POST /api/solve", http.MethodPost, "/api/solve", `{"cards":["H2",`, "127.0.5.2", 500},
	}
	answers := make([]tally, len(kinds))
	took := make([]latencies, len(kinds))
	var mu sync.Mutex
	during, bad, use := measure(ctx, t, func() {
		var wg sync.WaitGroup
		for k, kind := range kinds {
			for range kind.n {
				wg.Go(func() {
					status, d := slowRequest(ctx, t, kind.ip, kind.method, kind.path, kind.partial)
					answers[k].add(status)
					mu.Lock()
					took[k] = append(took[k], d)
					mu.Unlock()
				})
			}
		}
		wg.Wait()
	})
	// Was anything saved? The entry must be as it was.
	res, err := t.home.Get(t.base + "/api/games/" + id)
	if err != nil {
		return err
	}
	var g struct {
		Rounds [][]*struct{ Pool []string } `json:"rounds"`
	}
	_ = json.NewDecoder(res.Body).Decode(&g)
	res.Body.Close()
	kept := len(g.Rounds) > 0 && g.Rounds[0][0] != nil && strings.Join(g.Rounds[0][0].Pool, " ") == "H2 H3 A4 S6 K6"

	homeTable(base, phaseRow{"800 stalled bodies", during})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "time to the answer\tn\tp50\tp99\tmax\t")
	for k, kind := range kinds {
		fmt.Fprintln(tw, took[k].row(kind.name))
	}
	_ = tw.Flush()
	for k, kind := range kinds {
		fmt.Printf("%s ×%d: %s\n", kind.name, kind.n, &answers[k])
	}
	fmt.Printf("%s; GET / not 200: %d (baseline %d); the entry aimed at unchanged: %v\n", use, bad, baseBad, kept)
	return nil
}
