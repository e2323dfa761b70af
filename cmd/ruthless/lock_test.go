package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"ruthless/handlers"
)

// running is a serve started in this process.
type running struct {
	addr   string // host:port it listens on
	cancel context.CancelFunc
	done   chan error
	once   sync.Once
}

// tryServe runs serve on db in this process and returns it once it
// serves (it stops at the end of the test, or at stop), or the error it
// stopped with before that.
func tryServe(t *testing.T, db string) (*running, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	r := &running{cancel: cancel, done: make(chan error, 1)}
	go func() {
		err := serve(ctx, "127.0.0.1:0", db, handlers.Options{}, pw, slog.New(slog.NewTextHandler(io.Discard, nil)))
		pw.Close()
		r.done <- err
	}()
	lines := bufio.NewScanner(pr)
	for lines.Scan() {
		if u, ok := strings.CutPrefix(lines.Text(), "ruthless: open http://"); ok {
			r.addr = u
			break
		}
	}
	go io.Copy(io.Discard, pr)
	if r.addr == "" {
		cancel()
		return nil, <-r.done
	}
	t.Cleanup(r.stop)
	return r, nil
}

// stop ends the server and waits for it; it may be called again.
func (r *running) stop() {
	r.once.Do(func() {
		r.cancel()
		<-r.done
	})
}

// TestSecondServeRefused: while one server serves a database, a second
// serve on it stops before serving, with an error naming the lock file,
// the first server's pid and its address; the commands that read or add
// games still work; once the first has stopped, a new server starts.
func TestSecondServeRefused(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "table.db")
	first, err := tryServe(t, db)
	if err != nil {
		t.Fatalf("serve: %v", err)
	}

	second, err := tryServe(t, db)
	if err == nil {
		second.stop()
		t.Fatalf("a second server started on %s (at %s) while the first served it", db, second.addr)
	}
	for _, want := range []string{db + ".lock", "pid " + strconv.Itoa(os.Getpid()), first.addr} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}

	t.Run("import and export meanwhile", func(t *testing.T) {
		res := runCmd(t, importCmd, `{"version": 1, "players": ["Ann", "Bob"]}`, "-db", db, "-")
		if res.code != 0 {
			t.Fatalf("import: exit %d, stderr %q", res.code, res.stderr)
		}
		if res := runCmd(t, exportCmd, "", "-db", db, strings.TrimSpace(res.stdout)); res.code != 0 {
			t.Errorf("export: exit %d, stderr %q", res.code, res.stderr)
		}
	})

	first.stop()
	again, err := tryServe(t, db)
	if err != nil {
		t.Fatalf("after the first server stopped, serve: %v", err)
	}
	again.stop()
}

// TestSecondServerProcessRefused runs the real binary twice on one
// database: the second exits 1 with one line naming the lock file and the
// first's pid and address.
func TestSecondServerProcessRefused(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	db := filepath.Join(t.TempDir(), "table.db")
	first := startBinary(t, db)

	cmd := exec.Command(binary(t), "serve", "-addr", "127.0.0.1:0", "-db", db)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var out []byte
	exited := make(chan error, 1)
	go func() {
		out, _ = io.ReadAll(stdout) // until it exits
		exited <- cmd.Wait()
	}()
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			t.Errorf("second server: %v, want exit status 1", err)
		}
		if strings.Contains(string(out), "ruthless: open") {
			t.Errorf("the second server printed %q", out)
		}
	case <-time.After(30 * time.Second): // a guard against a hung test only
		cmd.Process.Signal(syscall.SIGKILL)
		<-exited
		t.Fatalf("the second server did not exit; it printed %q", out)
	}
	line := stderr.String()
	if strings.Count(line, "\n") != 1 {
		t.Errorf("stderr %q, want one line", line)
	}
	for _, want := range []string{"ruthless serve: ", db + ".lock", "pid " + strconv.Itoa(first.cmd.Process.Pid), strings.TrimPrefix(first.base, "http://")} {
		if !strings.Contains(line, want) {
			t.Errorf("stderr %q does not name %q", line, want)
		}
	}
}

// TestHardLinkedServerRefused: a second server given a hard link of the
// database (in another folder, so with another lock file) is refused, as
// one given the same name is: the lock follows the file's identity, not
// its name. Before, both started and each lost the other's saves.
func TestHardLinkedServerRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "table.db")
	first, err := tryServe(t, db)
	if err != nil {
		t.Fatalf("serve: %v", err)
	}
	defer first.stop()
	if err := os.Mkdir(filepath.Join(dir, "other"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "other", "linked.db")
	if err := os.Link(db, link); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	second, err := tryServe(t, link)
	if err == nil {
		second.stop()
		t.Fatalf("a second server started on the hard link %s (at %s) while the first served %s", link, second.addr, db)
	}
	if !strings.Contains(err.Error(), "hard link") {
		t.Errorf("error %q does not say why (a hard link of a served file)", err)
	}
}
