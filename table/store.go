package table

import (
	"context"

	"ruthless/scoring"
	"ruthless/store"
)

// The store, as this layer and the pages above it need it, split by what
// each caller does with it. The SQLite store (package store) and the
// browser's (package memstore) both satisfy Store, and the conformance
// suite (store/storetest) holds them to the same answers; the interfaces
// live here, with their consumer, so that neither store imports anything
// above it.

// Reader reads games: what every page needs.
type Reader interface {
	Game(ctx context.Context, id string) (store.StoredGame, error)
	GameByToken(ctx context.Context, token string) (string, error)
	GameByShareToken(ctx context.Context, token string) (store.StoredGame, error)
	GamesByID(ctx context.Context, ids []string) ([]store.StoredGame, error)
	ShareToken(ctx context.Context, id string) (string, error)
	Ping(ctx context.Context) error
}

// History reads the games played, for the history pages, exports and the
// players' statistics.
type History interface {
	Trash(ctx context.Context) ([]store.StoredGame, error)
	RecentPlayerNames(ctx context.Context, limit int) ([]string, error)
	GamesPageFiltered(ctx context.Context, f store.GameFilter, before store.Cursor, limit int) ([]store.StoredGame, store.Cursor, error)
	GameVersions(ctx context.Context) ([]store.GameVersion, error)
	EachGame(ctx context.Context, fn func(store.StoredGame) error) error
}

// Summaries keeps each game's summary for the history pages up to date.
type Summaries interface {
	StaleSummaries(ctx context.Context) ([]store.GameVersion, error)
	PutSummaries(ctx context.Context, sums []store.Summary) error
	EachSummary(ctx context.Context, fn func(store.StoredSummary) error) error
}

// Writer makes every change to the stored games. Only this package calls
// it: the pages above hold a Reader, History and Summaries, and write
// through Table.
type Writer interface {
	CreateGameOnce(ctx context.Context, g scoring.Game, token string) (string, bool, error)
	CreateRematchOnce(ctx context.Context, g scoring.Game, token, of string) (string, bool, error)
	Import(ctx context.Context, games []scoring.Game) ([]store.Imported, error)
	SaveEntry(ctx context.Context, w store.EntryWrite) (store.Written, error)
	SaveFinal(ctx context.Context, w store.FinalWrite) (store.Written, error)
	RevealRound(ctx context.Context, id string, round int) error
	SetRecord(ctx context.Context, id string, rec store.Record) error
	DeleteGame(ctx context.Context, id string) error
	RestoreGame(ctx context.Context, id string) error
	RenamePlayer(ctx context.Context, from, to string) (int, error)
	TakeSeat(ctx context.Context, id string, seat int, phone string) error
	ReleaseSeats(ctx context.Context, id, phone string, seats ...int) error
	SeenAt(ctx context.Context, id, phone string) error
	RevokeShare(ctx context.Context, id string) error
	NewShareToken(ctx context.Context, id string) (string, error)
}

// Store is all of it: what a store must be to serve the app.
type Store interface {
	Reader
	History
	Summaries
	Writer
}

// Pages is the store as the pages see it: every read, and no write.
type Pages interface {
	Reader
	History
	Summaries
}
