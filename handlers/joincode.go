package handlers

import (
	"crypto/rand"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/views"
)

// Short join codes (issue 41, item 2): a code of six characters the host
// reads out across the table, for a phone whose camera cannot take the
// QR code and whose player will not type a 70-character link. A phone
// types it at /join and is sent on to the game's join link, the long code
// included when the table has a password, so it gets exactly what the
// link gives. A code is good while the invite it was shown on is (the
// long code's end, inviteLife), is guessed under the same limits as the
// password, and lives in the server's memory: after a restart the invite
// page shows a new one.

// shortCodeAlphabet leaves out the letters and digits read or typed for
// one another (0 O, 1 I L).
const shortCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// shortCodeLen is the code's length: 31^6, about 887 million codes, for
// at most maxShortCodes live at once, under the password's guessing limits.
const shortCodeLen = 6

// maxShortCodes bounds the codes kept; past it, the oldest go first.
const maxShortCodes = 10_000

// shortCode is where a code leads and until when.
type shortCode struct {
	game   string
	target string // the join link's path and query
	until  time.Time
}

// shortCodes are the live codes, by code and by game.
type shortCodes struct {
	mu     sync.Mutex
	now    func() time.Time
	byCode map[string]shortCode
	ofGame map[string]string
}

func newShortCodes() *shortCodes {
	return &shortCodes{now: time.Now, byCode: map[string]shortCode{}, ofGame: map[string]string{}}
}

// issue is game's code leading to target until then: the one it has while
// that is live (the invite shown again keeps its code), else a new one.
func (s *shortCodes) issue(game, target string, until time.Time) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if code, ok := s.ofGame[game]; ok {
		if sc := s.byCode[code]; sc.until.After(now) {
			sc.target, sc.until = target, until
			s.byCode[code] = sc
			return code
		}
		s.drop(code)
	}
	if len(s.byCode) >= maxShortCodes {
		s.dropOldest(now)
	}
	for {
		code := randomCode()
		if _, taken := s.byCode[code]; !taken {
			s.byCode[code] = shortCode{game: game, target: target, until: until}
			s.ofGame[game] = code
			return code
		}
	}
}

// redeem is where code leads ("" for no live code); it forgives case,
// spaces and dashes.
func (s *shortCodes) redeem(code string) (shortCode, bool) {
	code = normalCode(code)
	s.mu.Lock()
	defer s.mu.Unlock()
	sc, ok := s.byCode[code]
	if !ok {
		return shortCode{}, false
	}
	if !sc.until.After(s.now()) {
		s.drop(code)
		return shortCode{}, false
	}
	return sc, true
}

// drop forgets code; the caller holds mu.
func (s *shortCodes) drop(code string) {
	if sc, ok := s.byCode[code]; ok {
		delete(s.ofGame, sc.game)
		delete(s.byCode, code)
	}
}

// dropOldest forgets the codes that have ended, else the one that ends
// first; the caller holds mu.
func (s *shortCodes) dropOldest(now time.Time) {
	first := ""
	for code, sc := range s.byCode {
		if !sc.until.After(now) {
			s.drop(code)
			continue
		}
		if first == "" || sc.until.Before(s.byCode[first].until) {
			first = code
		}
	}
	if len(s.byCode) >= maxShortCodes && first != "" {
		s.drop(first)
	}
}

// randomCode is shortCodeLen characters of shortCodeAlphabet, chosen by
// crypto/rand without bias (rand.Text's way, with our alphabet).
func randomCode() string {
	var b [shortCodeLen]byte
	n := byte(len(shortCodeAlphabet))
	limit := 256 - 256%int(n)
	var one [1]byte
	for i := range b {
		for {
			_, _ = rand.Read(one[:])
			if int(one[0]) < limit {
				b[i] = shortCodeAlphabet[one[0]%n]
				break
			}
		}
	}
	return string(b[:])
}

// normalCode is a typed code as issued: upper case, without the spaces
// and dashes a player may type between its halves.
func normalCode(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ' || r == '-' || r == '\u00a0':
			return -1
		case 'a' <= r && r <= 'z':
			return r - 'a' + 'A'
		}
		return r
	}, strings.TrimSpace(s))
}

// joinCodeForm is GET /join: the box a phone types a code into.
func (a *app) joinCodeForm(c *gin.Context) {
	a.page(c, http.StatusOK, views.JoinCode(views.JoinCodeView{Code: c.Query("code")}))
}

// joinByCode is POST /join: a live code sends the phone on to its game's
// join link; a wrong one is counted as a wrong password is (loginLimiter)
// and the form comes back with the code as typed.
func (a *app) joinByCode(c *gin.Context) {
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	typed := c.Request.PostForm.Get("code")
	vm := views.JoinCodeView{Code: typed}
	if normalCode(typed) == "" {
		vm.Problem = views.JoinCodeEmpty
		a.fail(c, drawnOn(errWrongJoinCode, views.JoinCode(vm)))
		return
	}
	client := loginClient(c.Request)
	ctx, cancel := a.untilShutdown(c.Request.Context())
	defer cancel()
	var sc shortCode
	v := a.auth.tries.try(ctx, client, func() bool {
		var ok bool
		sc, ok = a.shortCodes.redeem(typed)
		return ok && !a.inviteOver(ctx, sc.game)
	}, holdWriteDeadline(c))
	switch v.outcome {
	case loginLimited:
		a.logger(c.Request.Context()).Warn("wrong join code, over the limit", "client", client)
		vm.Problem, vm.Retry = views.JoinCodeLimited, v.retry
		a.fail(c, drawnOn(&refusal{status: http.StatusTooManyRequests, message: "too many wrong join codes",
			field: "code", retryAfter: retrySeconds(v.retry)}, views.JoinCode(vm)))
	case loginWrong:
		a.logger(c.Request.Context()).Warn("wrong join code", "client", client)
		vm.Problem = views.JoinCodeUnknown
		a.fail(c, drawnOn(errWrongJoinCode, views.JoinCode(vm)))
	default:
		seeOther(c, sc.target)
	}
}
