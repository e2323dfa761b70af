package handlers

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"
	"golang.org/x/sync/singleflight"

	"ruthless/edge"
	"ruthless/scoring"
	"ruthless/views"
)

// Limits bound the solving the server takes on for its clients. A pool
// built to be slow takes the exact solver up to about a second of both
// cores, and anyone can post one to the API, so expensive pools
// (scoring.Expensive) are solved a few at a time, each under a deadline;
// a request that cannot be answered within them gets 503 with
// Retry-After. Pools a table really has are cheap and never wait. A zero
// field takes its default.
type Limits struct {
	// Solves is how many expensive solves may run at once. Default: half
	// of GOMAXPROCS, at least 1. Each takes one core (SolveContext works
	// on one goroutine), so the other half stays free for pages; more at
	// once would only share the same cores, slower each, and leave pages
	// less.
	Solves int
	// Wait is the longest a request waits for a free solve before it gets
	// 503. Default 3 s: long enough for an expensive solve ahead of it to
	// end (they take up to about a second), short enough that a phone is
	// not left hanging.
	Wait time.Duration
	// Solve is the longest one solve may run before the request gets 503.
	// Default 10 s, several times the slowest pool known.
	Solve time.Duration
}

// MemoryLimit is the soft memory limit `ruthless serve` gives the Go
// runtime (unless GOMEMLIMIT says otherwise): what the server holds at
// the bounds it sets, so that the collector runs more often only when
// those bounds are reached together, never because of one of them:
//
//   - solveMemory, 72 MiB: a slow pool's walk keeps tens of megabytes of
//     states and drops them when it ends; without a limit the collector
//     lets a few such solves in a row pile up garbage to twice the live
//     heap before it runs. With the slowest pools known, 72 MiB kept the
//     process's RSS under 100 MB (TestServerUnderExpensiveSolves). The
//     walk's big tables hold no pointers, so collecting more often costs
//     little.
//   - streamsMemory: every event stream the caps let in (streams.go)
//     holds about 20 KB of heap and two goroutine stacks, which the limit
//     counts too. With the limit at 72 MiB alone, 4,000 idle streams kept
//     the heap at the limit and the collector running back to back.
//   - cachesMemory: the party cache full (20,000 parties of about 0.5 KB),
//     the games' scores (512 of up to about 15 KB) and the explanations
//     (512 of a few KB).
//
// That is about 135 MiB; with what Go does not count (SQLite's own
// memory, the binary) the RSS stays under 150 MB.
const MemoryLimit = solveMemory + streamsMemory + cachesMemory

const (
	solveMemory   = 72 << 20
	streamsMemory = edge.DefaultStreams * (40 << 10)
	cachesMemory  = 24 << 20
)

// DefaultLimits are the limits of an app whose Options.Limits is zero.
func DefaultLimits() Limits { return Limits{}.withDefaults() }

