package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Serve's settings come from three places, the first that has one
// winning: the command line, the environment, then the configuration
// file (-config or RUTHLESS_CONFIG). The file holds the same KEY=value
// lines as the environment (RUTHLESS_DB=/var/lib/ruthless/ruthless.db),
// so that it also serves as a systemd EnvironmentFile.

// envInHelp finds the variable a flag's help names: every flag says
// "(env RUTHLESS_…)", so `serve -h` lists every variable serve reads,
// and this is the one list of them.
var envInHelp = regexp.MustCompile(`\(env (RUTHLESS_[A-Z_]+)\)`)

// envOf is the environment variable of flag f, "" for none.
func envOf(f *flag.Flag) string {
	if m := envInHelp.FindStringSubmatch(f.Usage); m != nil {
		return m[1]
	}
	return ""
}

// examples are a good value of each serve flag, for the one line that
// answers a bad one.
var examples = map[string]string{
	"addr": ":8080", "db": "/var/lib/ruthless/ruthless.db", "solves": "2", "solve-time": "10s",
	"password": "black-flag", "password-file": "/run/credentials/ruthless.service/password",
	"host": "laptop.local", "trusted-proxy": "127.0.0.1", "base-url": "https://scores.example.org",
	"new-games-per-minute": "10", "logins-per-minute": "5", "backup-dir": "/var/lib/ruthless/backups",
	"backups": "14", "config": "/etc/ruthless/ruthless.conf", "read-timeout": "30s",
	"metrics": "true", "log-format": "json",
}

// configLine is one setting of the configuration file.
type configLine struct {
	value string
	line  int
}

// readConfig reads a configuration file of KEY=value lines as systemd
// reads an EnvironmentFile: blank lines and lines starting with # or ;
// are skipped, a value may be quoted, and only the variables in known
// are allowed (a misspelt key would otherwise be ignored without a
// word; the error names the closest known one).
func readConfig(path string, known map[string]bool) (map[string]configLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("configuration file: %w", err)
	}
	defer f.Close()
	out := map[string]configLine{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";") {
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		key = strings.TrimSpace(key)
		if !ok {
			return nil, fmt.Errorf("%s:%d: %q is not KEY=value (example: RUTHLESS_ADDR=:8080)", path, n, line)
		}
		if !known[key] {
			hint := ""
			if near := closestName(key, known); near != "" {
				hint = "did you mean " + near + "? "
			}
			return nil, fmt.Errorf("%s:%d: unknown setting %s (%sruthless serve -h lists them, as \"env RUTHLESS_…\")", path, n, key, hint)
		}
		value = strings.TrimSpace(value)
		if len(value) >= 2 && (value[0] == '"' || value[0] == '\'') && value[len(value)-1] == value[0] {
			value = value[1 : len(value)-1]
		}
		out[key] = configLine{value, n}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("configuration file %s: %w", path, err)
	}
	return out, nil
}

// applySettings gives each flag not set on the command line its value
// from the environment, else from the configuration file. A bad value is
// one error naming where it came from, as the user wrote it.
func applySettings(fs *flag.FlagSet, getenv func(string) string) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	known := knownVariables(fs)
	var file map[string]configLine
	path := fs.Lookup("config").Value.String()
	if !set["config"] {
		path = getenv("RUTHLESS_CONFIG")
	}
	if path != "" {
		var err error
		if file, err = readConfig(path, known); err != nil {
			return err
		}
	}
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		env := envOf(f)
		if set[f.Name] || env == "" || f.Name == "config" {
			return
		}
		where, value := env, getenv(env)
		if value == "" {
			c, ok := file[env]
			if !ok {
				return
			}
			where, value = fmt.Sprintf("%s:%d: %s", path, c.line, env), c.value
		}
		if err := fs.Set(f.Name, value); err != nil {
			errs = append(errs, fmt.Errorf("%s=%q: %s (example: %s=%s)", where, value, whyBad(f, err), env, examples[f.Name]))
		}
	})
	return errors.Join(errs...)
}

// knownVariables are the environment variables fs's flags read.
func knownVariables(fs *flag.FlagSet) map[string]bool {
	known := map[string]bool{}
	fs.VisitAll(func(f *flag.Flag) {
		if env := envOf(f); env != "" {
			known[env] = true
		}
	})
	return known
}

