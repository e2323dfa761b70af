package handlers

import (
	"net/http"
	"strconv"

	"ruthless/edge"
	"ruthless/views"
)

// checkHost answers 421 Misdirected Request to a request for a host the
// server is not known by, before any handler sees it.
func (a *app) checkHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a.offline || a.hosts.Allows(r) {
			next.ServeHTTP(w, r)
			return
		}
		host := clip(r.Host)
		a.logger(r.Context()).Warn("host refused", "host", host)
		msg := "this server does not answer to the name " + strconv.QuoteToASCII(host) +
			"; if that is really this machine, start the server with -host " + strconv.QuoteToASCII(edge.HostOnly(host))
		a.answerError(w, r, formBefore(r), &refusal{status: http.StatusMisdirectedRequest, message: msg,
			text: views.MisdirectedText(msg), header: closeAfter})
	})
}
