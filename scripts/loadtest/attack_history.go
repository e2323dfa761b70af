package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"
)

// historyAttack (issue 33, item 4): uploads of 1,000 finished games each
// from ever new addresses, four at a time, for 30 s; then the server is
// restarted and asked for the players list and the records.
func historyAttack(ctx context.Context, t *target) error {
	fmt.Println("== history: uploads of 1,000 finished games, each from a new address (127.0.20.1 on), 4 at a time for 30 s; then a restart, GET /players and /records, a save, /records again")
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	var got tally
	var stored atomic.Int64
	var took time.Duration
	during, bad, use := measure(ctx, t, func() {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		start := time.Now()
		var next atomic.Int64
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for ctx.Err() == nil {
					file, err := finishedGamesFile(1000)
					if err != nil {
						return
					}
					k := next.Add(1) - 1
					status := importFrom(ctx, fmt.Sprintf("127.0.%d.%d", 20+k/250, k%250+1), t.base, file)
					if ctx.Err() != nil {
						return
					}
					got.add(status)
					if status == "303" {
						stored.Add(1000)
					}
				}
			})
		}
		wg.Wait()
		took = time.Since(start)
	})
	homeTable(base, phaseRow{"imports from new addresses, 30 s", during})
	fmt.Printf("uploads: %s; %d games stored in %.0f s (%.0f a minute); %s; GET / not 200: %d (baseline %d)\n",
		&got, stored.Load(), took.Seconds(), float64(stored.Load())*60/took.Seconds(), use, bad, baseBad)

	if err := restart(ctx, t, "restarted.log"); err != nil {
		return err
	}
	client := clientFrom("127.0.0.1", 1)
	client.Timeout = time.Minute
	rows := [][2]string{
		{"GET /players, first after the restart", timed(ctx, client, t.base+"/players")},
		{"GET /players again", timed(ctx, client, t.base+"/players")},
		{"GET /records, first", timed(ctx, client, t.base+"/records")},
		{"GET /records again", timed(ctx, client, t.base+"/records")},
	}
	if _, err := postGame(client, t.base, smallGame()); err != nil {
		return err
	}
	rows = append(rows, [2]string{"GET /records after a save", timed(ctx, client, t.base+"/records")},
		[2]string{"GET /", timed(ctx, client, t.base+"/")})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\n", r[0], r[1])
	}
	_ = tw.Flush()
	rss, _ := rssKB(t.srv.cmd.Process.Pid)
	fmt.Printf("server RSS after these: %s\n", mib(rss))
	return nil
}

// exportsAttack (issue 33, item 6): a history of 9,000 finished games,
// then five downloads of the whole of it at once, each read at a phone's
// 0.5 MB/s.
func exportsAttack(ctx context.Context, t *target) error {
	fmt.Println("== exports: 9,000 finished games stored; one GET /export/games.json alone, then five at once from 127.0.18.1-5, each read at 0.5 MB/s (a phone on a slow network)")
	if got, err := storeGames(ctx, t, "127.0.17.", 9000); err != nil {
		return err
	} else if got.total() != 9 || got.String() != "303 ×9" {
		fmt.Printf("(the uploads got %s)\n", got)
	}
	type dl struct {
		status string
		bytes  int64
		games  int
		took   time.Duration
		err    error
	}
	download := func(ip string, rate int) dl {
		client := clientFrom(ip, 1)
		client.Timeout = 2 * time.Minute
		defer client.CloseIdleConnections()
		start := time.Now()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, t.base+"/export/games.json", nil)
		res, err := client.Do(req)
		if err != nil {
			return dl{status: statusOf(res, err), err: err, took: time.Since(start)}
		}
		defer res.Body.Close()
		var body bytes.Buffer
		err = slowCopy(&body, res.Body, rate)
		d := dl{status: statusOf(res, nil), bytes: int64(body.Len()), took: time.Since(start), err: err}
		// A game of the file is an object whose "version" comes first.
		d.games = bytes.Count(body.Bytes(), []byte(`{"version":`))
		return d
	}
	alone := download("127.0.18.100", 0)
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	results := make([]dl, 5)
	during, bad, use := measure(ctx, t, func() {
		var wg sync.WaitGroup
		for i := range results {
			wg.Go(func() { results[i] = download(fmt.Sprintf("127.0.18.%d", i+1), 512<<10) })
		}
		wg.Wait()
	})
	homeTable(base, phaseRow{"five downloads at once", during})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "download\tanswer\tbytes\tgames\ttook\twhole?")
	row := func(name string, d dl) {
		whole := "whole"
		switch {
		case d.err != nil && d.bytes > 0:
			whole = "CUT: " + d.err.Error()
		case d.err != nil:
			whole = d.err.Error()
		case d.status != "200":
			whole = "refused"
		case d.bytes != alone.bytes:
			whole = fmt.Sprintf("CUT (%d of %d bytes)", d.bytes, alone.bytes)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\n", name, d.status, d.bytes, d.games, ms(d.took), whole)
	}
	row("alone, read at full speed", alone)
	for i, d := range results {
		row(fmt.Sprintf("at once #%d", i+1), d)
	}
	_ = tw.Flush()
	fmt.Printf("%s; GET / not 200: %d (baseline %d)\n", use, bad, baseBad)
	return nil
}

