package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// These tests look inside the app (its solve counters and its slots), so
// they are in the package; they still go through the real router over
// a real store.

// quickExpensive is expensive by the count of its wilds, yet solved in
// milliseconds: the tests that hold a solve release it onto this pool.
const quickExpensive = `["H1", "SP", "KP", "HC*", "XC*"]`

// slowPool is the slowest pool known (scoring/cancel_test.go): about 0.2 s
// on one core, far more under the race detector, so a client can hang up
// in the middle of its solve.
const slowPool = slowestPool

// slowPoolJSON is slowPool as a JSON list, without the cards left out.
func slowPoolJSON(leftOut ...string) string { return poolJSON(slowPool, leftOut...) }

// poolJSON is a pool of card codes as a JSON list, without the cards left
// out.
func poolJSON(pool string, leftOut ...string) string {
	var codes []string
	for _, code := range strings.Fields(pool) {
		if !slices.Contains(leftOut, code) {
			codes = append(codes, code)
		}
	}
	return `["` + strings.Join(codes, `", "`) + `"]`
}

// logBuffer collects the app's log lines; handlers write from many
// goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// testApp is the real app over a real store in a temporary directory.
func testApp(t testing.TB, lim Limits) (*app, http.Handler, *logBuffer) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	logs := &logBuffer{}
	a := newApp(st, slog.New(slog.NewTextHandler(logs, nil)), lim)
	return a, a.handler(), logs
}

func post(ctx context.Context, h http.Handler, path, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func get(h http.Handler, path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec
}

// eventually waits, generously, for cond; it fails the test after a
// minute. It looks often, since tests measure with it.
func eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
		time.Sleep(100 * time.Microsecond)
	}
}

// holdSolves makes every expensive solve wait for a slot until the
// returned release is called (or its flight is cancelled): it takes all
// the slots, and lets a solve wait for one for an hour rather than answer
// busy. Call it before the app's first request.
func holdSolves(t testing.TB, a *app) (release func()) {
	t.Helper()
	a.solves.limits.Wait = time.Hour
	n := int64(a.solves.limits.Solves)
	if err := a.solves.slots.Acquire(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	return func() { once.Do(func() { a.solves.slots.Release(n) }) }
}

func TestIdenticalSolvesRunOnce(t *testing.T) {
	t.Parallel()
	const n = 8
	a, h, _ := testApp(t, Limits{})
	release := holdSolves(t, a)
	defer release()
	bodies := []string{
		`{"cards": ` + quickExpensive + `}`,
		// Same cards in another order, and the default player count said.
		`{"cards": ["XC*", "HC*", "KP", "SP", "H1"], "players": 4}`,
	}
	recs := make([]*httptest.ResponseRecorder, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { recs[i] = post(context.Background(), h, "/api/solve", bodies[i%2]) })
	}
	// Only once all n wait for the one solve may it go on.
	eventually(t, "8 requests waiting for the solve", func() bool { return a.solves.waiters() == n })
	release()
	wg.Wait()
	want := scoring.Solve(mustCards(t, quickExpensive), scoring.Options{Players: 4})
	for i, rec := range recs {
		var got scoring.Party
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil {
			t.Fatalf("request %d: status %d, body %s; want 200 and a party", i, rec.Code, rec.Body)
		}
		if got.Strength != want.Strength || got.Unused != want.Unused {
			t.Errorf("request %d: strength %d, unused %d; want %d, %d", i, got.Strength, got.Unused, want.Strength, want.Unused)
		}
	}
	if got := a.solves.runs.Load(); got != 1 {
		t.Errorf("%d identical requests made %d solves, want 1", n, got)
	}
	if got := a.solves.waiters(); got != 0 {
		t.Errorf("%d requests still waiting after all were answered", got)
	}
}

func mustCards(t testing.TB, codes string) []scoring.Card {
	t.Helper()
	var list []string
	if err := json.Unmarshal([]byte(codes), &list); err != nil {
		t.Fatal(err)
	}
	cards, err := scoring.ParseCards(list)
	if err != nil {
		t.Fatal(err)
	}
	return cards
}

