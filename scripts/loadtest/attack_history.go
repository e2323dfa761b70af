//go:build linux

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"
)

// historyAttack (issue 33, item 4): uploads of 1,000 quick games each
// from ever new addresses, four at a time, for 30 s; then the server is
// restarted and asked for the players list and the records.
func historyAttack(ctx context.Context, t *target) error {
	fmt.Println("== history: uploads of 1,000 games (two players, one round), each from a new address (127.0.20.1 on), 4 at a time for 30 s; then a restart, GET /players and /records, a save, /records again")
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
					file := quickGamesFile(1000)
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

// exportsAttack (issue 33, item 6): a history of 9,000 games, then five
// downloads of the whole of it at once, each read as slowly as on a slow
// phone network, so that one takes longer than the server's 30 s write
// timeout.
func exportsAttack(ctx context.Context, t *target) error {
	fmt.Println("== exports: 9,000 games (four players, five rounds) stored; one GET /export/games.json alone, then five at once from 127.0.18.1-5, each read slowly enough to take about 45 s (a phone on a slow network: a 64 KiB receive buffer, no gzip), longer than the 30 s write timeout")
	if got, err := storeGames(ctx, t, "127.0.17.", 9000, longGamesFile); err != nil {
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
		if rate > 0 {
			// A phone's small receive window: the server's write then
			// waits for the reader, as over a slow network, instead of
			// filling loopback's buffers of megabytes at once.
			tr := client.Transport.(*http.Transport)
			d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second,
				Control: func(_, _ string, c syscall.RawConn) error {
					return c.Control(func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 64<<10) })
				}}
			tr.DialContext = d.DialContext
		}
		client.Timeout = 2 * time.Minute
		defer client.CloseIdleConnections()
		start := time.Now()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, t.base+"/export/games.json", nil)
		// Not compressed: the server would gzip the file to a size that
		// loopback's socket buffers hold whole, and finish at once
		// however slowly it is read (a client that does not ask for
		// gzip, such as a download manager or a plain curl).
		req.Header.Set("Accept-Encoding", "identity")
		res, err := client.Do(req)
		if err != nil {
			return dl{status: statusOf(res, err), err: err, took: time.Since(start)}
		}
		defer res.Body.Close()
		var body bytes.Buffer
		err = slowCopy(&body, res.Body, rate)
		d := dl{status: statusOf(res, nil), bytes: int64(body.Len()), took: time.Since(start), err: err}
		// Each game of the file, and nothing else, has a "version".
		d.games = bytes.Count(body.Bytes(), []byte(`"version"`))
		return d
	}
	alone := download("127.0.18.100", 0)
	// Read so that each download takes about 45 s, longer than the
	// server's write timeout of 30 s, as on a slow phone network.
	rate := max(int(alone.bytes/45), 1024)
	fmt.Printf("(the five read at %d KiB/s each)\n", rate>>10)
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	results := make([]dl, 5)
	during, bad, use := measure(ctx, t, func() {
		var wg sync.WaitGroup
		for i := range results {
			wg.Go(func() { results[i] = download(fmt.Sprintf("127.0.18.%d", i+1), rate) })
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
