package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"ruthless/scoring"
)

// PutEntry saves one player's entry for a round (1-based; the round after
// the last one started starts it) and returns the entry's new version.
// version is the one the client last saw, 0 for a new entry; if someone
// saved the entry since, nothing is written and the error is an
// *EntryConflict holding what is stored.
func (s *Store) PutEntry(ctx context.Context, id string, round, player int, e scoring.Entry, version int) (int, error) {
	return s.saveEntry(ctx, id, round, player, e, version, "")
}

// saveEntry is PutEntry for a form: token is the form's one-time token
// ("" for none), written with the entry in the same transaction, so that
// when the same form is posted again on its old version the conflict says
// the stored save came from that form (EntryConflict.Token), not from
// another phone.
func (s *Store) saveEntry(ctx context.Context, id string, round, player int, e scoring.Entry, version int, token string) (int, error) {
	return s.SaveEntryBy(ctx, id, round, player, e, version, token, -1)
}

// SaveEntryBy is SaveEntry for a phone that knows its own seat (by; -1
// for none): the seat is kept with the entry, so that another phone's
// conflicting save can say whose phone saved it (EntryConflict.SavedBy).
func (s *Store) SaveEntryBy(ctx context.Context, id string, round, player int, e scoring.Entry, version int, token string, by int) (int, error) {
	_, g, err := s.SaveEntryAfter(ctx, id, round, player, e, version, token, func(StoredGame) int { return by })
	if err != nil {
		return 0, err
	}
	return g.EntryVersions[round-1][player], nil
}

