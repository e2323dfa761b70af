package handlers_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"ruthless/handlers"
)

// phone is one phone at the table: its cookies, kept between requests as
// a browser keeps them.
type phone struct {
	a       *app
	cookies map[string]*http.Cookie
}

func newPhone(a *app, more ...*http.Cookie) *phone {
	p := &phone{a: a, cookies: map[string]*http.Cookie{}}
	for _, c := range more {
		p.cookies[c.Name] = c
	}
	return p
}

func (p *phone) send(t *testing.T, req *http.Request) response {
	t.Helper()
	for _, c := range p.cookies {
		req.AddCookie(c)
	}
	res := p.a.do(t, req)
	for _, c := range (&http.Response{Header: res.header}).Cookies() {
		p.cookies[c.Name] = c
	}
	return res
}

func (p *phone) get(t *testing.T, path string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin") // a link of the app, not a QR code
	return p.send(t, req)
}

func (p *phone) post(t *testing.T, path string, form url.Values) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return p.send(t, req)
}

// enter saves seat's round r entry from this phone (one pirate, no coins).
func (p *phone) enter(t *testing.T, id string, r, seat int, card string) response {
	t.Helper()
	return p.post(t, "/games/"+id+"/rounds/"+itoa(r)+"/players/"+itoa(seat), url.Values{"card": {card}, "coins": {"0"}, "version": {"0"}})
}

func itoa(n int) string { return strconv.Itoa(n) }

// theTable: Anna hosts; Bartholomew and Zoë join on their own phones;
// Calico Jack has no phone.
const theTable = `{"version": 1, "players": ["Anna", "Bartholomew Roberts the Third", "Zoë", "Calico Jack"], "start_player": 0, "rounds": []}`

