package handlers_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/scoring"
)

// TestSeatStormSparesTheTable: issue 44 item 2. Four guests with the
// invite loop seat changes as fast as they can; every change is pushed to
// the four phones at the table, each of which fetches its page again
// after each event, as live.js does. Before, the refetches spent the
// phones' own request rate and their saves were refused 429; now seat
// changes are limited per client, a stream sends at most one event a
// short window, and the refetch after an event is not counted: every
// save and every refetch of the table succeeds.
func TestSeatStormSparesTheTable(t *testing.T) {
	a := newAppWith(t, handlers.Options{RequestsPerMinute: 120})
	srv := httptest.NewServer(a.h)
	defer srv.Close()
	id := a.createGame(t, `{"version": 1, "players": ["Ann", "Bob", "Cy", "Di"]}`)

	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var changes atomic.Int64
	var guests sync.WaitGroup
	for g := range 4 {
		guests.Go(func() { seatLoop(ctx, fromAddr(fmt.Sprintf("127.0.46.%d", g+1)), srv.URL, id, &changes) })
	}

	var mu sync.Mutex
	var failed []string
	fail := func(s string) {
		mu.Lock()
		failed = append(failed, s)
		mu.Unlock()
	}
	var refetches atomic.Int64
	var table sync.WaitGroup
	for seat := range 4 {
		table.Go(func() {
			phone := fromAddr(fmt.Sprintf("127.0.47.%d", seat+1))
			phoneAtTable(ctx, phone, srv.URL, id, seat, fail, &refetches)
		})
	}
	table.Wait()
	stop()
	guests.Wait()
	for _, f := range failed {
		t.Error(f)
	}
	if changes.Load() < 8 {
		t.Errorf("the guests made %d seat changes; want the storm to have reached the phones", changes.Load())
	}
	if refetches.Load() == 0 {
		t.Error("no phone refetched its page: the storm never reached the table")
	}
}

// fromAddr is a client whose connections come from the loopback address
// ip, with a cookie jar of its own (a phone's cookies).
func fromAddr(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 20 * time.Second, Transport: &http.Transport{DialContext: d.DialContext},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// seatLoop takes seat 0 and lets it go again until ctx ends, counting
// the changes the server took.
func seatLoop(ctx context.Context, guest *http.Client, base, id string, changes *atomic.Int64) {
	for i := 0; ctx.Err() == nil; i++ {
		form := url.Values{"seat": {"0"}, "confirm": {"1"}}
		if i%2 == 1 {
			form = url.Values{"seat": {"none"}}
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/games/"+id+"/join", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := guest.Do(req)
		if err != nil {
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusSeeOther {
			changes.Add(1)
		}
	}
}

// phoneAtTable holds the game's live stream, fetches the game page after
// each event, and saves its seat's entry six times, 1.5 s apart.
func phoneAtTable(ctx context.Context, phone *http.Client, base, id string, seat int, fail func(string), refetches *atomic.Int64) {
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	req, _ := http.NewRequestWithContext(sctx, http.MethodGet, base+"/games/"+id+"/events", nil)
	resp, err := phone.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		fail(fmt.Sprintf("seat %d: stream: %v %v", seat, err, resp))
		return
	}
	streamDone := make(chan struct{})
	go func() {
		defer close(streamDone)
		defer resp.Body.Close()
		lines := bufio.NewScanner(resp.Body)
		for lines.Scan() {
			if !strings.HasPrefix(lines.Text(), "event:version") && !strings.HasPrefix(lines.Text(), "event: version") {
				continue
			}
			page, err := phone.Get(base + "/games/" + id)
			if err != nil {
				if sctx.Err() == nil {
					fail(fmt.Sprintf("seat %d: refetch: %v", seat, err))
				}
				continue
			}
			io.Copy(io.Discard, page.Body)
			page.Body.Close()
			refetches.Add(1)
			if page.StatusCode != http.StatusOK {
				fail(fmt.Sprintf("seat %d: refetch after an event: status %d", seat, page.StatusCode))
			}
		}
	}()
	card := scoring.Deck(4)[seat].String()
	version := 0
	for i := range 6 {
		time.Sleep(1500 * time.Millisecond)
		body := fmt.Sprintf(`{"pool": [%q], "coins": %d, "version": %d}`, card, i, version)
		req, _ := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/games/%s/rounds/1/entries/%d", base, id, seat), strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		res, err := phone.Do(req)
		if err != nil {
			fail(fmt.Sprintf("seat %d save %d: %v", seat, i, err))
			continue
		}
		var out struct{ Version int }
		json.NewDecoder(res.Body).Decode(&out)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			fail(fmt.Sprintf("seat %d save %d: status %d", seat, i, res.StatusCode))
			continue
		}
		version = out.Version
	}
	cancel()
	<-streamDone
}