func TestLeaderGoneFollowerAnswered(t *testing.T) {
	t.Parallel()
	a, h, logs := testApp(t, Limits{})
	release := holdSolves(t, a)
	defer release()
	body := `{"cards": ` + quickExpensive + `}`

	leaderCtx, leave := context.WithCancel(context.Background())
	leader := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		leader <- post(leaderCtx, h, "/api/check", `{"sets": [["H1", "SP"]], "pool": ["KP", "HC*", "XC*"]}`)
	}()
	eventually(t, "the first request waiting", func() bool { return a.solves.waiters() == 1 })
	follower := make(chan *httptest.ResponseRecorder, 1)
	go func() { follower <- post(context.Background(), h, "/api/solve", body) }()
	eventually(t, "the second request waiting", func() bool { return a.solves.waiters() == 2 })

	leave()
	rec := <-leader
	if rec.Body.Len() != 0 || rec.Header().Get("Content-Type") != "" {
		t.Errorf("a client that left got an answer: %d %q", rec.Code, rec.Body)
	}
	if got := a.solves.waiters(); got != 1 {
		t.Fatalf("%d requests waiting after the first left, want 1", got)
	}
	release()
	rec = <-follower
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"strength"`) {
		t.Errorf("the request still waiting: status %d, body %s; want 200 and a party", rec.Code, rec.Body)
	}
	if got := a.solves.runs.Load(); got != 1 {
		t.Errorf("%d solves, want 1 shared by both requests", got)
	}
	if !strings.Contains(logs.String(), "path=/api/check status=499") {
		t.Errorf("the access log has no 499 for the client that left:\n%s", logs)
	}
}

// gameWith is a two-player game file whose first round holds pool for
// seat 0.
func gameWith(pool string) string {
	return `{"version": 1, "players": ["Lucy", "Craig"], "start_player": 0,
	 "achievements": ["richest", "merciless"],
	 "rounds": [[{"pool": ` + pool + `, "coins": 1}, {"pool": ["S2"], "coins": 0}]]}`
}

func TestLimitsAnswer503(t *testing.T) {
	t.Parallel()
	// Every Kraken out of the expensive pools: they are played by two.
	expensive := `["H1", "SP", "AP", "HC*", "XC*"]`
	tests := []struct {
		name   string
		limits Limits
		// fill takes every solve slot first.
		fill    bool
		message string
	}{
		{"every solve taken", Limits{Solves: 1, Wait: 20 * time.Millisecond}, true, "busy"},
		{"over the solve deadline", Limits{Solve: time.Nanosecond}, false, "longer to solve"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, h, _ := testApp(t, tt.limits)
			cheapID := createGame(t, h, gameWith(`["H1", "H2", "H3", "SP"]`))
			if tt.fill {
				if err := a.solves.slots.Acquire(context.Background(), int64(a.solves.limits.Solves)); err != nil {
					t.Fatal(err)
				}
			}
			// Store the expensive game before anything solves it.
			expensiveID := createGame(t, h, gameWith(expensive))

			refused := []struct {
				name string
				rec  *httptest.ResponseRecorder
				json bool
			}{
				{"POST /api/solve", post(context.Background(), h, "/api/solve", `{"cards": `+expensive+`, "players": 2}`), true},
				{"POST /api/check", post(context.Background(), h, "/api/check", `{"sets": [["H1", "SP", "AP"]], "pool": ["HC*", "XC*"], "players": 2}`), true},
				{"POST /api/score", post(context.Background(), h, "/api/score", gameWith(expensive)), true},
				{"GET /api/games/{id}/score", get(h, "/api/games/"+expensiveID+"/score"), true},
				{"GET /games/{id}", get(h, "/games/"+expensiveID), false},
				{"GET /games/{id}/rounds/1", get(h, "/games/"+expensiveID+"/rounds/1"), false},
				{"GET /", get(h, "/"), false},
			}
			for _, r := range refused {
				if r.rec.Code != http.StatusServiceUnavailable {
					t.Errorf("%s: status %d, want 503; body %.300s", r.name, r.rec.Code, r.rec.Body)
					continue
				}
				if got := r.rec.Header().Get("Retry-After"); got != retryAfter {
					t.Errorf("%s: Retry-After %q, want %q", r.name, got, retryAfter)
				}
				if !r.json {
					if !strings.Contains(r.rec.Body.String(), "<html") {
						t.Errorf("%s: not the error page: %.300s", r.name, r.rec.Body)
					}
					continue
				}
				var e struct {
					Error *string `json:"error"`
					Field *string `json:"field"`
				}
				if err := json.Unmarshal(r.rec.Body.Bytes(), &e); err != nil || e.Error == nil || e.Field == nil {
					t.Errorf("%s: body %s, want {\"error\", \"field\"} (%v)", r.name, r.rec.Body, err)
					continue
				}
				if !strings.Contains(*e.Error, tt.message) || *e.Field != "" {
					t.Errorf("%s: error %q field %q, want one about %q and field \"\"", r.name, *e.Error, *e.Field, tt.message)
				}
			}
			// Cheap pools never wait for a slot, nor run into the deadline.
			cheap := []struct {
				name string
				rec  *httptest.ResponseRecorder
			}{
				{"POST /api/solve, cheap pool", post(context.Background(), h, "/api/solve", `{"cards": ["H1", "H2", "H3", "SP"]}`)},
				{"GET /games/{id}, cheap game", get(h, "/games/"+cheapID)},
			}
			for _, r := range cheap {
				if r.rec.Code != http.StatusOK {
					t.Errorf("%s: status %d, want 200; body %.300s", r.name, r.rec.Code, r.rec.Body)
				}
			}
		})
	}
}

func createGame(t testing.TB, h http.Handler, file string) string {
	t.Helper()
	rec := post(context.Background(), h, "/api/games", file)
	var out struct{ ID string }
	if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &out) != nil || out.ID == "" {
		t.Fatalf("POST /api/games: status %d, body %s; want 201 and an id", rec.Code, rec.Body)
	}
	return out.ID
}

// TestClientGoneStopsSolve sends the slowest pool to a real server and
// hangs up while it is solved: the solve must stop (the goal is within
// 100 ms of the hang-up; the assert waits a minute, and the test logs what
// it measured: how soon the server saw the client go, and how soon after
// that the solver stopped), and the access log must record 499.
func TestClientGoneStopsSolve(t *testing.T) {
	t.Parallel()
	a, h, logs := testApp(t, Limits{})
	srv := httptest.NewServer(h)
	defer srv.Close()
	tests := []struct {
		name string
		path string
		body string
		// after is how long after the solve starts the client hangs up.
		after time.Duration
	}{
		{"solve, hang up as it starts", "/api/solve", `{"cards": ` + slowPoolJSON() + `}`, 0},
		{"solve, hang up 100 ms in", "/api/solve", `{"cards": ` + slowPoolJSON() + `}`, 100 * time.Millisecond},
		// A claimed straight flush, the rest of the pool unused.
		{"check, hang up 100 ms in", "/api/check", `{"sets": [["H6", "H7", "HP"]], "pool": ` + slowPoolJSON("H6", "H7", "HP") + `}`, 100 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runs := a.solves.runs.Load()
			ctx, hangUp := context.WithCancel(context.Background())
			defer hangUp()
			done := make(chan error, 1)
			go func() {
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+tt.path, strings.NewReader(tt.body))
				req.Header.Set("Content-Type", "application/json")
				res, err := srv.Client().Do(req)
				if err == nil {
					res.Body.Close()
				}
				done <- err
			}()
			eventually(t, "the solve to start", func() bool { return a.solves.runs.Load() > runs })
			time.Sleep(tt.after)
			hangUp()
			left := time.Now()
			var seen, stopped time.Duration
			eventually(t, "the solve to stop", func() bool {
				if seen == 0 && a.solves.waiters() == 0 {
					seen = time.Since(left)
				}
				return a.solves.running.Load() == 0
			})
			stopped = time.Since(left)
			if err := <-done; err == nil {
				t.Skip("the solve ended before the client hung up: nothing to measure")
			}
			t.Logf("%s: the solve stopped %v after the client hung up (goal ≤ 100 ms): the server saw it go after %v, the solver stopped %v later",
				tt.name, stopped.Round(10*time.Microsecond), seen.Round(10*time.Microsecond), (stopped - seen).Round(10*time.Microsecond))
			eventually(t, "the access log line", func() bool {
				return strings.Contains(logs.String(), "path="+tt.path+" status=499")
			})
		})
	}
}

// TestPageClientGone: a page whose client has left stops drawing (templ
// checks the request's context) without an error in the log; the access
// log records 499.
func TestPageClientGone(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/rules", "/games/new"} {
		_, h, logs := testApp(t, Limits{})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req := httptest.NewRequestWithContext(ctx, http.MethodGet, path, nil)
		h.ServeHTTP(httptest.NewRecorder(), req)
		if strings.Contains(logs.String(), "level=ERROR") || strings.Contains(logs.String(), "level=WARN") {
			t.Errorf("%s: a client that left logged a problem:\n%s", path, logs)
		}
		if !strings.Contains(logs.String(), "path="+path+" status=499") {
			t.Errorf("%s: the access log has no 499 for the client that left:\n%s", path, logs)
		}
	}
}
