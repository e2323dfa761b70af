package handlers

// The one error path: every handler, middleware and check that cannot do
// what a request asks hands its error to answerError (through fail inside
// the router). classify turns the error into a problem (status, messages,
// Retry-After, headers); answerError writes it in the form the request
// expects: the API's JSON body, an error page, the form the request came
// from drawn again (drawnOn), or plain text for a client that shows no
// page. answerError is the one place a Retry-After header is written
// (TestRetryAfterSetInOnePlace): a refusal carries its wait, so the
// header and the words that name the wait cannot drift apart.

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/a-h/templ"
	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
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

// problem is how any error looks to a client, in each form.
type problem struct {
	status  int
	message string // the JSON body's "error": lower case, no full stop
	field   string
	// title and text are the error page's heading and sentence (text is
	// also the plain answer), worded in the reader's language when the
	// answer is drawn; nil for the status text and the message.
	title, text views.Words
	// noSuchPage: on a page, a bad id, round or seat in the address is a
	// page that does not exist (404), whatever the API answers.
	noSuchPage bool
	retryAfter string            // "" for none
	header     map[string]string // more headers the answer carries
	body       any               // the JSON body, when it says more than error and field
	storage    *storageFault     // a fault of the database's disk
	// form is the page that answers instead of the error page: the
	// form the request came from, drawn again with its message (see
	// drawnOn); nil for the error page.
	form templ.Component
	// quiet: the refusal is not logged, as for a monitor's poll.
	quiet bool
}

// refusal is an answer the handlers decide on themselves, not a failure
// below them: a rate limit, a wrong password, a full table of streams, an
// unknown address. It says what every form of the answer needs.
type refusal struct {
	status     int
	message    string // the JSON body's "error"
	field      string
	title      views.Words // the page's heading; nil for the status text
	text       views.Words // the page's or plain answer's sentence; nil for the message
	retryAfter string
	header     map[string]string
	body       any // the JSON body, when it says more than error and field
	// quiet: not logged, for a refusal asked for every few seconds
	// whose cause is logged where it starts (/healthz's 503).
	quiet bool
}

func (e *refusal) Error() string { return e.message }

// formAnswer is an error whose page answer is the form it came from,
// drawn again with the message beside its field (a wrong password, too
// many new games or imports), rather than the error page. Its status,
// Retry-After and headers are still the wrapped error's, set by
// answerError like every other refusal's.
type formAnswer struct {
	err  error
	form templ.Component
}

func (e *formAnswer) Error() string { return e.err.Error() }
func (e *formAnswer) Unwrap() error { return e.err }

// drawnOn is err answered with form as its page.
func drawnOn(err error, form templ.Component) error { return &formAnswer{err: err, form: form} }

// notFoundPage is the refusal of an address that names nothing: the page
// says msg, the API "no such address".
func notFoundPage(msg views.Words) *refusal {
	return &refusal{status: http.StatusNotFound, message: "no such address", title: views.NotFoundTitle, text: msg}
}

// classify maps an error to its problem: the one place where errors become
// HTTP.
func classify(err error) problem {
	p := classifyError(err)
	var fa *formAnswer
	if errors.As(err, &fa) {
		p.form = fa.form
	}
	return p
}

