package handlers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/scoring"
	"ruthless/store"
	"ruthless/table"
	"ruthless/views"
)

// readBody reads a whole request body. A body over the limit is the 413
// of classify, one that stopped coming (the read timeout) its 408, and any
// other failure to read it (a malformed chunked encoding, a connection
// closed midway) its 400, naming the problem.
func readBody(c *gin.Context) ([]byte, error) {
	body, err := io.ReadAll(c.Request.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		var broken *edge.BodyError
		if errors.As(err, &tooBig) || errors.As(err, &broken) {
			return nil, err
		}
		return nil, &badRequest{message: "the request body could not be read: " + clip(err.Error())}
	}
	if err := checkUTF8(body); err != nil {
		return nil, err
	}
	return body, nil
}

// readJSON decodes a request body into v, turning every failure into a
// 400 with the offending field (or a 413 for a body over the limit).
func readJSON(c *gin.Context, v any) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		var se *json.SyntaxError
		switch {
		case errors.As(err, &te):
			return &badRequest{field: te.Field, message: fmt.Sprintf("%s must be %s, not %s", te.Field, jsonKind(te.Type.Kind().String()), te.Value)}
		case errors.As(err, &se):
			return &badRequest{message: fmt.Sprintf("not valid JSON (at byte %d): %v", se.Offset, se)}
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			return &badRequest{message: "the body must be a JSON object"}
		}
		return &badRequest{message: "not valid JSON: " + err.Error()}
	}
	if dec.More() {
		return &badRequest{message: "the body must hold one JSON object"}
	}
	return nil
}

func jsonKind(k string) string {
	switch {
	case strings.HasPrefix(k, "int"):
		return "a whole number"
	case k == "string":
		return "text"
	case k == "slice":
		return "a list"
	case k == "bool":
		return "true or false"
	}
	return "a " + k
}

// readGame reads a game file body.
func readGame(c *gin.Context) (scoring.Game, error) {
	body, err := readBody(c)
	if err != nil {
		return scoring.Game{}, err
	}
	return scoring.DecodeGame(bytes.NewReader(body))
}

// playersOpt checks the optional player count of solve and check.
func playersOpt(p *int) (int, error) {
	if p == nil {
		return 4, nil
	}
	if *p < scoring.MinPlayers || *p > scoring.MaxPlayers {
		return 0, &badRequest{field: "players", message: fmt.Sprintf("players must be 2, 3 or 4, not %d", *p)}
	}
	return *p, nil
}

// parseCodes reads card codes (scoring.ReadCards, the one reader),
// naming the field of the first bad one.
func parseCodes(codes []string, field string, players int) ([]scoring.Card, error) {
	cards, err := scoring.ReadCards(codes, players)
	if fe, ok := err.(*scoring.FieldError); ok {
		return nil, &badRequest{field: fmt.Sprintf("%s[%d]", field, fe.Item), message: fe.Message}
	}
	return cards, err
}

func (a *app) apiSolve(c *gin.Context) {
	var in struct {
		Cards   []string `json:"cards"`
		Players *int     `json:"players"`
	}
	if err := readJSON(c, &in); err != nil {
		a.fail(c, err)
		return
	}
	n, err := playersOpt(in.Players)
	if err != nil {
		a.fail(c, err)
		return
	}
	a.answerSolve(c, in.Cards, n)
}

// answerSolve answers with the best party of the cards (codes, checked
// for a game of n players) as solve --json writes it, or the error naming
// the field "cards". The API and the entry page's live line share it.
func (a *app) answerSolve(c *gin.Context, codes []string, n int) {
	cards, err := parseCodes(codes, "cards", n)
	if err != nil {
		a.fail(c, err)
		return
	}
	party, err := a.solves.solve(c.Request.Context(), cards, scoring.Options{Players: n})
	if err != nil {
		a.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, party)
}

