package handlers

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

// Renaming a player renames every seat of that name in every game; onto a
// name some games already use, it merges the two players.

// renameForm is the form that renames a player, or merges them into
// another.
func (a *app) renameForm(c *gin.Context) {
	name := strings.TrimSpace(c.Param("name"))
	a.page(c, http.StatusOK, views.Rename(views.RenameView{Name: name, Action: views.PlayerURL(name) + "/rename", To: name, Errors: views.Errors{}}))
}

// rename renames a player everywhere (store.RenamePlayer) and opens their
// page under the new name; a name R4.5 refuses, a game that would seat
// the name twice, or a name nobody has, re-shows the form (422).
func (a *app) rename(c *gin.Context) {
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	from := strings.TrimSpace(c.Param("name"))
	to := strings.TrimSpace(c.Request.PostForm.Get("to"))
	vm := views.RenameView{Name: from, Action: views.PlayerURL(from) + "/rename", To: to, Errors: views.Errors{}}
	l := lang.From(c.Request.Context())
	if msg := nameTooLong(l, to); msg != "" {
		vm.Errors["to"] = msg
		a.page(c, http.StatusUnprocessableEntity, views.Rename(vm))
		return
	}
	n, err := a.table.RenamePlayer(c.Request.Context(), from, to)
	var clash *store.NameClash
	switch {
	case errors.As(err, &clash):
		vm.Errors["to"] = views.RenameClash(l, clash.GameID, clash.Players, clash.Other)
		vm.ClashHref = views.GameURL(clash.GameID)
		a.page(c, http.StatusUnprocessableEntity, views.Rename(vm))
		return
	case errors.Is(err, store.ErrBadName):
		_, msg, _ := strings.Cut(err.Error(), store.ErrBadName.Error()+": ")
		vm.Errors["to"] = views.MessageText(msg)
		a.page(c, http.StatusUnprocessableEntity, views.Rename(vm))
		return
	case err != nil:
		a.fail(c, err)
		return
	}
	if n == 0 {
		vm.Errors["to"] = views.RenameNobody(l, from)
		a.page(c, http.StatusUnprocessableEntity, views.Rename(vm))
		return
	}
	seeOther(c, views.PlayerURL(to))
}
