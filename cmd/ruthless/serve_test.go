package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"ruthless/handlers"
)

// accessOptions parses serve's access flags as runServe does.
func accessOptions(t *testing.T, args ...string) (handlers.Options, error) {
	t.Helper()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	ac := accessFlags(fs)
	if err := fs.Parse(args); err != nil {
		return handlers.Options{}, err
	}
	return ac.options(fs)
}

func TestServeAccessFlags(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "pw")
	if err := os.WriteFile(file, []byte("  black flag \nsecond line\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, []byte("\nsecret on line two\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, env := range []string{"RUTHLESS_PASSWORD", "RUTHLESS_PASSWORD_FILE", "RUTHLESS_HOSTS"} {
		t.Setenv(env, "")
	}
	tests := []struct {
		name      string
		args      []string
		env       map[string]string
		password  string
		hosts     []string
		errSubstr string // "" for no error
	}{
		{name: "nothing: open, no extra hosts"},
		{name: "flag", args: []string{"-password", " kraken "}, password: "kraken"},
		{name: "env", env: map[string]string{"RUTHLESS_PASSWORD": "parrot"}, password: "parrot"},
		{name: "file: first line trimmed", args: []string{"-password-file", file}, password: "black flag"},
		{name: "env file", env: map[string]string{"RUTHLESS_PASSWORD_FILE": file}, password: "black flag"},
		{name: "flag beats env file", args: []string{"-password", "kraken"}, env: map[string]string{"RUTHLESS_PASSWORD_FILE": file}, password: "kraken"},
		{name: "both flags", args: []string{"-password", "x", "-password-file", file}, errSubstr: "not both"},
		{name: "both env", env: map[string]string{"RUTHLESS_PASSWORD": "x", "RUTHLESS_PASSWORD_FILE": file}, errSubstr: "both set"},
		{name: "missing file", args: []string{"-password-file", filepath.Join(dir, "nope")}, errSubstr: "no such file"},
		{name: "empty first line", args: []string{"-password-file", empty}, errSubstr: "first line is empty"},
		{name: "hosts repeated and comma-separated", args: []string{"-host", "laptop.local, ship.example", "-host", "192.168.1.20:8080"}, hosts: []string{"laptop.local", "ship.example", "192.168.1.20:8080"}},
		{name: "hosts from env", env: map[string]string{"RUTHLESS_HOSTS": "a.example,b.example"}, hosts: []string{"a.example", "b.example"}},
		{name: "host flag beats env", args: []string{"-host", "c.example"}, env: map[string]string{"RUTHLESS_HOSTS": "a.example"}, hosts: []string{"c.example"}},
		{name: "host with a scheme", args: []string{"-host", "http://laptop.local"}, errSubstr: "a name or address alone"},
		{name: "host in env with a path", env: map[string]string{"RUTHLESS_HOSTS": "laptop.local/x"}, errSubstr: "RUTHLESS_HOSTS"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			opt, err := accessOptions(t, tc.args...)
			if tc.errSubstr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errSubstr) {
					t.Fatalf("error %v, want one containing %q", err, tc.errSubstr)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v, want none", err)
			}
			if opt.Password != tc.password {
				t.Errorf("password %q, want %q", opt.Password, tc.password)
			}
			if len(opt.Hosts) != 0 || len(tc.hosts) != 0 {
				if !reflect.DeepEqual([]string(opt.Hosts), tc.hosts) {
					t.Errorf("hosts %q, want %q", opt.Hosts, tc.hosts)
				}
			}
		})
	}
}

// TestServeBadAccessFlags: bad access flags stop serve before it opens
// anything, with exit status 2 and one line naming the problem.
func TestServeBadAccessFlags(t *testing.T) {
	t.Setenv("RUTHLESS_PASSWORD", "")
	t.Setenv("RUTHLESS_PASSWORD_FILE", "")
	db := filepath.Join(t.TempDir(), "never.db")
	var stdout, stderr bytes.Buffer
	code := runServe([]string{"-db", db, "-password", "x", "-password-file", "y"}, nil, &stdout, &stderr)
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if got, want := stderr.String(), "ruthless serve: give -password or -password-file, not both\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if _, err := os.Stat(db); err == nil {
		t.Errorf("the database was created")
	}
}

// TestServeStartupLine starts the real server and reads what it prints:
// the address, then whether a password protects it; and checks that the
// server it started asks for that password and checks Host.
func TestServeStartupLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		opt      handlers.Options
		line     string
		homeCode int // GET / with no cookie
	}{
		{
			name:     "open",
			line:     "ruthless: no password: anyone on this network can open and change every game; set -password",
			homeCode: http.StatusOK,
		},
		{
			name:     "protected",
			opt:      handlers.Options{Password: "kraken"},
			line:     "ruthless: protected by a password: phones log in once, scripts send it as Authorization: Bearer",
			homeCode: http.StatusSeeOther,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			pr, pw := io.Pipe()
			done := make(chan error, 1)
			log := slog.New(slog.NewTextHandler(io.Discard, nil))
			go func() {
				done <- serve(ctx, "127.0.0.1:0", filepath.Join(t.TempDir(), "t.db"), tc.opt, pw, log)
				pw.Close()
			}()
			lines := bufio.NewScanner(pr)
			var got []string
			for len(got) < 2 && lines.Scan() {
				got = append(got, lines.Text())
			}
			go io.Copy(io.Discard, pr)
			if len(got) != 2 {
				cancel()
				t.Fatalf("printed %q, want two lines", got)
			}
			base, ok := strings.CutPrefix(got[0], "ruthless: open ")
			if !ok || !strings.HasPrefix(base, "http://127.0.0.1:") {
				t.Errorf("first line %q, want ruthless: open http://127.0.0.1:PORT", got[0])
			}
			if got[1] != tc.line {
				t.Errorf("second line %q, want %q", got[1], tc.line)
			}

			client := &http.Client{
				Timeout:       10 * time.Second,
				CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
			}
			res, err := client.Get(base + "/")
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != tc.homeCode {
				t.Errorf("GET /: status %d, want %d", res.StatusCode, tc.homeCode)
			}
			req, _ := http.NewRequest(http.MethodGet, base+"/", nil)
			req.Host = "rebind.evil.example"
			res, err = client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusMisdirectedRequest {
				t.Errorf("GET / for Host rebind.evil.example: status %d, want 421", res.StatusCode)
			}

			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("serve: %v", err)
				}
			case <-time.After(15 * time.Second):
				t.Fatal("serve did not return after its context ended")
			}
		})
	}
}

// serve listens on addr until ctx ends, then stops taking requests, lets
// the ones in flight finish and only then closes the database.
func serve(ctx context.Context, addr, dbPath string, opt handlers.Options, stdout io.Writer, log *slog.Logger) error {
	return serveWith(ctx, serveConfig{addr: addr, db: dbPath, app: opt}, stdout, log)
}
