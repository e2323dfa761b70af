package handlers

import (
	"context"
	"crypto/hkdf"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/securecookie"
	"golang.org/x/time/rate"

	"ruthless/edge"
	"ruthless/views"
	"ruthless/views/lang"
)

// The table password. Without one the app is open to anyone who reaches
// it. With one, a phone logs in once and keeps a signed session cookie;
// a script sends the password itself as a bearer token.
const (
	sessionCookie = "ruthless_session"
	sessionAge    = 30 * 24 * time.Hour

	// Wrong passwords, per client (an address, an IPv6 /64): five at
	// once, then one every 12 s. A table mistypes a few times; a guesser
	// at one address learns of at most 7,200 wrong guesses a day.
	loginsPerMinute = 5
	loginBurst      = 5
	// Wrong passwords of all clients together: past 30 a minute, every
	// wrong answer is held for as long as the shared budget says, up to
	// loginTotalHold, so that a crowd of addresses guessing at once is
	// slowed down as a whole, while the right password still gets in.
	loginsTotalPerMinute = 30
	loginTotalBurst      = 30
	loginTotalHold       = time.Minute
	// loginClients bounds the limiter's memory (see edge.Buckets).
	loginClients = 10_000
	// loginMaxHold is the longest a wrong password's answer is held. It
	// is longer than the server's write timeout, which a held answer
	// lifts for itself (holdWriteDeadline): a guesser's parallel tries
	// queue up behind its own limit (one every 12 s), and the longest
	// such queue is the connections a client may hold (the server's
	// per-client connection cap, 32, times 12 s is 6.4 min).
	loginMaxHold = 8 * time.Minute

	// The cookie key is derived from the password, so sessions outlive a
	// restart and a new password ends them all. PBKDF2 with OWASP's
	// 600,000 rounds of SHA-256 (0.1 s, once at start) keeps a stolen
	// cookie from being a fast test of password guesses.
	kdfRounds = 600_000
	kdfSalt   = "ruthless table password: session cookie key, v1"
)

// auth is the table password; an auth with no cookies is an open app.
type auth struct {
	sum     [sha256.Size]byte // of the password, compared in constant time
	cookies *securecookie.SecureCookie
	key     []byte // the session key, which also signs join codes (invite.go)
	tries   *loginLimiter
}

// session is what the cookie holds: securecookie signs it and stamps the
// time it was made, and refuses it once sessionAge has passed.
type session struct {
	V int `json:"v"`
}

// newAuth is the table password's guard, with perMinute wrong passwords
// a minute per client (0: loginsPerMinute; below 0, no limit).
func newAuth(password string, perMinute int, log *slog.Logger) *auth {
	au := &auth{}
	if lim := loginLimitsOf(perMinute); lim != nil {
		au.tries = newLoginLimiter(*lim)
	}
	if password == "" {
		return au
	}
	au.sum = sha256.Sum256([]byte(password))
	key, err := sessionKeys.derive(au.sum, password)
	if err != nil {
		// Only a crypto module that refuses the derivation gets here; a
		// random key still protects, but sessions end with the process.
		log.Warn("session key not derived from the password; logins last until a restart", "err", err)
		key = make([]byte, 64)
		rand.Read(key)
	}
	au.key = key
	au.cookies = securecookie.New(key, nil).MaxAge(int(sessionAge.Seconds())).SetSerializer(securecookie.JSONEncoder{})
	return au
}

// sessionKeys remembers the session keys derived in this process.
var sessionKeys = keyMemo{keys: map[[32]byte][]byte{}, limit: 16}

// keyMemo holds each password's session key once derived, by the
// password's SHA-256 (which auth keeps anyway). The derivation is slow
// on purpose, 0.1 s, and ten times that under the race detector: a
// process that builds its handlers again with the same password pays it
// once (handlers' tests build some forty servers with a password; they
// spent 40 CPU seconds deriving under the race detector). It keeps at
// most limit keys: a server has one password at a time.
type keyMemo struct {
	mu    sync.Mutex
	keys  map[[32]byte][]byte
	limit int
}

