// Package handlers is the web app: gin routes that parse a request,
// validate it with scoring, act through the store and answer with a page
// from views or with JSON (docs/api.md). Handlers stay thin; scores are
// derived on every read, never stored.
package handlers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/gin-gonic/gin"
	lru "github.com/hashicorp/golang-lru/v2"

	"ruthless/edge"
	"ruthless/scoring"
	"ruthless/static"
	"ruthless/store"
	"ruthless/table"
	"ruthless/views"
)

// MaxBody is the largest request body accepted; a game file of six full
// rounds is far smaller.
const MaxBody = 64 << 10

type app struct {
	// store is what the pages read; every write goes through table
	// (package table), so a handler cannot write around it.
	store table.Pages
	table *table.Table
	// entering notes which phone has an open seat's form open
	// (entering.go).
	entering *entering
	// shortCodes are the short join codes shown on invite pages
	// (joincode.go).
	shortCodes *shortCodes
	// version is the program's, for /healthz; metrics count requests
	// (nil: none).
	version string
	metrics *Metrics
	log     *slog.Logger
	solves  *solveSlots
	games   *edge.ClientLimiter // new games per client
	// imports are the import uploads per client (importpage.go).
	imports *edge.ClientLimiter
	// seatChanges are the seat changes per client (livecalm.go).
	seatChanges *edge.ClientLimiter
	// pageBudget bounds a page that reads the whole history (history.go).
	pageBudget time.Duration
	auth       *auth
	hosts      *edge.HostCheck
	// proxies are the trusted reverse proxies, base the public address
	// (nil: none given); see edge.FromProxy.
	proxies edge.Proxies
	base    *url.URL
	// results caches finished games' results by version (history.go).
	results resultCache
	// summarizing lets one page at a time bring the games' summaries up
	// to date (summaries.go).
	summarizing chan struct{}
	// playerPages keeps players' statistics by history state and name
	// (player.go).
	playerPages *lru.Cache[string, scoring.PlayerStats]
	// summaries is the players list of the history's last state.
	summaries historyCache[[]scoring.PlayerSummary]
	// recordsPage is the records page of the history's last state.
	recordsPage historyCache[*scoring.Records]
	live        *edge.Broker // the game versions the phones wait on (live.go)
	listen      string       // the address the server listens on, "" if unknown (invite.go)
	offline     bool         // running in the phone's browser (offline.go)
	done        <-chan struct{}

	// scores caches stored games' results by version (scorecache.go),
	// explanations the answers of "why not more?" and the recruit advisor
	// by pool (explain.go); onExplain, when set, is called for each
	// explanation worked out rather than taken from the cache.
	scores *lru.Cache[string, scoring.Result]
	// shareImages are the share images (PNG) by game version (shareimage.go).
	shareImages  *lru.Cache[string, []byte]
	explanations *lru.Cache[string, any]
	onExplain    func()
	streams      *edge.StreamGate // the caps on event streams (live.go)
	// requests is the per-client request rate, draws and exports the
	// slots of share images and whole-history downloads (bounds.go).
	requests *edge.RequestRate
	// importVolume bounds the games imported or made an hour, by all
	// clients together.
	importVolume *edge.Volume
	draws        edge.Slots
	exports      edge.Slots
}

