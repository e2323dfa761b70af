package handlers

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// The history pages (players, a player, records) read the history as
// game summaries (scoring.GameSummary), which the store keeps beside the
// games: a stream of small rows, oldest first, so a page holds what its
// figures need (a line per player) and never the games. A summary is
// worked out here, not in the write that changed its game, so that
// scoring slow pools never holds a save up: a page first summarises the
// games written since the last summary (within its budget, batch by
// batch, each batch kept as soon as it is done), then reads the stream.

// summarize works out the summaries of the games listed in stale, a
// batch at a time, and keeps them in the store. A batch the store cannot
// keep (a read-only or full disk) is handed to spare instead, so that
// the page can still be drawn; score scores a finished game.
func summarize(ctx context.Context, st SummaryFiller, stale []store.GameVersion,
	score func(context.Context, scoring.Game) (scoring.Result, error), spare func([]store.Summary)) error {
	for len(stale) > 0 {
		batch := stale[:min(len(stale), historyBatch)]
		stale = stale[len(batch):]
		ids := make([]string, len(batch))
		for i, v := range batch {
			ids[i] = v.ID
		}
		loaded, err := st.GamesByID(ctx, ids)
		if err != nil {
			return err
		}
		sums := make([]store.Summary, 0, len(loaded))
		for _, g := range loaded {
			pg := scoring.PlayedGame{ID: g.ID, Played: g.Created.UnixNano(), File: g.File}
			if g.File.Over() {
				res, err := score(ctx, g.File)
				if solveFailed(err) {
					return err
				}
				if err == nil {
					pg.Result = &res
				}
			}
			sums = append(sums, store.Summary{GameSummary: scoring.SummarizeGame(pg), Updated: g.Updated})
		}
		if err := st.PutSummaries(ctx, sums); err != nil {
			if ctx.Err() != nil {
				return err
			}
			spare(sums)
		}
	}
	return nil
}

// eachSummary feeds the summary of every live game, oldest first, to
// the function start hands out, within the page budget: a history whose
// new games cannot all be summarised in that time answers errPageTooSlow
// (a 503 that says so), and what was summarised by then is kept for the
// next try. start is called again, for a fresh count, in the rare case
// that a stored summary could not be read and the games are read twice.
func (a *app) eachSummary(parent context.Context, start func() func(scoring.GameSummary)) error {
	ctx, cancel := context.WithTimeout(parent, a.pageBudget)
	defer cancel()
	stale, err := a.store.StaleSummaries(ctx)
	if err != nil {
		return tooSlow(parent, err)
	}
	// spare holds the summaries the store could not keep (a read-only or
	// full disk), for this page only, in history order.
	var spare []scoring.GameSummary
	if err := a.bringUpToDate(ctx, stale, &spare); err != nil {
		return tooSlow(parent, err)
	}
	for pass := 0; ; pass++ {
		fn := start()
		var unreadable []store.GameVersion
		rest := spare
		err = a.store.EachSummary(ctx, func(ss store.StoredSummary) error {
			for len(rest) > 0 && historyBefore(rest[0], ss.GameSummary) {
				fn(rest[0])
				rest = rest[1:]
			}
			if !ss.Stored {
				unreadable = append(unreadable, store.GameVersion{ID: ss.ID})
				return nil
			}
			fn(ss.GameSummary)
			return nil
		})
		if err != nil {
			return tooSlow(parent, err)
		}
		for _, gs := range rest {
			fn(gs)
		}
		if len(unreadable) == 0 || pass > 0 {
			return nil
		}
		// A row of another summary format: summarise those games again
		// and count from the start.
		if err := a.bringUpToDate(ctx, unreadable, &spare); err != nil {
			return tooSlow(parent, err)
		}
	}
}

// bringUpToDate summarises the games listed, one page at a time (two
// pages at once would score the same games twice), adding to spare, in
// history order, what the store could not keep.
func (a *app) bringUpToDate(ctx context.Context, games []store.GameVersion, spare *[]scoring.GameSummary) error {
	if len(games) == 0 {
		return nil
	}
	select {
	case a.summarizing <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-a.summarizing }()
	err := summarize(ctx, a.store, games, a.score, func(sums []store.Summary) {
		for _, s := range sums {
			*spare = append(*spare, s.GameSummary)
		}
	})
	slices.SortFunc(*spare, func(x, y scoring.GameSummary) int {
		return cmp.Or(cmp.Compare(x.Played, y.Played), strings.Compare(x.ID, y.ID))
	})
	return err
}

// historyBefore reports whether x comes before y in the history's order:
// by when it was played, then by id.
func historyBefore(x, y scoring.GameSummary) bool {
	return x.Played < y.Played || (x.Played == y.Played && x.ID < y.ID)
}

// fullGame loads and scores one stored game, for the one party a history
// page draws (the summaries hold strengths, not cards).
func (a *app) fullGame(ctx context.Context, id string) (scoring.PlayedGame, bool) {
	games, err := a.store.GamesByID(ctx, []string{id})
	if err != nil || len(games) == 0 || !games[0].File.Over() {
		return scoring.PlayedGame{}, false
	}
	g := games[0]
	res, err := a.score(ctx, g.File)
	if err != nil {
		return scoring.PlayedGame{}, false
	}
	return scoring.PlayedGame{ID: g.ID, Played: g.Created.UnixNano(), File: g.File, Result: &res}, true
}

// SummaryFiller is what summarising needs from the store: the pages
// (through summarize) and FillSummaries alike.
type SummaryFiller interface {
	StaleSummaries(ctx context.Context) ([]store.GameVersion, error)
	GamesByID(ctx context.Context, ids []string) ([]store.StoredGame, error)
	PutSummaries(ctx context.Context, sums []store.Summary) error
}

// FillSummaries brings every game's summary up to date in the
// background, for a server that has just started on a database from
// before summaries were kept (or one that a program without them wrote
// to): the first history page then finds them done, instead of scoring
// the whole history within its budget. It scores with the plain solver
// on one goroutine, a batch at a time, and stops at the first error (a
// page that needs the rest will do them). stop ends it and waits for it,
// before the store closes.
func FillSummaries(ctx context.Context, st SummaryFiller, log *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		fillSummaries(ctx, st, log)
	}()
	return func() {
		cancel()
		<-done
	}
}

func fillSummaries(ctx context.Context, st SummaryFiller, log *slog.Logger) {
	start := time.Now()
	stale, err := st.StaleSummaries(ctx)
	if err != nil || len(stale) == 0 {
		return
	}
	log.Info("summarising games for the history pages", "games", len(stale))
	score := func(ctx context.Context, g scoring.Game) (scoring.Result, error) {
		return scoring.ScoreContext(ctx, g, nil)
	}
	var notKept error
	err = summarize(ctx, st, stale, score, func(sums []store.Summary) {
		notKept = fmt.Errorf("%d summaries not kept", len(sums))
	})
	if err = cmp.Or(err, notKept); err != nil {
		log.Warn("summarising games stopped; the history pages will finish it", "err", err)
		return
	}
	log.Info("summarised games for the history pages", "games", len(stale), "took", time.Since(start).Round(time.Millisecond))
}