// derive returns the session key for password, whose SHA-256 is sum:
// PBKDF2 with kdfRounds rounds, then HKDF to securecookie's 64 bytes.
func (m *keyMemo) derive(sum [32]byte, password string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if key, ok := m.keys[sum]; ok {
		return key, nil
	}
	key, err := pbkdf2.Key(sha256.New, password, []byte(kdfSalt), kdfRounds, 32)
	if err == nil {
		key, err = hkdf.Key(sha256.New, key, nil, "securecookie hash key", 64)
	}
	if err == nil && len(m.keys) < m.limit {
		m.keys[sum] = key
	}
	return key, err
}

// open reports whether the app needs no password.
func (au *auth) open() bool { return au.cookies == nil }

// matches compares a typed password with the table's in constant time.
func (au *auth) matches(password string) bool {
	sum := sha256.Sum256([]byte(password))
	return subtle.ConstantTimeCompare(sum[:], au.sum[:]) == 1
}

// hasSession reports whether r carries a cookie this server signed, less
// than sessionAge ago.
func (au *auth) hasSession(r *http.Request) bool {
	ck, err := r.Cookie(sessionCookie)
	if err != nil {
		return false
	}
	var s session
	return au.cookies.Decode(sessionCookie, ck.Value, &s) == nil && s.V == 1
}

// setSession gives the phone its session cookie: unreadable to scripts,
// not sent on cross-site requests other than plain links, and only over
// TLS when the request came that way.
func (au *auth) setSession(w http.ResponseWriter, r *http.Request) error {
	v, err := au.cookies.Encode(sessionCookie, session{V: 1})
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: v, Path: "/",
		MaxAge: int(sessionAge.Seconds()), Expires: time.Now().Add(sessionAge),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: edge.SecureCookie(r),
	})
	return nil
}

func clearSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: edge.SecureCookie(r),
	})
}

// publicPath is what anyone may fetch: the login and logout pages, the
// short join code's form (joincode.go: a code is the key, guessed under
// the password's limits) and the assets they are drawn with.
func publicPath(p string) bool {
	return p == "/login" || p == "/logout" || p == "/healthz" || p == "/join" || strings.HasPrefix(p, "/static/") ||
		strings.HasPrefix(p, "/s/") // a share link: its token is the key (share.go)
}

// requireLogin lets a request through when the app is open, the path is
// public, or it carries a session cookie, a game's join code (that game's
// pages and the helpers, see joined) or (API only) the password as a
// bearer token. Otherwise a page goes to the login form, and the API and
// a page's event stream answer 401.
func (a *app) requireLogin(c *gin.Context) {
	r := c.Request
	// A write from another origin is never let in by the cookies a
	// browser adds to it (crossOriginWrite): only the bearer token.
	cookiesCount := !crossOriginWrite(r)
	if a.auth.open() || publicPath(r.URL.Path) || cookiesCount && a.auth.hasSession(r) {
		c.Next()
		return
	}
	game := ""
	if cookiesCount {
		game = a.auth.joined(c.Writer, r)
	}
	if game != "" && a.inviteOver(r.Context(), game) {
		game = ""
	}
	if game != "" {
		// The pages drawn for it show only the links it can open.
		c.Request = r.WithContext(views.WithGuest(r.Context(), views.GameURL(game)))
		c.Next()
		return
	}
	if !isAPI(c) && wantsEvents(r) {
		// An EventSource follows a redirect to the login form, finds no
		// stream there and stops for good, leaving the page to look live
		// while it is not. A 401 is what live.js asks about to tell the
		// phone it was signed out.
		a.fail(c, &refusal{status: http.StatusUnauthorized, message: "signed out: log in again at /login", header: noStore})
		return
	}
	if !isAPI(c) {
		to := "/login"
		if next := safeNext(nextFor(r)); next != "/" {
			to += "?next=" + url.QueryEscape(next)
		}
		seeOther(c, to)
		return
	}
	token, ok := bearer(r.Header.Get("Authorization"))
	if !ok {
		a.fail(c, &refusal{status: http.StatusUnauthorized,
			message: "this server needs the table password: send it in the header Authorization: Bearer PASSWORD",
			header:  map[string]string{"WWW-Authenticate": `Bearer realm="ruthless"`}})
		return
	}
	ctx, cancel := a.untilShutdown(r.Context())
	defer cancel()
	v := a.auth.tries.try(ctx, loginClient(r), func() bool { return a.auth.matches(token) }, holdWriteDeadline(c))
	switch v.outcome {
	case loginLimited:
		a.logger(r.Context()).Warn("wrong bearer password, over the limit", "client", loginClient(r))
		a.fail(c, &refusal{status: http.StatusTooManyRequests,
			message:    "wrong password, and too many wrong passwords from this client: the next try in " + waitText(v.retry),
			retryAfter: retrySeconds(v.retry)})
	case loginWrong:
		a.logger(r.Context()).Warn("wrong bearer password", "client", loginClient(r))
		a.fail(c, &refusal{status: http.StatusUnauthorized, message: "wrong password",
			header: map[string]string{"WWW-Authenticate": `Bearer realm="ruthless", error="invalid_token"`}})
	default:
		c.Next()
	}
}

