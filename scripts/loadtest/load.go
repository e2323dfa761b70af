//go:build linux

package main

import (
	"context"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"
)

// result sums up one load run.
type result struct {
	requests int
	errors   int // transport errors and any status but 200
	elapsed  time.Duration
	mean     time.Duration
	p99      time.Duration
}

func (r result) perSecond() float64 { return float64(r.requests) / r.elapsed.Seconds() }

// newClient is the one client every run shares, so both servers are hit
// the same way. Its idle pool holds a connection per worker, so every
// request after the first reuses a kept-alive connection, as a browser
// does; the default pool of 2 would make most workers reconnect each time.
func newClient(workers int) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConns = workers
	tr.MaxIdleConnsPerHost = workers
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}
}

// load runs `workers` goroutines that GET url back to back for d (or until
// ctx ends), each waiting for the whole body before the next request.
// Every latency is kept, which at tens of thousands of requests a second
// is a few megabytes: cheap, and it gives an exact p99.
func load(ctx context.Context, client *http.Client, url string, workers int, d time.Duration) result {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()

	lat := make([][]time.Duration, workers)
	errs := make([]int, workers)
	var wg sync.WaitGroup
	start := time.Now()
	for w := range workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				t := time.Now()
				ok := get(ctx, client, url)
				if ctx.Err() != nil {
					return // cut short by the deadline: not a real answer
				}
				lat[w] = append(lat[w], time.Since(t))
				if !ok {
					errs[w]++
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)

	all := slices.Concat(lat...)
	r := result{requests: len(all), elapsed: elapsed}
	for _, e := range errs {
		r.errors += e
	}
	if len(all) == 0 {
		return r
	}
	var sum time.Duration
	for _, l := range all {
		sum += l
	}
	r.mean = sum / time.Duration(len(all))
	slices.Sort(all)
	r.p99 = all[(99*len(all)+99)/100-1] // nearest rank: ceil(0.99·n)-th
	return r
}

// get fetches url and reads the body to the end, so the connection can go
// back to the pool and the transfer counts in the latency.
func get(ctx context.Context, client *http.Client, url string) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false
	}
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return err == nil && resp.StatusCode == http.StatusOK
}
