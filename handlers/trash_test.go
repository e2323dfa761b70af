package handlers_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/store"
)

// movableClock is a store clock that stands still until the test moves it.
type movableClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *movableClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *movableClock) move(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// newClockedApp is newApp over a store whose clock the test holds.
func newClockedApp(t *testing.T) (*app, *movableClock) {
	t.Helper()
	clock := &movableClock{t: time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)}
	st, err := store.OpenWith(filepath.Join(t.TempDir(), "test.db"), store.Options{Now: clock.now})
	if err != nil {
		t.Fatalf("store.OpenWith: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	return &app{h: handlers.NewWithOptions(st, log, handlers.Options{}), store: st}, clock
}

// otherFinished is finishedFile played by two other people.
var otherFinished = strings.NewReplacer(`"Ann"`, `"Cyd"`, `"Bob"`, `"Dee"`).Replace(finishedFile)

// gamePaths are the addresses of one game, pages and API, that answer
// 200 (or 303, the BG Stats hand-off) while it is live.
func gamePaths(id string) []string {
	g := "/games/" + id
	return []string{g, g + "/card", g + "/export", g + "/bgstats", g + "/rounds/1", g + "/final",
		g + "/final/0", g + "/rounds/1/players/0", g + "/delete", g + "/join", "/api/games/" + id, "/api/games/" + id + "/score"}
}

// historyPaths are the pages and files made from every game.
var historyPaths = []string{"/", "/players", "/export/games.json", "/export/results.csv", "/export/bgstats.json"}

// annPage is the page of a player of the game under test, compared before
// the delete and after the restore with the rest.
const annPage = "/players/Ann"

// formToken is a form's one-time token, new at every drawing.
var formToken = regexp.MustCompile(`name="token" value="[^"]*"`)

// withoutTokens is a page with its forms' one-time tokens blanked, so two
// drawings of the same state compare equal.
func withoutTokens(body string) string {
	return formToken.ReplaceAllString(body, `name="token" value=""`)
}

// restoreAction finds the Restore form of game id on the home page.
func restoreAction(body, id string) (string, bool) {
	action := `action="/games/` + id + `/restore"`
	return "/games/" + id + "/restore", strings.Contains(body, action) && strings.Contains(body, `data-testid="restore-`+id+`"`)
}

func TestDeletedGameGoesToTrashAndComesBack(t *testing.T) {
	t.Parallel()
	a, clock := newClockedApp(t)
	kept := a.createGame(t, otherFinished)
	id := a.createGame(t, finishedFile)
	before := map[string]response{}
	for _, p := range append(append(gamePaths(id), historyPaths...), annPage) {
		res := a.get(t, p)
		if res.status != http.StatusOK && res.status != http.StatusSeeOther {
			t.Fatalf("GET %s before the delete: status %d", p, res.status)
		}
		before[p] = res
	}
	if _, ok := restoreAction(before["/"].body, id); ok || strings.Contains(before["/"].body, "recently-deleted") {
		t.Errorf("the home page lists a trash while it is empty")
	}

	clock.move(time.Hour)
	if loc := redirect(t, a.postForm(t, "/games/"+id+"/delete", nil)); loc != "/" {
		t.Fatalf("delete redirects to %q, want /", loc)
	}

	t.Run("every game address is 404", func(t *testing.T) {
		unknown := a.get(t, "/api/games/aaaaaaaaaaaaaaaa")
		for _, p := range append(gamePaths(id), "/games/"+id+"/events") {
			res := a.get(t, p)
			if res.status != http.StatusNotFound {
				t.Errorf("GET %s of a trashed game: status %d, want 404", p, res.status)
			}
			if strings.HasPrefix(p, "/api/") && res.body != unknown.body {
				t.Errorf("GET %s of a trashed game: %s, want the unknown game's answer %s", p, res.body, unknown.body)
			}
		}
		page := a.get(t, "/games/"+id)
		if !strings.Contains(page.body, "Recently deleted") {
			t.Errorf("a trashed game's page does not say where to restore it: %.500s", page.body)
		}
		put := a.sendJSON(t, http.MethodPut, "/api/games/"+id+"/rounds/1/entries/0", `{"pool":["H1"],"coins":0,"version":1}`)
		if put.status != http.StatusNotFound {
			t.Errorf("PUT an entry of a trashed game: status %d, want 404", put.status)
		}
		again := a.postForm(t, "/games/"+id+"/delete", nil)
		if again.status != http.StatusNotFound || !strings.Contains(again.body, "has been deleted") {
			t.Errorf("deleting twice: status %d, want 404 saying it is deleted; %.500s", again.status, again.body)
		}
	})

	t.Run("left out of the history", func(t *testing.T) {
		for _, p := range historyPaths {
			res := a.get(t, p)
			if res.status != http.StatusOK {
				t.Fatalf("GET %s: status %d", p, res.status)
			}
			listed := res.body
			if p == "/" {
				listed = innerHTML(res.body, "finished") + innerHTML(res.body, "in-progress")
			}
			if strings.Contains(listed, "Ann") || strings.Contains(listed, id) {
				t.Errorf("GET %s still lists the trashed game (Ann or %s): %.800s", p, id, listed)
			}
			if !strings.Contains(listed, "Cyd") && p != "/export/results.csv" {
				t.Errorf("GET %s lost the live game (Cyd)", p)
			}
		}
		if res := a.get(t, "/games/"+kept); res.status != http.StatusOK {
			t.Errorf("the live game: status %d", res.status)
		}
		if res := a.get(t, annPage); res.status == http.StatusOK && strings.Contains(res.body, id) {
			t.Errorf("Ann's page still lists the trashed game")
		}
	})

	t.Run("restored from the home page", func(t *testing.T) {
		home := a.get(t, "/")
		action, ok := restoreAction(home.body, id)
		if !ok {
			t.Fatalf("no Restore form for %s on the home page: %.2000s", id, innerHTML(home.body, "recently-deleted"))
		}
		if got := textOf(home.body, "deleted-"+id); !strings.Contains(got, "Ann") || !strings.Contains(got, "Bob") {
			t.Errorf("trash line %q does not name the players", got)
		}
		clock.move(29 * 24 * time.Hour)
		if loc := redirect(t, a.postForm(t, action, nil)); loc != "/games/"+id {
			t.Fatalf("restore redirects to %q, want /games/%s", loc, id)
		}
		for p, was := range before {
			res := a.get(t, p)
			if res.status != was.status || withoutTokens(res.body) != withoutTokens(was.body) || res.header.Get("Location") != was.header.Get("Location") {
				t.Errorf("GET %s after the restore: status %d, body differs %v", p, res.status, res.body != was.body)
			}
			if tag := was.header.Get("ETag"); tag != res.header.Get("ETag") {
				t.Errorf("GET %s: ETag %q after the restore, %q before", p, res.header.Get("ETag"), tag)
			}
		}
		if tag := before["/games/"+id].header.Get("ETag"); tag == "" {
			t.Errorf("the game page has no ETag to compare")
		}
		// The form posted twice opens the game, which is live.
		if loc := redirect(t, a.postForm(t, action, nil)); loc != "/games/"+id {
			t.Errorf("restoring twice redirects to %q, want /games/%s", loc, id)
		}
	})
}

func TestPurgedGameCannotBeRestored(t *testing.T) {
	t.Parallel()
	a, clock := newClockedApp(t)
	id := a.createGame(t, finishedFile)
	redirect(t, a.postForm(t, "/games/"+id+"/delete", nil))
	clock.move(store.TrashKeep - time.Hour)
	if _, ok := restoreAction(a.get(t, "/").body, id); !ok {
		t.Fatalf("the home page does not offer to restore a game deleted 29 days 23 hours ago")
	}
	clock.move(time.Hour)
	home := a.get(t, "/")
	if _, ok := restoreAction(home.body, id); ok || strings.Contains(home.body, "recently-deleted") {
		t.Errorf("the home page still lists a game deleted 30 days ago")
	}
	res := a.postForm(t, "/games/"+id+"/restore", nil)
	if res.status != http.StatusNotFound || !strings.Contains(res.body, "removed for good") {
		t.Errorf("restoring a purged game: status %d, want 404 saying it was removed for good; %.500s", res.status, res.body)
	}
	unknown := a.postForm(t, "/games/aaaaaaaaaaaaaaaa/restore", nil)
	if unknown.status != http.StatusNotFound {
		t.Errorf("restoring an unknown game: status %d, want 404", unknown.status)
	}
	if got, err := a.store.GamesByID(context.Background(), []string{id}); err != nil || len(got) != 0 {
		t.Errorf("GamesByID of the purged game = %d games, %v", len(got), err)
	}
}

func TestRestoreNeedsThePassword(t *testing.T) {
	t.Parallel()
	open := newApp(t)
	id := open.createGame(t, finishedFile)
	if err := open.store.DeleteGame(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a := &app{h: handlers.NewWithOptions(open.store, log, handlers.Options{Password: "sesame"}), store: open.store}
	if err := a.store.DeleteGame(context.Background(), id); err == nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/games/"+id+"/restore", nil)
	res := a.do(t, req)
	if res.status != http.StatusSeeOther || !strings.HasPrefix(res.header.Get("Location"), "/login") {
		t.Errorf("restore without the password: status %d to %q, want 303 to /login", res.status, res.header.Get("Location"))
	}
	if _, err := a.store.Game(context.Background(), id); err == nil {
		t.Errorf("the game was restored without the password")
	}
}