// classifyError is err's problem but for the form a form answer draws
// again, which classify adds.
func classifyError(err error) problem {
	var fe *scoring.FieldError
	var tooBig *http.MaxBytesError
	var ec *store.EntryConflict
	var fc *store.FinalConflict
	var br *badRequest
	var limited *errTooManyGames
	var body *edge.BodyError
	var rf *refusal
	switch {
	case errors.As(err, &rf):
		return problem{status: rf.status, message: rf.message, field: rf.field, title: rf.title, text: rf.text,
			retryAfter: rf.retryAfter, header: rf.header, body: rf.body, quiet: rf.quiet}
	case errors.As(err, &body) && body.Timeout():
		return problem{status: http.StatusRequestTimeout, message: "the request body did not arrive in time, so nothing was done; send it again",
			text:   views.BodyTimeoutText,
			header: closeAfter}
	case errors.As(err, &body):
		return problem{status: http.StatusBadRequest, message: "the request body could not be read: " + clip(body.Unwrap().Error()),
			title: views.BadRequestTitle, header: closeAfter}
	case errors.As(err, &tooBig):
		return problem{status: http.StatusRequestEntityTooLarge, message: "request body too large (limit 64 KiB)"}
	case errors.Is(err, store.ErrInTrash):
		// The API answers it as an unknown game (docs/api.md); a page
		// says where the game went and what can still be done.
		return problem{status: http.StatusNotFound, message: "no such game", field: "id", title: views.NotFoundTitle, text: views.InTrashText(trashDays())}
	case errors.Is(err, store.ErrNotFound):
		return problem{status: http.StatusNotFound, message: "no such game", field: "id", noSuchPage: true}
	case errors.Is(err, errGuestNewGame):
		return problem{status: http.StatusForbidden, message: errGuestNewGame.Error(), text: views.GuestNewGameText}
	case errors.Is(err, errNoRound), errors.Is(err, store.ErrBadRound):
		return problem{status: http.StatusBadRequest, message: "no such round in this game now", field: "round", noSuchPage: true}
	case errors.Is(err, errNoSeat), errors.Is(err, store.ErrBadPlayer):
		return problem{status: http.StatusBadRequest, message: "no such seat in this game", field: "player", noSuchPage: true}
	case errors.As(err, &fe):
		return problem{status: http.StatusBadRequest, message: fe.Message, field: fe.Field, noSuchPage: true}
	case errors.As(err, &ec):
		return problem{status: http.StatusConflict, message: "the entry was changed by someone else", field: "version", body: conflictBody(ec)}
	case errors.As(err, &fc):
		return problem{status: http.StatusConflict, message: "the entry was changed by someone else", field: "version"}
	case errors.As(err, &br):
		return problem{status: http.StatusBadRequest, message: br.message, field: br.field, title: views.BadRequestTitle, text: br.text}
	case errors.As(err, &limited):
		return problem{status: http.StatusTooManyRequests, message: limited.message(), retryAfter: limited.retryAfter()}
	}
	if sf, ok := storageFaultOf(err); ok {
		return problem{status: http.StatusServiceUnavailable, message: sf.message, title: views.CannotSaveTitle,
			text: views.StorageFaultText(sf.kind, sf.page), retryAfter: storageRetryAfter, storage: &sf}
	}
	busy := func(message string, text views.Words) problem {
		return problem{status: http.StatusServiceUnavailable, message: message, title: views.BusyTitle, text: text, retryAfter: retryAfter}
	}
	switch {
	case errors.Is(err, store.ErrBusy):
		return busy("the server is busy saving other games, so nothing was saved; send it again in a few seconds",
			views.BusySavingText)
	case errors.Is(err, errBusy):
		return busy("the server is busy solving other big pools; try again in a few seconds",
			views.BusySolvingText)
	case errors.Is(err, errTooSlow):
		return busy("a pool here takes longer to solve than the server allows; try again later",
			views.TooSlowToSolveText)
	case errors.Is(err, errPageTooSlow):
		return busy("working out every game's results takes longer than one page may; what was done is kept, so try again in a few seconds",
			views.PageTooSlowText)
	}
	return problem{status: http.StatusInternalServerError, message: "internal error", text: views.InternalErrorText}
}

// closeAfter is the header of an answer to a body that could not be read:
// the rest of it may still be on its way, so the connection cannot carry
// another request after it.
var closeAfter = map[string]string{"Connection": "close"}

// conflictBody is the API's answer to a save based on a stale version: the
// entry as it is stored now, so the client can show both (docs/api.md).
func conflictBody(ec *store.EntryConflict) any {
	body := gin.H{
		"error":   "the entry was changed by someone else; this is what is stored now",
		"field":   "version",
		"entry":   ec.Current,
		"version": ec.Version,
	}
	if !ec.Saved.IsZero() {
		body["saved"] = ec.Saved.Format(time.RFC3339)
	}
	if ec.SavedBy >= 0 {
		body["saved_by"] = ec.SavedBy // the seat of the phone that saved it
	}
	return body
}

// storageRetryAfter is the Retry-After of a 503 for a fault of the
// machine: someone has to mend it first, which takes a while.
const storageRetryAfter = "60"

// storageFault is how a fault of the database's disk is told: its kind
// (the /healthz check that finds it, the label of the refused-saves
// metric), the message and the rest of the page for the phone. The log
// says when a fault starts and ends (store.Options.OnFault), not at each
// request it refuses.
type storageFault struct {
	kind, message string
	page          views.Words
}

