package handlers_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Every way a list of cards comes in refuses the same card given twice,
// with the same words (scoring's one reader, scoring.ReadCards, and its
// one rule, scoring.CardSet): a way in that read cards with a loop of its
// own, dropping a repeat or letting it through, fails here.
func TestEveryWayInRefusesACardTwice(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	withRepeat := strings.Replace(threePlayers, `"pool":["HQ","S5"]`, `"pool":["HQ","S5","hq"]`, 1)
	entryForm := url.Values{"card": {"H2", "X4", "H2"}, "coins": {"1"}, "version": {"0"}}
	tests := []struct {
		name   string
		send   func() response
		status int
		want   string
	}{
		{"API solve", func() response {
			return a.sendJSON(t, http.MethodPost, "/api/solve", `{"cards":["H4","S5","h4"]}`)
		}, http.StatusBadRequest, `{"error":"card \"H4\" given twice","field":"cards[2]"}`},
		{"API check, the pool", func() response {
			return a.sendJSON(t, http.MethodPost, "/api/check", `{"sets":[["H2","H3","H4"]],"pool":["X5","x5"]}`)
		}, http.StatusBadRequest, `{"error":"card \"X5\" given twice","field":"pool[1]"}`},
		{"API check, two sets", func() response {
			return a.sendJSON(t, http.MethodPost, "/api/check", `{"sets":[["H2","H3","H4"],["H4","S4"]]}`)
		}, http.StatusBadRequest, `{"error":"card \"H4\" given twice","field":"sets"}`},
		{"API round entry", func() response {
			return a.sendJSON(t, http.MethodPut, "/api/games/"+id+"/rounds/2/entries/0", `{"pool":["H2","h2"],"coins":1,"version":0}`)
		}, http.StatusBadRequest, `card \"H2\" given twice`},
		{"API new game", func() response {
			return a.sendJSON(t, http.MethodPost, "/api/games", withRepeat)
		}, http.StatusBadRequest, `{"error":"card \"HQ\" given twice","field":"rounds[0][2].pool[2]"`},
		{"API score", func() response {
			return a.sendJSON(t, http.MethodPost, "/api/score", withRepeat)
		}, http.StatusBadRequest, `card \"HQ\" given twice`},
		{"round entry form", func() response {
			return a.postForm(t, "/games/"+id+"/rounds/2/players/0", entryForm)
		}, http.StatusUnprocessableEntity, `Card &#34;H2&#34; given twice.`},
		{"end-of-game form", func() response {
			return a.postForm(t, "/games/"+id+"/final/2", url.Values{"card": {"HQ", "S5", "s5"}, "version": {"0"}})
		}, http.StatusUnprocessableEntity, `Card &#34;S5&#34; given twice.`},
		{"solve page", func() response { return a.get(t, "/solve?cards=H4,S5,H4") }, 0, `Card &#34;H4&#34; given twice.`},
		{"check page", func() response { return a.get(t, "/check?set=H2,H3,H4&pool=H2,H3,H4,S5,s5") }, 0, `given twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := tt.send()
			if tt.status != 0 && res.status != tt.status {
				t.Errorf("status %d, want %d; body %.500s", res.status, tt.status, res.body)
			}
			if !strings.Contains(res.body, tt.want) {
				t.Errorf("body does not say %s:\n%.3000s", tt.want, res.body)
			}
		})
	}
}
