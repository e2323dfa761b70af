package handlers

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

// The players list: everyone who played here, with their record. The
// statistics are scoring's (scoring.NewPlayers); this page keeps
// the list of one state of the history and slices it into pages.

// playersPerPage bounds the players list: a history of a hundred
// thousand names is still a page a phone opens at once.
const playersPerPage = 50

// players lists everyone who played, the most games first, a page at a
// time (?page=2), or those whose name holds ?q. The list is worked out
// once per state of the history (historyCache), from the games'
// summaries, and then only sliced.
func (a *app) players(c *gin.Context) {
	list, err := a.playerSummaries(c.Request.Context())
	if err != nil {
		a.fail(c, err)
		return
	}
	q := strings.TrimSpace(c.Query("q"))
	if len(q) > maxNameQuery {
		q = q[:maxNameQuery]
	}
	if key := scoring.NameKey(q); key != "" {
		var found []scoring.PlayerSummary
		for _, ps := range list {
			if strings.Contains(ps.Key, key) {
				found = append(found, ps)
			}
		}
		list = found
	}
	pages := max(1, (len(list)+playersPerPage-1)/playersPerPage)
	page, err := strconv.Atoi(c.DefaultQuery("page", "1"))
	if err != nil || page < 1 {
		page = 1
	}
	page = min(page, pages)
	vm := views.PlayersView{Total: len(list), Query: q, Page: page, Pages: pages}
	at := func(n int) string {
		v := url.Values{}
		if q != "" {
			v.Set("q", q)
		}
		if n > 1 {
			v.Set("page", strconv.Itoa(n))
		}
		if len(v) == 0 {
			return "/players"
		}
		return "/players?" + v.Encode()
	}
	if page > 1 {
		vm.PrevHref = at(page - 1)
	}
	if page < pages {
		vm.NextHref = at(page + 1)
	}
	for _, ps := range list[(page-1)*playersPerPage : min(len(list), page*playersPerPage)] {
		vm.Players = append(vm.Players, views.PlayerLine{Name: ps.Name, Href: views.PlayerURL(ps.Name), Games: ps.Games,
			Wins: ps.Wins, SharedWins: ps.SharedWins, Playing: ps.Playing, WinRate: views.Percent(lang.From(c.Request.Context()), ps.Wins+ps.SharedWins, ps.Games)})
	}
	a.page(c, http.StatusOK, views.Players(vm))
}

// maxNameQuery bounds the players search; no name is longer.
const maxNameQuery = 100

// historyCache holds one thing worked out from the whole history (the
// players list, the records page) for one state of it: the same games at
// the same versions give the same answer, so only a write (which bumps
// its game's updated time) or a delete works it out again. Its key comes
// from one small row per game (historyKey), so an answer that has not
// changed costs no game loaded and nothing scored.
type historyCache[T any] struct {
	mu    sync.Mutex
	key   [32]byte
	value T
	known bool
}

// get is the answer for the history as it is now: the cached one, or
// work's, kept for next time.
func (hc *historyCache[T]) get(ctx context.Context, a *app, work func(context.Context) (T, error)) (T, error) {
	var none T
	key, err := a.historyKey(ctx)
	if err != nil {
		return none, err
	}
	hc.mu.Lock()
	if hc.known && key == hc.key {
		defer hc.mu.Unlock()
		return hc.value, nil
	}
	hc.mu.Unlock()
	value, err := work(ctx)
	if err != nil {
		return none, err
	}
	hc.mu.Lock()
	defer hc.mu.Unlock()
	hc.key, hc.value, hc.known = key, value, true
	return value, nil
}

// playerSummaries is the players list, the most games first, from the
// games' summaries: it holds a line per player, never the games.
func (a *app) playerSummaries(ctx context.Context) ([]scoring.PlayerSummary, error) {
	return a.summaries.get(ctx, a, func(ctx context.Context) ([]scoring.PlayerSummary, error) {
		var b *scoring.PlayersBuilder
		if err := a.eachSummary(ctx, func() func(scoring.GameSummary) { b = scoring.NewPlayers(); return b.Add }); err != nil {
			return nil, err
		}
		return b.List(), nil
	})
}

// historyKey names the state of the whole history: every game's id and
// updated time, hashed. It reads one small row per game
// (store.GameVersions), so a page cached under it costs no game loaded.
func (a *app) historyKey(ctx context.Context) ([32]byte, error) {
	var key [32]byte
	versions, err := a.store.GameVersions(ctx)
	if err != nil {
		return key, err
	}
	slices.SortFunc(versions, func(x, y store.GameVersion) int { return strings.Compare(x.ID, y.ID) })
	h := sha256.New()
	var buf [8]byte
	for _, v := range versions {
		h.Write([]byte(v.ID))
		binary.LittleEndian.PutUint64(buf[:], uint64(v.Updated.UnixNano()))
		h.Write(buf[:])
	}
	h.Sum(key[:0])
	return key, nil
}