// storageFaultOf is err's storage fault, if it is one.
func storageFaultOf(err error) (storageFault, bool) {
	switch {
	case errors.Is(err, store.ErrDiskFull):
		return storageFault{"disk_space", "the server cannot save: its disk is full",
			views.DiskFullTodo}, true
	case errors.Is(err, store.ErrReadOnly):
		return storageFault{"writable", "the server cannot save: its database is read-only",
			views.ReadOnlyTodo}, true
	case errors.Is(err, store.ErrDamaged):
		return storageFault{"integrity", "the server's database file is damaged and must be restored from a backup",
			views.DamagedTodo}, true
	case errors.Is(err, store.ErrDetached):
		return storageFault{"file", "the server cannot save: its database file was deleted, moved or replaced",
			views.DetachedTodo}, true
	case errors.Is(err, store.ErrIO):
		return storageFault{"database", "the server cannot read or write its database file",
			views.IOFaultTodo}, true
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
	// text is the page's sentence (views' words); nil for the message.
	text views.Words
}

func (e *badRequest) Error() string { return e.field + ": " + e.message }

// clientGone reports whether r's client has left, and then logs err as
// "client gone" at Info level: whatever failed, it failed for nobody (the
// store, the solver and templ all stop with the request's context), and
// the access log records 499.
func (a *app) clientGone(r *http.Request, err error) bool {
	if r.Context().Err() == nil || edge.BodyFailure(r) != nil {
		// A failed body read cancels the context too (see edge.BodyError);
		// that client is owed its 408 or 400.
		return false
	}
	a.logger(r.Context()).Info("client gone", "path", clip(r.URL.Path), "err", err)
	return true
}

// answerForm is the form an error answer takes, chosen by the request.
type answerForm int

const (
	asPage answerForm = iota // an HTML error page
	asJSON                   // the API's JSON error body (docs/api.md)
	asText                   // plain text, for a client that shows no page
)

// answersText marks a request (c.Set) whose client shows no page, such as
// an event stream: its errors come as plain text.
const answersText = "answersText"

// formIn is the answer form of a request inside the router.
func formIn(c *gin.Context) answerForm {
	switch {
	case isAPI(c):
		return asJSON
	case c.GetBool(answersText), wantsEvents(c.Request):
		return asText
	}
	return asPage
}

// formBefore is the answer form of a request refused before the router
// (host check, body limit, rate limit): JSON for the API, plain text for
// the rest, which have no page drawn yet.
func formBefore(r *http.Request) answerForm {
	if isAPIPath(r.URL.Path) {
		return asJSON
	}
	return asText
}

// fail answers err inside the router and stops the handlers after this one.
func (a *app) fail(c *gin.Context, err error) {
	a.answerError(c.Writer, c.Request, formIn(c), err)
	c.Abort()
}

// notFound answers an address that names nothing, saying msg on the page.
func (a *app) notFound(c *gin.Context, msg views.Words) { a.fail(c, notFoundPage(msg)) }

// answerError writes err's answer in form: the one place an error becomes
// a status, its headers and a body. A client that has gone gets nothing
// (the access log says 499).
func (a *app) answerError(w http.ResponseWriter, r *http.Request, form answerForm, err error) {
	if a.clientGone(r, err) {
		return
	}
	p := classify(err)
	if a.offline && p.storage != nil {
		// On a phone the "database" is the browser's storage for the
		// site: the words say so, and a retry can come soon.
		p.message, p.title, p.text, p.retryAfter = views.OfflineStorageMessage, views.Fixed(views.OfflineStorageTitle), views.Fixed(views.OfflineStorageText), "5"
	}
	log := a.logger(r.Context())
	switch {
	case p.quiet:
		// Asked for every few seconds; its cause is logged where it
		// starts (the store's fault log).
	case p.storage != nil:
		// Not a bug and not a busy moment: only the operator can mend it.
		// The store logs the fault once when it starts and once when it
		// ends (a line per refused save flooded the log); each refused
		// write is counted, and told at Debug.
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			a.metrics.refusedSave(p.storage.kind)
		}
		log.Debug("refused for a fault of the database", "fault", p.storage.kind, "path", clip(r.URL.Path), "err", err)
	case p.status == http.StatusServiceUnavailable:
		log.Warn("request refused", "path", clip(r.URL.Path), "err", err)
	case p.status >= 500:
		log.Error("request failed", "path", clip(r.URL.Path), "err", err)
	}
	h := w.Header()
	for k, v := range p.header {
		h.Set(k, v)
	}
	if p.retryAfter != "" {
		h.Set("Retry-After", p.retryAfter)
	}
	switch {
	case p.form != nil:
		// Whatever the request's form, a form drawn again answers as
		// the handler drew it, as it always did.
		a.render(w, r, p.status, p.form)
	case form == asJSON:
		body := p.body
		if body == nil {
			body = apiError{Error: p.message, Field: p.field}
		}
		writeJSON(w, p.status, body)
	case form == asText:
		text := p.text.In(pageLanguage(r))
		if text == "" {
			text = views.MessageWords(p.message).In(pageLanguage(r))
		}
		http.Error(w, text, p.status)
	default:
		status, vm := p.page(pageLanguage(r))
		a.render(w, r, status, views.ErrorPage(vm))
	}
}

// page is the problem's error page in l and its status.
func (p problem) page(l lang.Lang) (int, views.ErrorView) {
	status := p.status
	vm := views.ErrorView{Title: p.title.In(l), Message: p.text.In(l)}
	if p.noSuchPage {
		status = http.StatusNotFound
		vm.Title = views.NotFoundTitle(l)
		vm.Message = views.NoSuchPage(p.message).In(l)
	}
	if vm.Title == "" {
		vm.Title = views.StatusTitle(l, status)
	}
	if vm.Message == "" {
		vm.Message = views.MessageWords(p.message).In(l)
	}
	vm.Status = status
	return status, vm
}

// writeJSON writes a JSON answer without the router, as gin would.
func writeJSON(w http.ResponseWriter, status int, body any) {
	out, err := json.Marshal(body)
	if err != nil {
		status, out = http.StatusInternalServerError, []byte(`{"error":"internal error","field":""}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(out)
}

// places are the places a validation error names: its field's, then the
// other value's in a conflict (R4.1, R4.4). A form shows the message next
// to the value it edits when either is there.
func places(fe *scoring.FieldError) []scoring.Place {
	var out []scoring.Place
	for _, at := range []*scoring.Place{fe.Place, fe.OtherPlace} {
		if at != nil {
			out = append(out, *at)
		}
	}
	return out
}
