package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Holder is a seat held by a phone: the phone's random id (from its own
// cookie, nothing about the person), when it took the seat and when it was
// last seen at the table.
type Holder struct {
	Seat        int
	Phone       string
	Taken, Seen time.Time
}

// EntryMark says who saved a stored round entry and when: the seat of the
// phone that saved it (-1 when not known: the API, a shared phone, an
// import) and the time (zero when not known).
type EntryMark struct {
	By    int
	Saved time.Time
}

// MaxPhoneLength bounds a phone id, so a forged cookie cannot fill a row.
const MaxPhoneLength = 64

// TakeSeat records that phone holds seat of game id, taking it over from
// any other phone that held it; the phone keeps the other seats it holds.
// Taking a seat the phone holds already only marks it seen.
func (s *Store) TakeSeat(ctx context.Context, id string, seat int, phone string) (err error) {
	defer s.fault(&err)
	if phone == "" || len(phone) > MaxPhoneLength {
		return fmt.Errorf("store: game %s: seat %d: %w", id, seat, ErrBadPlayer)
	}
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return fmt.Errorf("store: game %s: seat %d: %w", id, seat, err)
	}
	defer end()
	if err := seatInGame(ctx, tx, id, seat); err != nil {
		return fmt.Errorf("store: game %s: seat %d: %w", id, seat, err)
	}
	now := s.now().UnixNano()
	_, err = tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, phone, taken, seen) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (game_id, seat) DO UPDATE SET
			taken = CASE WHEN seats.phone = excluded.phone THEN seats.taken ELSE excluded.taken END,
			phone = excluded.phone, seen = excluded.seen`, id, seat, phone, now, now)
	if err != nil {
		return fmt.Errorf("store: game %s: seat %d: %w", id, seat, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: game %s: seat %d: %w", id, seat, err)
	}
	return nil
}

// ReleaseSeats lets go of the seats phone holds in game id: the seats
// listed, or every one when none is listed. A seat another phone has
// taken since is left to that phone.
func (s *Store) ReleaseSeats(ctx context.Context, id, phone string, seats ...int) (err error) {
	defer s.fault(&err)
	err = s.write(ctx, func(tx *sql.Tx) error {
		if len(seats) == 0 {
			_, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ? AND phone = ?`, id, phone)
			return err
		}
		for _, seat := range seats {
			if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ? AND phone = ? AND seat = ?`, id, phone, seat); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: game %s: releasing seats: %w", id, err)
	}
	return nil
}

// SeenAt marks phone as seen now in game id, for each seat it holds
// there; a phone seen within the last minute is not written again.
func (s *Store) SeenAt(ctx context.Context, id, phone string) (err error) {
	defer s.fault(&err)
	now := s.now()
	err = s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE seats SET seen = ? WHERE game_id = ? AND phone = ? AND seen < ?`,
			now.UnixNano(), id, phone, now.Add(-time.Minute).UnixNano())
		return err
	})
	if err != nil {
		return fmt.Errorf("store: game %s: seen: %w", id, err)
	}
	return nil
}

