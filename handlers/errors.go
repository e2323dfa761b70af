package handlers

// How an error becomes an answer: its status and message (classify), a
// fault of the database's disk (storageFaultOf), and the JSON body or
// error page that carries it (fail, notFound).

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

// problem is how any error looks to a client.
type problem struct {
	status  int
	message string
	field   string
}

// classify maps an error to its status code and message: the one place
// where errors become HTTP.
func classify(err error) problem {
	var fe *scoring.FieldError
	var tooBig *http.MaxBytesError
	var ec *store.EntryConflict
	var fc *store.FinalConflict
	var br *badRequest
	var limited *errTooManyGames
	var body *bodyError
	switch {
	case errors.As(err, &body) && body.timeout():
		return problem{http.StatusRequestTimeout, "the request body did not arrive in time, so nothing was done; send it again", ""}
	case errors.As(err, &body):
		return problem{http.StatusBadRequest, "the request body could not be read: " + clip(body.err.Error()), ""}
	case errors.As(err, &tooBig):
		return problem{http.StatusRequestEntityTooLarge, "request body too large (limit 64 KiB)", ""}
	case errors.Is(err, store.ErrNotFound):
		return problem{http.StatusNotFound, "no such game", "id"}
	case errors.Is(err, errGuestNewGame):
		return problem{http.StatusForbidden, errGuestNewGame.Error(), ""}
	case errors.Is(err, errNoRound), errors.Is(err, store.ErrBadRound):
		return problem{http.StatusBadRequest, "no such round in this game now", "round"}
	case errors.Is(err, errNoSeat), errors.Is(err, store.ErrBadPlayer):
		return problem{http.StatusBadRequest, "no such seat in this game", "player"}
	case errors.As(err, &fe):
		return problem{http.StatusBadRequest, fe.Message, fe.Field}
	case errors.As(err, &ec), errors.As(err, &fc):
		return problem{http.StatusConflict, "the entry was changed by someone else", "version"}
	case errors.As(err, &br):
		return problem{http.StatusBadRequest, br.message, br.field}
	case errors.As(err, &limited):
		return problem{http.StatusTooManyRequests, limited.message(), ""}
	case errors.Is(err, store.ErrDiskFull):
		return problem{http.StatusServiceUnavailable, "the server cannot save: its disk is full", ""}
	case errors.Is(err, store.ErrReadOnly):
		return problem{http.StatusServiceUnavailable, "the server cannot save: its database is read-only", ""}
	case errors.Is(err, store.ErrDamaged):
		return problem{http.StatusServiceUnavailable, "the server's database file is damaged and must be restored from a backup", ""}
	case errors.Is(err, store.ErrIO):
		return problem{http.StatusServiceUnavailable, "the server cannot read or write its database file", ""}
	case errors.Is(err, store.ErrBusy):
		return problem{http.StatusServiceUnavailable, "the server is busy saving other games, so nothing was saved; send it again in a few seconds", ""}
	case errors.Is(err, errBusy):
		return problem{http.StatusServiceUnavailable, "the server is busy solving other big pools; try again in a few seconds", ""}
	case errors.Is(err, errTooSlow):
		return problem{http.StatusServiceUnavailable, "a pool here takes longer to solve than the server allows; try again later", ""}
	case errors.Is(err, errPageTooSlow):
		return problem{http.StatusServiceUnavailable, "working out every game's results takes longer than one page may; what was done is kept, so try again in a few seconds", ""}
	}
	return problem{http.StatusInternalServerError, "internal error", ""}
}

// storageRetryAfter is the Retry-After of a 503 for a fault of the
// machine: someone has to mend it first, which takes a while.
const storageRetryAfter = "60"

// storageFault is how a fault of the database's disk is told: the cause
// and the fix for the operator's log, the rest of the page for the phone.
type storageFault struct {
	cause, fix, page string
}

// storageFaultOf is err's storage fault, if it is one.
func storageFaultOf(err error) (storageFault, bool) {
	switch {
	case errors.Is(err, store.ErrDiskFull):
		return storageFault{"disk full", "make room on the disk that holds the database",
			"Nothing was saved. Whoever runs the server must make room on its disk; then save again."}, true
	case errors.Is(err, store.ErrReadOnly):
		return storageFault{"database is read-only", "make the database file, its -wal and -shm files and its directory writable for the server's user, or mount its file system read-write, then restart the server",
			"Nothing was saved. Whoever runs the server must make its database writable; then save again."}, true
	case errors.Is(err, store.ErrDamaged):
		return storageFault{"database file is damaged", "stop the server and restore the newest backup (ruthless restore); /healthz names the check that failed",
			"Whoever runs the server must restore its database from a backup; then try again."}, true
	case errors.Is(err, store.ErrDamaged):
		return storageFault{"database file is damaged", "stop the server and restore the newest backup (ruthless restore); /healthz names the check that failed",
			"Whoever runs the server must restore its database from a backup; then try again."}, true
	case errors.Is(err, store.ErrIO):
		return storageFault{"database file cannot be read or written", "check the disk that holds the database (its system log, a removed or unmounted drive)",
			"Whoever runs the server must check the disk that holds its database; then try again."}, true
	}
	return storageFault{}, false
}

