//go:build nometrics

package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// Metrics is empty in a build with the nometrics tag (the offline site,
// make offline): nothing on a phone scrapes them, and the Prometheus
// client is some 2 MB of its WebAssembly (docs/offline.md). NewMetrics
// then returns nil, which NewWithOptions takes as "no metrics".
type Metrics struct{}

// NewMetrics is nil: this build has no metrics.
func NewMetrics() *Metrics { return nil }

// Gauge does nothing: this build has no metrics.
func (m *Metrics) Gauge(string, string, func() float64) {}

func (m *Metrics) count(c *gin.Context) { c.Next() }

func (m *Metrics) appGauges(*app) {}

func (m *Metrics) handler() http.Handler { return http.NotFoundHandler() }

func (m *Metrics) refusedSave(string) {}

// Counter does nothing: this build has no metrics.
func (m *Metrics) Counter(string, string, func() float64) {}

func (m *Metrics) countBeforeRouting(int) {}
