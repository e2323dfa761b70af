package handlers

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/views"
	"ruthless/views/lang"
)

// langCookie remembers the language a phone chose with ?lang=, so every
// later page speaks it without the parameter.
const langCookie = "lang"

// langCookieAge is how long the choice is kept: a table that plays once
// a month still finds its language.
const langCookieAge = 400 * 24 * 60 * 60

// pickLanguage chooses the language of the page being answered and puts
// it in the request's context for views: ?lang= (remembered in a
// cookie), else the cookie, else the browser's Accept-Language, else
// English. The JSON API, the game file and the logs stay English
// whatever it picks: they are machines' and admins' words.
func pickLanguage(c *gin.Context) {
	if wordless(c.Request.URL.Path) {
		c.Next()
		return
	}
	l := chooseLanguage(c.Writer, c.Request)
	h := c.Writer.Header()
	h.Set("Content-Language", l.Code())
	// The same address answers in another language for another phone:
	// caches must keep them apart.
	h.Add("Vary", "Accept-Language, Cookie")
	ctx := views.WithAddress(lang.With(c.Request.Context(), l), c.Request.Method, c.Request.URL)
	c.Request = c.Request.WithContext(ctx)
	c.Next()
}

// chooseLanguage is the request's language; a valid ?lang= also sets the
// cookie. An unknown ?lang= is ignored rather than refused: a link typed
// with a typo still opens its page.
func chooseLanguage(w http.ResponseWriter, r *http.Request) lang.Lang {
	if l, ok := lang.Find(r.URL.Query().Get("lang")); ok {
		http.SetCookie(w, &http.Cookie{
			Name: langCookie, Value: l.Code(), Path: "/", MaxAge: langCookieAge,
			SameSite: http.SameSiteLaxMode, Secure: edge.SecureCookie(r),
		})
		return l
	}
	return pageLanguage(r)
}

// pageLanguage is the language of an answer to r: the one pickLanguage
// chose, or for a request refused before it ran (a rate limit, the host
// check), the one it would choose, without setting the cookie.
func pageLanguage(r *http.Request) lang.Lang {
	if l, ok := lang.Find(r.URL.Query().Get("lang")); ok {
		return l
	}
	if ck, err := r.Cookie(langCookie); err == nil {
		if l, ok := lang.Find(ck.Value); ok {
			return l
		}
	}
	return lang.FromAcceptLanguage(r.Header.Get("Accept-Language"))
}

// wordless reports whether path answers the same in every language: the
// site's static files (kept by caches once for everyone), the JSON API
// and the admin's endpoints.
func wordless(path string) bool {
	for _, prefix := range []string{"/static/", "/api/", "/healthz", "/metrics"} {
		if strings.HasPrefix(path, prefix) {
			return true
		}
	}
	return false
}
