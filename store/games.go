package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"ruthless/scoring"
)

// StoredGame is a stored game: its game file plus what the store knows about it
// beyond the file (when, and the version of every entry for optimistic
// locking).
type StoredGame struct {
	ID string
	// Created is when the game was played: the played time of the file it
	// was imported from, else when it was stored. Updated is its last
	// write. Both UTC.
	Created, Updated time.Time
	// File is the game file. Its Played is never "": the text the imported
	// file brought, else Created. Rounds holds every round started (never nil),
	// with nil for a player who has not entered that round yet; Final is set
	// only once every player has a final entry.
	File scoring.Game
	// EntryVersions[round-1][seat] is the version of that entry, 0 if it is
	// not entered yet.
	EntryVersions [][]int
	// Finals are the final entries saved so far, per seat (nil = not yet),
	// so the end-of-game form can show partial progress.
	Finals []*scoring.FinalEntry
	// FinalVersions[seat] is the version of that final entry, 0 if none.
	FinalVersions []int
	// Record is the play's record as set on the game itself, where
	// File holds it with the defaults filled in (see record.go).
	Record Record
	// FirstEntry is when the first round entry was saved and LastFinal
	// when the last end-of-game entry was, once every seat has one; zero
	// when not known. They give the duration's default.
	FirstEntry, LastFinal time.Time
	// RematchOf is the game this one is a rematch of; Rematch the newest
	// game that is a rematch of this one. "" for none.
	RematchOf, Rematch string
	// Deleted is when the game was moved to the trash (UTC), zero for a
	// live game. Only the trash's own list (Store.Trash) hands out such
	// games.
	Deleted time.Time
	// Holders are the seats phones hold (seats.go), in the order taken;
	// EntryMarks[round-1][seat] says who saved that entry and when.
	Holders    []Holder
	EntryMarks [][]EntryMark
	// Share is the token of the game's share link while it works, "" when
	// it has none or it was stopped (seats.go).
	Share string
}

// CreateGame stores a game file (the setup and any rounds and final it
// holds) in one transaction and returns the new game's id. The caller has
// validated the file; the store refuses only what it cannot hold: more
// rounds than the game has (ErrBadRound), or a round or final with more
// entries than players (ErrBadPlayer). Every stored entry starts at
// version 1.
func (s *Store) CreateGame(ctx context.Context, g scoring.Game) (string, error) {
	id, _, err := s.CreateGameOnce(ctx, g, "")
	return id, err
}

// MaxTokenLength bounds a form token, so a forged one cannot fill a row.
const MaxTokenLength = 64

// CreateGameOnce is CreateGame for a form carrying a one-time token: the
// first time a token comes it is stored with the new game, in the same
// transaction; when it comes again (the form posted twice: Back, then
// submit) nothing is written and the id is the game that form already
// made, with created false. The token goes when its game is deleted. An
// empty token creates a game every time.
func (s *Store) CreateGameOnce(ctx context.Context, g scoring.Game, token string) (id string, created bool, err error) {
	return s.createGame(ctx, g, token, "")
}

// CreateRematchOnce is CreateGameOnce for a rematch of game of: the new
// game remembers it (Game.RematchOf), and the old game then names the
// new one (Game.Rematch). A game has one rematch: when it has a live one
// already, nothing is written and its id comes back, with created false.
// ErrNotFound when game of does not exist.
func (s *Store) CreateRematchOnce(ctx context.Context, g scoring.Game, token, of string) (id string, created bool, err error) {
	if of == "" {
		return "", false, fmt.Errorf("store: rematch of no game: %w", ErrNotFound)
	}
	return s.createGame(ctx, g, token, of)
}

