package memstore

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// format is the version of the record layout this program writes; a
// record of a newer one is refused rather than misread, as the SQLite
// store refuses a newer schema.
const format = 1

// gameRec is one game as it is persisted: what the SQLite store keeps in
// its rows for that game. Times are Unix nanoseconds (0: none), as there.
type gameRec struct {
	Format       int      `json:"format"`
	ID           string   `json:"id"`
	Created      int64    `json:"created"`
	Updated      int64    `json:"updated"`
	Deleted      int64    `json:"deleted,omitempty"`
	Version      int      `json:"version"`
	Players      []string `json:"players"`
	StartPlayer  int      `json:"start_player"`
	Achievements []string `json:"achievements"`
	ZeroCounts   bool     `json:"zero_counts"`
	// Rounds[r][seat] is that entry, nil while it is not entered; there
	// is one slice per round started.
	Rounds    [][]*entryRec `json:"rounds"`
	Finals    []*finalRec   `json:"finals"`
	Record    recordRec     `json:"record"`
	RematchOf string        `json:"rematch_of,omitempty"`
	Seats     []seatRec     `json:"seats,omitempty"`
	Share     *shareRec     `json:"share,omitempty"`
	// Tokens are the one-time tokens of the new-game forms that made
	// this game (CreateGameOnce); they go when the game is deleted.
	Tokens []string `json:"tokens,omitempty"`
}

type entryRec struct {
	Entry   scoring.Entry `json:"entry"`
	Version int           `json:"version"`
	Saved   int64         `json:"saved"`
	Token   string        `json:"token,omitempty"`
	By      int           `json:"by"`
}

type finalRec struct {
	Final   scoring.FinalEntry `json:"final"`
	Version int                `json:"version"`
	Saved   int64              `json:"saved"`
	Token   string             `json:"token,omitempty"`
}

type recordRec struct {
	Played      string `json:"played,omitempty"`
	DurationMin int    `json:"duration_min,omitempty"`
	Location    string `json:"location,omitempty"`
	Notes       string `json:"notes,omitempty"`
}

type seatRec struct {
	Seat  int    `json:"seat"`
	Phone string `json:"phone"`
	Taken int64  `json:"taken"`
	Seen  int64  `json:"seen"`
}

type shareRec struct {
	Token   string `json:"token"`
	Created int64  `json:"created"`
	Revoked int64  `json:"revoked,omitempty"`
}

// decode reads a persisted record.
func decode(b []byte) (*gameRec, error) {
	var g gameRec
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, err
	}
	if g.Format > format {
		return nil, fmt.Errorf("record format %d is newer than this program's %d", g.Format, format)
	}
	n := len(g.Players)
	for r, round := range g.Rounds {
		if len(round) != n {
			return nil, fmt.Errorf("round %d has %d entries for %d players", r+1, len(round), n)
		}
	}
	if len(g.Finals) != n {
		return nil, fmt.Errorf("%d final entries for %d players", len(g.Finals), n)
	}
	return &g, nil
}

// clone is a deep copy, for a write to change.
func (g *gameRec) clone() (*gameRec, error) {
	b, err := json.Marshal(g)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	return decode(b)
}

// newRec is the record of a new game stored from file f at time at, every
// entry at version 1, created at its played time if it has one.
func newRec(f scoring.Game, at time.Time) (*gameRec, error) {
	if err := store.CheckShape(f); err != nil {
		return nil, err
	}
	created := at
	if f.Played != "" {
		var err error
		if created, err = store.PlayedTime(f.Played); err != nil {
			return nil, err
		}
	}
	n := len(f.Players)
	g := &gameRec{
		Format: format, ID: store.NewID(), Created: created.UnixNano(), Updated: at.UnixNano(),
		Version: f.Version, Players: f.Players, StartPlayer: f.StartPlayer,
		Achievements: f.Achievements, ZeroCounts: f.ZeroCounts,
		Rounds: make([][]*entryRec, len(f.Rounds)), Finals: make([]*finalRec, n),
		Record: recordRec{Played: f.Played, DurationMin: max(f.DurationMin, 0), Location: f.Location, Notes: f.Notes},
	}
	if g.Players == nil {
		g.Players = []string{}
	}
	for r, round := range f.Rounds {
		g.Rounds[r] = make([]*entryRec, n)
		for seat, e := range round {
			if e != nil {
				g.Rounds[r][seat] = &entryRec{Entry: *e, Version: 1, Saved: at.UnixNano(), By: -1}
			}
		}
	}
	for seat, fe := range f.Final {
		g.Finals[seat] = &finalRec{Final: fe, Version: 1, Saved: at.UnixNano()}
	}
	// A copy through JSON, as every record in memory is: nothing of the
	// caller's file is shared.
	return g.clone()
}

