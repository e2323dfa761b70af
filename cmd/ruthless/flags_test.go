package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// serveEnv clears every variable serve reads, so that the machine's own
// do not leak into a test.
func serveEnv(t *testing.T) {
	t.Helper()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	accessFlags(fs)
	addBackupFlags(fs)
	for _, env := range []string{"RUTHLESS_ADDR", "RUTHLESS_DB", "RUTHLESS_SOLVES", "RUTHLESS_SOLVE_TIME", "RUTHLESS_READ_TIMEOUT",
		"RUTHLESS_METRICS", "RUTHLESS_LOG_FORMAT", "RUTHLESS_CONFIG", "RUTHLESS_PASSWORD", "RUTHLESS_PASSWORD_FILE", "RUTHLESS_HOSTS",
		"RUTHLESS_TRUSTED_PROXIES", "RUTHLESS_BASE_URL", "RUTHLESS_NEW_GAMES_PER_MINUTE", "RUTHLESS_LOGINS_PER_MINUTE",
		"RUTHLESS_BACKUP_DIR", "RUTHLESS_BACKUPS"} {
		t.Setenv(env, "")
	}
}

// TestServeBadSettings: every bad flag, variable or configuration line
// stops serve before it opens anything: exit status 2 and one line on
// stderr naming the setting as the user wrote it, what is wrong and an
// example.
func TestServeBadSettings(t *testing.T) {
	conf := func(t *testing.T, text string) string {
		p := filepath.Join(t.TempDir(), "ruthless.conf")
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name string
		args []string
		env  map[string]string
		file string // configuration file's text, given with -config
		want []string
	}{
		{"addr without port", []string{"-addr", "localhost"}, nil, "", []string{`-addr "localhost"`, "did you mean localhost:8080?"}},
		{"addr port out of range", []string{"-addr", ":99999"}, nil, "", []string{`-addr ":99999"`, "example: -addr :8080"}},
		{"addr alone a bad port", []string{"-addr", "70000"}, nil, "", []string{`-addr "70000"`, "out of range"}},
		{"backups not a number", []string{"-backups", "abc"}, nil, "", []string{`-backups "abc": not a whole number`, "example: -backups 14"}},
		{"backups zero", []string{"-backups", "0"}, nil, "", []string{"-backups must be at least 1"}},
		{"solves not a number", []string{"-solves", "x"}, nil, "", []string{`-solves "x"`, "example: -solves 2"}},
		{"solves zero", []string{"-solves", "0"}, nil, "", []string{"-solves 0", "example: -solves 2"}},
		{"solve time", []string{"-solve-time", "banana"}, nil, "", []string{`-solve-time "banana": not a duration`, "example: -solve-time 10s"}},
		{"solve time zero", []string{"-solve-time", "0s"}, nil, "", []string{"-solve-time 0s", "example: -solve-time 10s"}},
		{"read timeout", []string{"-read-timeout", "soon"}, nil, "", []string{`-read-timeout "soon"`, "example: -read-timeout 30s"}},
		{"trusted proxy", []string{"-trusted-proxy", "nonsense"}, nil, "", []string{`-trusted-proxy "nonsense"`, "example: -trusted-proxy 127.0.0.1"}},
		{"host", []string{"-host", "a b"}, nil, "", []string{`-host "a b"`, "example: -host laptop.local"}},
		{"games per minute", []string{"-new-games-per-minute", "many"}, nil, "", []string{`-new-games-per-minute "many"`, "example: -new-games-per-minute 10"}},
		{"logins per minute", []string{"-logins-per-minute", "x"}, nil, "", []string{`-logins-per-minute "x"`, "example: -logins-per-minute 5"}},
		{"log format", []string{"-log-format", "xml"}, nil, "", []string{`-log-format "xml": want one of text, json`, "example: -log-format json"}},
		{"metrics", []string{"-metrics=maybe"}, nil, "", []string{`-metrics "maybe": not true or false`, "example: -metrics true"}},
		{"unknown flag", []string{"-port", "8080"}, nil, "", []string{"unknown flag -port", "serve -h"}},
		{"flag without value", []string{"-db"}, nil, "", []string{"-db needs a value", "example: -db "}},
		{"stray argument", []string{"8080"}, nil, "", []string{`unexpected argument "8080"`, "-addr :8080"}},
		{"password twice", []string{"-password", "x", "-password-file", "y"}, nil, "", []string{"give -password or -password-file, not both"}},
		{"password file missing", []string{"-password-file", "/nonexistent/pw"}, nil, "", []string{"password file", "/nonexistent/pw"}},
		{"config missing", []string{"-config", "/nonexistent/ruthless.conf"}, nil, "", []string{"configuration file", "/nonexistent/ruthless.conf"}},

		{"env read timeout", nil, map[string]string{"RUTHLESS_READ_TIMEOUT": "banana"}, "", []string{`RUTHLESS_READ_TIMEOUT="banana": not a duration`, "example: RUTHLESS_READ_TIMEOUT=30s"}},
		{"env backups", nil, map[string]string{"RUTHLESS_BACKUPS": "abc"}, "", []string{`RUTHLESS_BACKUPS="abc"`, "example: RUTHLESS_BACKUPS=14"}},
		{"env solves", nil, map[string]string{"RUTHLESS_SOLVES": "x"}, "", []string{`RUTHLESS_SOLVES="x"`, "example: RUTHLESS_SOLVES=2"}},
		{"env solve time", nil, map[string]string{"RUTHLESS_SOLVE_TIME": "x"}, "", []string{`RUTHLESS_SOLVE_TIME="x"`, "example: RUTHLESS_SOLVE_TIME=10s"}},
		{"env addr", nil, map[string]string{"RUTHLESS_ADDR": "localhost"}, "", []string{`RUTHLESS_ADDR="localhost"`, "did you mean localhost:8080?"}},
		{"env trusted proxies", nil, map[string]string{"RUTHLESS_TRUSTED_PROXIES": "nonsense"}, "", []string{`RUTHLESS_TRUSTED_PROXIES="nonsense"`, "example: RUTHLESS_TRUSTED_PROXIES=127.0.0.1"}},
		{"env hosts", nil, map[string]string{"RUTHLESS_HOSTS": "a b"}, "", []string{`RUTHLESS_HOSTS="a b"`, "example: RUTHLESS_HOSTS=laptop.local"}},
		{"env games per minute", nil, map[string]string{"RUTHLESS_NEW_GAMES_PER_MINUTE": "x"}, "", []string{`RUTHLESS_NEW_GAMES_PER_MINUTE="x"`, "example: RUTHLESS_NEW_GAMES_PER_MINUTE=10"}},
		{"env logins per minute", nil, map[string]string{"RUTHLESS_LOGINS_PER_MINUTE": "x"}, "", []string{`RUTHLESS_LOGINS_PER_MINUTE="x"`, "example: RUTHLESS_LOGINS_PER_MINUTE=5"}},
		{"env log format", nil, map[string]string{"RUTHLESS_LOG_FORMAT": "xml"}, "", []string{`RUTHLESS_LOG_FORMAT="xml"`, "example: RUTHLESS_LOG_FORMAT=json"}},
		{"env metrics", nil, map[string]string{"RUTHLESS_METRICS": "maybe"}, "", []string{`RUTHLESS_METRICS="maybe"`, "example: RUTHLESS_METRICS=true"}},
		{"env password file", nil, map[string]string{"RUTHLESS_PASSWORD_FILE": "/nonexistent/pw"}, "", []string{"password file", "/nonexistent/pw"}},
		{"env config missing", nil, map[string]string{"RUTHLESS_CONFIG": "/nonexistent/ruthless.conf"}, "", []string{"configuration file", "/nonexistent/ruthless.conf"}},

		{"file bad value", nil, nil, "# the club's server\nRUTHLESS_DB=club.db\nRUTHLESS_BACKUPS=abc\n", []string{`:3: RUTHLESS_BACKUPS="abc": not a whole number`, "example: RUTHLESS_BACKUPS=14"}},
		{"file unknown key", nil, nil, "RUTHLESS_BACKUP=14\n", []string{":1: unknown setting RUTHLESS_BACKUP", "did you mean RUTHLESS_BACKUPS?"}},
		{"file misspelt key after ; comments", nil, nil, "; the club's server\n;RUTHLESS_DB=old.db\nRUTHLESS_ADRR=:8080\n", []string{":3: unknown setting RUTHLESS_ADRR", "did you mean RUTHLESS_ADDR?"}},
		{"file not key=value", nil, nil, "backups 14\n", []string{`:1: "backups 14" is not KEY=value`, "example: RUTHLESS_ADDR=:8080"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			serveEnv(t)
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			db := filepath.Join(t.TempDir(), "never.db")
			args := append([]string{"-db", db}, tt.args...)
			if tt.file != "" {
				args = append(args, "-config", conf(t, tt.file))
			}
			var stdout, stderr bytes.Buffer
			code := runServe(args, nil, &stdout, &stderr)
			if code != exitUsage {
				t.Errorf("exit %d, want 2; stderr %q", code, stderr.String())
			}
			got := stderr.String()
			if strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "ruthless serve: ") {
				t.Errorf("stderr is not one line starting ruthless serve: %q", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("stderr %q does not say %q", got, w)
				}
			}
			if _, err := os.Stat(db); err == nil {
				t.Errorf("the database was created")
			}
		})
	}
}

