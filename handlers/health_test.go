package handlers_test

import (
	"net/http"
	"strings"
	"testing"

	"ruthless/handlers"
)

// TestHealthz: the health check answers without the password and says
// nothing of the games: 200 while the database answers, 503 with
// Retry-After once it does not.
func TestHealthz(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, handlers.Options{Password: "black flag"})
	res := a.get(t, "/healthz")
	if res.status != http.StatusOK || !strings.Contains(res.body, `"status":"ok"`) || !strings.Contains(res.body, `"schema":`) {
		t.Fatalf("healthz: status %d, body %s; want 200 with status ok and the schema version", res.status, res.body)
	}
	if got := res.header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control %q, want no-store", got)
	}
	if r := a.get(t, "/"); r.status == http.StatusOK {
		t.Error("the home page answers without the password; the test's app is not locked")
	}
	a.store.Close()
	res = a.get(t, "/healthz")
	if res.status != http.StatusServiceUnavailable || res.header.Get("Retry-After") == "" {
		t.Errorf("healthz with the database closed: status %d, Retry-After %q; want 503 with Retry-After", res.status, res.header.Get("Retry-After"))
	}
	if strings.Contains(res.body, "store:") || strings.Contains(res.body, "sql") {
		t.Errorf("healthz tells the error to the client: %s", res.body)
	}
}
