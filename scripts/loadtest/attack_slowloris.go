//go:build linux

package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"
)

// slowlorisAttack (issue 33, item 5): connections that send part of a
// request and stall, 15,000 from 250 addresses, then 7,000 more from 250
// more, each reopened when the server closes it; fresh phones (a new
// connection each) ask for / every 100 ms. The connections are held by
// helper processes (loadtest stall), one a step: a process may hold
// fewer than its open files limit, which a container may not raise, and
// the server's own is 20,000.
func slowlorisAttack(ctx context.Context, t *target) error {
	fmt.Println("== slowloris: stalled connections (half a request, then nothing; reopened when closed): 15,000 from 250 addresses (127.0.30-31.x, 60 each), then 7,000 more from 250 more (127.0.32-33.x, 28 each), 15 s each; four fresh phones (a new connection each time, 127.0.13.x) GET / every 100 ms, 5 s timeout; the server's open files limit 20,000")
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
	self, err := os.Executable()
	if err != nil {
		return err
	}
	var rows []phaseRow
	var notes []string
	var helpers []*staller
	defer func() {
		for _, h := range helpers {
			h.stop()
		}
	}()
	held := 0
	var peakKB int64
	for _, total := range []int{15_000, 22_000} {
		logBefore := logSize(t.log)
		var h *staller
		l, bad, use := measureBy(ctx, t, fresh, func() {
			h, err = startStaller(ctx, self, t.host, held, total-held)
			if err != nil {
				return
			}
			helpers = append(helpers, h)
			sleepCtx(ctx, 15*time.Second)
		})
		if err != nil {
			return err
		}
		held = total
		var now []string
		for _, h := range helpers {
			now = append(now, h.last())
		}
		peakKB = max(peakKB, int64(use.rss.peakKB))
		rows = append(rows, phaseRow{fmt.Sprintf("%d stalled, 15 s", total), l})
		notes = append(notes, fmt.Sprintf("%d stalled: the helpers say %s; fresh phones failed or timed out %d; %s; \"too many open files\" in the server's log: %d in this step",
			total, strings.Join(now, " + "), bad, use, emfileSince(t.log, logBefore)))
	}
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
	// The server holds at most -max-conns connections (4,096 by
	// default), whatever the crowd: its memory stays bounded (issue 44).
	if peakKB > slowlorisRSSBoundKB {
		return fmt.Errorf("slowloris: server RSS peak %s, over the bound %s", mib(int(peakKB)), mib(slowlorisRSSBoundKB))
	}
	return nil
}

// slowlorisRSSBoundKB is the most the server may hold under the
// slowloris crowd: 4,096 connections at about 30 KB each, and the rest
// of the server.
const slowlorisRSSBoundKB = 200 * 1024

// staller is a `loadtest stall` child and the last line it printed.
type staller struct {
	cmd  *exec.Cmd
	mu   sync.Mutex
	line string
}

func startStaller(ctx context.Context, self, host string, first, count int) (*staller, error) {
	cmd := exec.CommandContext(ctx, self, "stall", "-host", host, "-first", fmt.Sprint(first), "-count", fmt.Sprint(count))
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &staller{cmd: cmd}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			s.mu.Lock()
			s.line = sc.Text()
			s.mu.Unlock()
		}
	}()
	return s, nil
}

func (s *staller) last() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.line
}

func (s *staller) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	_ = s.cmd.Wait()
}

// stallAddr is the address stalled connection i comes from: the first
// 15,000 from 250 addresses, the rest from 250 others.
func stallAddr(i int) string {
	a := i % 250
	if i >= 15_000 {
		a += 250
	}
	return fmt.Sprintf("127.0.%d.%d", 30+a/125, a%125+1)
}

// stall holds stalled connections first to first+count-1 to host, each
// reopened when the server closes it, until SIGTERM; every second it
// prints how many it holds.
func stall(args []string) error {
	fs := flag.NewFlagSet("stall", flag.ContinueOnError)
	host := fs.String("host", "", "the server, 127.0.0.1:PORT")
	first := fs.Int("first", 0, "the first connection's number")
	count := fs.Int("count", 0, "how many connections")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := checkLoopback("http://" + *host); err != nil {
		return err
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur < uint64(*count+500) {
		return fmt.Errorf("stall: %d connections want an open files limit above %d; this process has %d", *count, *count+500, lim.Cur)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var open, opened, failed, closed atomic.Int64
	var wg sync.WaitGroup
	for i := *first; i < *first+*count; i++ {
		ip := stallAddr(i)
		wg.Go(func() {
			for ctx.Err() == nil {
				c, err := dialFrom(ctx, ip, *host)
				if err != nil {
					failed.Add(1)
					sleepCtx(ctx, time.Second)
					continue
				}
				open.Add(1)
				opened.Add(1)
				done := context.AfterFunc(ctx, func() { c.Close() })
				began := time.Now()
				_, _ = c.Write([]byte("GET / HTTP/1.1\r\nHost: " + *host + "\r\nX-Stall: "))
				_, _ = io.Copy(io.Discard, c) // until the server closes it
				if ctx.Err() == nil {
					closed.Add(1)
				}
				done()
				c.Close()
				open.Add(-1)
				if time.Since(began) < time.Second {
					sleepCtx(ctx, time.Second)
				}
			}
		})
		if i%500 == 499 {
			time.Sleep(50 * time.Millisecond)
		}
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for ctx.Err() == nil {
		fmt.Printf("%d held (%d opened, %d closed by the server, %d dials failed)\n", open.Load(), opened.Load(), closed.Load(), failed.Load())
		select {
		case <-ctx.Done():
		case <-tick.C:
		}
	}
	wg.Wait()
	return nil
}