// TestServeSettingsPrecedence: the command line wins over the
// environment, the environment over the configuration file; the file
// names the password file; -addr 8080 is :8080.
func TestServeSettingsPrecedence(t *testing.T) {
	serveEnv(t)
	dir := t.TempDir()
	pw := filepath.Join(dir, "password")
	os.WriteFile(pw, []byte("from the file\n"), 0o600)
	conf := filepath.Join(dir, "ruthless.conf")
	os.WriteFile(conf, []byte("RUTHLESS_ADDR=127.0.0.1:1\nRUTHLESS_DB=\"from-file.db\"\nRUTHLESS_BACKUPS=3\nRUTHLESS_PASSWORD_FILE="+pw+"\nRUTHLESS_SOLVES=5\n"), 0o600)
	t.Setenv("RUTHLESS_CONFIG", conf)
	t.Setenv("RUTHLESS_BACKUPS", "7")
	t.Setenv("RUTHLESS_SOLVES", "6")
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := &addrValue{s: ":8080"}
	fs.Var(addr, "addr", "(env RUTHLESS_ADDR)")
	db := fs.String("db", "ruthless.db", "(env RUTHLESS_DB)")
	solves := fs.Int("solves", 2, "(env RUTHLESS_SOLVES)")
	fs.String("config", "", "(env RUTHLESS_CONFIG)")
	access := accessFlags(fs)
	bf := addBackupFlags(fs)
	if err := fs.Parse([]string{"-addr", "8080", "-solves", "9"}); err != nil {
		t.Fatal(err)
	}
	if err := applySettings(fs, os.Getenv); err != nil {
		t.Fatal(err)
	}
	opt, err := access.options(fs)
	if err != nil {
		t.Fatal(err)
	}
	bc, err := bf.config(fs)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, got, want string }{
		{"addr: flag (a port alone) over file", addr.s, ":8080"},
		{"solves: flag over env and file", flagValue(fs, "solves"), "9"},
		{"backups: env over file", flagValue(fs, "backups"), "7"},
		{"db: file, unquoted", *db, "from-file.db"},
		{"password: from the file the config names", opt.Password, "from the file"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
	if *solves != 9 || bc.Keep != 7 {
		t.Errorf("solves %d, backups %d; want 9 and 7", *solves, bc.Keep)
	}
}

func flagValue(fs *flag.FlagSet, name string) string { return fs.Lookup(name).Value.String() }

// TestServeHelpNamesEveryVariable: serve -h answers on stdout with exit
// 0, and names every variable serve reads.
func TestServeHelpNamesEveryVariable(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := runServe([]string{"-h"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, want 0", code)
	}
	for _, env := range []string{"RUTHLESS_ADDR", "RUTHLESS_DB", "RUTHLESS_SOLVES", "RUTHLESS_SOLVE_TIME", "RUTHLESS_READ_TIMEOUT",
		"RUTHLESS_METRICS", "RUTHLESS_LOG_FORMAT", "RUTHLESS_CONFIG", "RUTHLESS_PASSWORD", "RUTHLESS_PASSWORD_FILE", "RUTHLESS_HOSTS",
		"RUTHLESS_TRUSTED_PROXIES", "RUTHLESS_BASE_URL", "RUTHLESS_NEW_GAMES_PER_MINUTE", "RUTHLESS_LOGINS_PER_MINUTE",
		"RUTHLESS_BACKUP_DIR", "RUTHLESS_BACKUPS"} {
		if !strings.Contains(stdout.String(), "(env "+env+")") {
			t.Errorf("serve -h does not name %s", env)
		}
	}
}