// SaveEntryAfter is SaveEntryBy for a caller that goes on with the game
// (the warnings, who is still to enter, the page after the save and its
// cached scores): it hands back the game as the write found it (before)
// and as the write left it (after, the entry's new version in its
// EntryVersions, equal to what Game reads next), both read and validated
// inside its transaction, so the caller reads the game neither before nor
// after. by works out, from the game as it stands then, the seat of the
// phone that saves (-1 for none), which is kept with the entry. On an
// error neither game is set.
func (s *Store) SaveEntryAfter(ctx context.Context, id string, round, player int, e scoring.Entry, version int, token string, by func(StoredGame) int) (_, _ StoredGame, err error) {
	defer s.fault(&err)
	tx, end, h, err := s.beginSeat(ctx, id, player)
	if err != nil {
		return StoredGame{}, StoredGame{}, err
	}
	defer end()
	if round < 1 || round > h.rounds+1 || round > scoring.RoundsFor(h.players) {
		return StoredGame{}, StoredGame{}, fmt.Errorf("store: game %s: round %d with %d started: %w", id, round, h.rounds, ErrBadRound)
	}
	current, stored, err := readEntry(ctx, tx, id, round, player)
	if err != nil {
		return StoredGame{}, StoredGame{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if version != stored.version {
		conflict := &EntryConflict{Version: stored.version, Saved: stored.saved, Token: stored.token, SavedBy: stored.by}
		if stored.version > 0 {
			conflict.Current = &current
		}
		return StoredGame{}, StoredGame{}, conflict
	}
	// The candidate that is validated is exactly the game after the write
	// (WithEntry starts the round as the write does), so its fingerprint
	// needs no second read.
	var after scoring.Game
	before, err := checkWrite(ctx, tx, id, func(g StoredGame) (scoring.Game, error) {
		var werr error
		after, werr = scoring.WithEntry(g.File, round, player, &e)
		return after, werr
	})
	if err != nil {
		return StoredGame{}, StoredGame{}, invalid(id, err)
	}
	saved := row{version: stored.version + 1, saved: s.now(), token: token, by: max(by(before), -1)}
	dated, err := datePlayByFirstEntry(ctx, tx, id, saved.saved)
	if err != nil {
		return StoredGame{}, StoredGame{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if err := upsertEntry(ctx, tx, id, round, player, e, saved); err != nil {
		return StoredGame{}, StoredGame{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if err := touch(ctx, tx, id, round, saved.saved, &after); err != nil {
		return StoredGame{}, StoredGame{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return StoredGame{}, StoredGame{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	return before, entryWritten(before, after, round, player, saved, dated), nil
}

// entryWritten is game g as a round entry's write left it: the file after
// it, the entry's version and mark, the updated time and, for the game's
// first entry without a played time, its date (datePlayByFirstEntry).
// TestSaveEntryAfterIsWhatGameReads holds it to what Game reads.
func entryWritten(g StoredGame, after scoring.Game, round, player int, saved row, dated bool) StoredGame {
	at := unixTime(saved.saved.UnixNano())
	// The rows of versions and marks are g's caller's too: the changed
	// ones are copies.
	g.EntryVersions = slices.Clone(g.EntryVersions)
	g.EntryMarks = slices.Clone(g.EntryMarks)
	g.File = after
	g.Updated = at
	if dated {
		g.Created = at
		g.File.Played = playedText(g.Record.Played, g.Created)
	}
	for len(g.EntryVersions) < round {
		g.EntryVersions = append(g.EntryVersions, make([]int, len(g.File.Players)))
		marks := make([]EntryMark, len(g.File.Players))
		for p := range marks {
			marks[p].By = -1
		}
		g.EntryMarks = append(g.EntryMarks, marks)
	}
	g.EntryVersions[round-1] = slices.Clone(g.EntryVersions[round-1])
	g.EntryVersions[round-1][player] = saved.version
	g.EntryMarks[round-1] = slices.Clone(g.EntryMarks[round-1])
	g.EntryMarks[round-1][player] = EntryMark{By: saved.by, Saved: at}
	// The first entry's time is the earliest saved time among the entries
	// as they stand: saving the first one again moves it.
	g.FirstEntry = time.Time{}
	for _, marks := range g.EntryMarks {
		for _, m := range marks {
			if !m.Saved.IsZero() && (g.FirstEntry.IsZero() || m.Saved.Before(g.FirstEntry)) {
				g.FirstEntry = m.Saved
			}
		}
	}
	return g
}

// RevealRound stores an empty pool with 0 coins for every player who has
// not entered a started round (1 up to the rounds started), so the round
// can be scored without them. Entries already there are left alone.
func (s *Store) RevealRound(ctx context.Context, id string, round int) (err error) {
	defer s.fault(&err)
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return fmt.Errorf("store: game %s: %w", id, err)
	}
	defer end()

	h, err := readHeader(ctx, tx, id)
	if err != nil {
		return fmt.Errorf("store: game %s: %w", id, err)
	}
	// Only a started round: revealing one nobody has entered yet would
	// start it with nothing but empty pools.
	if round < 1 || round > h.rounds {
		return fmt.Errorf("store: game %s: reveal round %d with %d started: %w", id, round, h.rounds, ErrBadRound)
	}
	added := int64(0)
	at := s.now()
	now := at.UnixNano()
	for seat := 0; seat < h.players; seat++ {
		res, err := tx.ExecContext(ctx, `INSERT INTO entries (game_id, round, seat, pool, coins, version, saved)
			VALUES (?, ?, ?, '[]', 0, 1, ?) ON CONFLICT (game_id, round, seat) DO NOTHING`, id, round, seat, now)
		if err != nil {
			return fmt.Errorf("store: game %s: reveal round %d: %w", id, round, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: game %s: reveal round %d: %w", id, round, err)
		}
		added += n
	}
	if added > 0 {
		if err := touch(ctx, tx, id, round, at, nil); err != nil {
			return fmt.Errorf("store: game %s: %w", id, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: game %s: %w", id, err)
	}
	return nil
}

// SaveFinal is PutFinal for a form, keeping the form's one-time token with
// the row as SaveEntry does (FinalConflict.Token).
func (s *Store) SaveFinal(ctx context.Context, id string, player int, f scoring.FinalEntry, version int, token string) (_ int, err error) {
	defer s.fault(&err)
	tx, end, _, err := s.beginSeat(ctx, id, player)
	if err != nil {
		return 0, err
	}
	defer end()
	current, stored, err := readFinal(ctx, tx, id, player)
	if err != nil {
		return 0, fmt.Errorf("store: game %s: %w", id, err)
	}
	if version != stored.version {
		conflict := &FinalConflict{Version: stored.version, Saved: stored.saved, Token: stored.token}
		if stored.version > 0 {
			conflict.Current = &current
		}
		return 0, conflict
	}
	before, err := checkWrite(ctx, tx, id, func(g StoredGame) (scoring.Game, error) {
		return g.WithFinal(player, f), nil
	})
	if err != nil {
		return 0, invalid(id, err)
	}
	saved := row{version: stored.version + 1, saved: s.now(), token: token}
	if err := upsertFinal(ctx, tx, id, player, f, saved); err != nil {
		return 0, fmt.Errorf("store: game %s: %w", id, err)
	}
	// What validation saw has stand-ins for the finals not entered yet;
	// the stored game has a final only once every seat has one.
	finals := slices.Clone(before.Finals)
	finals[player] = &f
	after := before.File
	after.Final = completeFinal(finals)
	if err := touch(ctx, tx, id, 0, saved.saved, &after); err != nil {
		return 0, fmt.Errorf("store: game %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("store: game %s: %w", id, err)
	}
	return saved.version, nil
}

// row is what the store keeps about an entry or final row besides its
// values: its version (0: none stored), when it was saved (zero if not
// known) and the token of the form that saved it ("" if none).
type row struct {
	version int
	saved   time.Time
	token   string
	by      int // the seat of the phone that saved it, -1 if not known (entries only)
}

// unixTime reads a stored save time; 0 (a row from before save times were
// kept) is the zero time.
func unixTime(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

// unixNano writes a save time.
func unixNano(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

// readEntry returns the stored entry and its row; version 0 means there
// is none.
func readEntry(ctx context.Context, tx *sql.Tx, id string, round, seat int) (scoring.Entry, row, error) {
	var (
		e     scoring.Entry
		pool  string
		r     row
		saved int64
	)
	err := tx.QueryRowContext(ctx, `SELECT pool, coins, version, saved, token, saved_by FROM entries
		WHERE game_id = ? AND round = ? AND seat = ?`, id, round, seat).Scan(&pool, &e.Coins, &r.version, &saved, &r.token, &r.by)
	if errors.Is(err, sql.ErrNoRows) {
		return scoring.Entry{}, row{by: -1}, nil
	}
	if err != nil {
		return scoring.Entry{}, row{}, fmt.Errorf("round %d seat %d: %w", round, seat, err)
	}
	if err := json.Unmarshal([]byte(pool), &e.Pool); err != nil {
		return scoring.Entry{}, row{}, fmt.Errorf("round %d seat %d: pool: %w", round, seat, err)
	}
	r.saved = unixTime(saved)
	return e, r, nil
}

// upsertEntry writes an entry with its row's version, time and token.
func upsertEntry(ctx context.Context, tx *sql.Tx, id string, round, seat int, e scoring.Entry, r row) error {
	pool, err := json.Marshal(e.Pool)
	if err != nil {
		return fmt.Errorf("round %d seat %d: pool: %w", round, seat, err)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO entries (game_id, round, seat, pool, coins, version, saved, token, saved_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, round, seat) DO UPDATE
		SET pool = excluded.pool, coins = excluded.coins, version = excluded.version,
			saved = excluded.saved, token = excluded.token, saved_by = excluded.saved_by`,
		id, round, seat, string(pool), e.Coins, r.version, unixNano(r.saved), r.token, r.by)
	if err != nil {
		return fmt.Errorf("round %d seat %d: %w", round, seat, err)
	}
	return nil
}

// readFinal returns the stored final entry and its row; version 0 means
// there is none.
func readFinal(ctx context.Context, tx *sql.Tx, id string, seat int) (scoring.FinalEntry, row, error) {
	var (
		f               scoring.FinalEntry
		pirates, buried string
		r               row
		saved           int64
	)
	err := tx.QueryRowContext(ctx, `SELECT pirates, buried_pirates, buried_powder_monkeys,
		loot_banner_kept, loot_banner_buried, coins, parley_used, version, saved, token
		FROM finals WHERE game_id = ? AND seat = ?`, id, seat).Scan(&pirates, &buried,
		&f.BuriedPowderMonkeys, &f.LootBannerKept, &f.LootBannerBuried, &f.Coins, &f.ParleyUsed,
		&r.version, &saved, &r.token)
	if errors.Is(err, sql.ErrNoRows) {
		return scoring.FinalEntry{}, row{}, nil
	}
	if err != nil {
		return scoring.FinalEntry{}, row{}, fmt.Errorf("final %d: %w", seat, err)
	}
	if err := json.Unmarshal([]byte(pirates), &f.Pirates); err != nil {
		return scoring.FinalEntry{}, row{}, fmt.Errorf("final %d: pirates: %w", seat, err)
	}
	if err := json.Unmarshal([]byte(buried), &f.BuriedPirates); err != nil {
		return scoring.FinalEntry{}, row{}, fmt.Errorf("final %d: buried pirates: %w", seat, err)
	}
	r.saved = unixTime(saved)
	return f, r, nil
}

// upsertFinal writes a final entry with its row's version, time and token.
func upsertFinal(ctx context.Context, tx *sql.Tx, id string, seat int, f scoring.FinalEntry, r row) error {
	pirates, err := json.Marshal(f.Pirates)
	if err != nil {
		return fmt.Errorf("final %d: pirates: %w", seat, err)
	}
	buried, err := json.Marshal(f.BuriedPirates)
	if err != nil {
		return fmt.Errorf("final %d: buried pirates: %w", seat, err)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO finals (game_id, seat, pirates, buried_pirates,
		buried_powder_monkeys, loot_banner_kept, loot_banner_buried, coins, parley_used, version, saved, token)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, seat) DO UPDATE
		SET pirates = excluded.pirates, buried_pirates = excluded.buried_pirates,
			buried_powder_monkeys = excluded.buried_powder_monkeys,
			loot_banner_kept = excluded.loot_banner_kept, loot_banner_buried = excluded.loot_banner_buried,
			coins = excluded.coins, parley_used = excluded.parley_used, version = excluded.version,
			saved = excluded.saved, token = excluded.token`,
		id, seat, string(pirates), string(buried), f.BuriedPowderMonkeys, f.LootBannerKept,
		f.LootBannerBuried, f.Coins, f.ParleyUsed, r.version, unixNano(r.saved), r.token)
	if err != nil {
		return fmt.Errorf("final %d: %w", seat, err)
	}
	return nil
}

// beginSeat starts the write of one seat's row of game id: the
// transaction and the game's header, or an error when the game or the
// seat does not exist (the transaction then already rolled back).
func (s *Store) beginSeat(ctx context.Context, id string, player int) (*sql.Tx, func(), header, error) {
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return nil, nil, header{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	h, err := readHeader(ctx, tx, id)
	if err != nil {
		end()
		return nil, nil, header{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if player < 0 || player >= h.players {
		end()
		return nil, nil, header{}, fmt.Errorf("store: game %s: seat %d of %d: %w", id, player, h.players, ErrBadPlayer)
	}
	return tx, end, h, nil
}
