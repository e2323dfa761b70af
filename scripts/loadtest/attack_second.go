//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"
)

// lockedBuffer is a child's output, written by the child's copiers and
// read by whoever waits for it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// tryServe starts `ruthless serve` expecting it to refuse: its exit
// status and output, or started when it printed its address instead
// (it is then stopped at once). It waits at most 10 s.
func tryServe(ctx context.Context, bin string, env []string, args ...string) (code int, out string, started bool, took time.Duration) {
	cmd := exec.Command(bin, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	var buf lockedBuffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return -1, err.Error(), false, 0
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case <-exited:
			return cmd.ProcessState.ExitCode(), buf.String(), false, time.Since(start)
		case <-tick.C:
			if !strings.Contains(buf.String(), "ruthless: open") {
				continue
			}
			took = time.Since(start)
			_ = cmd.Process.Signal(syscall.SIGTERM)
		case <-deadline:
			took = time.Since(start)
			_ = cmd.Process.Kill()
		case <-ctx.Done():
			_ = cmd.Process.Kill()
		}
		<-exited
		return cmd.ProcessState.ExitCode(), buf.String(), true, took
	}
}

// firstLines is a child's output for a table cell: its lines joined,
// the GC trace left out.
func firstLines(out string) string {
	var keep []string
	for l := range strings.Lines(out) {
		if l = strings.TrimSpace(l); l != "" && !gcLine.MatchString(l) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, " ⏎ ")
}

// secondAttack: while the server runs, a second `serve` on its database,
// by its path, by another spelling of it, and by a symlink from another
// directory.
func secondAttack(ctx context.Context, t *target) error {
	fmt.Println("== second: a second `ruthless serve` on the database of the one running: by the same -db, by -db spelt otherwise, by a symlink and a hard link from another directory")
	if _, err := postGame(t.home, t.base, smallGame()); err != nil {
		return err
	}
	other := filepath.Join(t.dir, "elsewhere")
	if err := os.MkdirAll(other, 0o755); err != nil {
		return err
	}
	link := filepath.Join(other, "x.db")
	if err := os.Symlink(t.db, link); err != nil {
		return err
	}
	hard := filepath.Join(other, "hard.db")
	if err := os.Link(t.db, hard); err != nil {
		return err
	}
	tries := []struct{ name, db string }{
		{"the same -db", t.db},
		// Not filepath.Join, which would clean it back to t.db.
		{"-db spelt otherwise", t.dir + "/./../" + filepath.Base(t.dir) + "//x.db"},
		{"a symlink from another directory", link},
		{"a hard link from another directory", hard},
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	type result struct {
		code    int
		out     string
		started bool
		took    time.Duration
	}
	results := make([]result, len(tries))
	during, bad, use := measure(ctx, t, func() {
		for i, try := range tries {
			code, out, started, took := tryServe(ctx, t.bin, t.env, "-db", try.db)
			results[i] = result{code, out, started, took}
		}
	})
	still, err := timeGet(ctx, t.home, t.base+"/")
	homeTable(base, phaseRow{"during the second servers' starts", during})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "second serve by\texit\ttook\twhat it said")
	for i, r := range results {
		exit, said := strconv.Itoa(r.code), firstLines(r.out)
		if r.started {
			exit, said = "STARTED (stopped by the test)", startedLine(r.out)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", tries[i].name, exit, ms(r.took), said)
	}
	_ = tw.Flush()
	fmt.Printf("%s; GET / not 200: %d (baseline %d); the first server after: %s %v\n", use, bad, baseBad, ms(still), errOr(err, "200"))
	return nil
}

// startedLine is the line a server that started prints first.
func startedLine(out string) string {
	for l := range strings.Lines(out) {
		if strings.HasPrefix(l, "ruthless: open") {
			return strings.TrimSpace(l)
		}
	}
	return firstLines(out)
}

func errOr(err error, ok string) string {
	if err != nil {
		return err.Error()
	}
	return ok
}
