//go:build !nometrics

// The offline build (make offline) leaves the metrics out with the
// nometrics tag (metrics_off.go): nobody scrapes a phone, and Prometheus'
// client brings protobuf's runtime, whose reflection keeps every exported
// method of the whole program in the WebAssembly file.

package handlers

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the web app's Prometheus metrics. The server makes one
// (NewMetrics) when asked for -metrics, adds its own (backups, database
// size) to Registry, and hands it to NewWithOptions; /metrics then
// serves them, behind the table password like every other page.
type Metrics struct {
	// Registry holds every metric /metrics serves.
	Registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	refused  *prometheus.CounterVec
}

// NewMetrics is an empty set of the app's metrics, with Go's runtime and
// process metrics beside them.
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "ruthless_http_requests_total",
			Help: "HTTP requests answered, by route (the pattern, not the path: no game ids) and status.",
		}, []string{"route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "ruthless_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route.",
			Buckets: []float64{.001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "ruthless_saves_refused_total",
			Help: "Writes (saves, new games, imports, ...) refused with 503 for a fault of the database, by fault: file, integrity, writable, disk_space, database (the checks of /healthz). The log says when a fault starts and ends, once each.",
		}, []string{"fault"}),
	}
	reg.MustRegister(m.requests, m.latency, m.refused,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// refusedSave counts a write refused for a fault of the database; a
// nil *Metrics counts nothing.
func (m *Metrics) refusedSave(kind string) {
	if m != nil {
		m.refused.WithLabelValues(kind).Inc()
	}
}

// Gauge adds a gauge whose value fn gives at each scrape.
func (m *Metrics) Gauge(name, help string, fn func() float64) {
	m.Registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, fn))
}

// Counter registers a counter read from fn when scraped.
func (m *Metrics) Counter(name, help string, fn func() float64) {
	m.Registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, fn))
}

// count is the gin middleware that counts each request under its route
// pattern; a request that matched no route counts as "unmatched", so
// that probes for random paths cannot grow the metrics without bound.
func (m *Metrics) count(c *gin.Context) {
	if routed, ok := c.Request.Context().Value(routedKey{}).(*bool); ok {
		*routed = true
	}
	start := time.Now()
	if c.Request.URL.Path == "/metrics" {
		// A scraper sends the password as a bearer token, as scripts do
		// to the API, and wants a 401 rather than the login form.
		c.Set(answersJSON, true)
	}
	c.Next()
	route := c.FullPath()
	if route == "" {
		route = "unmatched"
	}
	m.requests.WithLabelValues(route, strconv.Itoa(c.Writer.Status())).Inc()
	m.latency.WithLabelValues(route).Observe(time.Since(start).Seconds())
}

// appGauges adds the gauges only the app knows: solves and their queue,
// live event streams.
func (m *Metrics) appGauges(a *app) {
	m.Registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "ruthless_solves_total", Help: "Expensive solves (big or wild pools) and explanations started.",
	}, func() float64 { return float64(a.solves.runs.Load()) }))
	m.Gauge("ruthless_solves_running", "Expensive solves running now.", func() float64 { return float64(a.solves.running.Load()) })
	m.Gauge("ruthless_solves_queued", "Expensive solves waiting for a free slot.", func() float64 {
		a.solves.mu.Lock()
		flights := len(a.solves.flights)
		a.solves.mu.Unlock()
		return float64(max(0, int64(flights)-a.solves.running.Load()))
	})
	m.Gauge("ruthless_event_streams_open", "Live event streams (phones watching a game) open now.", func() float64 {
		return float64(a.streams.Open())
	})
}

// handler serves the metrics in Prometheus' text format.
func (m *Metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{})
}

// countBeforeRouting counts a request answered before the router (a 429
// of the request rate, a 421 of the host check, a 403 of the
// cross-origin check, a 413 of the body limit): issue 44 found a flood of
// 17,000 requests a second showing as some 540 in /metrics.
func (m *Metrics) countBeforeRouting(status int) {
	if status == 0 {
		status = http.StatusOK
	}
	m.requests.WithLabelValues("before routing", strconv.Itoa(status)).Inc()
}