// unixTime reads a stored time; 0 is the zero time.
func unixTime(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

// entry is the stored entry for round (1-based) and seat, nil if none.
func (g *gameRec) entry(round, seat int) *entryRec {
	if round < 1 || round > len(g.Rounds) {
		return nil
	}
	return g.Rounds[round-1][seat]
}

// anyEntry reports whether any round entry is stored.
func (g *gameRec) anyEntry() bool {
	for _, round := range g.Rounds {
		for _, e := range round {
			if e != nil {
				return true
			}
		}
	}
	return false
}

// firstEntry is when the first round entry was saved, 0 if unknown.
func (g *gameRec) firstEntry() int64 {
	first := int64(0)
	for _, round := range g.Rounds {
		for _, e := range round {
			if e != nil && e.Saved > 0 && (first == 0 || e.Saved < first) {
				first = e.Saved
			}
		}
	}
	return first
}

// view is the game as the store hands it out, as the SQLite store reads
// it from its rows (store/load.go), with every slice its own; Rematch,
// which depends on the other games, is left to the store.
func (g *gameRec) view() store.StoredGame {
	n := len(g.Players)
	out := store.StoredGame{
		ID: g.ID, Created: unixTime(g.Created), Updated: unixTime(g.Updated), Deleted: unixTime(g.Deleted),
		RematchOf: g.RematchOf,
		Record:    store.Record{Played: g.Record.Played, DurationMin: g.Record.DurationMin, Location: g.Record.Location, Notes: g.Record.Notes},
		File: scoring.Game{
			Version: g.Version, Players: slices.Clone(g.Players), StartPlayer: g.StartPlayer,
			Achievements: slices.Clone(g.Achievements), ZeroCounts: g.ZeroCounts,
			Location: g.Record.Location, Notes: g.Record.Notes,
			Rounds: make([][]*scoring.Entry, len(g.Rounds)),
		},
		EntryVersions: make([][]int, len(g.Rounds)),
		EntryMarks:    make([][]store.EntryMark, len(g.Rounds)),
		Finals:        make([]*scoring.FinalEntry, n),
		FinalVersions: make([]int, n),
		FirstEntry:    unixTime(g.firstEntry()),
	}
	out.File.Played = store.PlayedText(g.Record.Played, out.Created)
	for r, round := range g.Rounds {
		out.File.Rounds[r] = make([]*scoring.Entry, n)
		out.EntryVersions[r] = make([]int, n)
		out.EntryMarks[r] = make([]store.EntryMark, n)
		for seat, e := range round {
			out.EntryMarks[r][seat].By = -1
			if e == nil {
				continue
			}
			out.File.Rounds[r][seat] = &scoring.Entry{Pool: slices.Clone(e.Entry.Pool), Coins: e.Entry.Coins}
			out.EntryVersions[r][seat] = e.Version
			out.EntryMarks[r][seat] = store.EntryMark{By: e.By, Saved: unixTime(e.Saved)}
		}
	}
	last := int64(0)
	for seat, f := range g.Finals {
		if f == nil {
			continue
		}
		fe := f.Final
		fe.Pirates, fe.BuriedPirates = slices.Clone(fe.Pirates), slices.Clone(fe.BuriedPirates)
		out.Finals[seat] = &fe
		out.FinalVersions[seat] = f.Version
		last = max(last, f.Saved)
	}
	out.File.Final = store.CompleteFinal(out.Finals)
	if out.File.Over() {
		out.LastFinal = unixTime(last)
	}
	out.File.DurationMin = out.Duration()
	seats := slices.Clone(g.Seats)
	sort.SliceStable(seats, func(i, j int) bool {
		if seats[i].Taken != seats[j].Taken {
			return seats[i].Taken < seats[j].Taken
		}
		return seats[i].Seat < seats[j].Seat
	})
	for _, st := range seats {
		if st.Seat < n {
			out.Holders = append(out.Holders, store.Holder{Seat: st.Seat, Phone: st.Phone, Taken: unixTime(st.Taken), Seen: unixTime(st.Seen)})
		}
	}
	if g.Share != nil && g.Share.Revoked == 0 {
		out.Share = g.Share.Token
	}
	return out
}