// TestSeatRecords: the server records which phone holds which seat. A
// phone takes a seat, may hold several, takes over another phone's seat
// only after a confirmation, and lets seats go; the join page says whose
// phone holds each seat.
func TestSeatRecords(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, theTable)
	join := "/games/" + id + "/join"
	anna, ben := newPhone(a), newPhone(a)

	if got, want := redirect(t, anna.post(t, join, url.Values{"seat": {"0"}})), "/games/"+id+"/rounds/1/players/0"; got != want {
		t.Fatalf("Anna taking her seat goes to %q, want her entry %q", got, want)
	}
	if anna.cookies["ruthless_phone"] == nil {
		t.Fatal("taking a seat gave the phone no id (cookie ruthless_phone)")
	}
	// Hold several: the host adds the player who has no phone.
	if got, want := redirect(t, anna.post(t, join, url.Values{"also": {"3"}})), join; got != want {
		t.Errorf("adding a seat goes to %q, want the join page %q", got, want)
	}
	redirect(t, ben.post(t, join, url.Values{"seat": {"1"}}))

	g, err := a.store.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	annaID, benID := anna.cookies["ruthless_phone"].Value, ben.cookies["ruthless_phone"].Value
	holders := map[int]string{}
	for _, h := range g.Holders {
		holders[h.Seat] = h.Phone
		if h.Seen.IsZero() || h.Taken.IsZero() {
			t.Errorf("seat %d: taken %v, seen %v, want both set", h.Seat, h.Taken, h.Seen)
		}
	}
	if want := map[int]string{0: annaID, 3: annaID, 1: benID}; !equalMaps(holders, want) {
		t.Errorf("holders %v, want %v", holders, want)
	}

	// The join page, on Zoë's new phone, names the phones holding seats.
	zoe := newPhone(a)
	page := zoe.get(t, join)
	tests := []struct {
		name string
		seat string
		want string
	}{
		{"held by the host", "held-0", "on their own phone"},
		{"held by another", "held-1", "on their own phone"},
		{"open", "held-2", ""},
		{"the phoneless player on the host's phone", "held-3", "on Anna's phone"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := textOf(page.body, tc.seat); got != tc.want {
				t.Errorf("%s: %q, want %q", tc.seat, got, tc.want)
			}
		})
	}
	// On Anna's phone, its own seats say so.
	if got := textOf(anna.get(t, join).body, "held-3"); got != "(this phone now)" {
		t.Errorf("Anna's join page, Jack's seat: %q, want (this phone now)", got)
	}

	// Take over: asked first, and nothing changes until confirmed.
	ask := zoe.post(t, join, url.Values{"seat": {"1"}})
	if ask.status != http.StatusOK || textOf(ask.body, "join-confirm") == "" {
		t.Fatalf("taking Ben's seat: status %d, confirmation %q; want 200 and a question", ask.status, textOf(ask.body, "join-confirm"))
	}
	if g, _ := a.store.Game(t.Context(), id); g.HolderOf(1) != benID {
		t.Errorf("before the confirmation seat 1 is held by %q, want Ben's phone still", g.HolderOf(1))
	}
	redirect(t, zoe.post(t, join, url.Values{"seat": {"1"}, "confirm": {"1"}}))
	if g, _ := a.store.Game(t.Context(), id); g.HolderOf(1) != zoe.cookies["ruthless_phone"].Value {
		t.Errorf("after the confirmation seat 1 is held by %q, want the new phone", g.HolderOf(1))
	}
	// Ben's phone lost its seat: it is a shared phone now.
	if _, ok := testid(ben.get(t, "/games/"+id).body, "seat-name"); ok {
		t.Error("Ben's phone still shows a seat after another phone took it over")
	}

	// Release: Anna lets Jack go, then becomes a shared phone.
	redirect(t, anna.post(t, join, url.Values{"release": {"3"}}))
	if g, _ := a.store.Game(t.Context(), id); g.HolderOf(3) != "" || g.HolderOf(0) != annaID {
		t.Errorf("after letting Jack go: seat 3 held by %q, seat 0 by %q; want open, Anna's", g.HolderOf(3), g.HolderOf(0))
	}
	redirect(t, anna.post(t, join, url.Values{"seat": {"none"}}))
	if g, _ := a.store.Game(t.Context(), id); len(g.Held(annaID)) != 0 {
		t.Errorf("a shared phone still holds %v", g.Held(annaID))
	}
	for _, bad := range []url.Values{{"seat": {"9"}}, {"also": {"x"}}, {"release": {"-1"}}} {
		if res := anna.post(t, join, bad); res.status != http.StatusBadRequest {
			t.Errorf("join %v: status %d, want 400", bad, res.status)
		}
	}
}

func equalMaps(x, y map[int]string) bool {
	if len(x) != len(y) {
		return false
	}
	for k, v := range x {
		if y[k] != v {
			return false
		}
	}
	return true
}

// mainButton is the page's main button: its text and address.
func mainButton(body string) (string, string) {
	tag := inputTag(body, "next-action")
	m := regexp.MustCompile(`href="([^"]*)"`).FindStringSubmatch(tag)
	if m == nil {
		return "", ""
	}
	return textOf(body, "next-action"), m[1]
}