// Options are the web app's settings. The zero value is an app open to
// anyone, answering to loopback names and the machine's own addresses,
// solving within DefaultLimits.
type Options struct {
	// Limits are the limits on solving.
	Limits Limits
	// Password, when not empty, is asked for before any page or API
	// answer: pages get a login form and a session cookie, the API takes
	// it as a bearer token.
	Password string
	// Hosts are more names (or addresses) the server is known by; a
	// request for any other Host gets 421 (see edge.HostCheck).
	Hosts []string
	// GamesPerMinute is how many games one client may create a minute,
	// and at once (see ratelimit.go). 0 means 10; below 0, no limit. A
	// request that sends the table password as a bearer token is never
	// held.
	GamesPerMinute int
	// LoginsPerMinute is how many wrong passwords one client may try a
	// minute, and at once, before its answers are held (see
	// loginLimiter). 0 means 5; below 0, no limit at all.
	LoginsPerMinute int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For,
	// -Proto and -Host headers are believed (see edge.FromProxy); from any
	// other address they are ignored.
	TrustedProxies []netip.Prefix
	// BaseURL is the address the players open (ParseBaseURL), when the
	// app is reached through a proxy: invite links, QR codes and the
	// result card name it, its host is always served, and when it is
	// https every cookie is Secure. Empty: links are made from the
	// request.
	BaseURL string
	// Done, once closed, ends the live event streams (live.go), so that a
	// shutdown need not wait for the phones still watching a game.
	Done <-chan struct{}
	// StreamsPerClient is how many live event streams (live.go) one
	// client address may hold open at once; past it a stream is refused
	// with 429 and the page polls instead. 0 means 16; below 0, no limit.
	StreamsPerClient int
	// PageBudget is how long a page that reads the whole history (the
	// players, a player, the results CSV, BG Stats) may work before it
	// answers 503 and keeps what it did for the next try. 0 means 20 s.
	PageBudget time.Duration
	// Streams is how many live event streams the server holds open at
	// once, over all clients; past it a stream is refused with 503. 0
	// means 1,000; below 0, no limit.
	Streams int
	// OnExplain, when set, is called each time an explanation ("why not
	// more?", the recruit advisor) is worked out rather than taken from
	// the cache: a count for tests and measurements.
	OnExplain func()
	// Version is the program's version, which /healthz names.
	Version string
	// Metrics, when set, counts every request by route and status
	// (metrics.go); nil counts nothing.
	Metrics *Metrics
	// RequestsPerMinute is how many requests (pages, API, assets) one
	// client may make a minute, a fifth of them at once, before it is
	// refused with 429 (bounds.go). 0 means no limit, as for the serve
	// flag, whose default is DefaultRequestsPerMinute.
	RequestsPerMinute int
	// ImportedGamesPerHour bounds the games imported an hour by all
	// clients together (bounds.go); 0 means no bound, as for the serve
	// flag, whose default is DefaultImportedGamesPerHour.
	ImportedGamesPerHour int
	// ListenAddr is the address the server really listens on, as its
	// listener gives it ("0.0.0.0:8080", "127.0.0.1:8080"). The invite
	// link is made from it, so that it names an address the other phones
	// can reach, or the invite page says there is none. Empty: unknown,
	// and the link is made from the address the page was asked for.
	ListenAddr string
	// Offline is set by the browser build (cmd/offline), where the app
	// runs on the phone itself: any host name is its own, and table mode,
	// the password and backups do not apply (offline.go).
	Offline bool
}

// NewWithOptions returns the whole web app as one handler: pages, JSON
// API and assets, wrapped in the security headers, cross-origin
// protection, body limit, gzip and request logging every response gets.
// It is the app's one constructor; opt says how it differs from the
// default (Options{}).
func NewWithOptions(st table.Store, log *slog.Logger, opt Options) http.Handler {
	return newAppWith(st, log, opt).handler()
}

// newAppWith is the app of NewWithOptions, before its router is built.
func newAppWith(st table.Store, log *slog.Logger, opt Options) *app {
	a := newApp(st, log, opt.Limits)
	a.auth = newAuth(opt.Password, opt.LoginsPerMinute, log)
	hosts := opt.Hosts
	if opt.BaseURL != "" {
		base, err := edge.ParseBaseURL(opt.BaseURL)
		if err != nil {
			log.Error("base URL ignored", "base_url", opt.BaseURL, "err", err)
		} else {
			a.base = base
			hosts = append(hosts[:len(hosts):len(hosts)], base.Host)
		}
	}
	a.hosts = edge.NewHostCheck(hosts, log)
	a.proxies = opt.TrustedProxies
	a.done = opt.Done
	a.listen = opt.ListenAddr
	a.offline = opt.Offline
	a.version = opt.Version
	if a.metrics = opt.Metrics; a.metrics != nil {
		a.metrics.appGauges(a)
	}
	if opt.GamesPerMinute != 0 {
		a.games = edge.NewClientLimiter(opt.GamesPerMinute, opt.GamesPerMinute, edge.MaxClients)
	}
	a.onExplain = opt.OnExplain
	a.streams = edge.NewStreamGate(opt.StreamsPerClient, opt.Streams)
	a.requests = edge.NewRequestRate(opt.RequestsPerMinute)
	a.importVolume = edge.NewVolume(opt.ImportedGamesPerHour)
	if opt.PageBudget > 0 {
		a.pageBudget = opt.PageBudget
	}
	return a
}

func newApp(st table.Store, log *slog.Logger, lim Limits) *app {
	return &app{store: st, table: table.New(st), entering: newEntering(), shortCodes: newShortCodes(), log: log, solves: newSolveSlots(newPartyCache(), lim, log),
		games:       edge.NewClientLimiter(gamesPerMinute, gamesBurst, edge.MaxClients),
		imports:     edge.NewClientLimiter(importsPerMinute, importsBurst, edge.MaxClients),
		seatChanges: edge.NewClientLimiter(seatChangesPerMinute, seatChangesPerMinute, edge.MaxClients),
		auth:        newAuth("", 0, log), hosts: edge.NewHostCheck(nil, log), live: edge.NewBroker(),
		scores:       newLRU[string, scoring.Result](maxCachedScores),
		shareImages:  newLRU[string, []byte](maxCachedShareImages),
		explanations: newLRU[string, any](maxCachedExplanations),
		streams:      edge.NewStreamGate(0, 0), pageBudget: defaultPageBudget,
		draws: edge.NewSlots(drawSlots), exports: edge.NewSlots(exportSlots), summarizing: make(chan struct{}, 1),
		playerPages: newLRU[string, scoring.PlayerStats](maxCachedPlayers)}
}

