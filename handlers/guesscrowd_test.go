package handlers_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ruthless/handlers"
)

// clientFrom is an HTTP client whose connections come from the loopback
// address ip (Linux routes all of 127.0.0.0/8 to lo), so that one test
// can be many clients of the real server; it follows no redirect.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{
		Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4},
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// TestRightPasswordDuringGuessingCrowd: while 16 addresses guess the
// password as fast as they are answered, the right password from a
// fresh address, typed into the login form or sent by a script as a
// bearer token, gets in at once every time. Before, the guessers' held
// answers filled every place and the right password got 429 16 times
// of 16.
func TestRightPasswordDuringGuessingCrowd(t *testing.T) {
	t.Parallel()
	done := make(chan struct{})
	a := newAppWith(t, handlers.Options{Password: "correct horse", Done: done})
	ts := httptest.NewServer(a.h)
	defer ts.Close()
	var once sync.Once
	end := func() { once.Do(func() { close(done) }) }
	defer end() // before ts.Close: ends the held answers

	ctx, stop := context.WithCancel(context.Background())
	var guesses, limited atomic.Int64
	var wg sync.WaitGroup
	const guessers, perGuesser = 16, 3
	for i := range guessers {
		c := clientFrom(fmt.Sprintf("127.0.0.%d", 10+i))
		for range perGuesser {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := 0; ctx.Err() == nil; n++ {
					form := url.Values{"password": {fmt.Sprintf("guess %d-%d", i, n)}}
					req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/login", strings.NewReader(form.Encode()))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					res, err := c.Do(req)
					if err != nil {
						continue
					}
					res.Body.Close()
					guesses.Add(1)
					if res.StatusCode == http.StatusTooManyRequests {
						limited.Add(1)
					}
				}
			}()
		}
	}
	// Until the crowd is past every limit: answers are being held.
	deadline := time.Now().Add(30 * time.Second)
	for limited.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	// By now every guesser has answers held, behind its own limit and
	// the shared budget.
	time.Sleep(time.Second)

	tests := []struct {
		name string
		send func(c *http.Client) (*http.Response, error)
		want int
	}{
		{"login form", func(c *http.Client) (*http.Response, error) {
			return c.PostForm(ts.URL+"/login", url.Values{"password": {"correct horse"}})
		}, http.StatusSeeOther},
		{"bearer token", func(c *http.Client) (*http.Response, error) {
			req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/games/none", nil)
			req.Header.Set("Authorization", "Bearer correct horse")
			return c.Do(req)
		}, http.StatusNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for i := range 16 {
				c := clientFrom(fmt.Sprintf("127.0.0.%d", 100+i))
				res, err := tc.send(c)
				if err != nil {
					t.Fatalf("try %d: %v", i+1, err)
				}
				res.Body.Close()
				if res.StatusCode != tc.want {
					t.Errorf("try %d from a fresh address: status %d, want %d", i+1, res.StatusCode, tc.want)
				}
			}
		})
	}
	stop()
	end()
	wg.Wait()
	if limited.Load() == 0 {
		t.Errorf("%d guesses and none held: the crowd never reached the limits, so this test showed nothing", guesses.Load())
	}
	t.Logf("%d guesses answered, %d of them held and refused", guesses.Load(), limited.Load())
}
