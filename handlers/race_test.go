package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"ruthless/edge"
)

// TestSameCardRaceThroughAPI is R4.1 under a race, as four phones make
// it: two PUTs of entries holding the Heart 5 for two players at the same
// moment. Exactly one may win, every time; the other gets 400 naming the
// rule and both players, and the game stays readable.
func TestSameCardRaceThroughAPI(t *testing.T) {
	t.Parallel()
	a, h, _ := testApp(t, Limits{})
	a.games = edge.NewClientLimiter(-1, 0, 0) // a hundred games from one client
	srv := httptest.NewServer(h)
	defer srv.Close()
	const tries = 100
	for try := range tries {
		id := createGame(t, h, `{"version": 1, "players": ["Ann", "Bob", "Cy"]}`)
		var start, done sync.WaitGroup
		start.Add(1)
		status := [2]int{}
		bodies := [2]string{}
		for seat := range 2 {
			done.Add(1)
			go func() {
				defer done.Done()
				own := []string{"A1", "K1"}[seat]
				req, _ := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/games/%s/rounds/1/entries/%d", srv.URL, id, seat),
					strings.NewReader(fmt.Sprintf(`{"pool": ["H5", %q], "coins": 1, "version": 0}`, own)))
				start.Wait()
				res, err := srv.Client().Do(req)
				if err != nil {
					t.Errorf("try %d seat %d: %v", try, seat, err)
					return
				}
				defer res.Body.Close()
				var out map[string]any
				json.NewDecoder(res.Body).Decode(&out)
				status[seat] = res.StatusCode
				bodies[seat] = fmt.Sprint(out)
			}()
		}
		start.Done()
		done.Wait()
		ok, refused := 0, -1
		for seat, s := range status {
			switch s {
			case http.StatusOK:
				ok++
			case http.StatusBadRequest:
				refused = seat
			}
		}
		if ok != 1 || refused < 0 {
			t.Fatalf("try %d: statuses %v (%v), want one 200 and one 400", try, status, bodies)
		}
		if b := bodies[refused]; !strings.Contains(b, "R4.1") || !strings.Contains(b, "Ann") || !strings.Contains(b, "Bob") {
			t.Errorf("try %d: the refusal %s does not name R4.1 and both players", try, b)
		}
		res, err := srv.Client().Get(srv.URL + "/games/" + id)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("try %d: the game page after the race: %v %v", try, res.StatusCode, err)
		}
		res.Body.Close()
	}
}
