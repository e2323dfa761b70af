package storetest

import (
	"context"
	"sync"
	"testing"

	"ruthless/scoring"
	"ruthless/store"
)

// Reloaded is a store that open makes anew for every call, and closes
// after it: run the suite on it, with open loading a store from the same
// storage each time, and whatever one call stored (games, entry versions
// and marks, finals, form tokens, rematches, the trash, seats, share
// links, records) the next call must find after that restart, as a phone
// does after its browser was closed. Calls are taken one at a time, as
// one store takes its writes: two stores on one storage need not know of
// each other's writes.
func Reloaded(t *testing.T, open func() (st Store, close func() error, err error)) Store {
	return &reopening{t: t, open: open}
}

// reopening is the store of Reloaded.
type reopening struct {
	t    *testing.T
	open func() (Store, func() error, error)
	mu   sync.Mutex
}

// do runs fn on a store loaded afresh.
func (r *reopening) do(fn func(s Store)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, closeStore, err := r.open()
	if err != nil {
		r.t.Errorf("reopening the store: %v", err)
		return
	}
	fn(s)
	if err := closeStore(); err != nil {
		r.t.Errorf("closing the store: %v", err)
	}
}

func (r *reopening) CreateGameOnce(ctx context.Context, g scoring.Game, token string) (id string, created bool, err error) {
	r.do(func(s Store) { id, created, err = s.CreateGameOnce(ctx, g, token) })
	return
}

func (r *reopening) CreateRematchOnce(ctx context.Context, g scoring.Game, token, of string) (id string, created bool, err error) {
	r.do(func(s Store) { id, created, err = s.CreateRematchOnce(ctx, g, token, of) })
	return
}

func (r *reopening) SetRecord(ctx context.Context, id string, rec store.Record) (err error) {
	r.do(func(s Store) { err = s.SetRecord(ctx, id, rec) })
	return
}

func (r *reopening) GameByToken(ctx context.Context, token string) (id string, err error) {
	r.do(func(s Store) { id, err = s.GameByToken(ctx, token) })
	return
}

func (r *reopening) Game(ctx context.Context, id string) (g store.StoredGame, err error) {
	r.do(func(s Store) { g, err = s.Game(ctx, id) })
	return
}

func (r *reopening) SaveEntry(ctx context.Context, w store.EntryWrite) (done store.Written, err error) {
	r.do(func(s Store) { done, err = s.SaveEntry(ctx, w) })
	return
}

func (r *reopening) RevealRound(ctx context.Context, id string, round int) (err error) {
	r.do(func(s Store) { err = s.RevealRound(ctx, id, round) })
	return
}

func (r *reopening) SaveFinal(ctx context.Context, w store.FinalWrite) (done store.Written, err error) {
	r.do(func(s Store) { done, err = s.SaveFinal(ctx, w) })
	return
}

func (r *reopening) DeleteGame(ctx context.Context, id string) (err error) {
	r.do(func(s Store) { err = s.DeleteGame(ctx, id) })
	return
}

func (r *reopening) RestoreGame(ctx context.Context, id string) (err error) {
	r.do(func(s Store) { err = s.RestoreGame(ctx, id) })
	return
}

func (r *reopening) Trash(ctx context.Context) (games []store.StoredGame, err error) {
	r.do(func(s Store) { games, err = s.Trash(ctx) })
	return
}

func (r *reopening) RecentPlayerNames(ctx context.Context, limit int) (names []string, err error) {
	r.do(func(s Store) { names, err = s.RecentPlayerNames(ctx, limit) })
	return
}

func (r *reopening) GamesPageFiltered(ctx context.Context, f store.GameFilter, before store.Cursor, limit int) (games []store.StoredGame, next store.Cursor, err error) {
	r.do(func(s Store) { games, next, err = s.GamesPageFiltered(ctx, f, before, limit) })
	return
}

func (r *reopening) RenamePlayer(ctx context.Context, from, to string) (n int, err error) {
	r.do(func(s Store) { n, err = s.RenamePlayer(ctx, from, to) })
	return
}

func (r *reopening) Import(ctx context.Context, games []scoring.Game) (done []store.Imported, err error) {
	r.do(func(s Store) { done, err = s.Import(ctx, games) })
	return
}

func (r *reopening) GameVersions(ctx context.Context) (v []store.GameVersion, err error) {
	r.do(func(s Store) { v, err = s.GameVersions(ctx) })
	return
}

func (r *reopening) GamesByID(ctx context.Context, ids []string) (games []store.StoredGame, err error) {
	r.do(func(s Store) { games, err = s.GamesByID(ctx, ids) })
	return
}

func (r *reopening) EachGame(ctx context.Context, fn func(store.StoredGame) error) (err error) {
	r.do(func(s Store) { err = s.EachGame(ctx, fn) })
	return
}

func (r *reopening) Ping(ctx context.Context) (err error) {
	r.do(func(s Store) { err = s.Ping(ctx) })
	return
}

func (r *reopening) TakeSeat(ctx context.Context, id string, seat int, phone string) (err error) {
	r.do(func(s Store) { err = s.TakeSeat(ctx, id, seat, phone) })
	return
}

func (r *reopening) ReleaseSeats(ctx context.Context, id, phone string, seats ...int) (err error) {
	r.do(func(s Store) { err = s.ReleaseSeats(ctx, id, phone, seats...) })
	return
}

func (r *reopening) SeenAt(ctx context.Context, id, phone string) (err error) {
	r.do(func(s Store) { err = s.SeenAt(ctx, id, phone) })
	return
}

func (r *reopening) ShareToken(ctx context.Context, id string) (token string, err error) {
	r.do(func(s Store) { token, err = s.ShareToken(ctx, id) })
	return
}

func (r *reopening) RevokeShare(ctx context.Context, id string) (err error) {
	r.do(func(s Store) { err = s.RevokeShare(ctx, id) })
	return
}

func (r *reopening) GameByShareToken(ctx context.Context, token string) (g store.StoredGame, err error) {
	r.do(func(s Store) { g, err = s.GameByShareToken(ctx, token) })
	return
}

func (r *reopening) NewShareToken(ctx context.Context, id string) (token string, err error) {
	r.do(func(s Store) { token, err = s.NewShareToken(ctx, id) })
	return
}

func (r *reopening) StaleSummaries(ctx context.Context) (out []store.GameVersion, err error) {
	r.do(func(s Store) { out, err = s.StaleSummaries(ctx) })
	return
}

func (r *reopening) PutSummaries(ctx context.Context, sums []store.Summary) (err error) {
	r.do(func(s Store) { err = s.PutSummaries(ctx, sums) })
	return
}

func (r *reopening) EachSummary(ctx context.Context, fn func(store.StoredSummary) error) (err error) {
	r.do(func(s Store) { err = s.EachSummary(ctx, fn) })
	return
}
