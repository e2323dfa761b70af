package handlers

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/store"
)

// healthWait bounds the health check: a supervisor asks often and wants
// an answer, not a wait behind a long write.
const healthWait = 2 * time.Second

// healthChecker is a store that can say whether a save would succeed
// now, and why not (store.Store's Health); a store without it is checked
// with Ping alone.
type healthChecker interface {
	Health(ctx context.Context) error
}

// schemaTeller is a store that names its schema version.
type schemaTeller interface {
	SchemaVersion(ctx context.Context) (int, error)
}

// healthz answers a supervisor (systemd, a container runtime, a proxy,
// Prometheus' blackbox): 200 when a save would succeed, else 503 with
// the failed check and its reason. Both carry the program's version and
// the database's schema version. It needs no password and names no game
// and no path.
func (a *app) healthz(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	ctx, cancel := context.WithTimeout(c.Request.Context(), healthWait)
	defer cancel()
	body := gin.H{"status": "ok", "version": a.version}
	if st, ok := a.store.(schemaTeller); ok {
		if v, err := st.SchemaVersion(ctx); err == nil {
			body["schema"] = v
		}
	}
	var err error
	if h, ok := a.store.(healthChecker); ok {
		err = h.Health(ctx)
	} else {
		err = a.store.Ping(ctx)
	}
	if err != nil {
		body["status"] = "unavailable"
		var he *store.HealthError
		if errors.As(err, &he) {
			body["check"], body["reason"] = he.Check, he.Reason
		} else {
			body["check"], body["reason"] = "database", "the database does not answer"
		}
		// Not logged here (quiet): a monitor asks every few seconds, and
		// the store logs the fault once when it starts and once when it
		// ends.
		c.Set(answersJSON, true)
		a.fail(c, &refusal{status: http.StatusServiceUnavailable, message: "unavailable", body: body,
			retryAfter: retryAfter, quiet: true})
		return
	}
	c.JSON(http.StatusOK, body)
}
