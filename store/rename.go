package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"ruthless/scoring"
)

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
	defer s.fault(&err)
	to = strings.TrimSpace(to)
	if err := checkNewName(to); err != nil {
		return 0, fmt.Errorf("store: rename %q: %w", from, err)
	}
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return 0, fmt.Errorf("store: rename %q: %w", from, err)
	}
	defer end()
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
