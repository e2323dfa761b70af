package main

import (
	"bytes"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"ruthless"
)

// healthcheck runs the real binary's `healthcheck` with args and returns
// its exit status and what it printed on each stream.
func healthcheck(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"healthcheck"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running healthcheck: %v", err)
	}
	return code, out.String(), errs.String()
}

// TestHealthcheck: `ruthless healthcheck` asks a real server's /healthz
// and exits 0 with one line naming the version while it answers 200; once
// the database file is deleted under the server (/healthz 503), it exits
// 1 with one line naming the failed check; with nothing listening, 1; a
// bad argument, 2. The address comes from -addr or RUTHLESS_ADDR, as
// serve's does, and a listener on every address is asked on loopback.
func TestHealthcheck(t *testing.T) {
	db := filepath.Join(t.TempDir(), "ruthless.db")
	s := startBinary(t, db)
	addr := strings.TrimPrefix(s.base, "http://")
	_, port, _ := net.SplitHostPort(addr)

	for _, tt := range []struct {
		name string
		env  []string
		args []string
	}{
		{"-addr", nil, []string{"-addr", addr}},
		{"RUTHLESS_ADDR on every address", []string{"RUTHLESS_ADDR=:" + port}, nil},
		{"-addr wins over RUTHLESS_ADDR", []string{"RUTHLESS_ADDR=127.0.0.1:1"}, []string{"-addr", "0.0.0.0:" + port}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := healthcheck(t, tt.env, tt.args...)
			if code != exitOK || strings.Count(out, "\n") != 1 || !strings.Contains(out, "healthy: ") ||
				!strings.Contains(out, " answered 200 ("+ruthless.Version()+", database schema ") || errs != "" {
				t.Errorf("healthcheck: exit %d, stdout %q, stderr %q; want 0 and one line with 200 and %s", code, out, errs, ruthless.Version())
			}
		})
	}

	t.Run("nothing listening", func(t *testing.T) {
		code, out, errs := healthcheck(t, nil, "-addr", "127.0.0.1:"+itoa(freePort(t)))
		if code != exitOther || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "unhealthy: ") || !strings.Contains(errs, "did not answer") {
			t.Errorf("healthcheck with no server: exit %d, stdout %q, stderr %q; want 1 and one line saying it did not answer", code, out, errs)
		}
	})
	t.Run("bad argument", func(t *testing.T) {
		code, _, errs := healthcheck(t, nil, "-addr", "nowhere")
		if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "nowhere") {
			t.Errorf("healthcheck -addr nowhere: exit %d, stderr %q; want 2 naming the value", code, errs)
		}
	})

	// Last, as it breaks the server: the file deleted under it.
	for _, f := range []string{db, db + "-wal", db + "-shm"} {
		os.Remove(f)
	}
	var code int
	var errs string
	eventually(t, "healthcheck exits 1 once the file is gone", func() bool {
		code, _, errs = healthcheck(t, nil, "-addr", addr)
		return code != exitOK
	})
	if code != exitOther || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "answered 503: ") {
		t.Errorf("healthcheck of a server whose file is gone: exit %d, stderr %q; want 1 and one line with 503 and the check", code, errs)
	}
}
