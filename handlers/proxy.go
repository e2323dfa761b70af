package handlers

import (
	"net/http"

	"ruthless/edge"
)

// publicURL is the absolute address of path as the players reach it:
// under -base-url when it is given, otherwise at the scheme and host the
// request came by (through a trusted proxy, the proxy's).
func (a *app) publicURL(r *http.Request, path string) string {
	if a.base != nil {
		return a.base.String() + path
	}
	return edge.Scheme(r) + "://" + r.Host + path
}