// misspeltVariables pairs each variable of environ (KEY=value strings)
// that serve does not read but that is within two letters of one it does
// (RUTHLESS_ADRR, ruthless_addr, RUTHLES_DB) with that one. A variable far
// from every setting belongs to some other program and is left alone.
func misspeltVariables(environ []string, known map[string]bool) [][2]string {
	var out [][2]string
	for _, kv := range environ {
		key, _, _ := strings.Cut(kv, "=")
		if known[key] {
			continue
		}
		if near := closestName(key, known); near != "" {
			out = append(out, [2]string{key, near})
		}
	}
	return out
}

// closestName is the name in known nearest to name, when it is at most
// two edits away (letters added, dropped, changed or swapped, case
// ignored), else "".
func closestName(name string, known map[string]bool) string {
	best, bestDist := "", 3
	for k := range known {
		d := editDistance(strings.ToUpper(name), k)
		if d < bestDist || (d == bestDist && k < best) {
			best, bestDist = k, d
		}
	}
	return best
}

// editDistance counts the single-letter insertions, deletions,
// substitutions and swaps of neighbours that turn a into b (the optimal
// string alignment distance): a swap is one typing slip, as in ADRR.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// whyBad says what is wrong with a value a flag refused.
func whyBad(f *flag.Flag, err error) string {
	switch fmt.Sprintf("%T", f.Value) {
	case "*flag.intValue":
		return "not a whole number"
	case "*flag.durationValue":
		return "not a duration (a number and a unit: 30s, 2m)"
	case "*flag.boolValue":
		return "not true or false"
	}
	return err.Error()
}

// flagParseError turns the flag package's error into one line: the flag
// as typed, what is wrong, an example.
func flagParseError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	var value, name, reason string
	switch {
	case strings.HasPrefix(msg, "flag provided but not defined: "):
		return fmt.Errorf("unknown flag %s (ruthless serve -h lists them)", strings.TrimPrefix(msg, "flag provided but not defined: "))
	case strings.HasPrefix(msg, "flag needs an argument: "):
		name = strings.TrimPrefix(strings.TrimPrefix(msg, "flag needs an argument: "), "-")
		return fmt.Errorf("-%s needs a value (example: -%s %s)", name, name, examples[name])
	}
	if m := regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-(\S+): (.*)$`).FindStringSubmatch(msg); m != nil {
		value, name, reason = m[1], m[2], m[3]
		if f := fs.Lookup(name); f != nil {
			reason = whyBad(f, errors.New(reason))
		}
		return fmt.Errorf("-%s %q: %s (example: -%s %s)", name, value, reason, name, examples[name])
	}
	return err
}

// addrValue is -addr: host:port, or a port alone (8080 is read as :8080,
// every address), checked when given rather than when listening.
type addrValue struct{ s string }

func (a *addrValue) String() string { return a.s }

func (a *addrValue) Set(v string) error {
	v = strings.TrimSpace(v)
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 || n > 65535 {
			return fmt.Errorf("port %d is out of range (0 to 65535)", n)
		}
		a.s = ":" + v
		return nil
	}
	host, port, err := net.SplitHostPort(v)
	if err != nil {
		if !strings.Contains(v, ":") {
			return fmt.Errorf("no port; did you mean %s:8080?", v)
		}
		return errors.New("not host:port")
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("port %q is not a number from 0 to 65535", port)
	}
	if strings.ContainsAny(host, "/ ") {
		return errors.New("the host is not a name or an address")
	}
	a.s = v
	return nil
}

// choiceValue is a flag that takes one of a few words.
type choiceValue struct {
	s       string
	choices []string
}

func (c *choiceValue) String() string { return c.s }

func (c *choiceValue) Set(v string) error {
	for _, ch := range c.choices {
		if v == ch {
			c.s = v
			return nil
		}
	}
	return fmt.Errorf("want one of %s", strings.Join(c.choices, ", "))
}

// durationAbove0 checks a duration setting.
func durationAbove0(name string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("-%s %v: want a duration above 0 (example: -%s %s)", name, d, name, examples[name])
	}
	return nil
}