// createGame is CreateGameOnce, recording the game rematchOf when it is
// not "".
func (s *Store) createGame(ctx context.Context, g scoring.Game, token, rematchOf string) (id string, created bool, err error) {
	defer s.fault(&err)
	if len(token) > MaxTokenLength {
		return "", false, fmt.Errorf("store: new game: form token of %d bytes (at most %d)", len(token), MaxTokenLength)
	}
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return "", false, fmt.Errorf("store: new game: %w", err)
	}
	defer end()

	if token != "" {
		var made string
		err := tx.QueryRowContext(ctx, `SELECT game_id FROM form_tokens WHERE token = ?`, token).Scan(&made)
		if err == nil {
			return made, false, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return "", false, fmt.Errorf("store: new game: form token: %w", err)
		}
	}
	if rematchOf != "" {
		// One rematch a game, however it is asked for (one tap, or the
		// "Change first" form from several phones at once): checked
		// inside the write, which takes its turn, so the second ask opens
		// the first one's game. A rematch in the trash does not count.
		var made string
		err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE rematch_of = ? AND deleted IS NULL
			ORDER BY created DESC, id LIMIT 1`, rematchOf).Scan(&made)
		if err == nil {
			return made, false, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return "", false, fmt.Errorf("store: new game: rematch of %s: %w", rematchOf, err)
		}
	}
	at := s.now()
	id, err = insertGame(ctx, tx, g, at)
	if err != nil {
		return "", false, fmt.Errorf("store: new game: %w", err)
	}
	if rematchOf != "" {
		if err := markRematch(ctx, tx, id, rematchOf); err != nil {
			return "", false, fmt.Errorf("store: new game: rematch of %s: %w", rematchOf, err)
		}
	}
	if token != "" {
		_, err := tx.ExecContext(ctx, `INSERT INTO form_tokens (token, game_id, created) VALUES (?, ?, ?)`, token, id, at.UnixNano())
		if err != nil {
			return "", false, fmt.Errorf("store: new game: form token: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return "", false, fmt.Errorf("store: new game: %w", err)
	}
	return id, true, nil
}

// markRematch records that game id is a rematch of game of, which must
// exist.
func markRematch(ctx context.Context, tx *sql.Tx, id, of string) error {
	res, err := tx.ExecContext(ctx, `UPDATE games SET rematch_of = ?
		WHERE id = ? AND EXISTS (SELECT 1 FROM games WHERE id = ?)`, of, id, of)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.Join(ErrNotFound, err)
	}
	return nil
}

// GameByToken returns the id of the game that the new-game form carrying
// this one-time token made (see CreateGameOnce); ErrNotFound if none did,
// or if that game has been deleted since.
func (s *Store) GameByToken(ctx context.Context, token string) (_ string, err error) {
	defer s.fault(&err)
	var id string
	err = s.db.QueryRowContext(ctx, `SELECT game_id FROM form_tokens WHERE token = ?`, token).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("store: form token: %w", ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("store: form token: %w", err)
	}
	return id, nil
}

// Game loads one game; ErrNotFound if there is none with that id, or if
// it is in the trash (wrapping ErrInTrash as well, for a caller that tells
// the two apart).
func (s *Store) Game(ctx context.Context, id string) (_ StoredGame, err error) {
	defer s.fault(&err)
	games, err := s.load(ctx, id)
	if err != nil {
		return StoredGame{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if len(games) == 0 {
		return StoredGame{}, fmt.Errorf("store: game %s: %w", id, ErrNotFound)
	}
	if !games[0].Deleted.IsZero() {
		return StoredGame{}, fmt.Errorf("store: game %s: %w: %w", id, ErrInTrash, ErrNotFound)
	}
	return games[0], nil
}

// Games loads every game, the most recently updated first (the trash's
// games are not among them).
func (s *Store) Games(ctx context.Context) (_ []StoredGame, err error) {
	defer s.fault(&err)
	games, err := s.load(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("store: games: %w", err)
	}
	return games, nil
}

// Cursor is a place in the list of games, most recently updated first
// (ties: the greater id first). The games after it were updated before
// Updated, or at Updated with an id below ID. The zero Cursor is the
// start of the list.
type Cursor struct {
	Updated time.Time
	ID      string
}

// IsZero reports whether c is the start of the list.
func (c Cursor) IsZero() bool { return c.ID == "" && c.Updated.IsZero() }

// String writes the cursor for a URL: Unix nanoseconds, a dot, the id.
func (c Cursor) String() string {
	if c.IsZero() {
		return ""
	}
	return strconv.FormatInt(c.Updated.UnixNano(), 10) + "." + c.ID
}

// ErrBadCursor is returned by ParseCursor for text no Cursor writes.
var ErrBadCursor = errors.New("store: not a place in the list of games")

// ParseCursor reads what Cursor.String wrote; "" is the zero Cursor.
func ParseCursor(s string) (Cursor, error) {
	if s == "" {
		return Cursor{}, nil
	}
	nanos, id, ok := strings.Cut(s, ".")
	n, err := strconv.ParseInt(nanos, 10, 64)
	if !ok || err != nil || n < 0 || id == "" || len(id) > 64 || strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
		return Cursor{}, ErrBadCursor
	}
	return Cursor{Updated: time.Unix(0, n).UTC(), ID: id}, nil
}

// MaxPage is the most games GamesPage loads at once.
const MaxPage = 100

// GamesPage loads the games that come after before in the list of games
// (most recently updated first), at most limit (1 to MaxPage) of them,
// reading the rows of those games only: its cost does not grow with the
// number of games stored. next is where the following page starts, the
// zero Cursor when there are no more games.
func (s *Store) GamesPage(ctx context.Context, before Cursor, limit int) (games []StoredGame, next Cursor, err error) {
	return s.gamesPage(ctx, nil, nil, before, limit)
}

// gamesPage reads a page of the games meeting the SQL conditions conds
// (with their args), newest first, after before.
func (s *Store) gamesPage(ctx context.Context, conds []string, args []any, before Cursor, limit int) (games []StoredGame, next Cursor, err error) {
	defer s.fault(&err)
	limit = max(1, min(limit, MaxPage))
	conds = append([]string{liveSQL}, conds...)
	if !before.IsZero() {
		conds = append(conds, `(updated, id) < (?, ?)`)
		args = append(args, before.Updated.UnixNano(), before.ID)
	}
	tail := ` ORDER BY updated DESC, id DESC LIMIT ?`
	tail = ` WHERE ` + strings.Join(conds, " AND ") + tail
	args = append(args, limit+1)
	err = s.snapshot(ctx, func(q queryer) error {
		var err error
		games, err = loadSelected(ctx, q, tail, args, true)
		return err
	})
	if err != nil {
		return nil, Cursor{}, fmt.Errorf("store: games page: %w", err)
	}
	// One game more than the page says whether there is a next page.
	if len(games) > limit {
		games = games[:limit]
		last := games[limit-1]
		next = Cursor{Updated: last.Updated, ID: last.ID}
	}
	return games, next, nil
}

// RecentPlayerNames lists the distinct player names of the most recently
// updated games, newest first, at most limit of them (names differing only
// in case kept apart, as PlayerNames does). Unlike PlayerNames it reads a
// bounded number of rows however many games are stored, so it may miss a
// name last played long ago.
func (s *Store) RecentPlayerNames(ctx context.Context, limit int) (_ []string, err error) {
	defer s.fault(&err)
	// The players of twice limit games: enough names unless the same few
	// people play every game, and then there are few names to find.
	rows, err := s.db.QueryContext(ctx, `SELECT p.name FROM
		(SELECT id, updated FROM games WHERE deleted IS NULL ORDER BY updated DESC, id DESC LIMIT ?) g
		JOIN players p ON p.game_id = g.id
		ORDER BY g.updated DESC, g.id DESC, p.seat`, 2*limit)
	if err != nil {
		return nil, fmt.Errorf("store: recent player names: %w", err)
	}
	defer rows.Close()
	names := []string{}
	seen := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, fmt.Errorf("store: recent player names: %w", err)
		}
		if seen[name] || len(names) >= limit {
			continue
		}
		seen[name] = true
		names = append(names, name)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: recent player names: %w", err)
	}
	return names, nil
}

// header is what a write needs to know about its game.
type header struct {
	players, rounds int
}

// readHeader reads a game's player count and rounds started, inside the
// write's transaction so they cannot change before it commits. A game in
// the trash takes no writes: it is ErrNotFound, as on every other route.
func readHeader(ctx context.Context, tx *sql.Tx, id string) (header, error) {
	var h header
	var deleted sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT g.rounds, (SELECT COUNT(*) FROM players p WHERE p.game_id = g.id), g.deleted
		FROM games g WHERE g.id = ?`, id).Scan(&h.rounds, &h.players, &deleted)
	if errors.Is(err, sql.ErrNoRows) {
		return header{}, ErrNotFound
	}
	if err != nil {
		return header{}, err
	}
	if deleted.Valid {
		return header{}, fmt.Errorf("%w: %w", ErrInTrash, ErrNotFound)
	}
	return h, nil
}

// touch marks the game updated at the write's time, records that round
// has started and refreshes the game's fingerprint, which the write has
// changed. after is the game file as the write leaves it, when the write
// knows it already (saving an entry: the hot path, which so reads the
// game once rather than twice); nil reads it back.
func touch(ctx context.Context, tx *sql.Tx, id string, round int, at time.Time, after *scoring.Game) error {
	_, err := tx.ExecContext(ctx, `UPDATE games SET updated = ?, rounds = MAX(rounds, ?) WHERE id = ?`,
		at.UnixNano(), round, id)
	if err != nil {
		return err
	}
	if after == nil {
		return refreshFingerprint(ctx, tx, id)
	}
	return setFingerprint(ctx, tx, id, *after)
}
