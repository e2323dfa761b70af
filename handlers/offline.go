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
		a.notFound(c, "Table mode does not apply on a phone with no server: there is no join link to draw.")
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