func (l Limits) withDefaults() Limits {
	if l.Solves <= 0 {
		l.Solves = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if l.Wait <= 0 {
		l.Wait = 3 * time.Second
	}
	if l.Solve <= 0 {
		l.Solve = 10 * time.Second
	}
	return l
}

// retryAfter is the Retry-After of a 503, in seconds: by then the solves
// ahead have usually ended.
const retryAfter = "5"

var (
	// errBusy is a request that waited Limits.Wait for a free solve.
	errBusy = errors.New("handlers: every solve is taken")
	// errTooSlow is a solve that ran for Limits.Solve without an answer.
	errTooSlow = errors.New("handlers: solve over its time limit")
)

// solveSlots answers what scoring.SolveContext answers, from the party cache
// when it can. Cheap pools it solves at once in the request. An expensive
// pool takes one of a few slots; identical requests in flight share one
// solve, which stops as soon as the last of them has gone (a client that
// leaves stops only its own wait), or when its deadline passes. Other
// costly work takes the same slots the same way (slotted): the
// explanations of /solve and the round results (explain.go).
type solveSlots struct {
	cache  *partyCache
	limits Limits
	slots  *semaphore.Weighted

	// group runs one solve per cache key at a time. It alone would tie the
	// shared solve to the first caller's context, so flights keeps, per
	// key, a context of the solve's own that ends only when no request
	// waits for it any more.
	group   singleflight.Group
	mu      sync.Mutex
	flights map[string]*flight

	log *slog.Logger
	// runs counts the runs in the slots started (expensive solves and
	// explanations), running those not yet returned (tests read them).
	runs, running atomic.Int64
}

// flight is the context of the solve in progress for one key.
type flight struct {
	ctx     context.Context
	cancel  context.CancelFunc
	waiters int
}

func newSolveSlots(cache *partyCache, lim Limits, log *slog.Logger) *solveSlots {
	lim = lim.withDefaults()
	return &solveSlots{
		cache:   cache,
		log:     log,
		limits:  lim,
		slots:   semaphore.NewWeighted(int64(lim.Solves)),
		flights: make(map[string]*flight),
	}
}

// solve is a scoring.SolverContext. Its errors: ctx.Err() when ctx ends
// first, errBusy or errTooSlow when the limits are reached.
func (s *solveSlots) solve(ctx context.Context, pool []scoring.Card, opt scoring.Options) (scoring.Party, error) {
	if !scoring.Expensive(pool) {
		return s.direct(ctx, pool, opt)
	}
	key := partyKey(pool, opt)
	if p, ok := s.cache.get(key); ok {
		return p, nil
	}
	v, err := s.slotted(ctx, key, "expensive solve", len(pool), opt.Players, func(ctx context.Context) (any, error) {
		return s.direct(ctx, pool, opt)
	})
	if err != nil {
		return scoring.Party{}, err
	}
	return v.(scoring.Party), nil
}

// direct is solve without the slots: for cheap pools, and for work that
// already holds a slot (an explanation's solves), which waiting for
// another could only deadlock.
func (s *solveSlots) direct(ctx context.Context, pool []scoring.Card, opt scoring.Options) (scoring.Party, error) {
	key := partyKey(pool, opt)
	if p, ok := s.cache.get(key); ok {
		return p, nil
	}
	p, err := scoring.SolveContext(ctx, pool, opt)
	if err == nil {
		s.cache.put(key, p)
	}
	return p, err
}

// slotted runs work in one of the slots, under the limits: identical
// requests in flight (the same key) share one run, which stops as soon as
// the last of them has gone (a client that leaves stops only its own
// wait), or when its deadline passes. what, cards and players are for the
// log line.
func (s *solveSlots) slotted(ctx context.Context, key, what string, cards, players int, work func(ctx context.Context) (any, error)) (any, error) {
	f := s.join(key)
	defer s.leave(key, f)
	// The flight's context is the one this request joined, and it cannot
	// end while this request waits; the invariant behind it is in leave.
	ch := s.group.DoChan(key, func() (any, error) { return s.shared(f.ctx, what, cards, players, work) })
	select {
	case r := <-ch:
		return r.Val, r.Err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *solveSlots) join(key string) *flight {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.flights[key]
	if f == nil {
		ctx, cancel := context.WithCancel(context.Background())
		f = &flight{ctx: ctx, cancel: cancel}
		s.flights[key] = f
	}
	f.waiters++
	return f
}

// leave stops the shared solve once its last waiter has gone. It forgets
// the key in group under the same lock, so a request that comes later
// starts a new solve with a new flight instead of joining the stopped one.
func (s *solveSlots) leave(key string, f *flight) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f.waiters--
	if f.waiters > 0 {
		return
	}
	f.cancel()
	delete(s.flights, key)
	s.group.Forget(key)
}

// shared is the one run of a flight: it waits for a slot, then works
// under the deadline.
func (s *solveSlots) shared(ctx context.Context, what string, cards, players int, work func(ctx context.Context) (any, error)) (any, error) {
	wait, cancel := context.WithTimeout(ctx, s.limits.Wait)
	err := s.slots.Acquire(wait, 1)
	cancel()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err() // nobody waits for the answer any more
		}
		return nil, errBusy
	}
	defer s.slots.Release(1)
	solveCtx, cancel := context.WithTimeout(ctx, s.limits.Solve)
	defer cancel()
	s.runs.Add(1)
	s.running.Add(1)
	start := time.Now()
	v, err := work(solveCtx)
	s.running.Add(-1)
	// Work in the slots is rare at a table, so each run gets a line: a
	// flood of them shows in the log.
	s.log.Info(what, "cards", cards, "players", players, "took", time.Since(start), "err", err)
	switch {
	case err == nil:
		return v, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.Is(err, context.DeadlineExceeded):
		return nil, errTooSlow
	}
	return nil, err
}

// score is scoring.Score through the cache and the limits, for as long as
// the request's client waits, with its facts worded (views.Explain) for
// the pages and the JSON answers that carry sentences.
func (a *app) score(ctx context.Context, g scoring.Game) (scoring.Result, error) {
	res, err := scoring.ScoreContext(ctx, g, a.solves.solve)
	if err != nil {
		return res, err
	}
	views.Explain(&res, g.Players)
	return res, nil
}

// solveFailed reports whether err is a solve that gave up (a limit, or a
// context that ended) rather than bad input.
func solveFailed(err error) bool {
	return errors.Is(err, errBusy) || errors.Is(err, errTooSlow) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