func (a *app) apiCheck(c *gin.Context) {
	var in struct {
		Sets    [][]string `json:"sets"`
		Pool    []string   `json:"pool"`
		Players *int       `json:"players"`
	}
	if err := readJSON(c, &in); err != nil {
		a.fail(c, err)
		return
	}
	n, err := playersOpt(in.Players)
	if err != nil {
		a.fail(c, err)
		return
	}
	sets := make([][]scoring.Claim, len(in.Sets))
	for i, set := range in.Sets {
		if len(set) == 0 {
			a.fail(c, &badRequest{field: fmt.Sprintf("sets[%d]", i), message: fmt.Sprintf("set %d is empty", i+1)})
			return
		}
		for j, code := range set {
			cl, err := scoring.ParseClaim(code)
			if err != nil {
				a.fail(c, &badRequest{field: fmt.Sprintf("sets[%d][%d]", i, j), message: err.Error()})
				return
			}
			sets[i] = append(sets[i], cl)
		}
	}
	pool, err := parseCodes(in.Pool, "pool", n)
	if err != nil {
		a.fail(c, err)
		return
	}
	res, err := scoring.CheckContext(c.Request.Context(), sets, pool, scoring.Options{Players: n}, a.solves.solve)
	if err != nil {
		if !solveFailed(err) {
			err = &badRequest{field: "sets", message: err.Error()}
		}
		a.fail(c, err)
		return
	}
	views.ExplainCheck(&res)
	c.JSON(http.StatusOK, res)
}

func (a *app) apiScore(c *gin.Context) {
	g, err := readGame(c)
	if err != nil {
		a.fail(c, err)
		return
	}
	res, err := a.score(c.Request.Context(), g)
	if err != nil {
		a.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

func (a *app) apiCreateGame(c *gin.Context) {
	g, err := readGame(c)
	if err != nil {
		a.fail(c, err)
		return
	}
	done, err := a.table.ImportOne(c.Request.Context(), g, a.gameAllowance(c))
	if err != nil {
		a.fail(c, err)
		return
	}
	c.Header("Location", "/api/games/"+done.ID)
	if done.Existing {
		// 200 rather than 201 tells a script that re-sends a game (an
		// export of a stored one) that no copy was made, and hands it the
		// id all the same; nothing counts against the allowance.
		c.JSON(http.StatusOK, gin.H{"id": done.ID, "existing": true})
		return
	}
	c.JSON(http.StatusCreated, gin.H{"id": done.ID})
}

// gameAllowance is the new-game allowance of the client of c (table.Create
// and ImportOne take one game from it), its refusal an *errTooManyGames.
func (a *app) gameAllowance(c *gin.Context) table.Allowance {
	return func() (func(), error) {
		release, limited := a.reserveGame(c)
		if limited != nil {
			return nil, limited
		}
		return release, nil
	}
}

func (a *app) apiGame(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	c.JSON(http.StatusOK, g.File)
}

func (a *app) apiGameScore(c *gin.Context) {
	_, res, ok := a.loadScored(c)
	if !ok {
		return
	}
	c.JSON(http.StatusOK, res)
}

func (a *app) apiPutEntry(c *gin.Context) {
	id := c.Param("id")
	r, p, ok := a.entryAddress(c)
	if !ok {
		return
	}
	var in struct {
		Pool    []string `json:"pool"`
		Coins   int      `json:"coins"`
		Version int      `json:"version"`
	}
	if err := readJSON(c, &in); err != nil {
		a.fail(c, err)
		return
	}
	pool, err := parseCodes(in.Pool, "pool", scoring.MaxPlayers)
	if err != nil {
		a.fail(c, err)
		return
	}
	by := func(g store.StoredGame) int { // a phone of the table, if it says so
		if s, known := seats(c.Request)[g.ID]; known {
			return s
		}
		return -1
	}
	saved, err := a.table.SaveEntry(c.Request.Context(), table.Entry{Game: id, Round: r, Seat: p, Entry: scoring.Entry{Pool: pool, Coins: in.Coins}, Version: in.Version, By: by})
	var fe *scoring.FieldError
	if errors.As(err, &fe) {
		a.entryRefused(c, fe, r, p)
		return
	}
	if err != nil {
		a.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"version": saved.After.EntryVersions[r-1][p]})
}

// entryRefused answers 400 for an entry that breaks a rule, naming the
// field within the entry ("pool", "coins") when the problem is there.
func (a *app) entryRefused(c *gin.Context, fe *scoring.FieldError, r, p int) {
	field := fe.Field
	for _, at := range places(fe) {
		if at.Round == r && at.Seat == p && at.Name != "" {
			field = at.Name
			if at.Index >= 0 {
				field += "[" + strconv.Itoa(at.Index) + "]"
			}
			break
		}
	}
	a.fail(c, &refusal{status: http.StatusBadRequest, message: fe.Message, field: field,
		body: ruleError{apiError{Error: fe.Message, Field: field}, fe.Rule}})
}
