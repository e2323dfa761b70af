package handlers

import (
	"crypto/hkdf"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/securecookie"

	"ruthless/views"
)

// The table password. Without one the app is open to anyone who reaches
// it. With one, a phone logs in once and keeps a signed session cookie;
// a script sends the password itself as a bearer token.
const (
	sessionCookie = "ruthless_session"
	sessionAge    = 30 * 24 * time.Hour

	// Wrong passwords, per client: five at once, then one every 12 s.
	// A table mistypes a few times; a guesser gets 7,200 tries a day.
	loginsPerMinute = 5
	loginBurst      = 5
	// loginClients bounds the limiter's memory (see buckets).
	loginClients = 10_000

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

func newAuth(password string, log *slog.Logger) *auth {
	au := &auth{tries: newLoginLimiter(loginsPerMinute, loginBurst, loginClients)}
	if password == "" {
		return au
	}
	au.sum = sha256.Sum256([]byte(password))
	key, err := pbkdf2.Key(sha256.New, password, []byte(kdfSalt), kdfRounds, 32)
	if err == nil {
		key, err = hkdf.Key(sha256.New, key, nil, "securecookie hash key", 64)
	}
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
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil,
	})
	return nil
}

func clearSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil,
	})
}

// publicPath is what anyone may fetch: the login and logout pages and the
// assets they are drawn with.
func publicPath(p string) bool {
	return p == "/login" || p == "/logout" || strings.HasPrefix(p, "/static/")
}

// requireLogin lets a request through when the app is open, the path is
// public, or it carries a session cookie, a game's join code (that game's
// pages and the helpers, see joined) or (API only) the password as a
// bearer token. Otherwise a page goes to the login form, and the API and
// a page's event stream answer 401.
func (a *app) requireLogin(c *gin.Context) {
	r := c.Request
	if a.auth.open() || publicPath(r.URL.Path) || a.auth.hasSession(r) {
		c.Next()
		return
	}
	if game := a.auth.joined(c.Writer, r); game != "" {
		// The pages drawn for it show only the links it can open.
		c.Request = r.WithContext(views.WithGuest(r.Context(), gameURL(game)))
		c.Next()
		return
	}
	if !isAPI(c) && wantsEvents(r) {
		// An EventSource follows a redirect to the login form, finds no
		// stream there and stops for good, leaving the page to look live
		// while it is not. A 401 is what live.js asks about to tell the
		// phone it was signed out.
		c.Header("Cache-Control", "no-store")
		c.String(http.StatusUnauthorized, "Signed out: log in again at /login.\n")
		c.Abort()
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
		c.Header("WWW-Authenticate", `Bearer realm="ruthless"`)
		c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "this server needs the table password: send it in the header Authorization: Bearer PASSWORD", "field": ""})
		return
	}
	right, wait := a.auth.tries.check(loginClient(r), time.Now(), func() bool { return a.auth.matches(token) })
	switch {
	case wait > 0:
		c.Header("Retry-After", retrySeconds(wait))
		c.AbortWithStatusJSON(http.StatusTooManyRequests, gin.H{"error": "too many wrong passwords from this client; try again in " + waitText(wait), "field": ""})
	case !right:
		a.logger(r.Context()).Warn("wrong bearer password", "client", loginClient(r))
		c.Header("WWW-Authenticate", `Bearer realm="ruthless", error="invalid_token"`)
		c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "wrong password", "field": ""})
	default:
		c.Next()
	}
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

// loginForm shows the password form.
func (a *app) loginForm(c *gin.Context) {
	next := safeNext(c.Query("next"))
	if a.auth.open() || a.auth.hasSession(c.Request) {
		seeOther(c, next)
		return
	}
	a.page(c, http.StatusOK, views.Login(views.LoginView{Next: next}))
}

// login checks the password and gives the phone its session cookie.
// Wrong tries are limited per client (429 with Retry-After); a wrong or
// missing password re-renders the form with 422.
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
		vm.Errors = views.Errors{"password": "Type the table password."}
		a.page(c, http.StatusUnprocessableEntity, views.Login(vm))
		return
	}
	client := loginClient(c.Request)
	right, wait := a.auth.tries.check(client, time.Now(), func() bool { return a.auth.matches(password) })
	switch {
	case wait > 0:
		c.Header("Retry-After", retrySeconds(wait))
		vm.Errors = views.Errors{"form": "Too many wrong passwords from this phone. Wait " + waitText(wait) + ", then try again."}
		a.page(c, http.StatusTooManyRequests, views.Login(vm))
	case !right:
		a.logger(c.Request.Context()).Warn("wrong password", "client", client)
		vm.Errors = views.Errors{"password": "That is not the table password."}
		a.page(c, http.StatusUnprocessableEntity, views.Login(vm))
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

// loginClient is who the wrong tries are counted for: the connection's
// address (the app is served directly, so X-Forwarded-For would let a
// client pick its own), an IPv6 one by its /64, which one machine
// usually has whole.
func loginClient(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.WithZone("").Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

func retrySeconds(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}

func waitText(d time.Duration) string {
	if n := retrySeconds(d); n != "1" {
		return n + " seconds"
	}
	return "1 second"
}

// loginLimiter counts wrong passwords per client in token buckets: a
// right password costs nothing, a wrong one a token, and a client with
// none left is not even checked until one is back. Only clients with a
// wrong try have a bucket.
type loginLimiter struct {
	mu    sync.Mutex
	fails buckets
}

func newLoginLimiter(perMinute, burst, maxClients int) *loginLimiter {
	return &loginLimiter{fails: newBuckets(perMinute, burst, maxClients)}
}

// check runs right (a password comparison) for client unless the client
// is out of tries, in which case it returns how long until the next. The
// comparison runs under the lock, so parallel guesses cannot outrun the
// count.
func (l *loginLimiter) check(client string, now time.Time, right func() bool) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if f := l.fails.clients[client]; f != nil {
		if tokens := f.lim.TokensAt(now); tokens < 1 {
			// Rounded up to the millisecond, so that at now+wait a try is back.
			return false, time.Duration(math.Ceil((1-tokens)/float64(l.fails.every)*1000)) * time.Millisecond
		}
	}
	if right() {
		return true, 0
	}
	l.fails.get(client, now).lim.AllowN(now, 1)
	return false, 0
}
