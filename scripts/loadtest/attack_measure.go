//go:build linux

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"
)

// latencies are GET /'s times in one phase.
type latencies []time.Duration

func (l latencies) row(name string) string {
	if len(l) == 0 {
		return name + "\t0\t-\t-\t-\t"
	}
	d := slices.Clone(l)
	slices.Sort(d)
	q := func(p float64) string { return ms(d[min(len(d)-1, int(p*float64(len(d))))]) }
	return fmt.Sprintf("%s\t%d\t%s\t%s\t%s\t", name, len(d), q(0.5), q(0.99), ms(d[len(d)-1]))
}

// timeGet is one GET and how long it took, body read; an error for
// anything but 200.
func timeGet(ctx context.Context, client *http.Client, u string) (time.Duration, error) {
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return 0, err
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return 0, err
	}
	if res.StatusCode != http.StatusOK {
		return time.Since(start), fmt.Errorf("GET %s: %s", u, res.Status)
	}
	return time.Since(start), nil
}

// sampleHome gets / every 10 ms until stop is closed (or for d when stop
// is nil) and counts the answers that were not 200.
func sampleHome(ctx context.Context, t *target, d time.Duration, stop <-chan struct{}) (latencies, int) {
	var l latencies
	bad := 0
	end := time.Now().Add(d)
	for ctx.Err() == nil {
		if stop == nil && time.Now().After(end) {
			break
		}
		if stop != nil {
			select {
			case <-stop:
				return l, bad
			default:
			}
		}
		took, err := timeGet(ctx, t.home, t.base+"/")
		if err != nil {
			bad++
		} else {
			l = append(l, took)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return l, bad
}

// usage is what the server used during a phase: its CPU time (user and
// system) and its peak RSS.
type usage struct {
	cpu, wall time.Duration
	rss       rssStats
}

func (u usage) String() string {
	return fmt.Sprintf("server RSS peak %s (last %s), CPU %.2f s in %.1f s (%.0f%% of one core)",
		mib(u.rss.peakKB), mib(u.rss.lastKB), u.cpu.Seconds(), u.wall.Seconds(), 100*u.cpu.Seconds()/u.wall.Seconds())
}

// measure runs phase while sampling GET / and the server's RSS and CPU.
func measure(ctx context.Context, t *target, phase func()) (latencies, int, usage) {
	return measureBy(ctx, t, func(done <-chan struct{}) (latencies, int) { return sampleHome(ctx, t, 0, done) }, phase)
}

// measureBy is measure with a sampler of its own, for the scenarios whose
// sampling of GET / the attack would disturb (a rate limit, a full
// accept queue): sample runs until done is closed.
func measureBy(ctx context.Context, t *target, sample func(done <-chan struct{}) (latencies, int), phase func()) (latencies, int, usage) {
	pid := t.srv.cmd.Process.Pid
	stopRSS := make(chan struct{})
	rss := sampleRSS(pid, stopRSS)
	cpu0, _ := cpuTime(pid)
	start := time.Now()
	done := make(chan struct{})
	var l latencies
	var bad int
	sampled := make(chan struct{})
	go func() { l, bad = sample(done); close(sampled) }()
	phase()
	close(done)
	<-sampled
	cpu1, _ := cpuTime(pid)
	close(stopRSS)
	return l, bad, usage{cpu: cpu1 - cpu0, wall: time.Since(start), rss: <-rss}
}

// cpuTime is a process's user and system CPU time, from /proc/PID/stat.
func cpuTime(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name may hold spaces; the fields after it do not.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	if len(f) < 13 {
		return 0, errors.New("short /proc stat")
	}
	ut, _ := strconv.Atoi(f[11])
	st, _ := strconv.Atoi(f[12])
	const hz = 100 // USER_HZ on Linux
	return time.Duration(ut+st) * time.Second / hz, nil
}

// tally counts answers by status.
type tally struct {
	mu sync.Mutex
	m  map[string]int
}

func (t *tally) add(k string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[string]int{}
	}
	t.m[k]++
}

func (t *tally) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	keys := make([]string, 0, len(t.m))
	for k := range t.m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s ×%d", k, t.m[k])
	}
	return strings.Join(parts, ", ")
}

// statusOf labels an answer for the tally: the status, with Retry-After
// when a refusal carries one.
func statusOf(res *http.Response, err error) string {
	if err != nil {
		return "error"
	}
	s := strconv.Itoa(res.StatusCode)
	if res.StatusCode >= 400 && res.Header.Get("Retry-After") != "" {
		s += "+Retry-After"
	}
	return s
}

// phaseRow is one row of GET /'s table: a phase and its latencies.
type phaseRow struct {
	name string
	l    latencies
}

// homeTable prints GET /'s rows of a scenario: the baseline, then each
// phase.
func homeTable(base latencies, phases ...phaseRow) {
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "GET /\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, base.row("baseline"))
	for _, ph := range phases {
		fmt.Fprintln(tw, ph.l.row(ph.name))
	}
	_ = tw.Flush()
}

// gcTrace sums the GC trace lines the server wrote to its log after
// offset: how many collections, the CPU of their assists, dedicated
// workers and pauses (work), and of their idle workers (idle: CPU that
// nothing else wanted), and the last line's heap sizes.
func gcTrace(path string, offset int64) (n int, work, idle time.Duration, last string) {
	b, err := os.ReadFile(path)
	if err != nil || int64(len(b)) < offset {
		return 0, 0, 0, ""
	}
	for l := range strings.Lines(string(b[offset:])) {
		m := gcLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n++
		for i, f := range m[1:6] {
			v, _ := strconv.ParseFloat(f, 64)
			d := time.Duration(v * float64(time.Millisecond))
			if i == 3 {
				idle += d
			} else {
				work += d
			}
		}
		last = strings.TrimSpace(m[6])
	}
	return n, work, idle, last
}

// gcLine is a line of GODEBUG=gctrace=1: the five CPU figures (the first
// stop-the-world pause, assists, background workers, idle workers and the
// second pause) and the heap sizes and goal.
var gcLine = regexp.MustCompile(`^gc \d+ @\S+ \S+: \S+ ms clock, ([\d.]+)\+([\d.]+)/([\d.]+)/([\d.]+)\+([\d.]+) ms cpu, (\S+ MB, \S+ MB goal)`)

func logSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}