// TestOpenSeatSteps: the seats no phone holds are open seats. The host's
// phone, once its own entry is in, enters for the player without a
// phone; a shared phone goes to open seats only and is never led to a
// seat another phone holds; an entry another phone saved opens as a
// correction that says whose phone saved it.
func TestOpenSeatSteps(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, theTable)
	join := "/games/" + id + "/join"
	anna, ben, zoe := newPhone(a), newPhone(a), newPhone(a)
	redirect(t, anna.post(t, join, url.Values{"seat": {"0"}}))
	redirect(t, ben.post(t, join, url.Values{"seat": {"1"}}))
	redirect(t, zoe.post(t, join, url.Values{"seat": {"2"}}))
	shared := newPhone(a)
	game := "/games/" + id
	entry := func(seat int) string { return game + "/rounds/1/players/" + itoa(seat) }

	steps := []struct {
		name     string
		phone    *phone
		do       func()
		wantText string
		wantHref string
	}{
		{"host before her entry", anna, nil, "Enter your round 1 cards", entry(0)},
		{"shared phone: only the open seat", shared, nil, "Enter round 1 for Calico Jack (no phone)", entry(3)},
		{"host after her entry: the open seat", anna, func() { redirect(t, anna.enter(t, id, 1, 0, "H1")) }, "Enter round 1 for Calico Jack (no phone)", entry(3)},
		{"Ben's phone after his entry: the open seat", ben, func() { redirect(t, ben.enter(t, id, 1, 1, "A1")) }, "Enter round 1 for Calico Jack (no phone)", entry(3)},
		{"host after entering for Jack: waits for Zoë", anna, func() { redirect(t, anna.enter(t, id, 1, 3, "S1")) }, "", ""},
		{"shared phone, only held seats missing: waits", shared, nil, "", ""},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if st.do != nil {
				st.do()
			}
			text, href := mainButton(st.phone.get(t, game).body)
			if text != st.wantText || href != st.wantHref {
				t.Errorf("main button %q → %q, want %q → %q", text, href, st.wantText, st.wantHref)
			}
		})
	}

	// Only seats on other phones are missing: the page says whom it
	// waits for.
	if got, want := textOf(anna.get(t, game).body, "waiting-for"), "Waiting for Zoë."; got != want {
		t.Errorf("the host's scoreboard says %q, want %q", got, want)
	}
	// The live list offers the open seat beside the others, and never a
	// seat another phone holds.
	board := shared.get(t, game).body
	for seat, want := range []bool{false, false, false, true} {
		if got := strings.Contains(board, `href="`+entry(seat)+`"`); got != want {
			t.Errorf("shared phone's scoreboard links seat %d's entry: %t, want %t", seat, got, want)
		}
	}
	if got := textOf(board, "nophone-3"); got != "no phone" {
		t.Errorf("the live list says %q beside Calico Jack, want %q", got, "no phone")
	}

	// "Save & next" from an open seat never goes to a held seat.
	b := newApp(t)
	id2 := b.createGame(t, theTable)
	hostB := newPhone(b)
	redirect(t, hostB.post(t, "/games/"+id2+"/join", url.Values{"seat": {"0"}}))
	redirect(t, newPhone(b).post(t, "/games/"+id2+"/join", url.Values{"seat": {"1"}}))
	sharedB := newPhone(b)
	form := sharedB.get(t, "/games/"+id2+"/rounds/1/players/2").body
	if got := textOf(form, "save-next"); !strings.Contains(got, "Calico Jack") {
		t.Errorf("Save & next on Zoë's open seat: %q, want it to name Calico Jack (the next open seat)", got)
	}
	res := sharedB.post(t, "/games/"+id2+"/rounds/1/players/3", url.Values{"card": {"X1"}, "coins": {"0"}, "version": {"0"}, "then": {"next"}})
	if got, want := redirect(t, res), "/games/"+id2+"/rounds/1/players/2"; got != want {
		t.Errorf("Save & next after Jack went to %q, want Zoë's open seat %q (never Anna's or Ben's, held by phones)", got, want)
	}
	redirect(t, sharedB.post(t, "/games/"+id2+"/rounds/1/players/2", url.Values{"card": {"K1"}, "coins": {"0"}, "version": {"0"}, "then": {"next"}}))
	if got := textOf(sharedB.get(t, "/games/"+id2+"/rounds/1/players/3").body, "save-next"); got != "" {
		t.Errorf("with only held seats missing, Save & next offers %q, want nothing", got)
	}

	// Ben's entry, opened on the host's phone, is a correction: it says
	// whose phone saved it.
	if got := textOf(anna.get(t, entry(1)).body, "saved-by"); !strings.HasPrefix(got, "Saved by Bartholomew Roberts the Third's phone at ") {
		t.Errorf("Ben's entry on Anna's phone says %q, want %q", got, "Saved by Bartholomew Roberts the Third's phone at …")
	}
	if got := textOf(ben.get(t, entry(1)).body, "saved-by"); got != "" {
		t.Errorf("Ben's own entry on his phone says %q, want nothing (his phone saved it)", got)
	}
}