// handler is the router in its wrappers.
func (a *app) handler() http.Handler {
	var h http.Handler = a.router()
	h = a.limitBody(h)
	cop := http.NewCrossOriginProtection()
	// A phone running the offline site sends its games to a table server
	// from another origin (offline.go, allowSend).
	cop.AddInsecureBypassPattern("POST /api/games")
	h = cop.Handler(h)
	h = edge.Gzip(h)
	h = noGzipForEvents(h)
	h = allowSend(h)
	h = a.checkHost(h)
	h = edge.SecurityHeaders(h)
	h = a.limitRequests(h)
	h = a.logged(h)
	return edge.FromProxy(a.proxies, a.base != nil && a.base.Scheme == "https", h)
}

// router is the app's routes, without the wrappers (a test walks them).
func (a *app) router() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.RedirectTrailingSlash = true
	if a.metrics != nil {
		r.Use(a.metrics.count)
	}
	r.Use(a.recover, pickLanguage, a.requireLogin, a.publishWrites)
	if a.offline {
		r.Use(a.offlineOnly)
	}
	if a.metrics != nil {
		r.GET("/metrics", gin.WrapH(a.metrics.handler()))
	}

	assets := gin.WrapH(static.Handler())
	r.GET("/static/*file", assets)
	r.HEAD("/static/*file", assets)

	r.GET("/", a.home)
	r.GET("/rules", a.rules)
	r.GET("/healthz", a.healthz)
	r.HEAD("/healthz", a.healthz)
	r.GET("/solve", a.solvePage)
	r.GET("/check", a.checkPage)
	r.POST("/check", a.checkPost)
	r.GET("/players", a.players)
	r.GET("/records", a.records)
	r.GET("/players/:name", a.player)
	r.GET("/players/:name/rename", a.renameForm)
	r.POST("/players/:name/rename", a.rename)
	r.GET("/games/:id/card", a.gameResultSheet)
	r.GET("/games/:id/card.png", a.gameShareImage)
	r.HEAD("/games/:id/card.png", a.gameShareImage)
	r.GET("/s/:token", a.sharedResultSheet)
	r.HEAD("/s/:token", a.sharedResultSheet) // a link checker asks first (issue 44)
	r.GET("/s/:token/card.png", a.sharedShareImage)
	r.HEAD("/s/:token/card.png", a.sharedShareImage)
	r.POST("/games/:id/share", a.newShare)
	r.POST("/games/:id/share/revoke", a.revokeShare)
	r.GET("/games/:id/export", a.exportGame)
	r.GET("/games/:id/bgstats", a.bgstatsGame)
	r.GET("/export", a.exportPage)
	r.GET("/export/games.json", a.exportGate, a.exportAll)
	r.GET("/export/results.csv", a.exportGate, a.exportCSV)
	r.GET("/export/bgstats.json", a.exportGate, a.exportBGStats)
	r.GET("/import", a.importForm)
	r.POST("/import", a.importPost)
	r.GET("/login", a.loginForm)
	r.POST("/login", a.login)
	r.GET("/join", a.joinCodeForm)
	r.POST("/join", a.joinByCode)
	r.GET("/logout", a.logoutForm)
	r.POST("/logout", a.logout)
	r.GET("/games/new", a.newGame)
	r.POST("/games", a.createGame)
	r.GET("/games/:id", a.game)
	r.GET("/games/:id/events", a.events)
	r.GET("/games/:id/screen", a.screen)
	r.GET("/games/:id/join", a.joinForm)
	r.POST("/games/:id/join", a.join)
	r.GET("/games/:id/invite", a.invite)
	r.GET("/games/:id/invite.png", a.inviteQR)
	r.GET("/games/:id/about", a.aboutForm)
	r.POST("/games/:id/about", a.saveAbout)
	r.GET("/games/:id/rematch", a.rematchForm)
	r.POST("/games/:id/rematch", a.rematch)
	r.GET("/games/:id/delete", a.deleteForm)
	r.POST("/games/:id/delete", a.deleteGame)
	r.POST("/games/:id/restore", a.restoreGame)
	r.GET("/games/:id/rounds/:r", a.roundResults)
	r.GET("/games/:id/rounds/:r/reveal", a.revealForm)
	r.POST("/games/:id/rounds/:r/reveal", a.reveal)
	r.GET("/games/:id/rounds/:r/players/:p", a.entryForm)
	r.POST("/games/:id/rounds/:r/players/:p", a.saveEntry)
	r.GET("/games/:id/solve", a.entrySolve)
	r.GET("/games/:id/final", a.final)
	r.GET("/games/:id/final/:p", a.finalForm)
	r.POST("/games/:id/final/:p", a.saveFinal)

	api := r.Group("/api")
	api.POST("/solve", a.apiSolve)
	api.POST("/check", a.apiCheck)
	api.POST("/score", a.apiScore)
	api.POST("/games", a.apiCreateGame)
	api.GET("/games/:id", a.apiGame)
	api.GET("/games/:id/score", a.apiGameScore)
	api.PUT("/games/:id/rounds/:r/entries/:p", a.apiPutEntry)

	r.NoRoute(func(c *gin.Context) { a.notFound(c, views.NoSuchPageText) })
	r.NoMethod(func(c *gin.Context) {
		a.fail(c, &refusal{status: http.StatusMethodNotAllowed, message: "method not allowed",
			title: views.NotAllowedTitle, text: views.NotAllowedText})
	})
	return r
}

