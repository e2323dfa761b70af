package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

const healthcheckUsage = `Usage: ruthless healthcheck [-addr ADDRESS] [-timeout 5s]

Asks a running server's GET /healthz and exits 0 when it answers 200,
1 otherwise, with one line saying what it answered. The address is the
one serve listens on (-addr, else RUTHLESS_ADDR, else :8080); a server
listening on every address is asked on 127.0.0.1. This lets a container
with no shell or HTTP client check itself (the image's HEALTHCHECK).
`

// runHealthcheck is `ruthless healthcheck`: the binary answers its own
// health question, since the image holds nothing else that could.
func runHealthcheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("healthcheck")
	addr := &addrValue{s: ":8080"}
	if env := os.Getenv("RUTHLESS_ADDR"); env != "" {
		if err := addr.Set(env); err != nil {
			return fail(stderr, exitUsage, fmt.Errorf("healthcheck: RUTHLESS_ADDR=%q: %v", env, err))
		}
	}
	fs.Var(addr, "addr", "the address the server listens on")
	timeout := fs.Duration("timeout", 5*time.Second, "how long to wait for the answer")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return flagError(err, healthcheckUsage, stdout, stderr)
	}
	if len(rest) > 0 {
		return fail(stderr, exitUsage, fmt.Errorf("healthcheck: unexpected argument %q (example: ruthless healthcheck -addr 127.0.0.1:8080)", rest[0]))
	}
	if *timeout <= 0 {
		return fail(stderr, exitUsage, fmt.Errorf("healthcheck: -timeout %v: want a duration above 0 (example: -timeout 5s)", *timeout))
	}
	url := "http://" + dialable(addr.s) + "/healthz"
	line, healthy := askHealth(url, *timeout)
	if !healthy {
		fmt.Fprintf(stderr, "ruthless healthcheck: %s\n", line)
		return exitOther
	}
	fmt.Fprintf(stdout, "ruthless healthcheck: %s\n", line)
	return exitOK
}

// dialable turns a listening address into one to connect to: a server
// listening on every address (":8080", "0.0.0.0:8080", "[::]:8080") is
// reached on the loopback address.
func dialable(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	return net.JoinHostPort(host, port)
}

// askHealth asks url and says in one line what it answered, and whether
// that was 200.
func askHealth(url string, timeout time.Duration) (line string, healthy bool) {
	client := &http.Client{Timeout: timeout}
	resp, err := client.Get(url)
	if err != nil {
		return fmt.Sprintf("unhealthy: %s did not answer: %v", url, err), false
	}
	defer resp.Body.Close()
	var body struct {
		Status  string `json:"status"`
		Version string `json:"version"`
		Schema  int    `json:"schema"`
		Check   string `json:"check"`
		Reason  string `json:"reason"`
	}
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if json.Unmarshal(raw, &body) != nil {
		body.Reason = strings.Join(strings.Fields(string(raw)), " ")
	}
	if resp.StatusCode == http.StatusOK {
		return fmt.Sprintf("healthy: %s answered 200 (%s, database schema %d)", url, body.Version, body.Schema), true
	}
	why := body.Reason
	if body.Check != "" {
		why = body.Check + ": " + why
	}
	return fmt.Sprintf("unhealthy: %s answered %d: %s", url, resp.StatusCode, why), false
}
