package handlers

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

// The bounds of an import, so that no upload can hold the server for
// long: the files and games of one upload (a club's whole history fits in
// a few uploads; the command line's import has no cap), and the uploads a
// client may send a minute, counted apart from new games.
const (
	maxImportFiles   = 100
	maxImportGames   = 1000
	importsPerMinute = 6
	importsBurst     = 3
)

// maxKnownLinks bounds the games already stored that the import page
// links to after an import, which keeps the redirect's URL short however
// many there were; the page counts the rest.
const maxKnownLinks = 20

func (a *app) importForm(c *gin.Context) {
	vm := views.ImportView{}
	if n, err := strconv.Atoi(c.Query("done")); err == nil && n > 0 {
		vm.Done = n
	}
	if n, err := strconv.Atoi(c.Query("known")); err == nil && n > 0 {
		vm.Existing = n
	}
	// The ids come from the URL, so only well-formed ones are looked up,
	// and a game deleted since is simply not linked.
	var ids []string
	for _, id := range c.QueryArray("game") {
		if len(ids) < maxKnownLinks && validID(id) {
			ids = append(ids, id)
		}
	}
	if len(ids) > 0 {
		games, err := a.store.GamesByID(c.Request.Context(), ids)
		if err != nil {
			a.fail(c, err)
			return
		}
		byID := make(map[string]store.StoredGame, len(games))
		for _, g := range games {
			byID[g.ID] = g
		}
		for _, id := range ids {
			if g, ok := byID[id]; ok {
				vm.Known = append(vm.Known, views.KnownGame{Href: views.GameURL(g.ID),
					Players: g.File.Players, Played: g.Created.Local()})
			}
		}
	}
	a.page(c, http.StatusOK, views.Import(vm))
}

// refuseImport draws the import form again with errs, answering status
// through the error path, with wait as its Retry-After when the refusal
// is a limit's (0: none).
func (a *app) refuseImport(c *gin.Context, status int, wait time.Duration, errs ...string) {
	rf := &refusal{status: status, message: "import refused"}
	if wait > 0 {
		rf.retryAfter = retrySeconds(wait)
	}
	a.fail(c, drawnOn(rf, views.Import(views.ImportView{Errors: errs})))
}

// importPost stores the uploaded game files, all or none: every file is
// read and validated first, and only when all are good are their games
// written, in one transaction. Games already stored are not stored again;
// the page after the redirect counts them and links them.
func (a *app) importPost(c *gin.Context) {
	refuse := func(status int, errs ...string) { a.refuseImport(c, status, 0, errs...) }
	cancel, wait := a.imports.Reserve(edge.ClientKey(c.Request))
	if cancel == nil {
		// Refused before the upload is read. What the client still sends
		// is read and dropped first (at most the upload limit, within the
		// read timeout): answering and closing with it unread made the
		// kernel reset the connection, and the client saw a reset, not
		// this answer (issue 44).
		_, _ = io.Copy(io.Discard, c.Request.Body)
		a.logger(c.Request.Context()).Warn("import limited", "client", edge.ClientAddr(c.Request), "retry", wait)
		a.refuseImport(c, http.StatusTooManyRequests, wait, views.ImportsLimitedText(lang.From(c.Request.Context()), importsPerMinute, wait))
		return
	}
	if err := c.Request.ParseMultipartForm(1 << 20); err != nil {
		if be := edge.BodyFailure(c.Request); be != nil {
			a.fail(c, be)
			return
		}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			refuse(http.StatusRequestEntityTooLarge, views.UploadTooLargeText(lang.From(c.Request.Context()), MaxImport>>20))
			return
		}
		refuse(http.StatusBadRequest, views.UploadUnreadableText(lang.From(c.Request.Context())))
		return
	}
	defer c.Request.MultipartForm.RemoveAll()
	files := c.Request.MultipartForm.File["file"]
	if len(files) == 0 {
		refuse(http.StatusUnprocessableEntity, views.NoFileText(lang.From(c.Request.Context())))
		return
	}
	if len(files) > maxImportFiles {
		refuse(http.StatusUnprocessableEntity, views.TooManyFilesText(lang.From(c.Request.Context()), maxImportFiles, len(files)))
		return
	}
	games, errs, status, err := readUploadedGames(lang.From(c.Request.Context()), files)
	if err != nil {
		a.fail(c, err)
		return
	}
	if len(errs) > 0 {
		refuse(status, errs...)
		return
	}
	if wait := a.importVolume.Take(len(games)); wait > 0 {
		a.logger(c.Request.Context()).Warn("import volume limited", "client", edge.ClientAddr(c.Request), "games", len(games), "retry", wait)
		a.refuseImport(c, http.StatusTooManyRequests, wait, views.ImportVolumeText(lang.From(c.Request.Context()), a.importVolume.PerHour(), len(games), wait))
		return
	}
	done, err := a.table.Import(c.Request.Context(), games)
	if err != nil {
		if errors.Is(err, store.ErrBadRound) || errors.Is(err, store.ErrBadPlayer) {
			refuse(http.StatusUnprocessableEntity, err.Error())
			return
		}
		a.fail(c, err)
		return
	}
	q := url.Values{}
	added, known := 0, 0
	linked := map[string]bool{}
	for _, d := range done {
		if !d.Existing {
			added++
			continue
		}
		known++
		if len(linked) < maxKnownLinks && !linked[d.ID] {
			linked[d.ID] = true
			q.Add("game", d.ID)
		}
	}
	q.Set("done", strconv.Itoa(added))
	if known > 0 {
		q.Set("known", strconv.Itoa(known))
	}
	seeOther(c, "/import?"+q.Encode())
}

// readUploadedGames reads the games of the uploaded files, each file one
// game at a time and no further than the games the upload may still
// hold. A file that is not a game file is a message in errs, with the
// status to refuse the upload with (413 once the upload holds too many
// games or too large a one, which ends the reading); err is a failure
// that is not the upload's.
func readUploadedGames(l lang.Lang, files []*multipart.FileHeader) (games []scoring.Game, errs []string, status int, err error) {
	status = http.StatusUnprocessableEntity
	for _, fh := range files {
		f, err := fh.Open()
		if err != nil {
			errs = append(errs, views.FileUnreadableText(l, fh.Filename))
			continue
		}
		gs, err := store.ReadGameFiles(fh.Filename, f, maxImportGames-len(games))
		f.Close()
		var ie *store.ImportError
		if errors.As(err, &ie) {
			errs = append(errs, ie.Error())
			if errors.Is(err, store.ErrTooManyGames) || errors.Is(err, store.ErrGameTooLarge) {
				return nil, errs, http.StatusRequestEntityTooLarge, nil
			}
			continue
		}
		if err != nil {
			return nil, nil, 0, err
		}
		games = append(games, gs...)
	}
	return games, errs, status, nil
}
