//go:build linux

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// server is a child process serving HTTP on loopback.
type server struct {
	cmd  *exec.Cmd
	base string // http://127.0.0.1:PORT
}

// startServer runs a server binary whose first line on stdout ends with the
// URL it listens on (both `ruthless serve` and `loadtest bare` print one).
// Asking for port 0 and reading the URL back avoids guessing a free port.
// stderr goes to logPath, so the real server still formats and writes its
// per-request log line, as it would in production.
func startServer(ctx context.Context, logPath, bin string, args ...string) (*server, error) {
	return startServerEnv(ctx, logPath, nil, bin, args...)
}

// startServerEnv is startServer with variables added to the child's
// environment (the attack scenarios ask the runtime for its GC trace).
func startServerEnv(ctx context.Context, logPath string, env []string, bin string, args ...string) (*server, error) {
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer logFile.Close() // the child keeps its own descriptor

	cmd := exec.Command(bin, args...)
	cmd.Stderr = logFile
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	// If this program dies without cleaning up, the kernel kills the child
	// too, so no server outlives a run.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd}

	line := make(chan string, 1)
	go func() {
		// The address is the last word of the first line naming one
		// (older builds print other lines first); the rest is drained.
		sc := bufio.NewScanner(out)
		sent := false
		for sc.Scan() {
			if l := sc.Text(); !sent && strings.Contains(l, "http://") {
				line <- l
				sent = true
			}
		}
	}()
	select {
	case l := <-line:
		s.base = strings.TrimRight(l[strings.LastIndex(l, "http://"):], " )")
		if i := strings.IndexAny(s.base, " )"); i >= 0 {
			s.base = s.base[:i]
		}
	case <-time.After(10 * time.Second):
		s.stop()
		return nil, fmt.Errorf("%s printed no address (see %s)", bin, logPath)
	}
	if err := checkLoopback(s.base); err != nil {
		s.stop()
		return nil, err
	}
	if err := waitUp(ctx, s.base+"/"); err != nil {
		s.stop()
		return nil, fmt.Errorf("%s: %w (see %s)", bin, err, logPath)
	}
	return s, nil
}

// checkLoopback refuses any address but 127.0.0.1: this tool floods what it
// talks to, so it must never aim at another machine.
func checkLoopback(base string) error {
	u, err := url.Parse(base)
	if err != nil || u.Hostname() != "127.0.0.1" {
		return fmt.Errorf("refusing non-loopback address %q", base)
	}
	return nil
}

// waitUp polls until the server answers at all, for up to 10 seconds.
func waitUp(ctx context.Context, u string) error {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(u)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return errors.New("server did not answer within 10s")
}

// stop asks the server to shut down (SIGTERM lets `ruthless serve` close
// its database) and kills it if it has not gone after 5 seconds.
func (s *server) stop() {
	if s == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}

// rssKB reads the resident set size of a process from /proc/<pid>/status,
// in kB as the kernel reports it. It is what the machine actually gives
// the process, unlike the Go runtime's own view of its heap.
func rssKB(pid int) (int, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for l := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			return strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
		}
	}
	return 0, errors.New("no VmRSS line")
}

// rssStats is what a sampler saw: the largest and the last reading.
type rssStats struct {
	peakKB, lastKB, samples int
}

// sampleRSS reads the process's RSS every 200 ms until stop is closed, then
// sends what it saw. It reads once at the start too, so even a very short
// run has a figure.
func sampleRSS(pid int, stop <-chan struct{}) <-chan rssStats {
	res := make(chan rssStats, 1)
	go func() {
		var st rssStats
		read := func() {
			if kb, err := rssKB(pid); err == nil {
				st.lastKB = kb
				st.peakKB = max(st.peakKB, kb)
				st.samples++
			}
		}
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		read()
		for {
			select {
			case <-t.C:
				read()
			case <-stop:
				read()
				res <- st
				return
			}
		}
	}()
	return res
}
