// Package table is the one write path of the app, between the pages
// (package handlers) and the store. Every change to a game is one
// function here: it takes the values a form or a script sent (already
// parsed), lets the store validate the game it makes once, inside the
// write's transaction, and returns facts, never words: the game before
// and after, the new R4.3 warnings as values, whether the round or the
// game is complete. The page or the JSON answer is the caller's to make.
//
// The store interfaces live here too (store.go): the pages hold the
// read-only Pages, so a write that bypasses this package does not compile.
package table

import (
	"context"
	"errors"
	"fmt"

	"ruthless/scoring"
	"ruthless/store"
)

// Table does every write to the stored games.
type Table struct {
	store Store
}

// New is the write path over s.
func New(s Store) *Table { return &Table{store: s} }

// Pages is the store without its writes, for the pages to read from.
func (t *Table) Pages() Pages { return t.store }

// NewGame is a game to start: its setup, the one-time token of the form
// that sends it ("" for none) and the game it is a rematch of ("" for
// none).
type NewGame struct {
	Game      scoring.Game
	Token     string
	RematchOf string
}

// Created is what starting a game did: the game's id, and whether this
// call made it (false: the token's game was there already, from the same
// form sent before).
type Created struct {
	ID      string
	Created bool
}

// Allowance reserves one new game against a limit, before the game is
// stored: release gives it back (the game was not made after all), and an
// error refuses the game. A nil Allowance allows every game.
type Allowance func() (release func(), err error)

// Create starts a new game: it validates the setup (R3.2, R4.5: a refusal
// is the *scoring.FieldError), opens the game a form's token already
// made (the same form sent twice, whatever the allowance says), and
// otherwise takes one game from allow and stores it once per token.
func (t *Table) Create(ctx context.Context, n NewGame, allow Allowance) (Created, error) {
	if _, err := scoring.Validate(n.Game); err != nil {
		return Created{}, err
	}
	if n.Token != "" {
		id, err := t.store.GameByToken(ctx, n.Token)
		if err == nil {
			return Created{ID: id}, nil
		}
		if !errors.Is(err, store.ErrNotFound) {
			return Created{}, err
		}
	}
	release := func() {}
	if allow != nil {
		r, err := allow()
		if err != nil {
			return Created{}, err
		}
		release = r
	}
	// The store checks the token again inside its write: two copies of
	// the form posted at once make one game.
	var c Created
	var err error
	if n.RematchOf != "" {
		c.ID, c.Created, err = t.store.CreateRematchOnce(ctx, n.Game, n.Token, n.RematchOf)
	} else {
		c.ID, c.Created, err = t.store.CreateGameOnce(ctx, n.Game, n.Token)
	}
	if !c.Created {
		release()
	}
	if err != nil {
		return Created{}, err
	}
	return c, nil
}

// ImportOne stores one whole game file as a script sends it (POST
// /api/games): validated (R2.1, R3.2, R4; a refusal is the
// *scoring.FieldError), then stored unless the same game is stored
// already, which it names instead (Imported.Existing), taking nothing
// from allow.
func (t *Table) ImportOne(ctx context.Context, g scoring.Game, allow Allowance) (store.Imported, error) {
	if _, err := scoring.Validate(g); err != nil {
		return store.Imported{}, err
	}
	release := func() {}
	if allow != nil {
		r, err := allow()
		if err != nil {
			return store.Imported{}, err
		}
		release = r
	}
	done, err := t.store.Import(ctx, []scoring.Game{g})
	if err != nil {
		release()
		return store.Imported{}, err
	}
	if len(done) != 1 {
		release()
		return store.Imported{}, fmt.Errorf("table: import of one game stored %d", len(done))
	}
	if done[0].Existing {
		release()
	}
	return done[0], nil
}

// Import stores the games of an upload, all or none, each game file read
// and validated by store.ReadGameFiles; a game stored already is named,
// not copied.
func (t *Table) Import(ctx context.Context, games []scoring.Game) ([]store.Imported, error) {
	return t.store.Import(ctx, games)
}
