package handlers

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

// maxImportFiles bounds the files of one upload.
const maxImportFiles = 100

func (a *app) importForm(c *gin.Context) {
	vm := views.ImportView{}
	if n, err := strconv.Atoi(c.Query("done")); err == nil && n > 0 {
		vm.Done = n
	}
	a.page(c, http.StatusOK, views.Import(vm))
}

// importPost stores the uploaded game files, all or none: every file is
// read and validated first, and only when all are good are their games
// written, in one transaction.
func (a *app) importPost(c *gin.Context) {
	refuse := func(status int, errs ...string) {
		a.page(c, status, views.Import(views.ImportView{Errors: errs}))
	}
	if err := c.Request.ParseMultipartForm(1 << 20); err != nil {
		if be := bodyFailure(c.Request); be != nil {
			a.fail(c, be)
			return
		}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			refuse(http.StatusRequestEntityTooLarge, fmt.Sprintf("The upload is larger than %d MiB; import the games in several parts.", MaxImport>>20))
			return
		}
		refuse(http.StatusBadRequest, "The upload could not be read: choose one or more game files (.json) and send the form again.")
		return
	}
	defer c.Request.MultipartForm.RemoveAll()
	files := c.Request.MultipartForm.File["file"]
	if len(files) == 0 {
		refuse(http.StatusUnprocessableEntity, "Choose at least one game file.")
		return
	}
	if len(files) > maxImportFiles {
		refuse(http.StatusUnprocessableEntity, fmt.Sprintf("At most %d files at once, not %d.", maxImportFiles, len(files)))
		return
	}
	var games []scoring.Game
	var errs []string
	for _, fh := range files {
		f, err := fh.Open()
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: could not be read", fh.Filename))
			continue
		}
		data, err := io.ReadAll(f)
		f.Close()
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: could not be read", fh.Filename))
			continue
		}
		gs, err := store.ParseGameFiles(fh.Filename, data)
		var ie *store.ImportError
		if errors.As(err, &ie) {
			errs = append(errs, ie.Error())
			continue
		}
		if err != nil {
			a.fail(c, err)
			return
		}
		games = append(games, gs...)
	}
	if len(errs) > 0 {
		refuse(http.StatusUnprocessableEntity, errs...)
		return
	}
	if _, err := a.store.ImportGames(c.Request.Context(), games); err != nil {
		if errors.Is(err, store.ErrBadRound) || errors.Is(err, store.ErrBadPlayer) {
			refuse(http.StatusUnprocessableEntity, err.Error())
			return
		}
		a.fail(c, err)
		return
	}
	seeOther(c, "/import?done="+strconv.Itoa(len(games)))
}