// limitBody caps every request body, so a huge upload fails fast with 413
// instead of filling memory.
func (a *app) limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := bodyLimit(r)
		if r.ContentLength > limit {
			a.answerError(w, r, formBefore(r), &refusal{status: http.StatusRequestEntityTooLarge,
				message: "request body too large (limit 64 KiB)", header: closeAfter})
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

// recover turns a panic into a logged 500 rather than a dropped connection.
func (a *app) recover(c *gin.Context) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			a.logger(c.Request.Context()).Error("panic", "path", clip(c.Request.URL.Path), "panic", fmt.Sprint(v))
			a.fail(c, fmt.Errorf("panic: %v", v))
		}
	}()
	c.Next()
}

func isAPI(c *gin.Context) bool {
	return isAPIPath(c.Request.URL.Path) || c.GetBool(answersJSON)
}

// isAPIPath reports whether path is the API's, whose answers are JSON.
func isAPIPath(path string) bool { return strings.HasPrefix(path, "/api/") }

// answersJSON marks a request (c.Set) whose handler answers JSON though
// its path is a page's, such as the entry page's live solve: its errors
// then come as the API's.
const answersJSON = "answersJSON"

// page renders a full page through templ's buffered handler, so a render
// error becomes a clean 500 instead of half a page.
func (a *app) page(c *gin.Context, status int, comp templ.Component) {
	a.render(c.Writer, c.Request, status, comp)
	c.Abort()
}

// render is page without the router, for the error path.
func (a *app) render(w http.ResponseWriter, r *http.Request, status int, comp templ.Component) {
	if edge.BodyFailure(r) != nil {
		// The failed read cancelled the context, but the client still
		// waits for the page that says so; templ would stop at once.
		r = r.WithContext(context.WithoutCancel(r.Context()))
	}
	templ.Handler(comp,
		templ.WithStatus(status),
		templ.WithErrorHandler(func(r *http.Request, err error) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if a.clientGone(r, err) { // templ stops at a done context
					return
				}
				a.logger(r.Context()).Error("render", "path", clip(r.URL.Path), "err", err)
				http.Error(w, "Something went wrong while drawing this page.", http.StatusInternalServerError)
			})
		}),
	).ServeHTTP(w, r)
}

// seeOther is the answer to a successful form: POST → 303 → GET.
func seeOther(c *gin.Context, url string) {
	c.Redirect(http.StatusSeeOther, url)
	c.Abort()
}

// loadGame reads the game named in the URL.
func (a *app) loadGame(c *gin.Context) (store.StoredGame, bool) {
	g, err := a.store.Game(c.Request.Context(), c.Param("id"))
	if err != nil {
		a.fail(c, err)
		return store.StoredGame{}, false
	}
	return g, true
}

// loadScored loads the game named in the URL and scores it; on failure it
// has already answered.
func (a *app) loadScored(c *gin.Context) (store.StoredGame, scoring.Result, bool) {
	g, ok := a.loadGame(c)
	if !ok {
		return g, scoring.Result{}, false
	}
	res, err := a.scoreGame(c.Request.Context(), g)
	if err != nil {
		a.failScoring(c, g, err)
		return g, res, false
	}
	return g, res, true
}

// failScoring answers a game that could not be scored. A page of a game
// that breaks a rule sends the phone to the game's page, which shows the
// problem and the way to fix it, never "no such page".
func (a *app) failScoring(c *gin.Context, g store.StoredGame, err error) {
	var fe *scoring.FieldError
	if errors.As(err, &fe) && !isAPI(c) {
		seeOther(c, views.GameURL(g.ID))
		return
	}
	a.fail(c, err)
}

func (a *app) rules(c *gin.Context) { a.page(c, http.StatusOK, views.Rules()) }