// TestShareLink: a finished game's share link opens its result card and
// picture without the table password, and nothing else; it survives a
// correction and answers 404 once stopped.
func TestShareLink(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, handlers.Options{Password: "kraken"})
	req := httptest.NewRequest(http.MethodPost, "/api/games", strings.NewReader(finishedFile))
	req.Header.Set("Authorization", "Bearer kraken")
	created := a.do(t, req)
	if created.status != http.StatusCreated {
		t.Fatalf("creating the game: %d %s", created.status, created.body)
	}
	id := regexp.MustCompile(`"id":\s*"([a-z0-9]+)"`).FindStringSubmatch(created.body)[1]
	host := newPhone(a, sessionCookieOf(t, a, "192.0.2.1:1", nil))

	// Opening the final scores makes no link; Share does, and then the
	// button is the link itself.
	if tok, _ := a.store.LiveShare(t.Context(), id); tok != "" {
		t.Fatal("viewing the final scores made a share link")
	}
	link := redirect(t, host.post(t, "/games/"+id+"/share", url.Values{}))
	if again := redirect(t, host.post(t, "/games/"+id+"/share", url.Values{})); again != link {
		t.Errorf("Share tapped again made %q, want the same link %q", again, link)
	}
	final := host.get(t, "/games/"+id+"/final").body
	m := regexp.MustCompile(`href="http://example\.com(/s/([a-z2-7]{32}))"[^>]*data-testid="share"`).FindStringSubmatch(final)
	if m == nil || m[1] != link {
		t.Fatalf("the final scores' Share button is not the share link %s: %s", link, inputTag(final, "share"))
	}
	token := m[2]
	visitor := newPhone(a)

	card := visitor.get(t, link)
	if card.status != http.StatusOK || !strings.Contains(card.body, `property="og:image" content="http://example.com/s/`+token+`/card.png?v=`) {
		t.Fatalf("share link for a visitor: status %d, og:image missing; body %.500s", card.status, card.body)
	}
	if strings.Contains(card.body, `href="/players`) || strings.Contains(card.body, `href="/games/`) || strings.Contains(card.body, `href="/"`) {
		t.Error("the shared card links to pages a visitor may not open")
	}
	img := visitor.get(t, link+"/card.png")
	if img.status != http.StatusOK || img.header.Get("Content-Type") != "image/png" {
		t.Errorf("the shared picture: status %d, type %q; want 200 image/png", img.status, img.header.Get("Content-Type"))
	}

	nothingElse := []struct {
		name, path string
		want       int
	}{
		{"the game itself", "/games/" + id, http.StatusSeeOther},
		{"the game's own card", "/games/" + id + "/card", http.StatusSeeOther},
		{"the game's picture", "/games/" + id + "/card.png", http.StatusSeeOther},
		{"the home page", "/", http.StatusSeeOther},
		{"a path under the link", link + "/final", http.StatusNotFound},
		{"a guessed token", "/s/" + strings.Repeat("a", 32), http.StatusNotFound},
		{"not a token", "/s/x", http.StatusNotFound},
		{"a path climbing out of the link", "/s/../games/" + id, http.StatusNotFound},
		{"the same, escaped", "/s/%2e%2e/games/" + id, http.StatusNotFound},
		{"the game's file through the link", link + "/../../games/" + id + "/export", http.StatusNotFound},
	}
	for _, tc := range nothingElse {
		t.Run(tc.name, func(t *testing.T) {
			if got := visitor.get(t, tc.path).status; got != tc.want {
				t.Errorf("GET %s by a visitor: %d, want %d", tc.path, got, tc.want)
			}
		})
	}

	// A correction: the same link, a new picture version.
	version := regexp.MustCompile(`card\.png\?v=([^"]+)"`).FindStringSubmatch(card.body)[1]
	fix := httptest.NewRequest(http.MethodPut, "/api/games/"+id+"/rounds/1/entries/1", strings.NewReader(`{"pool":["S4","A4"],"coins":3,"version":1}`))
	fix.Header.Set("Authorization", "Bearer kraken")
	if res := a.do(t, fix); res.status != http.StatusOK {
		t.Fatalf("correction: %d %s", res.status, res.body)
	}
	again := visitor.get(t, link)
	if again.status != http.StatusOK {
		t.Fatalf("the share link after a correction: %d, want 200", again.status)
	}
	if v := regexp.MustCompile(`card\.png\?v=([^"]+)"`).FindStringSubmatch(again.body)[1]; v == version {
		t.Errorf("the picture's version after a correction is still %q", v)
	}

	// Stopped from the game's More menu: 404, and the final scores offer
	// a new link rather than making one silently.
	if got := inputTag(host.get(t, "/games/"+id).body, "share-revoke"); got == "" {
		t.Fatal("the game's More menu has no way to stop the share link")
	}
	redirect(t, host.post(t, "/games/"+id+"/share/revoke", url.Values{}))
	for _, p := range []string{link, link + "/card.png"} {
		if got := visitor.get(t, p).status; got != http.StatusNotFound {
			t.Errorf("GET %s after stopping: %d, want 404", p, got)
		}
	}
	if got := inputTag(host.get(t, "/games/"+id+"/final").body, "share"); !strings.Contains(got, "<button") {
		t.Errorf("after stopping, the final scores' Share is %s, want the button that makes a new link", got)
	}
	fresh := redirect(t, host.post(t, "/games/"+id+"/share", url.Values{}))
	if fresh == link || visitor.get(t, fresh).status != http.StatusOK {
		t.Errorf("sharing anew gave %q (was %q), want a new working link", fresh, link)
	}
	if got := visitor.get(t, link).status; got != http.StatusNotFound {
		t.Errorf("the stopped link after sharing anew: %d, want 404", got)
	}
}

