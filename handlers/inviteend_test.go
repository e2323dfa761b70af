package handlers

import (
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// endedGameFile is a two-player game with its final scores in.
const endedGameFile = `{"version":1,"players":["Ann","Bob"],"start_player":0,"achievements":["richest","recruiter"],
 "rounds":[
  [{"pool":["H1","H2","H3"],"coins":1},{"pool":["S4","A4"],"coins":2}],
  [{"pool":["H1","H2","H3","HP"],"coins":1},{"pool":["S4","A4","X4"],"coins":2}],
  [{"pool":["H1","H2","H3","HP"],"coins":3},{"pool":["S4","A4","X4"],"coins":2}],
  [{"pool":["H1","H2","H3"],"coins":3},{"pool":["S4","A4","X4","SQ"],"coins":2}],
  [{"pool":["H1","H2","H3"],"coins":3},{"pool":["S4","A4","X4","SQ"],"coins":2}],
  [{"pool":["H1","H2","H3","AC*"],"coins":3},{"pool":["S4","A4","X4","SQ"],"coins":4}]],
 "final":[
  {"pirates":["H1","H2","H3","HP"],"buried_pirates":["AC"],"buried_powder_monkeys":1,"loot_banner_kept":5,"loot_banner_buried":0,"coins":3,"parley_used":false},
  {"pirates":["S4","A4","X4"],"buried_pirates":["SQ"],"buried_powder_monkeys":2,"loot_banner_kept":3,"loot_banner_buried":1,"coins":4,"parley_used":true}]}`

// TestInviteEndsWithTheGame: issue 44 item 5. A finished game's join
// code opens it for an hour after its last change (the final scores, the
// card), then no more, however long the code itself has to run; a game
// still being played keeps its invite.
func TestInviteEndsWithTheGame(t *testing.T) {
	twoHoursAgo := time.Now().Add(-2 * time.Hour)
	st, err := store.OpenWith(filepath.Join(t.TempDir(), "ended.db"), store.Options{Now: func() time.Time { return twoHoursAgo }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ended, err := scoring.DecodeGame(strings.NewReader(endedGameFile))
	if err != nil {
		t.Fatal(err)
	}
	endedID, err := st.CreateGame(t.Context(), ended)
	if err != nil {
		t.Fatal(err)
	}
	playing, _ := scoring.DecodeGame(strings.NewReader(`{"version":1,"players":["Cy","Di"]}`))
	playingID, err := st.CreateGame(t.Context(), playing)
	if err != nil {
		t.Fatal(err)
	}
	a := &authApp{h: NewWithOptions(st, quietLog(), Options{Password: authPassword}), st: st}
	au := newAuth(authPassword, 0, quietLog())
	for _, tt := range []struct {
		name, id string
		letIn    bool
	}{
		{"a game finished two hours ago", endedID, false},
		{"a game being played", playingID, true},
	} {
		rec := a.do(t, authRequest{method: http.MethodGet, path: "/games/" + tt.id + "?code=" + url.QueryEscape(au.joinCode(tt.id)), client: "192.0.2.81:4000"})
		toLogin := rec.Code == http.StatusSeeOther && strings.HasPrefix(rec.Header().Get("Location"), "/login")
		if toLogin == tt.letIn {
			t.Errorf("%s: status %d (Location %q); let in: want %v", tt.name, rec.Code, rec.Header().Get("Location"), tt.letIn)
		}
	}
}
