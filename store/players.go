package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"ruthless/scoring"
)

// GameFilter narrows the list of games: by player (the same name as
// scoring.SameName means it, up to ASCII case), by state, and by a piece
// of a name. The zero GameFilter selects every game.
type GameFilter struct {
	// Player selects the games this player sat in.
	Player string
	// State is "finished", "in_progress" or "" for both.
	State string
	// Search selects the games with a player whose name holds this text.
	Search string
}

// IsZero reports whether f selects every game.
func (f GameFilter) IsZero() bool { return f == GameFilter{} }

// finishedSQL is true for a game whose every seat has a final entry.
const finishedSQL = `((SELECT COUNT(*) FROM finals f WHERE f.game_id = games.id) =
	(SELECT COUNT(*) FROM players p WHERE p.game_id = games.id))`

// where is the filter as SQL conditions on the games table and their
// arguments.
func (f GameFilter) where() ([]string, []any) {
	var conds []string
	var args []any
	if name := strings.TrimSpace(f.Player); name != "" {
		// lower() folds ASCII only; SameName folds all of Unicode, and a
		// page that misses a game for an accented capital is still right
		// about the games it lists.
		conds = append(conds, `EXISTS (SELECT 1 FROM players p WHERE p.game_id = games.id AND lower(trim(p.name)) = lower(?))`)
		args = append(args, name)
	}
	if s := strings.TrimSpace(f.Search); s != "" {
		conds = append(conds, `EXISTS (SELECT 1 FROM players p WHERE p.game_id = games.id AND instr(lower(p.name), lower(?)) > 0)`)
		args = append(args, s)
	}
	switch f.State {
	case "finished":
		conds = append(conds, finishedSQL)
	case "in_progress":
		conds = append(conds, "NOT "+finishedSQL)
	}
	return conds, args
}

// GamesPageFiltered is GamesPage for the games the filter selects.
func (s *Store) GamesPageFiltered(ctx context.Context, f GameFilter, before Cursor, limit int) (games []Game, next Cursor, err error) {
	conds, args := f.where()
	return s.gamesPage(ctx, conds, args, before, limit)
}

// NameClash is the error of a rename that would leave two seats of one
// game with the same name (R4.5).
type NameClash struct {
	GameID string
	// Players are the game's players as they are now.
	Players []string
	// Other is the name already at that table.
	Other string
}

// Error names the game and the two names.
func (e *NameClash) Error() string {
	return fmt.Sprintf("store: game %s already has a player called %q", e.GameID, e.Other)
}

// ErrBadName is returned for a new name R4.5 does not allow.
var ErrBadName = errors.New("store: not a valid player name")

