package handlers

import (
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"
)

// apiError is the body of every JSON error answer (docs/api.md, "Errors and
// status codes"): what went wrong and the field it concerns ("" for none).
// One type, so that no answer can spell the shape differently.
type apiError struct {
	Error string `json:"error"`
	Field string `json:"field"`
}

// ruleError is apiError for a refused entry, naming the rule it breaks
// (the key is there even when no rule is named).
type ruleError struct {
	apiError
	Rule string `json:"rule"`
}

// abortAPI answers a JSON error from inside the router and stops the
// handlers after this one.
func abortAPI(c *gin.Context, status int, message, field string) {
	c.AbortWithStatusJSON(status, apiError{Error: message, Field: field})
}

// writeAPIError answers a JSON error from the layers before the router
// (host check, body limit), which have no gin context.
func writeAPIError(w http.ResponseWriter, status int, message, field string) {
	body, _ := json.Marshal(apiError{Error: message, Field: field})
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