var (
	errNoRound = errors.New("no such round")
	errNoSeat  = errors.New("no such seat")
)

// badRequest is an input problem found by the handlers themselves.
type badRequest struct {
	field   string
	message string
}

func (e *badRequest) Error() string { return e.field + ": " + e.message }

// clientGone reports whether r's client has left, and then logs err as
// "client gone" at Info level: whatever failed, it failed for nobody (the
// store, the solver and templ all stop with the request's context), and
// the access log records 499.
func (a *app) clientGone(r *http.Request, err error) bool {
	if r.Context().Err() == nil || bodyFailure(r) != nil {
		// A failed body read cancels the context too (see bodyError);
		// that client is owed its 408 or 400.
		return false
	}
	a.logger(r.Context()).Info("client gone", "path", clip(r.URL.Path), "err", err)
	return true
}

// fail answers an error as JSON for the API or as an error page; a client
// that has gone gets nothing (the access log says 499).
func (a *app) fail(c *gin.Context, err error) {
	if a.clientGone(c.Request, err) {
		c.Abort()
		return
	}
	p := classify(err)
	var body *bodyError
	if errors.As(err, &body) {
		// The rest of the body may still be on its way; the connection
		// cannot carry another request after it.
		c.Header("Connection", "close")
	}
	sf, isStorage := storageFaultOf(err)
	if isStorage {
		// Not a bug and not a busy moment: only the operator can mend it,
		// so the log says what to do, at Error.
		c.Header("Retry-After", storageRetryAfter)
		a.logger(c.Request.Context()).Error("cannot use the database", "cause", sf.cause, "fix", sf.fix, "path", clip(c.Request.URL.Path), "err", err)
	} else if p.status == http.StatusServiceUnavailable {
		c.Header("Retry-After", retryAfter)
		a.logger(c.Request.Context()).Warn("request refused", "path", clip(c.Request.URL.Path), "err", err)
	} else if p.status >= 500 {
		a.logger(c.Request.Context()).Error("request failed", "path", clip(c.Request.URL.Path), "err", err)
	}
	if isAPI(c) {
		abortAPI(c, p.status, p.message, p.field)
		return
	}
	vm := views.ErrorView{Status: p.status, Title: http.StatusText(p.status), Message: p.message}
	switch p.status {
	case http.StatusRequestTimeout:
		vm.Message = "The form did not arrive in time, so nothing was saved. Check the connection and send it again."
	case http.StatusNotFound, http.StatusBadRequest:
		var br *badRequest
		if errors.As(err, &body) {
			vm.Title = "Bad request"
			vm.Message = upperFirst(p.message) + "."
			break
		}
		if errors.As(err, &br) {
			// The address is right but the body could not be read.
			vm.Title = "Bad request"
			vm.Message = upperFirst(br.message) + "."
			break
		}
		// A page address with a bad round or seat is a page that does not exist.
		p.status = http.StatusNotFound
		vm.Title = "Not found"
		vm.Message = "There is no such page: " + p.message + "."
	case http.StatusInternalServerError:
		vm.Message = "Something went wrong on our side. Try again."
	case http.StatusServiceUnavailable:
		if isStorage {
			vm.Title = "Cannot save"
			vm.Message = upperFirst(p.message) + ". " + sf.page
			break
		}
		vm.Title = "Busy"
		vm.Message = "The server is busy working out the best parties of big pools. Try again in a few seconds."
		if errors.Is(err, store.ErrBusy) {
			vm.Message = "The server is busy saving other games, so nothing was saved. Go back and save again in a few seconds."
		}
		if errors.Is(err, errTooSlow) {
			vm.Message = "A pool of this game takes longer to solve than the server allows. Try again later."
		}
		if errors.Is(err, errPageTooSlow) {
			vm.Message = "Working out the results of every game takes longer than one page may. What was done is kept: try again in a few seconds."
		}
	}
	vm.Status = p.status
	a.page(c, p.status, views.ErrorPage(vm))
}

func (a *app) notFound(c *gin.Context, msg string) {
	if isAPI(c) {
		abortAPI(c, http.StatusNotFound, "no such address", "")
		return
	}
	a.page(c, http.StatusNotFound, views.ErrorPage(views.ErrorView{Status: 404, Title: "Not found", Message: msg}))
}
