package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"ruthless/handlers"
)

// TestCrossOriginPostNeedsToken: issue 44 item 4, with what a real
// browser sends. A phone logged in to a table server (password) opens a
// page of another origin on the same machine (another port: "same-site"
// to the browser, which still sends the session cookie); the page posts a
// game to POST /api/games with credentials: "include" and a text/plain
// body (no preflight). Before, the cookie let it in and the game was
// stored; now a write from another origin needs the bearer token, so
// the game is not there: posting it again with the token makes it (201),
// rather than finding it (200, existing).
func TestCrossOriginPostNeedsToken(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	const password = "black flag"
	base := startServerWith(t, handlers.Options{Password: password})
	game := fmt.Sprintf(`{"version": 1, "players": ["Ann", "Bob", "Cross %d"]}`, time.Now().UnixNano())
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>waiting</title><script>
fetch(%q, {method: "POST", credentials: "include", headers: {"Content-Type": "text/plain"}, body: %q})
  .then(function () { document.title = "sent"; }, function () { document.title = "sent"; });
</script>`, base+"/api/games", game)
	}))
	defer other.Close()

	browser, _ := startBrowser(t)
	p := newPhone(t, browser, base, shotDir(t), "crossorigin")
	p.open("/login", "login")
	if err := p.do(chromedp.SendKeys(chromedp.CSS(byTestID("login-password")), password)); err != nil {
		p.fatalf("typing the password: %v", err)
	}
	p.follow(byTestID("login-submit"), "home", http.StatusOK)

	if err := p.do(chromedp.Navigate(other.URL + "/")); err != nil {
		p.fatalf("opening the other origin's page: %v", err)
	}
	p.waitFor(`document.title === "sent"`, "the other origin's post")

	req, _ := http.NewRequest(http.MethodPost, base+"/api/games", strings.NewReader(game))
	req.Header.Set("Authorization", "Bearer "+password)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Errorf("the game posted with the token: status %d, want 201 (200: the other origin's post was let in by the cookie)", res.StatusCode)
	}
}
