package handlers_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skip2/go-qrcode"

	"ruthless/handlers"
	"ruthless/static"
	"ruthless/store"
)

// tableGame is a four-player game with no round entered yet.
const tableGame = `{"version": 1, "players": ["Ann", "Bob", "Cat", "Dan"], "start_player": 0, "achievements": ["richest", "merciless"], "zero_counts": false, "rounds": []}`

// tablePools are the seats' pools: a suit each, so no card is held twice.
var tablePools = []string{`["A2","A3","A4"]`, `["H2","H3","H5"]`, `["K2","K4","K6"]`, `["S3","S4","S5"]`}

// putEntry saves seat p's entry for round r through the API.
func putEntry(t testing.TB, base, id string, r, p int) {
	t.Helper()
	body := fmt.Sprintf(`{"pool": %s, "coins": %d, "version": 0}`, tablePools[p], p)
	req, _ := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/games/%s/rounds/%d/entries/%d", base, id, r, p), strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("PUT entry: %v", err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("PUT round %d seat %d: status %d, want 200; %s", r, p, res.StatusCode, b)
	}
}

// liveServer is the real app on a loopback port.
func liveServer(t testing.TB) (string, *store.Store) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "live.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	srv := httptest.NewServer(handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{GamesPerMinute: -1}))
	t.Cleanup(func() { st.Close() })
	t.Cleanup(srv.Close)
	return srv.URL, st
}

func createOn(t testing.TB, base string) string {
	t.Helper()
	res, err := http.Post(base+"/api/games", "application/json", strings.NewReader(tableGame))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/games: %d %s", res.StatusCode, b)
	}
	_, id, _ := strings.Cut(string(b), `"id":"`)
	id, _, _ = strings.Cut(id, `"`)
	return id
}

// stream is one phone's event stream: the versions it is sent.
type stream struct {
	versions chan string
	cancel   func()
	done     chan struct{}
}

func openStream(t testing.TB, base, id string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/games/"+id+"/events", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatalf("GET events: %v", err)
	}
	if res.StatusCode != http.StatusOK {
		cancel()
		t.Fatalf("GET events: status %d", res.StatusCode)
	}
	s := &stream{versions: make(chan string, 64), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event:"):
				event = strings.TrimSpace(strings.TrimPrefix(line, "event:"))
			case strings.HasPrefix(line, "data:") && event == "version":
				s.versions <- strings.TrimSpace(strings.TrimPrefix(line, "data:"))
			}
		}
	}()
	return s
}

func (s *stream) next(t testing.TB, within time.Duration) string {
	t.Helper()
	select {
	case v := <-s.versions:
		return v
	case <-time.After(within):
		t.Fatalf("no version event within %v", within)
		return ""
	}
}

