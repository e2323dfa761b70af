package e2e

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/skip2/go-qrcode"

	"ruthless/handlers"
	"ruthless/store"
)

// tableFile is a four-player game with no round entered yet.
const tableFile = `{"version": 1, "players": ["Ann", "Bob", "Cat", "Dan"], "start_player": 0, "achievements": ["richest", "merciless"], "zero_counts": false, "rounds": []}`

// tableCards are the seats' pools, one suit each, so nothing clashes.
var tableCards = [][]string{{"A2", "A3", "A4"}, {"H2", "H3", "H5"}, {"K2", "K4", "K6"}, {"S3", "S4", "S5"}}

// startTableServer is startServer listening on every address, as `serve
// -addr :8080` does, so the invite link (the machine's network address)
// works from the browser too. The base URL stays on loopback.
func startTableServer(t *testing.T) string {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "table.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	logs := &lockedBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	var opt handlers.Options
	closing := endStreamsFirst(&opt)
	srv := httptest.NewUnstartedServer(handlers.NewWithOptions(st, log, opt))
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(func() {
		if s := logs.String(); s != "" {
			t.Errorf("the server logged problems:\n%s", s)
		}
	})
	t.Cleanup(func() { st.Close() })
	t.Cleanup(func() { closeServer(srv, closing) })
	return fmt.Sprintf("http://127.0.0.1:%d", ln.Addr().(*net.TCPAddr).Port)
}

// seatPhone is newPhone in a browser context of its own: its own
// cookies and storage, as a phone of its own at the table.
func seatPhone(t *testing.T, browser context.Context, base, dir, prefix string, script bool) phone {
	t.Helper()
	ctx, cancel := chromedp.NewContext(tabDeadline(t, browser), chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	steps := []chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(screenWidth, screenHeight,
		chromedp.EmulateScale(1), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)}
	if !script {
		steps = append(steps, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
			return err
		}))
	}
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("emulating a phone: %v", err)
	}
	p := phone{t: t, tab: &tab{ctx: ctx, base: base, dir: dir, prefix: prefix}}
	t.Cleanup(func() {
		if t.Failed() {
			if path, err := p.shoot("at-failure"); err == nil {
				t.Logf("screen when the test failed: %s", path)
			}
		}
	})
	return p
}

// offline cuts (or gives back) the phone's network, as when it leaves the
// Wi-Fi: requests fail and navigator.onLine follows.
func (p phone) offline(off bool) {
	p.t.Helper()
	err := p.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}},
		}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	}))
	if err != nil {
		p.fatalf("network offline=%t: %v", off, err)
	}
}

// markPage leaves a mark in the page's window, which a reload or a
// navigation would wipe: the check that a change came without one.
func (p phone) markPage() { eval[bool](p, `(window.__notReloaded = true)`) }

func (p phone) stillSamePage() bool { return eval[bool](p, `window.__notReloaded === true`) }

