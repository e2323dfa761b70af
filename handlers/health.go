package handlers

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// healthWait bounds the health check's query: a supervisor asks often
// and wants an answer, not a wait behind a long write.
const healthWait = 2 * time.Second

// healthz answers a supervisor (systemd, a container runtime, a proxy):
// 200 when the database answers a query, else 503. It needs no password
// and says nothing of the games.
func (a *app) healthz(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	ctx, cancel := context.WithTimeout(c.Request.Context(), healthWait)
	defer cancel()
	if err := a.store.Ping(ctx); err != nil {
		a.logger(c.Request.Context()).Warn("health check failed", "err", err)
		c.Header("Retry-After", "5")
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "unavailable"})
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ok"})
}
