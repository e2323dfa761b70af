//go:build linux

package main

import (
	"bufio"
	"context"
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

// stream is an event stream the attacker holds open.
type stream struct {
	conn net.Conn
	body *bufio.Reader
}

// openStream asks for a game's event stream from address ip, over a
// connection of its own; it returns the stream when let in, and the
// status either way.
func openStream(ctx context.Context, t *target, ip, path string) (*stream, string) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", t.host)
	if err != nil {
		return nil, "dial error"
	}
	_ = conn.SetDeadline(time.Now().Add(15 * time.Second))
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", path, t.host)
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		conn.Close()
		return nil, "error"
	}
	status := statusOf(res, nil)
	if res.StatusCode != http.StatusOK {
		conn.Close()
		return nil, status
	}
	s := &stream{conn: conn, body: bufio.NewReader(res.Body)}
	// The first event, the game's version, says the stream is live.
	if _, err := s.next(); err != nil {
		conn.Close()
		return nil, "200, no event"
	}
	_ = conn.SetDeadline(time.Time{})
	return s, status
}

// next reads the stream to its next version and returns it.
func (s *stream) next() (string, error) {
	for {
		line, err := s.body.ReadString('\n')
		if err != nil {
			return "", err
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "data:"); ok {
			return v, nil
		}
	}
}

// openStreams opens n streams, 128 at a time, from the addresses given in
// turn (ip(i) for the i-th), and returns those let in.
func openStreams(ctx context.Context, t *target, path string, n int, ip func(i int) string, answers *tally) []*stream {
	var mu sync.Mutex
	var open []*stream
	sem := make(chan struct{}, 128)
	var wg sync.WaitGroup
	for i := range n {
		if ctx.Err() != nil {
			break
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			s, status := openStream(ctx, t, ip(i), path)
			answers.add(status)
			if s != nil {
				mu.Lock()
				open = append(open, s)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return open
}

func closeAll(streams []*stream) {
	for _, s := range streams {
		s.conn.Close()
	}
}

// streamsAttack: 10,000 streams from one address, then 4,000 from 250;
// those let in sit idle for 10 s, then one save reaches them all.
func streamsAttack(ctx context.Context, t *target) error {
	fmt.Println("== streams: 10,000 event streams from one address; then 4,000 from 250 addresses, idle 10 s, then one save")
	id, err := postGame(t.home, t.base, smallGame())
	if err != nil {
		return err
	}
	path := "/games/" + id + "/events"
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)

	var one tally
	var oneOpen []*stream
	duringOne, badOne, useOne := measure(ctx, t, func() {
		oneOpen = openStreams(ctx, t, path, 10_000, func(int) string { return "127.0.4.1" }, &one)
	})
	closeAll(oneOpen)
	fmt.Printf("one address: %d streams asked in %.1f s\n", 10_000, useOne.wall.Seconds())
	time.Sleep(2 * time.Second) // the server notices them gone

	var many tally
	var manyOpen []*stream
	duringMany, badMany, useMany := measure(ctx, t, func() {
		manyOpen = openStreams(ctx, t, path, 4_000, func(i int) string { return fmt.Sprintf("127.0.%d.%d", 10+i/16/250, 1+i/16%250) }, &many)
	})
	defer closeAll(manyOpen)
	fmt.Printf("250 addresses: %d streams asked in %.1f s\n", 4_000, useMany.wall.Seconds())

	// Idle: nothing but the streams (and GET / every 10 ms).
	pid := t.srv.cmd.Process.Pid
	off := logSize(t.log)
	cpu0, _ := cpuTime(pid)
	idle, badIdle := sampleHome(ctx, t, 10*time.Second, nil)
	cpu1, _ := cpuTime(pid)
	idleRSS, _ := rssKB(pid)
	gcs, gcWork, gcIdle, heap := gcTrace(t.log, off)

	// One save, to every stream let in.
	got := make(chan time.Duration, len(manyOpen))
	start := time.Now()
	for _, s := range manyOpen {
		go func() {
			_ = s.conn.SetReadDeadline(time.Now().Add(20 * time.Second))
			if _, err := s.next(); err == nil {
				got <- time.Since(start)
				return
			}
			got <- -1
		}()
	}
	body := `{"pool": ["H5", "H6", "H7"], "coins": 0, "version": 0}`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, t.base+"/api/games/"+id+"/rounds/1/entries/2", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := t.home.Do(req)
	saved := time.Since(start)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	var fan latencies
	lost := 0
	for range manyOpen {
		if d := <-got; d >= 0 {
			fan = append(fan, d)
		} else {
			lost++
		}
	}

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "GET /\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, base.row("baseline"))
	fmt.Fprintln(tw, duringOne.row("10,000 streams asked from one address"))
	fmt.Fprintln(tw, duringMany.row("4,000 streams asked from 250 addresses"))
	fmt.Fprintln(tw, idle.row(fmt.Sprintf("%d streams open, idle", len(manyOpen))))
	_ = tw.Flush()
	fmt.Printf("one address: %d let in; answers: %s; %s; GET / not 200: %d\n", len(oneOpen), &one, useOne, badOne)
	fmt.Printf("250 addresses: %d let in; answers: %s; %s; GET / not 200: %d\n", len(manyOpen), &many, useMany, badMany)
	fmt.Printf("idle 10 s with %d streams (and GET / every 10 ms): server CPU %.2f s (%.1f%% of one core); %d GCs, their CPU %.0f ms (%.2f%% of one core) besides %.0f ms of idle workers (last: %s); RSS %s; GET / not 200: %d (baseline %d)\n",
		len(manyOpen), (cpu1 - cpu0).Seconds(), 100*(cpu1-cpu0).Seconds()/10, gcs, float64(gcWork)/float64(time.Millisecond),
		100*gcWork.Seconds()/10, float64(gcIdle)/float64(time.Millisecond), heap, mib(idleRSS), badIdle, baseBad)
	if len(fan) > 0 {
		tw = tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "one save → its version on every stream\tn\tp50\tp99\tmax\t")
		fmt.Fprintln(tw, fan.row(fmt.Sprintf("save answered %s (%s)", ms(saved), res.Status)))
		_ = tw.Flush()
	}
	if lost > 0 {
		fmt.Printf("%d streams saw no new version within 20 s\n", lost)
	}
	return nil
}
