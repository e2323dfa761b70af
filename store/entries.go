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

// EntryWrite is one player's round entry to save.
type EntryWrite struct {
	Game string
	// Round is 1-based; the round after the last one started starts it.
	Round, Seat int
	Entry       scoring.Entry
	// Version is the entry's version the client last saw, 0 for a new
	// entry. If someone saved the entry since, nothing is written and the
	// error is an *EntryConflict holding what is stored.
	Version int
	// Token is the one-time token of the form that sends the entry ("" for
	// none), kept with it: when the same form is posted again on its old
	// version, the conflict then says the stored save came from that form
	// (EntryConflict.Token), not from another phone.
	Token string
	// By works out, from the game as the write finds it, the seat of the
	// phone that saves (-1 for none; a nil By: none). It is kept with the
	// entry so that another phone's conflicting save can name it
	// (EntryConflict.SavedBy).
	By func(StoredGame) int
}

// SavedBy is the saving phone's seat in g, -1 when not known.
func (w EntryWrite) SavedBy(g StoredGame) int {
	if w.By == nil {
		return -1
	}
	return max(w.By(g), -1)
}

// FinalWrite is one player's end-of-game collection to save, on the
// version the client saw (a stale one: *FinalConflict), with the form's
// one-time token ("" for none) as in EntryWrite.
type FinalWrite struct {
	Game    string
	Seat    int
	Final   scoring.FinalEntry
	Version int
	Token   string
}

// Written is what a write did, read and checked inside the write's
// transaction so that the caller goes on without reading the game: the
// game as the write found it and as it left it (equal to what Game reads
// next), and the R4.3 warnings of the game after it.
type Written struct {
	Before, After StoredGame
	Warnings      []scoring.Warning
}

// SaveEntry saves one player's round entry, checking the game it makes
// inside the write: one that turns a valid game invalid is refused with
// the *scoring.FieldError of scoring.Validate (R4.1 against every other
// entry as it stands then). On an error nothing is written.
func (s *Store) SaveEntry(ctx context.Context, w EntryWrite) (_ Written, err error) {
	defer s.fault(&err)
	id, round, player := w.Game, w.Round, w.Seat
	tx, end, h, err := s.beginSeat(ctx, id, player)
	if err != nil {
		return Written{}, err
	}
	defer end()
	if round < 1 || round > h.rounds+1 || round > scoring.RoundsFor(h.players) {
		return Written{}, fmt.Errorf("store: game %s: round %d with %d started: %w", id, round, h.rounds, ErrBadRound)
	}
	current, stored, err := readEntry(ctx, tx, id, round, player)
	if err != nil {
		return Written{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if w.Version != stored.version {
		conflict := &EntryConflict{Version: stored.version, Saved: stored.saved, Token: stored.token, SavedBy: stored.by}
		if stored.version > 0 {
			conflict.Current = &current
		}
		return Written{}, conflict
	}
	// The candidate that is validated is exactly the game after the write
	// (WithEntry starts the round as the write does), so its fingerprint
	// needs no second read.
	var after scoring.Game
	before, warnings, err := checkWrite(ctx, tx, id, func(g StoredGame) (scoring.Game, error) {
		var werr error
		after, werr = scoring.WithEntry(g.File, round, player, &w.Entry)
		return after, werr
	})
	if err != nil {
		return Written{}, invalid(id, err)
	}
	saved := row{version: stored.version + 1, saved: s.now(), token: w.Token, by: w.SavedBy(before)}
	dated, err := datePlayByFirstEntry(ctx, tx, id, saved.saved)
	if err != nil {
		return Written{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if err := upsertEntry(ctx, tx, id, round, player, w.Entry, saved); err != nil {
		return Written{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if err := touch(ctx, tx, id, round, saved.saved, &after); err != nil {
		return Written{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return Written{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	return Written{Before: before, After: entryWritten(before, after, round, player, saved, dated), Warnings: warnings}, nil
}

// entryWritten is game g as a round entry's write left it: the file after
// it, the entry's version and mark, the updated time and, for the game's
// first entry without a played time, its date (datePlayByFirstEntry).
// TestSaveEntryIsWhatGameReads holds it to what Game reads.
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

// SaveFinal saves one player's end-of-game collection, checking it
// inside the write against everything the game holds (R4): a collection
// that breaks a rule is refused with the *scoring.FieldError. The game
// after it is read again inside the transaction (a final is saved once
// per player and game, so the read costs little).
func (s *Store) SaveFinal(ctx context.Context, w FinalWrite) (_ Written, err error) {
	defer s.fault(&err)
	id, player := w.Game, w.Seat
	tx, end, _, err := s.beginSeat(ctx, id, player)
	if err != nil {
		return Written{}, err
	}
	defer end()
	current, stored, err := readFinal(ctx, tx, id, player)
	if err != nil {
		return Written{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if w.Version != stored.version {
		conflict := &FinalConflict{Version: stored.version, Saved: stored.saved, Token: stored.token}
		if stored.version > 0 {
			conflict.Current = &current
		}
		return Written{}, conflict
	}
	before, warnings, err := checkWrite(ctx, tx, id, func(g StoredGame) (scoring.Game, error) {
		return g.WithFinal(player, w.Final), nil
	})
	if err != nil {
		return Written{}, invalid(id, err)
	}
	saved := row{version: stored.version + 1, saved: s.now(), token: w.Token}
	if err := upsertFinal(ctx, tx, id, player, w.Final, saved); err != nil {
		return Written{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	// What validation saw has stand-ins for the finals not entered yet;
	// the stored game has a final only once every seat has one.
	finals := slices.Clone(before.Finals)
	finals[player] = &w.Final
	file := before.File
	file.Final = completeFinal(finals)
	if err := touch(ctx, tx, id, 0, saved.saved, &file); err != nil {
		return Written{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	games, err := loadGames(ctx, tx, id)
	if err != nil || len(games) == 0 {
		return Written{}, fmt.Errorf("store: game %s: reading it after the write: %w", id, errors.Join(err, ErrNotFound))
	}
	if err := tx.Commit(); err != nil {
		return Written{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	return Written{Before: before, After: games[0], Warnings: warnings}, nil
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