// TestRefusalSummary: a refused save opens with a summary of what is
// wrong, each line linked to the message beside its field, and keeps what
// was typed: round and end-of-game entries alike.
func TestRefusalSummary(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, fourSeatGame(5))
	early := a.createGame(t, fourSeatGame(0))
	tests := []struct {
		name  string
		path  string
		form  url.Values
		field string
		kept  string // a value typed, as the page shows it again
	}{
		{"round entry, coins", "/games/" + early + "/rounds/1/players/0", url.Values{"card": {"H1"}, "coins": {"-3"}, "version": {"0"}}, "coins", `value="-3"`},
		{"end of game, loot", "/games/" + id + "/final/0", url.Values{"card": {"H1"}, "loot_kept": {"lots"}, "coins": {"4"}, "version": {"0"}}, "loot_kept", `value="lots"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := a.postForm(t, tc.path, tc.form)
			if res.status != http.StatusUnprocessableEntity && res.status != http.StatusBadRequest {
				t.Fatalf("status %d, want 422; body %.300s", res.status, res.body)
			}
			sum := strings.Index(res.body, `data-testid="problem-summary"`)
			form := strings.Index(res.body, "<form method=\"post\" action=\""+tc.path)
			if sum < 0 || form < 0 || sum > form {
				t.Fatalf("summary at %d, form at %d: want the summary before the form", sum, form)
			}
			if got := inputTag(res.body, "problem-"+tc.field); got == "" || !strings.Contains(innerHTML(res.body, "problem-"+tc.field), `href="#err-`+tc.field+`"`) {
				t.Errorf("the summary's line for %s %q does not link #err-%s", tc.field, innerHTML(res.body, "problem-"+tc.field), tc.field)
			}
			if !strings.Contains(res.body, `id="err-`+tc.field+`"`) {
				t.Errorf("no message with id err-%s beside the field", tc.field)
			}
			if !strings.Contains(res.body, tc.kept) {
				t.Errorf("the input %s is not kept as typed", tc.kept)
			}
		})
	}
}