// seatInGame is ErrNotFound for a game that is not there (or in the
// trash) and ErrBadPlayer for a seat it does not have.
func seatInGame(ctx context.Context, tx *sql.Tx, id string, seat int) error {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT COUNT(p.seat) FROM games g LEFT JOIN players p ON p.game_id = g.id
		WHERE g.id = ? AND g.deleted IS NULL GROUP BY g.id`, id).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if seat < 0 || seat >= n {
		return ErrBadPlayer
	}
	return nil
}

// loadSeats fills each game's Holders and its working share link.
func loadSeats(ctx context.Context, q queryer, filter string, args []any, byID map[string]*StoredGame) error {
	rows, err := q.QueryContext(ctx, `SELECT game_id, seat, phone, taken, seen FROM seats`+filter+` ORDER BY taken, seat`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id          string
			h           Holder
			taken, seen int64
		)
		if err := rows.Scan(&id, &h.Seat, &h.Phone, &taken, &seen); err != nil {
			return err
		}
		g, ok := byID[id]
		if !ok || h.Seat >= len(g.File.Players) {
			continue
		}
		h.Taken, h.Seen = unixTime(taken), unixTime(seen)
		g.Holders = append(g.Holders, h)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return loadShares(ctx, q, filter, args, byID)
}

// loadShares fills Share: loaded with the game, a link stopped or made
// anew is part of what the game's version (handlers' live updates, the
// scoreboard's ETag) tells apart.
func loadShares(ctx context.Context, q queryer, filter string, args []any, byID map[string]*StoredGame) error {
	where := " WHERE revoked = 0"
	if filter != "" {
		where = filter + " AND revoked = 0"
	}
	rows, err := q.QueryContext(ctx, `SELECT game_id, token FROM share_tokens`+where, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, token string
		if err := rows.Scan(&id, &token); err != nil {
			return err
		}
		if g, ok := byID[id]; ok {
			g.Share = token
		}
	}
	return rows.Err()
}

// Held is the seats the phone holds in g, in the order it took them.
func (g StoredGame) Held(phone string) []int {
	var out []int
	if phone == "" {
		return out
	}
	for _, h := range g.Holders {
		if h.Phone == phone {
			out = append(out, h.Seat)
		}
	}
	return out
}

// Holder returns the phone holding seat in g, "" when it is an open seat.
func (g StoredGame) HolderOf(seat int) string {
	for _, h := range g.Holders {
		if h.Seat == seat {
			return h.Phone
		}
	}
	return ""
}

// PhoneOwner is the seat whose phone it is: the first seat the phone
// took (its owner's), -1 for a phone holding none.
func (g StoredGame) PhoneOwner(phone string) int {
	if held := g.Held(phone); len(held) > 0 {
		return held[0]
	}
	return -1
}

// ShareToken returns game id's share link token, making one when the
// game never had one; "" when its link was revoked (NewShareToken makes
// another). ErrNotFound for a game that is not there.
func (s *Store) ShareToken(ctx context.Context, id string) (_ string, err error) {
	defer s.fault(&err)
	var (
		token   string
		revoked int64
	)
	err = s.db.QueryRowContext(ctx, `SELECT token, revoked FROM share_tokens WHERE game_id = ?`, id).Scan(&token, &revoked)
	switch {
	case err == nil && revoked != 0:
		return "", nil
	case err == nil:
		return token, nil
	case !errors.Is(err, sql.ErrNoRows):
		return "", fmt.Errorf("store: game %s: share: %w", id, err)
	}
	return s.newShare(ctx, id, false)
}

// LiveShare is game id's share link token while it works, "" when the
// game has none or it was revoked. It never makes one.
func (s *Store) LiveShare(ctx context.Context, id string) (_ string, err error) {
	defer s.fault(&err)
	var token string
	err = s.db.QueryRowContext(ctx, `SELECT token FROM share_tokens WHERE game_id = ? AND revoked = 0`, id).Scan(&token)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("store: game %s: share: %w", id, err)
	}
	return token, nil
}

// NewShareToken gives game id a new share link, live, whatever it had:
// the old token (revoked or not) opens nothing from now on.
func (s *Store) NewShareToken(ctx context.Context, id string) (_ string, err error) {
	defer s.fault(&err)
	return s.newShare(ctx, id, true)
}

// newShare stores a new token for game id; without replace, a token made
// meanwhile by another request is kept and returned.
func (s *Store) newShare(ctx context.Context, id string, replace bool) (string, error) {
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return "", fmt.Errorf("store: game %s: share: %w", id, err)
	}
	defer end()
	var live int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE id = ? AND deleted IS NULL`, id).Scan(&live); err != nil {
		return "", fmt.Errorf("store: game %s: share: %w", id, err)
	}
	if live == 0 {
		return "", fmt.Errorf("store: game %s: %w", id, ErrNotFound)
	}
	token := newToken()
	q := `INSERT INTO share_tokens (token, game_id, created) VALUES (?, ?, ?) ON CONFLICT (game_id) DO NOTHING`
	if replace {
		q = `INSERT INTO share_tokens (token, game_id, created) VALUES (?, ?, ?)
			ON CONFLICT (game_id) DO UPDATE SET token = excluded.token, created = excluded.created, revoked = 0`
	}
	if _, err := tx.ExecContext(ctx, q, token, id, s.now().UnixNano()); err != nil {
		return "", fmt.Errorf("store: game %s: share: %w", id, err)
	}
	var revoked int64
	if err := tx.QueryRowContext(ctx, `SELECT token, revoked FROM share_tokens WHERE game_id = ?`, id).Scan(&token, &revoked); err != nil {
		return "", fmt.Errorf("store: game %s: share: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return "", fmt.Errorf("store: game %s: share: %w", id, err)
	}
	if revoked != 0 {
		return "", nil
	}
	return token, nil
}

// RevokeShare ends game id's share link: its token opens nothing from
// now on, and ShareToken makes no other until NewShareToken is asked.
func (s *Store) RevokeShare(ctx context.Context, id string) (err error) {
	defer s.fault(&err)
	err = s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE share_tokens SET revoked = ? WHERE game_id = ? AND revoked = 0`, s.now().UnixNano(), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: game %s: revoking the share link: %w", id, err)
	}
	return nil
}

// GameByShareToken is the game a share link token opens; ErrNotFound
// for a token that was never made or was revoked, or whose game is in the
// trash.
func (s *Store) GameByShareToken(ctx context.Context, token string) (_ StoredGame, err error) {
	defer s.fault(&err)
	var id string
	err = s.db.QueryRowContext(ctx, `SELECT game_id FROM share_tokens WHERE token = ? AND revoked = 0`, token).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return StoredGame{}, fmt.Errorf("store: share link: %w", ErrNotFound)
	}
	if err != nil {
		return StoredGame{}, fmt.Errorf("store: share link: %w", err)
	}
	return s.Game(ctx, id)
}

// newToken is a share link token: 160 bits from crypto/rand, spelt as
// ids are (32 characters), so it cannot be guessed or enumerated.
func newToken() string {
	var b [20]byte
	rand.Read(b[:]) // never fails: crypto/rand panics rather than return short
	return idEncoding.EncodeToString(b[:])
}
