package e2e

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/store"
)

// heldSave is the app behind a server that stores a round entry's save
// (telling the game's live streams) at once but holds its answer for
// hold, or until the phone gives up on it: the order a busy machine can
// give, where the page hears of its own save from its live stream first,
// made certain.
type heldSave struct {
	app   http.Handler
	entry atomic.Pointer[string] // the entry page's path
	hold  time.Duration
}

func (h *heldSave) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if entry := h.entry.Load(); r.Method != http.MethodPost || entry == nil || r.URL.Path != *entry {
		h.app.ServeHTTP(w, r)
		return
	}
	rec := httptest.NewRecorder()
	h.app.ServeHTTP(rec, r)
	select {
	case <-time.After(h.hold):
	case <-r.Context().Done():
		return // the page left: its save's answer is lost
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

// TestRetriedSaveForgetsTheDraft: a round's last entry saved while the
// phone is offline is sent again once it is back; that save completes the
// round, which the page's own live stream announces. Whichever comes
// first, the live update or the save's answer, the phone ends on the
// round's results with no draft left in its storage (live.js once moved
// on with the live update, and the draft was kept on the way out:
// TestWholeGameOnFourPhones failed so on a busy machine).
func TestRetriedSaveForgetsTheDraft(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	st, err := store.Open(filepath.Join(t.TempDir(), "retry.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	logs := &lockedBuffer{}
	var opt handlers.Options
	closing := endStreamsFirst(&opt)
	held := &heldSave{app: handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn})), opt),
		hold: scaled(3 * time.Second)}
	srv := httptest.NewServer(held)
	t.Cleanup(func() {
		if s := logs.String(); s != "" {
			t.Errorf("the server logged problems:\n%s", s)
		}
	})
	t.Cleanup(func() { st.Close() })
	t.Cleanup(func() { closeServer(srv, closing) })

	id := createGame(t, srv.URL, `{"version": 1, "players": ["Ann", "Bob"], "start_player": 0, "rounds": []}`)
	putEntry(t, srv.URL, id, 1, 0, `{"pool": ["H2", "H3", "H4"], "coins": 1, "version": 0}`)
	entry := "/games/" + id + "/rounds/1/players/1"
	held.entry.Store(&entry)

	browser, _ := startBrowser(t)
	p := newPhone(t, browser, srv.URL, shotDir(t), "")
	p.open(entry, "entry")
	p.choosePool([]string{"S5", "S6", "S7"})
	p.offline(true)
	p.tap(byTestID("save"))
	p.waitFor(`!document.getElementById("unsaved").hidden`, "the not-saved notice")
	key := "ruthless:draft:" + id + "/1/1"
	if got := draftOf(p, key); !strings.Contains(got, "S7") {
		p.fatalf("local copy while offline %q, want the taps", got)
	}
	p.offline(false)
	p.waitPath("/games/"+id+"/rounds/1", "the round's results")
	if got := draftOf(p, key); got != "" {
		p.errorf("local copy after the save %q, want none", got)
	}
	g := fetchGame(t, srv.URL, id)
	if len(g.Rounds) != 1 || g.Rounds[0][1] == nil || len(g.Rounds[0][1].Pool) != 3 {
		t.Errorf("round 1 as stored: %+v, want Bob's three cards saved", g.Rounds)
	}
}