// untilShutdown is ctx, also ended when the server shuts down, so that a
// held answer (loginLimiter) does not hold the shutdown up.
func (a *app) untilShutdown(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	if a.done != nil {
		go func() {
			select {
			case <-a.done:
				cancel()
			case <-ctx.Done():
			}
		}()
	}
	return ctx, cancel
}

// wantsEvents reports whether r asks for an event stream, as an
// EventSource always does.
func wantsEvents(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "text/event-stream")
}

// bearer reads an Authorization: Bearer header.
func bearer(h string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return strings.TrimSpace(token), true
}

// nextFor is the page to come back to after logging in: the page asked
// for, or for a form sent while logged out, the page the form was on.
func nextFor(r *http.Request) string {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return r.URL.RequestURI()
	}
	if ref, err := url.Parse(r.Referer()); err == nil && ref.Host == r.Host {
		return ref.RequestURI()
	}
	return "/"
}

// safeNext keeps only a path on this server, so the login form cannot
// send anyone to another site: not "//host", "/\host" or "https://host",
// nor anything with control characters, which browsers drop or mend.
func safeNext(next string) string {
	if len(next) < 1 || len(next) > 2000 || next[0] != '/' || strings.HasPrefix(next, "//") {
		return "/"
	}
	for _, r := range next {
		if r < 0x20 || r == 0x7f || r == '\\' {
			return "/"
		}
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" ||
		u.Path == "/login" || u.Path == "/logout" {
		return "/"
	}
	return next
}

// errWrongPassword is the refusal of a wrong or missing password, within
// the client's limit: the form again, 422.
var errWrongPassword = &refusal{status: http.StatusUnprocessableEntity, message: "not the table password", field: "password"}

// errWrongJoinCode is a short join code that leads nowhere now (joincode.go).
var errWrongJoinCode = &refusal{status: http.StatusUnprocessableEntity, message: "no game has this join code now", field: "code"}

// loginForm shows the password form.
func (a *app) loginForm(c *gin.Context) {
	next := safeNext(c.Query("next"))
	if a.auth.open() || a.auth.hasSession(c.Request) {
		seeOther(c, next)
		return
	}
	a.page(c, http.StatusOK, views.Login(views.LoginView{Next: next}))
}

// login checks the password and gives the phone its session cookie. The
// right password is let in whatever wrong ones came before; a wrong or
// missing one re-renders the form with 422, or with 429 and Retry-After
// once the client is over its limit (see loginLimiter).
func (a *app) login(c *gin.Context) {
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	form := c.Request.PostForm
	vm := views.LoginView{Next: safeNext(form.Get("next"))}
	if a.auth.open() {
		seeOther(c, vm.Next)
		return
	}
	password := strings.TrimSpace(form.Get("password"))
	if password == "" {
		vm.Errors = views.Errors{"password": views.PasswordEmptyText(lang.From(c.Request.Context()))}
		a.fail(c, drawnOn(errWrongPassword, views.Login(vm)))
		return
	}
	client := loginClient(c.Request)
	ctx, cancel := a.untilShutdown(c.Request.Context())
	defer cancel()
	v := a.auth.tries.try(ctx, client, func() bool { return a.auth.matches(password) }, holdWriteDeadline(c))
	switch v.outcome {
	case loginLimited:
		a.logger(c.Request.Context()).Warn("wrong password, over the limit", "client", client)
		vm.Errors = views.Errors{"password": views.PasswordLimitedText(lang.From(c.Request.Context()), v.retry)}
		a.fail(c, drawnOn(&refusal{status: http.StatusTooManyRequests, message: "too many wrong passwords",
			field: "password", retryAfter: retrySeconds(v.retry)}, views.Login(vm)))
	case loginWrong:
		a.logger(c.Request.Context()).Warn("wrong password", "client", client)
		vm.Errors = views.Errors{"password": views.PasswordWrongText(lang.From(c.Request.Context()))}
		a.fail(c, drawnOn(errWrongPassword, views.Login(vm)))
	default:
		if err := a.auth.setSession(c.Writer, c.Request); err != nil {
			a.fail(c, err)
			return
		}
		seeOther(c, vm.Next)
	}
}

// logoutForm asks before logging out: a link elsewhere cannot log a
// phone out by itself.
func (a *app) logoutForm(c *gin.Context) {
	if a.auth.open() {
		seeOther(c, "/")
		return
	}
	a.page(c, http.StatusOK, views.Logout())
}

// logout makes this phone forget its session cookie. A copy of the
// cookie stays valid until it expires; a new password ends every session.
func (a *app) logout(c *gin.Context) {
	if a.auth.open() {
		seeOther(c, "/")
		return
	}
	clearSession(c.Writer, c.Request)
	seeOther(c, "/login")
}

// loginLimitsOf is the login limits for perMinute wrong passwords a
// minute per client (0: loginsPerMinute); nil, no limit, below 0. All
// clients together get at least as many as one.
func loginLimitsOf(perMinute int) *loginLimits {
	switch {
	case perMinute < 0:
		return nil
	case perMinute == 0:
		perMinute = loginsPerMinute
	}
	return &loginLimits{
		perMinute: perMinute, burst: perMinute, clients: loginClients,
		totalPerMinute: max(loginsTotalPerMinute, perMinute), totalBurst: max(loginTotalBurst, perMinute),
		totalHold: loginTotalHold, maxHold: loginMaxHold,
	}
}

// loginClient is who the wrong tries are counted for: clientKey.
func loginClient(r *http.Request) string { return edge.ClientKey(r) }

func retrySeconds(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}

// waitText is a wait in words, for the API's messages as for pages.
func waitText(d time.Duration) string { return views.WaitText(d) }

// loginLimiter limits password guessing without ever keeping the right
// password out: a table behind one address (a home network's IPv6 /64, a
// router) must not be locked out by one phone that mistyped, nor by any
// number of guessers, at its address or elsewhere.
//
// So every password is checked first, as it comes, and the right one is
// let in at once, whoever sent it and whatever is held. What is limited
// is the answers to wrong ones: per client (a token bucket, as for new
// games) and for all clients together. Within the limits a wrong
// password is told at once; beyond them its answer is held until the
// client's next try is due (or, while a crowd is guessing, the shared
// budget's, up to loginTotalHold), then says 429 with Retry-After.
// Every answer to a wrong guess takes a turn: parallel guesses queue up
// behind each other, and a guesser that hangs up does not get its turn
// back. A guesser thus learns of wrong guesses no faster than its limit
// however it sends them; what a held answer costs the server (a waiting
// request and its connection) is bounded by the server's connection caps.
type loginLimiter struct {
	mu       sync.Mutex
	fails    edge.Buckets  // per client: a wrong password costs a token
	total    *rate.Limiter // every client's wrong passwords together
	lim      loginLimits
	now      func() time.Time
	holdFunc func(ctx context.Context, d time.Duration)
}

// loginLimits are a loginLimiter's numbers.
type loginLimits struct {
	perMinute, burst, clients  int
	totalPerMinute, totalBurst int
	// totalHold is the most the shared budget adds to a hold; maxHold
	// the longest hold of all.
	totalHold, maxHold time.Duration
}

// newLoginLimiter is a loginLimiter with the limits lim. (A nil
// loginLimiter limits nothing: every password is answered at once.)
func newLoginLimiter(lim loginLimits) *loginLimiter {
	return &loginLimiter{
		fails:    edge.NewBuckets(lim.perMinute, lim.burst, lim.clients),
		total:    rate.NewLimiter(rate.Limit(float64(lim.totalPerMinute)/60), lim.totalBurst),
		lim:      lim,
		now:      time.Now,
		holdFunc: hold,
	}
}

// loginOutcome is what became of a password.
type loginOutcome int

const (
	loginRight   loginOutcome = iota // let in
	loginWrong                       // wrong, within the limits: told at once
	loginLimited                     // wrong, over the limits: told after a hold
)

// loginVerdict is a loginOutcome and, for a limited one, when to try
// again.
type loginVerdict struct {
	outcome loginOutcome
	retry   time.Duration
}

// try checks a password (right compares it) for client, holding the
// answer to a wrong one over the limits (until ctx ends, at the latest).
// Before a hold, lift(d) lets the answer be written after it.
func (l *loginLimiter) try(ctx context.Context, client string, right func() bool, lift func(time.Duration)) loginVerdict {
	// First, before any count or hold: the right password gets in.
	if right() {
		return loginVerdict{outcome: loginRight}
	}
	if l == nil {
		return loginVerdict{outcome: loginWrong}
	}
	l.mu.Lock()
	now := l.now()
	mine := l.fails.Get(client, now).ReserveN(now, 1)
	all := l.total.ReserveN(now, 1)
	dMine, dAll := mine.DelayFrom(now), all.DelayFrom(now)
	if dAll > l.lim.totalHold {
		// The crowd's debt stops growing here, so that it clears soon
		// after the crowd stops; this answer still waits the longest.
		all.CancelAt(now)
		dAll = l.lim.totalHold
	}
	if dMine > l.lim.maxHold {
		mine.CancelAt(now)
		dMine = l.lim.maxHold
	}
	d := max(dMine, dAll)
	l.mu.Unlock()
	if d == 0 {
		return loginVerdict{outcome: loginWrong}
	}
	if lift != nil {
		lift(d)
	}
	// A held answer does nothing for anyone: its connection may make
	// room for a phone's (edge.ConnWatch).
	resume := edge.WaitingOnClient(ctx)
	l.holdFunc(ctx, d)
	resume()
	return loginVerdict{loginLimited, l.every()}
}

// every is the time between two wrong passwords of one client.
func (l *loginLimiter) every() time.Duration {
	return time.Duration(float64(time.Minute) / float64(l.lim.perMinute))
}

// hold keeps a wrong password's answer for d, or until ctx ends (the
// client hung up, the server stops).
func hold(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// holdWriteDeadline lets c's answer be written after a hold of d, beyond
// the server's write timeout (which would otherwise cut it, and tell a
// guesser as much as an answer).
func holdWriteDeadline(c *gin.Context) func(time.Duration) {
	return func(d time.Duration) {
		_ = http.NewResponseController(c.Writer).SetWriteDeadline(time.Now().Add(d + 10*time.Second))
	}
}

// crossOriginWrite reports whether r is a write (any method but GET,
// HEAD and OPTIONS) that a browser sent from another origin: its
// Sec-Fetch-Site says anything but same-origin, or its Origin names
// another host (a port is part of it). Such a request is never
// authenticated by cookies (issue 44: a page on another port of the
// table's laptop, or on a sibling subdomain, "same-site" for the
// browser, could make games with a player's cookie). The offline build's
// "Send this game to a table server" sends the bearer token, which still
// counts.
func crossOriginWrite(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" {
		return true
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return false
	}
	u, err := url.Parse(origin)
	return err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host)
}