// TestLiveEvents: three phones wait on a game; every save by the fourth
// reaches each of them within a second as a new version, and once they
// leave, no goroutine is left behind. It runs alone (no t.Parallel): it
// counts the goroutines of the whole process.
func TestLiveEvents(t *testing.T) {
	base, _ := liveServer(t)
	id := createOn(t, base)
	time.Sleep(100 * time.Millisecond) // let the server's idle goroutines settle
	before := runtime.NumGoroutine()
	var phones []*stream
	seen := map[string]bool{}
	for range 3 {
		s := openStream(t, base, id)
		seen[s.next(t, time.Second)] = true
		phones = append(phones, s)
	}
	if len(seen) != 1 {
		t.Fatalf("first versions %v, want one version for all phones", seen)
	}
	for p := range 4 {
		putEntry(t, base, id, 1, p)
		var got []string
		for _, s := range phones {
			got = append(got, s.next(t, time.Second))
		}
		if seen[got[0]] || got[1] != got[0] || got[2] != got[0] {
			t.Errorf("save %d: versions %q, want one new version for all phones (seen before: %v)", p, got, seen)
		}
		seen[got[0]] = true
	}
	for _, s := range phones {
		s.cancel()
		<-s.done
	}
	http.DefaultClient.CloseIdleConnections()
	deadline := time.Now().Add(3 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if got := runtime.NumGoroutine(); got > before {
		t.Errorf("%d goroutines after the phones left, want at most %d as before they came", got, before)
	}
}

// TestLiveDeletedGame: a deleted game's stream says "gone" and ends.
func TestLiveDeletedGame(t *testing.T) {
	t.Parallel()
	base, _ := liveServer(t)
	id := createOn(t, base)
	s := openStream(t, base, id)
	defer s.cancel()
	s.next(t, time.Second)
	res, err := http.PostForm(base+"/games/"+id+"/delete", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got := s.next(t, time.Second); got != "gone" {
		t.Errorf("after delete: version %q, want gone", got)
	}
	select {
	case <-s.done:
	case <-time.After(2 * time.Second):
		t.Error("the stream of a deleted game did not end")
	}
}

// TestGameETag: the game page answers a conditional GET with 304 until
// the game changes.
func TestGameETag(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, tableGame)
	first := a.get(t, "/games/"+id)
	tag := first.header.Get("ETag")
	if first.status != http.StatusOK || tag == "" {
		t.Fatalf("GET game: status %d ETag %q, want 200 with an ETag", first.status, tag)
	}
	cond := func() response {
		req := httptest.NewRequest(http.MethodGet, "/games/"+id, nil)
		req.Header.Set("If-None-Match", tag)
		return a.do(t, req)
	}
	if res := cond(); res.status != http.StatusNotModified || res.body != "" {
		t.Errorf("conditional GET, unchanged: status %d body %d bytes, want 304 and none", res.status, len(res.body))
	}
	res := a.sendJSON(t, http.MethodPut, "/api/games/"+id+"/rounds/1/entries/0", `{"pool": ["A2"], "coins": 1, "version": 0}`)
	if res.status != http.StatusOK {
		t.Fatalf("PUT: %d %s", res.status, res.body)
	}
	again := cond()
	if again.status != http.StatusOK {
		t.Errorf("conditional GET after a save: status %d, want 200", again.status)
	}
	if got := again.header.Get("ETag"); got == tag || got == "" {
		t.Errorf("ETag after a save %q, want a new one (was %q)", got, tag)
	}
}

// TestSeatCookie: a phone says which seat it is, keeps it in a cookie,
// opens the game on its own entry until it has entered, and can change.
func TestSeatCookie(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, tableGame)
	other := a.createGame(t, tableGame)
	form := a.get(t, "/games/"+id+"/join")
	for i, name := range []string{"Ann", "Bob", "Cat", "Dan"} {
		if got := textOf(form.body, fmt.Sprintf("join-%d", i)); !strings.Contains(got, name) {
			t.Errorf("join page button %d: %q, want %s", i, got, name)
		}
	}
	// The phone's id (its cookie, given on joining) is how the server
	// knows the seat is this phone's.
	var phone *http.Cookie
	join := func(seat string, cookies ...*http.Cookie) (response, *http.Cookie) {
		req := httptest.NewRequest(http.MethodPost, "/games/"+id+"/join", strings.NewReader(url.Values{"seat": {seat}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for _, c := range cookies {
			req.AddCookie(c)
		}
		rec := httptest.NewRecorder()
		a.h.ServeHTTP(rec, req)
		var seats *http.Cookie
		for _, c := range rec.Result().Cookies() {
			switch c.Name {
			case "ruthless_seats":
				seats = c
			case "ruthless_phone":
				phone = c
			}
		}
		return response{rec.Code, rec.Header(), rec.Body.String()}, seats
	}
	res, ck := join("2")
	if got, want := redirect(t, res), "/games/"+id+"/rounds/1/players/2"; got != want {
		t.Errorf("join as seat 2 goes to %q, want %q", got, want)
	}
	if ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Path != "/" {
		t.Fatalf("seat cookie %+v, want HttpOnly, SameSite=Lax, Path=/", ck)
	}
	open := func(referer string) response {
		req := httptest.NewRequest(http.MethodGet, "/games/"+id, nil)
		req.AddCookie(ck)
		req.AddCookie(phone)
		if referer != "" {
			req.Header.Set("Referer", referer)
		}
		return a.do(t, req)
	}
	if got, want := redirect(t, open("")), "/games/"+id+"/rounds/1/players/2"; got != want {
		t.Errorf("opening the game from outside goes to %q, want %q", got, want)
	}
	inside := open("http://example.com/games/" + id + "/rounds/1/players/2")
	if inside.status != http.StatusOK {
		t.Fatalf("opening the game from its own pages: status %d, want 200", inside.status)
	}
	if got, _ := testid(inside.body, "seat-name"); got != "Cat" {
		t.Errorf("seat shown %q, want Cat", got)
	}
	if got, want := inputTag(inside.body, "next-action"), `href="/games/`+id+`/rounds/1/players/2"`; !strings.Contains(got, want) {
		t.Errorf("main button %s before Cat entered, want her own entry (%s)", got, want)
	}
	// No other phone holds a seat yet: the others are open seats, which
	// any phone may enter for. Once Bob's phone takes his seat, Cat's
	// phone is no longer offered it.
	for p := range 4 {
		href := fmt.Sprintf(`href="/games/%s/rounds/1/players/%d"`, id, p)
		if got, want := strings.Contains(inside.body, href), true; got != want {
			t.Errorf("Cat's scoreboard links seat %d's entry: %t, want %t (her own and the open seats)", p, got, want)
		}
	}
	if bob := a.postForm(t, "/games/"+id+"/join", url.Values{"seat": {"1"}}); bob.status != http.StatusSeeOther {
		t.Fatalf("Bob's phone joining: status %d, want 303", bob.status)
	}
	inside = open("http://example.com/games/" + id + "/rounds/1/players/2")
	for p := range 4 {
		href := fmt.Sprintf(`href="/games/%s/rounds/1/players/%d"`, id, p)
		if got, want := strings.Contains(inside.body, href), p != 1; got != want {
			t.Errorf("with Bob on his phone, Cat's scoreboard links seat %d's entry: %t, want %t (never a seat another phone holds)", p, got, want)
		}
	}
	if r := a.sendJSON(t, http.MethodPut, "/api/games/"+id+"/rounds/1/entries/2", `{"pool": ["K2"], "coins": 0, "version": 0}`); r.status != http.StatusOK {
		t.Fatalf("PUT: %d %s", r.status, r.body)
	}
	after := open("")
	if after.status != http.StatusOK {
		t.Errorf("opening the game after entering: status %d, want 200 (the scoreboard)", after.status)
	}
	if got := textOf(after.body, "tick-2"); got != "Cat has entered" {
		t.Errorf("tick for Cat %q, want Cat has entered", got)
	}
	if _, ok := testid(after.body, "tick-0"); ok {
		t.Error("Ann ticked before she entered")
	}
	// Another game's seat sits in the same cookie; changing to none
	// forgets this game only.
	req := httptest.NewRequest(http.MethodPost, "/games/"+other+"/join", strings.NewReader("seat=1"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(ck)
	rec := httptest.NewRecorder()
	a.h.ServeHTTP(rec, req)
	var both *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if c.Name == "ruthless_seats" {
			both = c
		}
	}
	if both == nil || !strings.Contains(both.Value, other+"-1") || !strings.Contains(both.Value, id+"-2") {
		t.Fatalf("cookie after joining a second game %+v, want both games' seats", both)
	}
	_, none := join("none", both)
	if none == nil || strings.Contains(none.Value, id) || !strings.Contains(none.Value, other+"-1") {
		t.Errorf("cookie after 'nobody' %+v, want only the other game's seat", none)
	}
	if bad, _ := join("7"); bad.status != http.StatusBadRequest {
		t.Errorf("join as seat 7 of 4: status %d, want 400", bad.status)
	}
}

// TestInviteQR: the invite page's link is what the QR code encodes.
func TestInviteQR(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, tableGame)
	page := a.get(t, "/games/"+id+"/invite")
	if page.status != http.StatusOK {
		t.Fatalf("invite: status %d", page.status)
	}
	link, _ := testid(page.body, "join-link")
	if want := "http://example.com/games/" + id + "/join"; link != want {
		t.Errorf("join link %q, want %q", link, want)
	}
	img := a.get(t, "/games/"+id+"/invite.png")
	if ct := img.header.Get("Content-Type"); img.status != http.StatusOK || ct != "image/png" {
		t.Fatalf("QR: status %d type %q, want 200 image/png", img.status, ct)
	}
	want, err := qrcode.Encode(link, qrcode.Medium, 320)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal([]byte(img.body), want) {
		t.Error("the QR image is not the code of the join link")
	}
	// From a phone asking by a loopback name, the link names the
	// machine's network address (when it has one), never loopback.
	req := httptest.NewRequest(http.MethodGet, "/games/"+id+"/invite", nil)
	req.Host = "localhost:8080"
	local := a.do(t, req)
	link, _ = testid(local.body, "join-link")
	if ip, ok := handlers.LANAddress(); ok {
		if want := "http://" + net.JoinHostPort(ip.String(), "8080") + "/games/" + id + "/join"; link != want {
			t.Errorf("join link asked by localhost %q, want %q", link, want)
		}
	} else if _, warned := testid(local.body, "loopback"); !warned {
		t.Error("no network address and no warning that the link works on this machine only")
	}
}

// TestMeasureLive measures what docs/measurements.md quotes: the time from the last
// save of a round to the results on the three other phones (each phone
// hears the event and fetches the game page, as live.js does), over 50
// rounds; and the server's memory and goroutines with 200 phones waiting
// on 50 games. RUTHLESS_MEASURE=1 runs it. It runs alone (no t.Parallel):
// it measures the whole process.
func TestMeasureLive(t *testing.T) {
	if os.Getenv("RUTHLESS_MEASURE") == "" {
		t.Skip("set RUTHLESS_MEASURE=1 to measure")
	}
	base, _ := liveServer(t)
	var lat []time.Duration
	rounds := 0
	for rounds < 50 {
		id := createOn(t, base)
		var phones []*stream
		for range 3 {
			s := openStream(t, base, id)
			s.next(t, time.Second)
			phones = append(phones, s)
		}
		for r := 1; r <= 4 && rounds < 50; r++ { // RoundsFor(4) is at least 4
			for p := 1; p < 4; p++ {
				putEntry(t, base, id, r, p)
			}
			for _, s := range phones { // the three first saves' events
				for range 3 {
					s.next(t, time.Second)
				}
			}
			marker := fmt.Sprintf(`data-testid="running-%d-0"`, r)
			var mu sync.Mutex
			var wg sync.WaitGroup
			t0 := time.Now()
			putEntry(t, base, id, r, 0)
			for _, s := range phones {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-s.versions
					res, err := http.Get(base + "/games/" + id)
					if err != nil {
						return
					}
					b, _ := io.ReadAll(res.Body)
					res.Body.Close()
					if bytes.Contains(b, []byte(marker)) {
						mu.Lock()
						lat = append(lat, time.Since(t0))
						mu.Unlock()
					}
				}()
			}
			wg.Wait()
			rounds++
		}
		for _, s := range phones {
			s.cancel()
			<-s.done
		}
	}
	if len(lat) != 150 {
		t.Fatalf("%d phones saw the results, want 150", len(lat))
	}
	slices.Sort(lat)
	p50, p99 := lat[len(lat)/2], lat[len(lat)*99/100]
	t.Logf("last save to results on the other phones, %d rounds × 3 phones: p50 %v, p99 %v, max %v", rounds, p50, p99, lat[len(lat)-1])
	if p99 > time.Second {
		t.Errorf("p99 %v, want at most 1 s", p99)
	}

	// 200 phones on 50 games, as bare connections (no client goroutines),
	// so what grows is the server's cost.
	var games []string
	for range 50 {
		games = append(games, createOn(t, base))
	}
	http.DefaultClient.CloseIdleConnections()
	time.Sleep(200 * time.Millisecond)
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	g0 := runtime.NumGoroutine()
	host := strings.TrimPrefix(base, "http://")
	var conns []net.Conn
	buf := make([]byte, 512)
	for i := range 200 {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "GET /games/%s/events HTTP/1.1\r\nHost: %s\r\n\r\n", games[i%50], host)
		got := ""
		for !strings.Contains(got, "data:") {
			n, err := c.Read(buf)
			if err != nil {
				t.Fatalf("phone %d: %v after %q", i, err, got)
			}
			got += string(buf[:n])
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	g1 := runtime.NumGoroutine()
	mem := int64(m1.HeapInuse+m1.StackInuse) - int64(m0.HeapInuse+m0.StackInuse)
	t.Logf("200 phones waiting on 50 games: %d more goroutines (%.1f a phone), %.1f MB more heap and stacks (%.1f KB a phone, the test's own 200 connections included)",
		g1-g0, float64(g1-g0)/200, float64(mem)/(1<<20), float64(mem)/200/1024)
	for _, c := range conns {
		c.Close()
	}
}

// TestOpenedFromOutside: which requests for the game page count as the
// phone opening the game (and go to its own entry).
func TestOpenedFromOutside(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, tableGame)
	res := a.postForm(t, "/games/"+id+"/join", url.Values{"seat": {"1"}})
	var ck, phone *http.Cookie
	for _, c := range (&http.Response{Header: res.header}).Cookies() {
		switch c.Name {
		case "ruthless_seats":
			ck = c
		case "ruthless_phone":
			phone = c
		}
	}
	if ck == nil {
		t.Fatal("no seat cookie")
	}
	tests := []struct {
		name     string
		site     string // Sec-Fetch-Site
		referer  string
		redirect bool
	}{
		{"QR code or bookmark", "none", "", true},
		{"old browser, no headers", "", "", true},
		{"link of another site", "cross-site", "http://elsewhere.example/", true},
		{"link of the app", "same-origin", "http://example.com/games/" + id + "/rounds/1", false},
		{"link of the app, referer stripped", "same-origin", "", false},
		{"reload of the scoreboard", "none", "http://example.com/games/" + id + "/rounds/1/players/1", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/games/"+id, nil)
			req.AddCookie(ck)
			req.AddCookie(phone)
			if tc.site != "" {
				req.Header.Set("Sec-Fetch-Site", tc.site)
			}
			if tc.referer != "" {
				req.Header.Set("Referer", tc.referer)
			}
			got := a.do(t, req)
			if redirected := got.status == http.StatusSeeOther; redirected != tc.redirect {
				t.Errorf("status %d (Location %q), want redirect=%t", got.status, got.header.Get("Location"), tc.redirect)
			}
			if tc.redirect && got.header.Get("Location") != "/games/"+id+"/rounds/1/players/1" {
				t.Errorf("Location %q, want Bob's entry", got.header.Get("Location"))
			}
		})
	}
}

// TestManifest: every page links the web app manifest, whose icons are
// served at their hashed addresses.
func TestManifest(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	home := a.get(t, "/")
	if !strings.Contains(home.body, `<link rel="manifest" href="`+static.Path("manifest.webmanifest")+`"`) {
		t.Fatal("the home page does not link the manifest")
	}
	m := a.get(t, static.Path("manifest.webmanifest"))
	if ct := m.header.Get("Content-Type"); m.status != http.StatusOK || ct != "application/manifest+json" {
		t.Fatalf("manifest: status %d type %q, want 200 application/manifest+json", m.status, ct)
	}
	var man struct {
		Display string `json:"display"`
		Icons   []struct {
			Src, Sizes, Type string
		} `json:"icons"`
	}
	if err := json.Unmarshal([]byte(m.body), &man); err != nil {
		t.Fatalf("manifest %s: %v", m.body, err)
	}
	if man.Display != "standalone" {
		t.Errorf("display %q, want standalone", man.Display)
	}
	sizes := map[string]bool{}
	for _, ic := range man.Icons {
		res := a.get(t, ic.Src)
		if res.status != http.StatusOK || res.header.Get("Content-Type") != ic.Type {
			t.Errorf("icon %s: status %d type %q, want 200 %s", ic.Src, res.status, res.header.Get("Content-Type"), ic.Type)
		}
		sizes[ic.Sizes] = true
	}
	for _, s := range []string{"192x192", "512x512"} {
		if !sizes[s] {
			t.Errorf("no %s icon in %v", s, sizes)
		}
	}
}
