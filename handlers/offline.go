package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"ruthless/views"
)

// offlineOnly answers, in the browser build (Options.Offline), the routes
// of what needs a server the other phones reach: table mode's invites and
// join codes say once, plainly, that they do not apply, and the live event
// stream answers 204, which tells live.js's EventSource to stop (the page
// still works, as without JavaScript). Everything else goes on.
func (a *app) offlineOnly(c *gin.Context) {
	switch c.FullPath() {
	case "/games/:id/events":
		c.Status(http.StatusNoContent)
		c.Abort()
	case "/games/:id/invite", "/games/:id/join":
		a.page(c, http.StatusOK, views.OfflineNotice(views.OfflineNoticeView{Back: views.GameURL(c.Param("id"))}))
		c.Abort()
	case "/games/:id/invite.png":
		a.notFound(c, views.NoJoinLinkOfflineText)
		c.Abort()
	}
}

// offlineHome is the home page's word on the phone's own storage, in the
// browser build; nil on a server.
func (a *app) offlineHome(c *gin.Context) (*views.OfflineHome, error) {
	if !a.offline {
		return nil, nil
	}
	vs, err := a.store.GameVersions(c.Request.Context())
	if err != nil {
		return nil, err
	}
	return &views.OfflineHome{Games: len(vs)}, nil
}

// sendPath is where the offline site's "Send this game to a table server"
// posts a game file (static/offline.js).
const sendPath = "/api/games"

// allowSend lets a page of another origin — the offline site on a phone —
// post a game file to POST /api/games and read the answer (CORS), and
// answers the browser's preflight for it. Nothing else is opened: no
// other route, and no credentials (Access-Control-Allow-Origin is "*", so
// the browser sends no cookie; the session cookie is SameSite=Lax
// besides). A server with a password still wants it as the bearer token,
// and without one any client on its network may already post games.
func allowSend(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != sendPath || r.Header.Get("Origin") == "" {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		switch r.Method {
		case http.MethodOptions:
			h.Set("Access-Control-Allow-Origin", "*")
			h.Set("Access-Control-Allow-Methods", "POST")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type")
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		case http.MethodPost:
			h.Set("Access-Control-Allow-Origin", "*")
		}
		next.ServeHTTP(w, r)
	})
}
