package handlers

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/store"
	"ruthless/views"
)

// The trash (store/trash.go): a deleted game is listed under "Recently
// deleted" on the home page, restorable with one tap, until it has been
// there store.TrashKeep; then it is purged, at the server's start, once a
// day after that, and whenever the trash is listed.

// trashDays is how many days a deleted game stays restorable: the
// store's TrashKeep, the one source of it, in days.
func trashDays() int { return int(store.TrashKeep / (24 * time.Hour)) }

// restoreGame takes a game out of the trash and opens it. A game that is
// live already (the Restore form posted twice) opens too.
func (a *app) restoreGame(c *gin.Context) {
	id := c.Param("id")
	err := a.table.Restore(c.Request.Context(), id)
	switch {
	case err == nil, errors.Is(err, store.ErrNotInTrash):
		seeOther(c, views.GameURL(id))
	case errors.Is(err, store.ErrNotFound):
		a.notFound(c, views.PurgedText(trashDays()))
	default:
		a.fail(c, err)
	}
}

// recentlyDeleted is the home page's trash list. The list of games is the
// page's job; when the trash cannot be read, the page goes without it
// (and the log says why).
func (a *app) recentlyDeleted(c *gin.Context) []views.TrashedGame {
	games, err := a.store.Trash(c.Request.Context())
	if err != nil {
		if !a.clientGone(c.Request, err) {
			a.logger(c.Request.Context()).Warn("listing the trash", "err", err)
		}
		return nil
	}
	out := make([]views.TrashedGame, 0, len(games))
	for _, g := range games {
		out = append(out, views.TrashedGame{
			ID:      g.ID,
			Players: g.File.Players,
			Played:  g.Created.Local(),
			Deleted: g.Deleted.Local(),
			Until:   g.Deleted.Add(store.TrashKeep).Local(),
		})
	}
	return out
}

// Purger is what the trash's daily purge needs from the store.
type Purger interface {
	PurgeTrash(ctx context.Context) (int, error)
}

// purgeEvery is how often a running server empties the trash of games
// kept past store.TrashKeep.
const purgeEvery = 24 * time.Hour

// PurgeTrashDaily purges the trash now and then once a day, in its own
// goroutine, until ctx ends or stop is called. stop also waits for the
// goroutine to end, so that a caller that closes the store after it
// never closes it under a purge.
func PurgeTrashDaily(ctx context.Context, st Purger, log *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	ticker := time.NewTicker(purgeEvery)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer ticker.Stop()
		purgeOnTicks(ctx, st, ticker.C, func(n int, err error) { logPurge(log, n, err) })
	}()
	return func() {
		cancel()
		<-done
	}
}

// purgeOnTicks purges at once and at every tick until ctx ends, telling
// report what each purge did. The ticks are the loop's clock, so a test
// drives it without waiting a day.
func purgeOnTicks(ctx context.Context, st Purger, ticks <-chan time.Time, report func(int, error)) {
	for {
		report(st.PurgeTrash(ctx))
		select {
		case <-ctx.Done():
			return
		case <-ticks:
			if ctx.Err() != nil { // both were ready; stopping wins
				return
			}
		}
	}
}

// logPurge says what a purge did, when it did anything.
func logPurge(log *slog.Logger, n int, err error) {
	switch {
	case err != nil && !errors.Is(err, context.Canceled):
		log.Warn("purging the trash", "err", err)
	case n > 0:
		log.Info("purged the trash", "games", n, "older_than_days", trashDays())
	}
}