// RenamePlayer gives every seat called from (by scoring.SameName) the name
// to, in every game, in one transaction: renaming onto a name some games
// already use merges the two players. A game that would then seat two
// players of the same name refuses the whole rename with a *NameClash;
// a name R4.5 does not allow, with ErrBadName. It returns how many games
// changed; each of them counts as updated.
func (s *Store) RenamePlayer(ctx context.Context, from, to string) (_ int, err error) {
	defer fault(&err)
	to = strings.TrimSpace(to)
	if err := checkNewName(to); err != nil {
		return 0, fmt.Errorf("store: rename %q: %w", from, err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("store: rename %q: %w", from, err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT game_id, seat, name FROM players ORDER BY game_id, seat`)
	if err != nil {
		return 0, fmt.Errorf("store: rename %q: %w", from, err)
	}
	type seat struct {
		game string
		seat int
		name string
	}
	var all []seat
	for rows.Next() {
		var st seat
		if err := rows.Scan(&st.game, &st.seat, &st.name); err != nil {
			rows.Close()
			return 0, fmt.Errorf("store: rename %q: %w", from, err)
		}
		all = append(all, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("store: rename %q: %w", from, err)
	}
	byGame := map[string][]seat{}
	var order []string
	for _, st := range all {
		if _, ok := byGame[st.game]; !ok {
			order = append(order, st.game)
		}
		byGame[st.game] = append(byGame[st.game], st)
	}
	at := s.now().UnixNano()
	changed := 0
	for _, id := range order {
		seats := byGame[id]
		hit := -1
		for i, st := range seats {
			if scoring.SameName(st.name, from) {
				hit = i
			}
		}
		if hit < 0 {
			continue
		}
		for i, st := range seats {
			if i != hit && scoring.SameName(st.name, to) {
				names := make([]string, len(seats))
				for j, x := range seats {
					names[j] = x.name
				}
				return 0, fmt.Errorf("store: rename %q: %w", from, &NameClash{GameID: id, Players: names, Other: st.name})
			}
		}
		if seats[hit].name == to {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE players SET name = ? WHERE game_id = ? AND seat = ?`, to, id, seats[hit].seat); err != nil {
			return 0, fmt.Errorf("store: rename %q: game %s: %w", from, id, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET updated = MAX(updated + 1, ?) WHERE id = ?`, at, id); err != nil {
			return 0, fmt.Errorf("store: rename %q: game %s: %w", from, id, err)
		}
		if err := refreshFingerprint(ctx, tx, id); err != nil {
			return 0, fmt.Errorf("store: rename %q: game %s: %w", from, id, err)
		}
		changed++
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("store: rename %q: %w", from, err)
	}
	return changed, nil
}

// checkNewName applies R4.5 to one name through the game file's own
// check, so a rename allows exactly the names a new game allows.
func checkNewName(name string) error {
	// The second seat only makes the game whole; its own errors are
	// ignored.
	g := scoring.Game{Version: 1, Players: []string{name, name + "2"}, Achievements: scoring.DefaultAchievements()}
	if utf8.RuneCountInString(name) == 0 {
		return fmt.Errorf("%w: a player's name has 1 to %d characters", ErrBadName, scoring.MaxNameLength)
	}
	_, err := scoring.Validate(g)
	var fe *scoring.FieldError
	if errors.As(err, &fe) && fe.Field == "players[0]" {
		return fmt.Errorf("%w: %s", ErrBadName, fe.Message)
	}
	return nil
}

// ImportError is a game file an import refused: which file, which game
// in it (its index in an array, -1 for a file of one game) and which
// field.
type ImportError struct {
	File  string
	Index int
	// Field is the JSON path in that game file, "" for the file as a whole.
	Field   string
	Message string
	// Err is ErrTooManyGames or ErrGameTooLarge for a file over a cap.
	Err error
}

// Unwrap is the cap the file is over, if any.
func (e *ImportError) Unwrap() error { return e.Err }

// Error names the file, the game and the field.
func (e *ImportError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Index >= 0 {
		fmt.Fprintf(&b, ", game %d", e.Index)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ", field %s", e.Field)
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

// ParseGameFiles reads what an import takes: one game file (docs/api.md
// v1) or a JSON array of them, with no cap on the number of games (the
// command line's import; see ReadGameFiles).
func ParseGameFiles(file string, data []byte) ([]scoring.Game, error) {
	return ReadGameFiles(file, bytes.NewReader(data), 0)
}

// Imported is what an import did with one game.
type Imported struct {
	// ID is the new game's id, or the id of the stored game that already
	// holds it.
	ID string
	// Existing is true when the game was stored already, so nothing was
	// written for it.
	Existing bool
}

// Import stores several games in one transaction: all of them, or, on any
// error, none. The games must be valid (ParseGameFiles). A game the store
// already holds (the same content and played time, see findStored) is not
// stored again: its Imported names the stored game, with Existing set; so
// is a game given twice in one import. New games are dated by their played
// time, else the time of the import; they count as updated in the order
// given, the last one most recently.
func (s *Store) Import(ctx context.Context, games []scoring.Game) (_ []Imported, err error) {
	defer fault(&err)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store: import: %w", err)
	}
	defer tx.Rollback()
	at := s.now()
	out := make([]Imported, 0, len(games))
	for i, g := range games {
		fp, err := fingerprint(g)
		if err != nil {
			return nil, fmt.Errorf("store: import: game %d: %w", i, err)
		}
		id, found, err := findStored(ctx, tx, g, fp)
		if err != nil {
			return nil, fmt.Errorf("store: import: game %d: %w", i, err)
		}
		if found {
			out = append(out, Imported{ID: id, Existing: true})
			continue
		}
		id, err = insertGame(ctx, tx, g, at.Add(-time.Duration(len(games)-1-i)))
		if err != nil {
			return nil, fmt.Errorf("store: import: game %d: %w", i, err)
		}
		out = append(out, Imported{ID: id})
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("store: import: %w", err)
	}
	return out, nil
}

// ImportGames is Import returning the ids alone, in order: a new game's,
// or the stored game's for a game already stored.
func (s *Store) ImportGames(ctx context.Context, games []scoring.Game) ([]string, error) {
	done, err := s.Import(ctx, games)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(done))
	for i, d := range done {
		ids[i] = d.ID
	}
	return ids, nil
}

// insertGame writes a new game with every entry at version 1, inside tx,
// updated at and created at its played time, if it has one, else at too.
func insertGame(ctx context.Context, tx *sql.Tx, g scoring.Game, at time.Time) (string, error) {
	id := newID()
	n := len(g.Players)
	if len(g.Rounds) > scoring.RoundsFor(n) {
		return "", fmt.Errorf("%d rounds for %d players: %w", len(g.Rounds), n, ErrBadRound)
	}
	for r, round := range g.Rounds {
		if len(round) != n {
			return "", fmt.Errorf("round %d has %d entries for %d players: %w", r+1, len(round), n, ErrBadPlayer)
		}
	}
	if len(g.Final) > n {
		return "", fmt.Errorf("%d final entries for %d players: %w", len(g.Final), n, ErrBadPlayer)
	}
	achievements, err := json.Marshal(g.Achievements)
	if err != nil {
		return "", err
	}
	created := at
	if g.Played != "" {
		if created, err = playedTime(g.Played); err != nil {
			return "", err
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO games
		(id, created, updated, version, start_player, achievements, zero_counts, rounds, played)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, created.UnixNano(), at.UnixNano(), g.Version, g.StartPlayer, string(achievements), g.ZeroCounts, len(g.Rounds), g.Played)
	if err != nil {
		return "", err
	}
	for seat, name := range g.Players {
		if _, err := tx.ExecContext(ctx, `INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)`, id, seat, name); err != nil {
			return "", fmt.Errorf("player %d: %w", seat, err)
		}
	}
	first := row{version: 1, saved: at, by: -1}
	for r, round := range g.Rounds {
		for seat, e := range round {
			if e == nil {
				continue
			}
			if err := upsertEntry(ctx, tx, id, r+1, seat, *e, first); err != nil {
				return "", err
			}
		}
	}
	for seat, f := range g.Final {
		if err := upsertFinal(ctx, tx, id, seat, f, first); err != nil {
			return "", err
		}
	}
	// From what was written, not from g: what a later import compares with
	// is the export, which is read back the same way.
	if err := refreshFingerprint(ctx, tx, id); err != nil {
		return "", err
	}
	return id, nil
}

// GameVersion is a game's id and the time of its last write, which
// changes with every write: enough to tell whether a copy is current.
type GameVersion struct {
	ID      string
	Updated time.Time
}

// GameVersions lists every game's version, reading one small row per
// game, so a cache of games can find what changed without loading them.
func (s *Store) GameVersions(ctx context.Context) (_ []GameVersion, err error) {
	defer fault(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT id, updated FROM games`)
	if err != nil {
		return nil, fmt.Errorf("store: game versions: %w", err)
	}
	defer rows.Close()
	var out []GameVersion
	for rows.Next() {
		var v GameVersion
		var nanos int64
		if err := rows.Scan(&v.ID, &nanos); err != nil {
			return nil, fmt.Errorf("store: game versions: %w", err)
		}
		v.Updated = time.Unix(0, nanos).UTC()
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: game versions: %w", err)
	}
	return out, nil
}

// idsPerQuery keeps a query's bound ids well under SQLite's limit on
// variables.
const idsPerQuery = 500

// GamesByID loads the games with these ids (in no particular order);
// ids that name no game are skipped.
func (s *Store) GamesByID(ctx context.Context, ids []string) (_ []Game, err error) {
	defer fault(&err)
	var out []Game
	for len(ids) > 0 {
		n := min(len(ids), idsPerQuery)
		args := make([]any, n)
		for i, id := range ids[:n] {
			args[i] = id
		}
		tail := ` WHERE id IN (?` + strings.Repeat(", ?", n-1) + `)`
		err := s.snapshot(ctx, func(q queryer) error {
			games, err := loadSelected(ctx, q, tail, args, true)
			out = append(out, games...)
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("store: games by id: %w", err)
		}
		ids = ids[n:]
	}
	return out, nil
}

// EachGame calls fn with every game, oldest first (by creation, then id),
// loading idsPerQuery games at a time: an export of a long history holds
// one batch in memory, not the history. It stops at fn's first error and
// returns it.
func (s *Store) EachGame(ctx context.Context, fn func(Game) error) (err error) {
	defer fault(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games ORDER BY created, id`)
	if err != nil {
		return fmt.Errorf("store: each game: %w", err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return fmt.Errorf("store: each game: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Close(); err != nil {
		return fmt.Errorf("store: each game: %w", err)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: each game: %w", err)
	}
	for len(ids) > 0 {
		batch := ids[:min(len(ids), idsPerQuery)]
		ids = ids[len(batch):]
		games, err := s.GamesByID(ctx, batch)
		if err != nil {
			return err
		}
		byID := make(map[string]Game, len(games))
		for _, g := range games {
			byID[g.ID] = g
		}
		for _, id := range batch {
			g, ok := byID[id]
			if !ok {
				continue // deleted meanwhile
			}
			if err := fn(g); err != nil {
				return err
			}
		}
	}
	return nil
}