// waitPath waits until the phone shows the page at path, through the
// navigations on the way.
func (p phone) waitPath(path, what string) {
	p.t.Helper()
	deadline := time.Now().Add(stepTimeout())
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(p.ctx, time.Second)
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.readyState === "complete" ? location.pathname : ""`))
		cancel()
		if err == nil && got == path {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.fatalf("waiting for %s: not at %s", what, path)
}

// tick is the condition that seat i shows as entered in the live list.
func tick(i int) string {
	return fmt.Sprintf(`document.querySelector('[data-testid="status-%d"]')?.dataset.entered === "true"`, i)
}

// TestTableMode: four phones, each its own seat, enter a round at the
// same time and watch it live; one of them has JavaScript off. Then one
// reveals a round early, and one saves through a dropped connection.
func TestTableMode(t *testing.T) {
	t.Parallel()
	base := startTableServer(t)
	browser, _ := startBrowser(t)
	dir := shotDir(t)

	id := createGame(t, base, tableFile)
	game := "/games/" + id

	phones := make([]phone, 4)
	for i := range phones {
		phones[i] = seatPhone(t, browser, base, dir, fmt.Sprintf("seat%d-", i), i != 3)
	}

	// The invite page's QR code is the join link, and the link brings a
	// new phone in.
	var link string
	t.Run("invite", func(t *testing.T) {
		p := phones[0].on(t)
		p.open(game, "game")
		p.follow(byTestID("invite"), "invite", http.StatusOK)
		link = eval[string](p, `document.querySelector('[data-testid="join-link"]').href`)
		u, err := url.Parse(link)
		if err != nil || u.Path != game+"/join" {
			t.Fatalf("join link %q, want a link to %s/join", link, game)
		}
		if host, _, _ := net.SplitHostPort(u.Host); host == "127.0.0.1" {
			if _, ok := handlers.LANAddress(); ok {
				t.Errorf("join link %q names loopback though the machine has a network address", link)
			}
		}
		// The image the page shows, asked for as the page did (same host).
		src := eval[string](p, `document.querySelector('[data-testid="qr"]').src`)
		res, err := http.Get(src)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		want, err := qrcode.Encode(link, qrcode.Medium, 320)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("the QR code shown (%d bytes) is not the code of the join link %q", len(got), link)
		}
	})

	// Every phone opens the link and says which seat it is; each lands on
	// its own entry for round 1.
	for i, p := range phones {
		t.Run(fmt.Sprintf("join as seat %d", i), func(t *testing.T) {
			p := p.on(t)
			ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
			defer cancel()
			if _, err := chromedp.Run(ctx, chromedp.NavigateResponse(link)); err != nil {
				t.Fatalf("opening the join link %s: %v", link, err)
			}
			p.landed("join")
			p.follow(byTestID(fmt.Sprintf("join-%d", i)), "entry-1", http.StatusOK)
			u, _ := url.Parse(eval[string](p, `location.href`))
			if want := fmt.Sprintf("%s/rounds/1/players/%d", game, i); u.Path != want {
				t.Errorf("after joining: %s, want %s", u.Path, want)
			}
			p.choosePool(tableCards[i])
			// From now on the phone uses the address of the link, as a
			// real phone at the table would (its cookies are for that host).
			p.tab.base = u.Scheme + "://" + u.Host
		})
	}

	// Ann and Bob save at the same moment. Cat, still tapping, sees their
	// ticks arrive without losing a tap; Ann and Bob see each other's.
	phones[2].markPage()
	save := func(seats ...int) {
		t.Helper()
		var wg sync.WaitGroup
		errs := make([]error, len(seats))
		for k, i := range seats {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[k] = tapLeading(phones[i].ctx, byTestID("save"))
			}()
		}
		wg.Wait()
		for k, err := range errs {
			if err != nil {
				t.Fatalf("seat %d saving: %v", seats[k], err)
			}
		}
	}
	save(0, 1)
	t.Run("ticks arrive live", func(t *testing.T) {
		cat := phones[2].on(t)
		cat.waitFor(tick(0)+" && "+tick(1), "Ann's and Bob's ticks on Cat's entry page")
		if !cat.stillSamePage() {
			t.Error("Cat's entry page was reloaded; want the ticks swapped in")
		}
		if got := cat.checkedCards(); !slices.Equal(got, tableCards[2]) {
			t.Errorf("Cat's taps after the update: %v, want %v", got, tableCards[2])
		}
		cat.landed("entry-with-ticks")
		for _, i := range []int{0, 1} {
			p := phones[i].on(t)
			p.waitFor(tick(0)+" && "+tick(1), "both ticks on the game page")
			p.markPage()
			p.landed("game-with-ticks")
		}
	})

	// Cat and Dan (no JavaScript) save at once; the round is complete and
	// the results appear on every phone with JavaScript without a reload.
	save(2, 3)
	t.Run("results appear", func(t *testing.T) {
		for _, i := range []int{0, 1, 2} {
			p := phones[i].on(t)
			// A phone that was waiting goes to the results; the one whose
			// save completed the round lands on the scoreboard showing them.
			p.waitFor(`(location.pathname === `+fmt.Sprintf("%q", game+"/rounds/1")+` && !!document.querySelector('[data-testid="strength-3"]')) || (location.pathname === `+fmt.Sprintf("%q", game)+` && !!document.querySelector('[data-testid="prize-1-3"]'))`, "round 1 results")
			p.landed("results-1")
		}
		dan := phones[3].on(t)
		// Dan's save led to the scoreboard, or to the results when his
		// was the save that completed the round; without JavaScript, a
		// reload shows him the results either way.
		if err := dan.do(chromedp.Reload()); err != nil {
			t.Fatalf("reloading: %v", err)
		}
		dan.landed("game-after-reload")
		if dan.path() == game+"/rounds/1" {
			for seat := range 4 {
				if dan.count(byTestID("strength-"+strconv.Itoa(seat))) == 0 {
					t.Errorf("Dan's round 1 results after a reload show no strength for seat %d", seat)
				}
			}
		} else if got := dan.count(`[data-testid^="prize-1-"]`); got != 4 {
			t.Errorf("Dan's scoreboard after a reload shows %d round-1 results, want 4", got)
		}
		if s, ok := dan.maybeText(byTestID("seat-name")); !ok || s != "Dan" {
			t.Errorf("Dan's phone says it is %q, want Dan", s)
		}
	})

	// Round 2: Ann enters; Bob waits on the scoreboard; Cat reveals early
	// with the confirmation, and Ann's and Bob's phones show the results.
	t.Run("reveal early", func(t *testing.T) {
		ann := phones[0].on(t)
		ann.open(game, "own-entry-2") // a phone with a seat opens on its own entry
		if got, want := ann.path(), game+"/rounds/2/players/0"; got != want {
			t.Fatalf("Ann opening the game: %s, want her entry %s", got, want)
		}
		ann.follow(byTestID("save"), "game-2", http.StatusOK)
		bob := phones[1].on(t)
		bob.open(game+"/rounds/2/players/1", "entry-2")
		bob.follow(`a[href="`+game+`"]`, "game-2", http.StatusOK)
		bob.waitFor(tick(0), "Ann's round 2 tick on Bob's scoreboard")
		cat := phones[2].on(t)
		cat.open(game+"/rounds/2/reveal", "reveal")
		cat.follow(byTestID("confirm-reveal"), "results-2", http.StatusOK)
		for _, p := range []phone{ann, bob} {
			p.waitFor(`location.pathname === `+fmt.Sprintf("%q", game+"/rounds/2")+` && !!document.querySelector('[data-testid="strength-0"]')`, "round 2 results after the reveal")
		}
	})

	// Round 3: Bob's phone loses the Wi-Fi as he saves. His taps stay,
	// a notice says they are not saved, and the save goes through when
	// the connection is back.
	t.Run("offline save", func(t *testing.T) {
		bob := phones[1].on(t)
		bob.open(game, "own-entry-3")
		if got, want := bob.path(), game+"/rounds/3/players/1"; got != want {
			t.Fatalf("Bob opening the game: %s, want his entry %s", got, want)
		}
		bob.choosePool([]string{"H2", "H3"})
		bob.offline(true)
		bob.tap(byTestID("save"))
		bob.waitFor(`!document.getElementById("unsaved").hidden`, "the not-saved notice")
		bob.landed("offline")
		if got := bob.checkedCards(); !slices.Equal(got, []string{"H2", "H3"}) {
			t.Errorf("taps while offline: %v, want H2 H3", got)
		}
		kept := eval[string](bob, fmt.Sprintf(`localStorage.getItem("ruthless:draft:%s/3/1") || ""`, id))
		if !strings.Contains(kept, "H2") {
			t.Errorf("local copy %q, want the taps", kept)
		}
		bob.offline(false)
		bob.waitPath(game, "the save once back online")
		bob.landed("saved-after-offline")
		if got := eval[string](bob, fmt.Sprintf(`localStorage.getItem("ruthless:draft:%s/3/1") || ""`, id)); got != "" {
			t.Errorf("local copy after the save %q, want none", got)
		}
		res, err := http.Get(base + "/api/games/" + id)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !strings.Contains(string(b), `{"pool":["H2","H3"],"coins":0}`) {
			t.Errorf("stored game %s, want Bob's round 3 entry H2 H3", b)
		}
	})
}
