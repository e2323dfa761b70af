package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"ruthless/handlers"
	"ruthless/store"
)

// runServe runs the web app until SIGINT or SIGTERM: `ruthless serve
// [-addr :8080] [-db ruthless.db] [-solves N] [-solve-time 10s]`, the
// flags defaulting to RUTHLESS_ADDR, RUTHLESS_DB, RUTHLESS_SOLVES and
// RUTHLESS_SOLVE_TIME.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", envOr("RUTHLESS_ADDR", ":8080"), "address to listen on (env RUTHLESS_ADDR)")
	dbPath := fs.String("db", envOr("RUTHLESS_DB", "ruthless.db"), "SQLite database file (env RUTHLESS_DB)")
	def := handlers.DefaultLimits()
	lim := handlers.Limits{Wait: def.Wait}
	fs.IntVar(&lim.Solves, "solves", def.Solves, "expensive solves (big or wild pools) at once; more wait, then get 503 (env RUTHLESS_SOLVES)")
	fs.DurationVar(&lim.Solve, "solve-time", def.Solve, "longest one solve may take before its request gets 503 (env RUTHLESS_SOLVE_TIME)")
	for name, env := range map[string]string{"solves": "RUTHLESS_SOLVES", "solve-time": "RUTHLESS_SOLVE_TIME"} {
		if v := os.Getenv(env); v != "" {
			if err := fs.Set(name, v); err != nil {
				fmt.Fprintf(stderr, "ruthless serve: %s=%q: %v\n", env, v, err)
				return 2
			}
		}
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if lim.Solves < 1 || lim.Solve <= 0 {
		fmt.Fprintf(stderr, "ruthless serve: -solves must be at least 1 and -solve-time above 0, not %d and %v\n", lim.Solves, lim.Solve)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ruthless serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(handlers.MemoryLimit)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, *addr, *dbPath, lim, stdout, log); err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
		return 1
	}
	return 0
}

// serve listens on addr until ctx ends, then stops taking requests, lets
// the ones in flight finish and only then closes the database.
func serve(ctx context.Context, addr, dbPath string, lim handlers.Limits, stdout io.Writer, log *slog.Logger) error {
	st, err := store.Open(dbPath)
	if err != nil {
		return err
	}
	defer st.Close()

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           handlers.NewWithLimits(st, log, lim),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		// A request that waits for a solve and then solves still gets its
		// answer (perhaps a 503), never a connection cut by this timeout.
		WriteTimeout: max(30*time.Second, lim.Wait+lim.Solve+10*time.Second),
		IdleTimeout:  2 * time.Minute,
	}
	fmt.Fprintf(stdout, "ruthless: open %s\n", openURL(ln.Addr()))
	log.Info("serving", "addr", ln.Addr().String(), "db", dbPath, "solves", lim.Solves, "solve_time", lim.Solve)

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil {
		return err
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// openURL is the address to type into a browser: an unspecified host
// (":8080", "0.0.0.0") becomes localhost.
func openURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String()
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
