package handlers_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"testing"
)

// TestShareStateIsLive (issue 31): making the share link, stopping it and
// making it anew each change the game's version, so an open scoreboard's
// live stream notices and its More menu never shows a stale state; and the
// scoreboard's ETag follows, so a phone holding the page of an old link
// gets the new page, not a 304.
func TestShareStateIsLive(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, finishedFile)
	host := newPhone(a)
	versionRe := regexp.MustCompile(`event:\s*version\s*\ndata:\s*(\S+)`)
	// version is what the game's live stream says first (a request no
	// server made gets the version and returns).
	version := func(t *testing.T) string {
		t.Helper()
		res := host.get(t, "/games/"+id+"/events")
		m := versionRe.FindStringSubmatch(res.body)
		if res.status != http.StatusOK || m == nil {
			t.Fatalf("events: status %d, body %q: no version", res.status, res.body)
		}
		return m[1]
	}
	// board is the scoreboard's ETag and the share link its More menu
	// shows ("" for none).
	linkRe := regexp.MustCompile(`data-testid="share-url">([^<]*)<`)
	board := func(t *testing.T) (etag, link string) {
		t.Helper()
		res := host.get(t, "/games/"+id)
		if res.status != http.StatusOK {
			t.Fatalf("scoreboard: status %d", res.status)
		}
		if m := linkRe.FindStringSubmatch(res.body); m != nil {
			link = m[1]
		}
		return res.header.Get("ETag"), link
	}

	steps := []struct {
		name     string
		path     string
		wantLink bool
	}{
		{"never shared", "", false},
		{"shared", "/games/" + id + "/share", true},
		{"stopped", "/games/" + id + "/share/revoke", false},
		{"shared anew", "/games/" + id + "/share", true},
	}
	// Each step changes what the scoreboard shows, so its version and
	// ETag differ from the step before; the two links differ, so the
	// states with them differ too. (Stopped and never shared look alike
	// and may share a version.)
	var prevV, prevTag, firstV, firstTag, firstLink string
	for i, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if st.path != "" {
				redirect(t, host.post(t, st.path, url.Values{}))
			}
			v := version(t)
			tag, link := board(t)
			if i > 0 && v == prevV {
				t.Errorf("version %s after %q is the one before it: an open scoreboard would not notice", v, st.name)
			}
			if i > 0 && tag == prevTag {
				t.Errorf("scoreboard ETag %s after %q is the one before it", tag, st.name)
			}
			if (link != "") != st.wantLink {
				t.Errorf("More menu's share link %q, want one: %t", link, st.wantLink)
			}
			switch {
			case st.name == "shared":
				firstV, firstTag, firstLink = v, tag, link
			case st.name == "shared anew" && (v == firstV || tag == firstTag || link == firstLink):
				t.Errorf("shared anew: version %s, ETag %s, link %s; the first link's were %s, %s, %s: want all new", v, tag, link, firstV, firstTag, firstLink)
			}
			prevV, prevTag = v, tag
		})
	}

	// The phone that kept the page of the first link asks again: the
	// stopped link is not what it is shown.
	req := httptest.NewRequest(http.MethodGet, "/games/"+id, nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("If-None-Match", firstTag)
	res := host.send(t, req)
	if res.status == http.StatusNotModified {
		t.Errorf("the scoreboard answers 304 to the ETag of the first link %s: the phone keeps showing a stopped link", firstLink)
	}
}
