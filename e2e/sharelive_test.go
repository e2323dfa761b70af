package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// postAway posts an empty form to path as another phone would (its own
// browser), and returns where the answer's redirect points.
func postAway(t *testing.T, base, path string) string {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+path, strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", base)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("POST %s: status %d, want 303", path, resp.StatusCode)
	}
	return resp.Header.Get("Location")
}

// TestShareStateLive (issue 31): a scoreboard left open with its More
// menu unfolded follows the share link as other phones make it, stop it
// and make it anew, without a reload: the link it shows is always the one
// that works, or none.
func TestShareStateLive(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	id := createGame(t, p.base, nightGame(5, false, true))
	p.open("/games/"+id, "scoreboard")
	if p.count(byTestID("share-url")) != 0 {
		p.fatalf("a game never shared shows a share link")
	}
	eval[bool](p, `(document.querySelector('[data-testid="more"]').open = true, window.__kept = true)`)
	shows := func(link string) string {
		if link == "" {
			return `!document.querySelector('[data-testid="share-url"]')`
		}
		return `(e => !!e && e.textContent.endsWith(` + "`" + link + "`" + `))(document.querySelector('[data-testid="share-url"]'))`
	}
	steps := []struct{ name, path string }{
		{"shared", "/games/" + id + "/share"},
		{"stopped", "/games/" + id + "/share/revoke"},
		{"shared anew", "/games/" + id + "/share"},
	}
	var first string
	for _, st := range steps {
		to := postAway(t, p.base, st.path)
		want := ""
		if strings.HasPrefix(to, "/s/") {
			want = to
		}
		if st.name == "shared" {
			first = want
		}
		if st.name == "shared anew" && want == first {
			t.Fatalf("sharing anew gave the stopped link %s again", want)
		}
		p.waitFor(shows(want), "the More menu to show the share link "+st.name+" ("+want+")")
		p.screen("more-" + strings.ReplaceAll(st.name, " ", "-"))
		if !eval[bool](p, `window.__kept === true && document.querySelector('[data-testid="more"]').open`) {
			p.errorf("after %s the page was reloaded or its More menu closed", st.name)
		}
	}
}
