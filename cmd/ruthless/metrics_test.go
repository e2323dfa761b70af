package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// TestMetricsAndJSONLogs runs the real binary with -metrics and
// -log-format json and a password: /metrics asks for the password, then
// answers Prometheus' text format, which its own parser reads, with the
// promised families; every line on stderr is one JSON object.
func TestMetricsAndJSONLogs(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	dir := t.TempDir()
	cmd := exec.Command(binary(t), "serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(dir, "ruthless.db"),
		"-metrics", "-log-format", "json", "-password", "black flag", "-backup-dir", filepath.Join(dir, "backups"))
	stdout, _ := cmd.StdoutPipe()
	var stderr syncBuf
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	base := ""
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if u, ok := strings.CutPrefix(lines.Text(), "ruthless: open "); ok {
			base = u
			break
		}
	}
	go io.Copy(io.Discard, stdout)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() { cmd.Process.Kill(); <-done })
	if base == "" {
		t.Fatal("the server printed no address")
	}
	get := func(path string, auth bool) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		if auth {
			req.Header.Set("Authorization", "Bearer black flag")
		}
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	if resp := get("/metrics", false); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("/metrics without the password: %d, want it refused", resp.StatusCode)
	}
	get("/api/games", true).Body.Close()
	get("/healthz", false).Body.Close()
	resp := get("/metrics", true)
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/metrics with the password: %d", resp.StatusCode)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("the Prometheus text parser: %v", err)
	}
	for _, name := range []string{"ruthless_http_requests_total", "ruthless_http_request_duration_seconds", "ruthless_solves_total",
		"ruthless_solves_running", "ruthless_solves_queued", "ruthless_event_streams_open", "ruthless_games_stored",
		"ruthless_database_bytes", "ruthless_backup_age_seconds"} {
		if families[name] == nil {
			t.Errorf("no metric %s", name)
		}
	}
	if f := families["ruthless_http_requests_total"]; f != nil {
		found := false
		for _, m := range f.Metric {
			if label(m, "route") == "/healthz" && label(m, "status") == "200" && m.Counter.GetValue() >= 1 {
				found = true
			}
		}
		if !found {
			t.Errorf("no count of GET /healthz by route and status in %v", f)
		}
	}
	if f := families["ruthless_games_stored"]; f != nil && f.Metric[0].Gauge.GetValue() != 0 {
		t.Errorf("games stored %v, want 0", f.Metric[0].Gauge.GetValue())
	}
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
	n := 0
	for line := range strings.SplitSeq(strings.TrimSpace(stderr.String()), "\n") {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Errorf("a log line is not JSON: %q: %v", line, err)
			continue
		}
		if obj["msg"] == nil || obj["level"] == nil || obj["time"] == nil {
			t.Errorf("a log line lacks msg, level or time: %q", line)
		}
		n++
	}
	if n < 3 || !strings.Contains(stderr.String(), `"msg":"serving"`) {
		t.Errorf("%d JSON lines, want the start-up's among them:\n%s", n, stderr.String())
	}
	if strings.Contains(stderr.String(), `"path":"/healthz"`) {
		t.Errorf("a healthy /healthz is logged at INFO:\n%s", stderr.String())
	}
}

func label(m *dto.Metric, name string) string {
	for _, l := range m.Label {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}

// syncBuf is a bytes.Buffer the process's stderr copier and the test may
// share.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuf) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuf) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
