package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ruthless/scoring"
)

// TestRoomIsNeverMadeAtThePhonesExpense: issue 44 item 1. The real
// binary at a small total (-max-conns 40), a table of four phones (each
// its own address, keep-alive connections, saving its seat and reading
// the scoreboard), and a crowd of 12 addresses over the total: bodies
// that never arrive (the headers of a POST, a few bytes of its body,
// then nothing, reopened when closed) and wrong passwords past the login
// limit (held). Before, those connections were "inside a handler", never
// closed for room: the crowd held every place and the phones' new
// connections waited in the kernel's queue. Now they wait on their
// client and are the first closed; every save and page of the table
// succeeds.
func TestRoomIsNeverMadeAtThePhonesExpense(t *testing.T) {
	const password = "table-secret"
	base, log := startRuthless(t, "-max-conns", "40", "-password", password, "-read-timeout", "5m")
	hostPort := strings.TrimPrefix(base, "http://")
	_, port, _ := net.SplitHostPort(hostPort)
	id := newGameWithToken(t, base, password)

	stop := make(chan struct{})
	var crowd sync.WaitGroup
	var opened atomic.Int64
	for a := range 12 {
		from := fmt.Sprintf("127.0.44.%d", a+1)
		for range 10 {
			crowd.Go(func() { stallLoop(from, port, a%4 == 0, stop, &opened) })
		}
	}
	defer func() {
		close(stop)
		crowd.Wait()
	}()
	// The crowd must have filled the total before the table plays.
	for deadline := time.Now().Add(30 * time.Second); opened.Load() < 200; {
		if time.Now().After(deadline) {
			t.Fatalf("the crowd opened %d connections, want 200", opened.Load())
		}
		time.Sleep(20 * time.Millisecond)
	}

	var failures []string
	var mu sync.Mutex
	var table sync.WaitGroup
	for seat := range 4 {
		table.Go(func() {
			for _, f := range phonePlays(base, password, id, seat, fmt.Sprintf("127.0.45.%d", seat+1), 15) {
				mu.Lock()
				failures = append(failures, f)
				mu.Unlock()
			}
		})
	}
	table.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	if opened.Load() < 400 {
		t.Errorf("the crowd opened %d connections in all; want it still reopening (400 or more)", opened.Load())
	}
	if t.Failed() {
		t.Logf("server log:\n%.3000s", log)
	}
}

// newGameWithToken stores a four-player game through the API with the
// table password and returns its id.
func newGameWithToken(t *testing.T, base, password string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/api/games", strings.NewReader(`{"version": 1, "players": ["Ann", "Bob", "Cy", "Di"]}`))
	req.Header.Set("Authorization", "Bearer "+password)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/games: %d, %v", resp.StatusCode, err)
	}
	return out.ID
}

// stallLoop is one place the crowd holds, from address from: a body that
// never arrives, or (held) wrong passwords, reopened whenever the server
// closes it, until stop.
func stallLoop(from, port string, wrongPasswords bool, stop <-chan struct{}, opened *atomic.Int64) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 2 * time.Second}
	for {
		select {
		case <-stop:
			return
		default:
		}
		c, err := d.Dial("tcp", net.JoinHostPort("127.0.0.1", port))
		if err != nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		opened.Add(1)
		go func() { <-stop; c.Close() }()
		if wrongPasswords {
			form := url.Values{"password": {"guess"}, "next": {"/"}}.Encode()
			fmt.Fprintf(c, "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s", len(form), form)
		} else {
			fmt.Fprintf(c, "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\npassword=")
		}
		// Until the server closes it (or answers, for a password: then
		// the next guess on a new connection).
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 1))
		c.Close()
		// As a client's reconnect would (a browser's, a script's).
		time.Sleep(100 * time.Millisecond)
	}
}

// phonePlays is one phone at the table, from address from on keep-alive
// connections: n times, its seat's round-1 entry saved and the game page
// read. It returns what failed.
func phonePlays(base, password, id string, seat int, from string, n int) []string {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	client := &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
	defer client.CloseIdleConnections()
	card := scoring.Deck(4)[seat].String()
	version := 0
	var failed []string
	for i := range n {
		body := fmt.Sprintf(`{"pool": [%q], "coins": %d, "version": %d}`, card, i%50, version)
		req, _ := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/games/%s/rounds/1/entries/%d", base, id, seat), strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+password)
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			failed = append(failed, fmt.Sprintf("seat %d save %d: %v", seat, i, err))
			continue
		}
		var out struct{ Version int }
		json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			failed = append(failed, fmt.Sprintf("seat %d save %d: status %d", seat, i, resp.StatusCode))
		} else {
			version = out.Version
		}
		req, _ = http.NewRequest(http.MethodGet, base+"/games/"+id, nil)
		req.Header.Set("Authorization", "Bearer "+password)
		resp, err = client.Do(req)
		if err != nil {
			failed = append(failed, fmt.Sprintf("seat %d page %d: %v", seat, i, err))
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			failed = append(failed, fmt.Sprintf("seat %d page %d: status %d", seat, i, resp.StatusCode))
		}
		time.Sleep(100 * time.Millisecond)
	}
	return failed
}
