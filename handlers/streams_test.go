package handlers

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// openEvents asks srv for a game's event stream from the loopback address
// ip, on a connection of its own, with the phone cookie when phone is not
// "". It returns the response; a 200's body is the live stream, which the
// test closes. Everything is bounded by ctx.
func openEvents(ctx context.Context, t *testing.T, srv *httptest.Server, ip, id, phone string) *http.Response {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	client := &http.Client{Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/games/"+id+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	if phone != "" {
		req.AddCookie(&http.Cookie{Name: phoneCookie, Value: phone})
	}
	res, err := client.Do(req)
	if err != nil {
		if strings.Contains(err.Error(), "assign requested address") {
			t.Skipf("cannot send from %s on this machine: %v", ip, err)
		}
		t.Fatalf("GET events from %s: %v", ip, err)
	}
	return res
}

// nextEvent reads a stream up to its next event and returns its name and
// data; "" at the end of the stream.
func nextEvent(t *testing.T, r *bufio.Reader) (name, data string) {
	t.Helper()
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return "", ""
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.HasPrefix(line, "event:"):
			name = strings.TrimPrefix(line, "event:")
		case strings.HasPrefix(line, "data:"):
			data = strings.TrimPrefix(line, "data:")
		case line == "" && name != "":
			return name, data
		}
	}
}

// TestStreamCaps opens real event streams from several loopback addresses
// against the real router: past the cap of an address the stream is
// refused with 429, past the server's with 503, both with Retry-After;
// no other 5xx; a stream let in sends the game's version; and a stream
// closed frees its place.
func TestStreamCaps(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name             string
		perClient, total int
		from             []string // the address of each stream, in order
		want             []int    // the status each gets
	}{
		{"per address", 2, -1, []string{"127.0.0.1", "127.0.0.1", "127.0.0.1"}, []int{200, 200, 429}},
		{"per address, another address still let in", 2, -1,
			[]string{"127.0.0.1", "127.0.0.1", "127.0.0.1", "127.0.0.2"}, []int{200, 200, 429, 200}},
		{"in all", -1, 3, []string{"127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"}, []int{200, 200, 200, 503}},
		{"both", 2, 3, []string{"127.0.0.1", "127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.2"}, []int{200, 200, 429, 200, 503}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			st := hostStore(t)
			id := hostGame(t, st)
			a := newAppWith(st, quietLog(), Options{StreamsPerClient: tt.perClient, Streams: tt.total})
			srv := httptest.NewServer(a.handler())
			defer srv.Close()
			var open []*http.Response
			defer func() {
				for _, res := range open {
					res.Body.Close()
				}
			}()
			for i, ip := range tt.from {
				res := openEvents(ctx, t, srv, ip, id, "")
				if res.StatusCode >= 500 && res.StatusCode != http.StatusServiceUnavailable {
					t.Errorf("stream %d from %s: status %d; no 5xx but 503", i, ip, res.StatusCode)
				}
				if res.StatusCode != tt.want[i] {
					t.Errorf("stream %d from %s: status %d, want %d", i, ip, res.StatusCode, tt.want[i])
				}
				if res.StatusCode != http.StatusOK {
					if got := res.Header.Get("Retry-After"); got != streamRetryAfter {
						t.Errorf("stream %d from %s: status %d with Retry-After %q, want %q", i, ip, res.StatusCode, got, streamRetryAfter)
					}
					res.Body.Close()
					continue
				}
				open = append(open, res)
				if name, data := nextEvent(t, bufio.NewReader(res.Body)); name != "version" || data == "" {
					t.Errorf("stream %d from %s: first event %q %q, want the game's version", i, ip, name, data)
				}
			}
			// A stream closed frees its place for the address that had it.
			open[0].Body.Close()
			open = open[1:]
			eventually(t, "the server to see a stream gone", func() bool { return a.streams.Open() == len(open) })
			res := openEvents(ctx, t, srv, tt.from[0], id, "")
			if res.StatusCode != http.StatusOK {
				t.Errorf("after one stream closed: status %d from %s, want 200", res.StatusCode, tt.from[0])
			}
			res.Body.Close()
		})
	}
}

// TestSecondStreamReplacesFirst: a phone (its cookie) that opens a second
// stream for a game ends its first one with the event "replaced", and
// the replaced stream no longer counts against the caps; its stream for
// another game, and another phone's for the same game, stay open. A
// phone without the cookie gets one with its first stream.
func TestSecondStreamReplacesFirst(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st := hostStore(t)
	id, other := hostGame(t, st), hostGame(t, st)
	// Three streams per address at most, which the first three fill: the
	// phone's second stream is let in only because its first no longer
	// counts.
	a := newAppWith(st, quietLog(), Options{StreamsPerClient: 3})
	srv := httptest.NewServer(a.handler())
	defer srv.Close()

	first := openEvents(ctx, t, srv, "127.0.0.1", id, "")
	defer first.Body.Close()
	var phone string
	for _, ck := range first.Cookies() {
		if ck.Name == phoneCookie {
			phone = ck.Value
		}
	}
	if first.StatusCode != http.StatusOK || phone == "" {
		t.Fatalf("first stream: status %d, cookies %q; want 200 and a %s cookie", first.StatusCode, first.Header.Values("Set-Cookie"), phoneCookie)
	}
	firstEvents := bufio.NewReader(first.Body)
	nextEvent(t, firstEvents)
	elsewhere := openEvents(ctx, t, srv, "127.0.0.1", other, phone)
	defer elsewhere.Body.Close()
	otherPhone := openEvents(ctx, t, srv, "127.0.0.1", id, "")
	defer otherPhone.Body.Close()
	for name, res := range map[string]*http.Response{"the phone's stream for another game": elsewhere, "another phone's stream": otherPhone} {
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d, want 200", name, res.StatusCode)
		}
	}

	second := openEvents(ctx, t, srv, "127.0.0.1", id, phone)
	defer second.Body.Close()
	if second.StatusCode != http.StatusOK {
		t.Fatalf("second stream of the phone: status %d, want 200 (the first one's place is its)", second.StatusCode)
	}
	if name, _ := nextEvent(t, firstEvents); name != "replaced" {
		t.Errorf("first stream after the second opened: event %q, want \"replaced\"", name)
	}
	if name, _ := nextEvent(t, firstEvents); name != "" {
		t.Errorf("first stream after \"replaced\": event %q, want its end", name)
	}
	if got, want := a.streams.Open(), 3; got != want {
		t.Errorf("%d streams open, want %d: the phone's second, its other game's, the other phone's", got, want)
	}
	if name, _ := nextEvent(t, bufio.NewReader(second.Body)); name != "version" {
		t.Errorf("second stream: first event %q, want \"version\"", name)
	}
}
