package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"ruthless/scoring"
)

// Summaries of games (migration 008): the history pages read one small
// row per game, in order, instead of every game loaded and scored. The
// store keeps them; whoever reads them works out the missing ones
// (scoring.SummarizeGame, with its own solver and budget) and hands them
// back with PutSummaries. A write to a game removes its summary (a
// trigger, in the write's own transaction), so no save waits for a game
// to be scored, and the table never holds a summary out of date.

// Summary is a game's summary as of the game's updated time Updated.
type Summary struct {
	scoring.GameSummary
	Updated time.Time
}

// StoredSummary is a summary as EachSummary reads it.
type StoredSummary struct {
	scoring.GameSummary
	// Stored is false for a row the store cannot read (one of another
	// summary format): then only ID and Played are set, and the game
	// needs summarising again.
	Stored bool
}

// StaleSummaries lists the live games without a summary, oldest first,
// with their versions. When every live game has one (the usual case: the
// table holds live games only) it counts rows and reads no game.
func (s *Store) StaleSummaries(ctx context.Context) (_ []GameVersion, err error) {
	defer s.fault(&err)
	var missing bool
	err = s.db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM games WHERE `+liveSQL+`) != (SELECT COUNT(*) FROM summaries)`).Scan(&missing)
	if err != nil {
		return nil, fmt.Errorf("store: stale summaries: %w", err)
	}
	if !missing {
		return nil, nil
	}
	out, err := queryVersions(ctx, s.db, `SELECT g.id, g.updated FROM games g
		WHERE g.`+liveSQL+` AND NOT EXISTS (SELECT 1 FROM summaries m WHERE m.game_id = g.id) ORDER BY g.created, g.id`)
	if err != nil {
		return nil, fmt.Errorf("store: stale summaries: %w", err)
	}
	return out, nil
}

// PutSummaries keeps summaries, each for its game as of its Updated, in
// one write that takes its turn after the table's saves (like an
// import's batch). A summary of a game written since (or deleted) is
// dropped: it is no longer that game's.
func (s *Store) PutSummaries(ctx context.Context, sums []Summary) (err error) {
	defer s.fault(&err)
	if len(sums) == 0 {
		return nil
	}
	tx, end, err := s.begin(ctx, forImport)
	if err != nil {
		return fmt.Errorf("store: put summaries: %w", err)
	}
	defer end()
	for _, sum := range sums {
		_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO summaries (created, game_id, data)
			SELECT created, id, ? FROM games WHERE id = ? AND updated = ? AND `+liveSQL,
			encodeSummary(sum.GameSummary), sum.ID, sum.Updated.UnixNano())
		if err != nil {
			return fmt.Errorf("store: put summaries: game %s: %w", sum.ID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: put summaries: %w", err)
	}
	return nil
}

// EachSummary calls fn with every stored summary (those of live games),
// oldest first (by when the game was played, then id, as the history is
// ordered), reading them as a stream in the table's own order: what it
// holds at once is one row. It stops at fn's first error and returns it.
func (s *Store) EachSummary(ctx context.Context, fn func(StoredSummary) error) (err error) {
	defer s.fault(&err)
	return s.snapshot(ctx, func(q queryer) error {
		rows, err := q.QueryContext(ctx, `SELECT game_id, created, data FROM summaries ORDER BY created, game_id`)
		if err != nil {
			return fmt.Errorf("store: each summary: %w", err)
		}
		defer rows.Close()
		names := map[string]string{}
		for rows.Next() {
			var (
				id      string
				created int64
				data    sql.RawBytes
			)
			if err := rows.Scan(&id, &created, &data); err != nil {
				return fmt.Errorf("store: each summary: %w", err)
			}
			var ss StoredSummary
			if gs, err := decodeSummary(data, names); err == nil {
				ss.GameSummary, ss.Stored = gs, true
			}
			ss.ID, ss.Played = id, created
			if err := fn(ss); err != nil {
				return err
			}
		}
		return rows.Err()
	})
}

// summaryFormat leads every encoded summary; a row of another format
// reads as no summary, and is worked out again.
const summaryFormat = 1