// slowCopy reads r into w at about rate bytes a second (0: at once).
func slowCopy(w io.Writer, r io.Reader, rate int) error {
	if rate <= 0 {
		_, err := io.Copy(w, r)
		return err
	}
	buf := make([]byte, rate/10)
	for {
		n, err := io.ReadFull(r, buf)
		_, _ = w.Write(buf[:n])
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) && n < len(buf) {
			// io.ReadFull says ErrUnexpectedEOF for a short last read;
			// a cut chunked body fails inside the reader instead.
			return nil
		}
		if err != nil {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// slowlorisAttack (issue 33, item 5): connections that send part of a
// request and stall, 15,000 from 250 addresses, then 22,000 from 500,
// each reopened when the server closes it; fresh phones (a new
// connection each) ask for / every 100 ms.
func slowlorisAttack(ctx context.Context, t *target) error {
	fmt.Println("== slowloris: stalled connections (half a request, then nothing; reopened when closed): 15,000 from 250 addresses (127.0.30-31.x, 60 each), then 7,000 more from 250 more (127.0.32-33.x, 28 each), 15 s each; four fresh phones (a new connection each time, 127.0.13.x) GET / every 100 ms, 5 s timeout; the server's open files limit 20,000")
	var lim syscall.Rlimit
	_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim)
	fresh := func(done <-chan struct{}) (latencies, int) {
		var mu sync.Mutex
		var l latencies
		bad := 0
		var wg sync.WaitGroup
		for p := range 4 {
			wg.Go(func() {
				for n := 0; ; n++ {
					client := clientFrom(fmt.Sprintf("127.0.13.%d", (n*4+p)%250+1), 1)
					client.Timeout = 5 * time.Second
					client.Transport.(*http.Transport).DisableKeepAlives = true
					took, err := timeGet(ctx, client, t.base+"/")
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
					case <-time.After(100 * time.Millisecond):
					}
				}
			})
		}
		wg.Wait()
		return l, bad
	}
	base, baseBad := fresh(closeAfter(3 * time.Second))
	fmt.Printf("(this client's open files limit: %d)\n", lim.Cur)
	var rows []phaseRow
	var notes []string
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var open, opened, refused atomic.Int64
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	// hold keeps one stalled connection open from ip until ctx ends.
	hold := func(ip string) {
		for ctx.Err() == nil {
			c, err := dialFrom(ctx, ip, t.host)
			if err != nil {
				refused.Add(1)
				sleepCtx(ctx, time.Second)
				continue
			}
			open.Add(1)
			opened.Add(1)
			stop := context.AfterFunc(ctx, func() { c.Close() })
			began := time.Now()
			_, _ = c.Write([]byte("GET / HTTP/1.1\r\nHost: " + t.host + "\r\nX-Stall: "))
			_, _ = io.Copy(io.Discard, c) // until the server closes it
			stop()
			c.Close()
			open.Add(-1)
			if time.Since(began) < time.Second {
				sleepCtx(ctx, time.Second)
			}
		}
	}
	held := 0
	for _, step := range []struct{ conns, addrs int }{{15_000, 250}, {22_000, 500}} {
		if need := uint64(step.conns + 2000); lim.Cur < need {
			notes = append(notes, fmt.Sprintf("%d connections need an open files limit of %d; this client has %d", step.conns, need, lim.Cur))
			break
		}
		logBefore := logSize(t.log)
		l, bad, use := measureBy(ctx, t, fresh, func() {
			// Each step adds to the connections of the one before: the
			// second's 7,000 come from 250 more addresses, so no address
			// holds more than 60, below the per-client cap of 64; only
			// the total can bound them.
			for i := held; i < step.conns; i++ {
				a := i % 250
				if i >= 15_000 {
					a += 250
				}
				ip := fmt.Sprintf("127.0.%d.%d", 30+a/250*2+a%250/125, a%125+1)
				wg.Go(func() { hold(ip) })
				if i%500 == 499 {
					time.Sleep(50 * time.Millisecond)
				}
			}
			held = step.conns
			sleepCtx(ctx, 15*time.Second)
		})
		rows = append(rows, phaseRow{fmt.Sprintf("%d stalled, 15 s", step.conns), l})
		emfile := countIn(t.log, "too many open files")
		notes = append(notes, fmt.Sprintf("%d stalled: held open at the end %d (opened %d in all, dials failed %d); fresh phones failed or timed out %d; %s; \"too many open files\" in the server's log: %d (this step %d)",
			step.conns, open.Load(), opened.Load(), refused.Load(), bad, use, emfile, emfileSince(t.log, logBefore)))
	}
	cancel()
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "fresh phone GET /\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, base.row(fmt.Sprintf("calm (%d failed)", baseBad)))
	for _, r := range rows {
		fmt.Fprintln(tw, r.l.row(r.name))
	}
	_ = tw.Flush()
	for _, n := range notes {
		fmt.Println(n)
	}
	return nil
}

// emfileSince counts "too many open files" in the log after offset.
func emfileSince(path string, offset int64) int {
	b, err := os.ReadFile(path)
	if err != nil || int64(len(b)) < offset {
		return 0
	}
	return bytes.Count(b[offset:], []byte("too many open files"))
}

func closeAfter(d time.Duration) <-chan struct{} {
	ch := make(chan struct{})
	time.AfterFunc(d, func() { close(ch) })
	return ch
}

func sleepCtx(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