// encodeSummary writes gs compactly: varints and length-prefixed
// strings, in a fixed order. It is read back fifty thousand times for
// one page, where JSON would take most of the page's time.
func encodeSummary(gs scoring.GameSummary) []byte {
	b := make([]byte, 0, 16+len(gs.Seats)*48)
	b = append(b, summaryFormat)
	b = binary.AppendUvarint(b, uint64(gs.State))
	b = binary.AppendUvarint(b, uint64(len(gs.Rounds)))
	for _, r := range gs.Rounds {
		b = binary.AppendVarint(b, int64(r))
	}
	b = binary.AppendUvarint(b, uint64(len(gs.Seats)))
	for _, st := range gs.Seats {
		b = appendString(b, st.Name)
		b = binary.AppendVarint(b, int64(st.Place))
		won := uint64(0)
		if st.Won {
			won = 1
		}
		b = binary.AppendUvarint(b, won)
		b = binary.AppendVarint(b, int64(st.NP))
		for _, v := range st.Sources {
			b = binary.AppendVarint(b, int64(v))
		}
		b = binary.AppendUvarint(b, uint64(len(st.Strengths)))
		for _, v := range st.Strengths {
			b = binary.AppendVarint(b, int64(v))
		}
		for _, v := range st.Patterns {
			b = binary.AppendVarint(b, int64(v))
		}
		b = binary.AppendUvarint(b, uint64(len(st.Achievements)))
		for _, a := range st.Achievements {
			b = appendString(b, a.ID)
			b = binary.AppendVarint(b, int64(a.NP))
		}
	}
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// errBadSummary is a summary row the store cannot read.
var errBadSummary = errors.New("store: unreadable summary")

// summaryReader reads an encoded summary; the first fault sticks, and
// every later read gives zero.
type summaryReader struct {
	b   []byte
	err error
	// names, when set, hands back one string for each name read again,
	// rather than a new one per game.
	names map[string]string
}

func (r *summaryReader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errBadSummary
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *summaryReader) int() int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.err = errBadSummary
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

// count is a length that the bytes left can hold (each item takes a
// byte at least), so a damaged row cannot ask for a huge slice.
func (r *summaryReader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.err = errBadSummary
		return 0
	}
	return int(n)
}

func (r *summaryReader) string() string {
	n := r.count()
	if r.err != nil {
		return ""
	}
	b := r.b[:n]
	r.b = r.b[n:]
	if r.names == nil {
		return string(b)
	}
	if s, ok := r.names[string(b)]; ok {
		return s
	}
	s := string(b)
	r.names[s] = s
	return s
}

// decodeSummary reads what encodeSummary wrote; names, if not nil,
// shares the strings of names read before.
func decodeSummary(b []byte, names map[string]string) (scoring.GameSummary, error) {
	var gs scoring.GameSummary
	if len(b) == 0 || b[0] != summaryFormat {
		return gs, errBadSummary
	}
	r := &summaryReader{b: b[1:], names: names}
	gs.State = scoring.SummaryState(r.uvarint())
	if n := r.count(); n > 0 {
		gs.Rounds = make([]int, n)
		for i := range gs.Rounds {
			gs.Rounds[i] = r.int()
		}
	}
	gs.Seats = make([]scoring.SeatSummary, r.count())
	for i := range gs.Seats {
		st := &gs.Seats[i]
		st.Name = r.string()
		st.Place = r.int()
		st.Won = r.uvarint() == 1
		st.NP = r.int()
		for j := range st.Sources {
			st.Sources[j] = r.int()
		}
		if n := r.count(); n > 0 {
			st.Strengths = make([]int, n)
			for j := range st.Strengths {
				st.Strengths[j] = r.int()
			}
		}
		for j := range st.Patterns {
			st.Patterns[j] = r.int()
		}
		if n := r.count(); n > 0 {
			st.Achievements = make([]scoring.AchievementNP, n)
			for j := range st.Achievements {
				st.Achievements[j] = scoring.AchievementNP{ID: r.string(), NP: r.int()}
			}
		}
	}
	if r.err == nil && len(r.b) != 0 {
		r.err = errBadSummary
	}
	return gs, r.err
}
