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
	"syscall"
	"time"

	"ruthless/handlers"
	"ruthless/store"
)

// runServe runs the web app until SIGINT or SIGTERM: `ruthless serve
// [-addr :8080] [-db ruthless.db]`, the flags defaulting to RUTHLESS_ADDR and
// RUTHLESS_DB.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", envOr("RUTHLESS_ADDR", ":8080"), "address to listen on (env RUTHLESS_ADDR)")
	dbPath := fs.String("db", envOr("RUTHLESS_DB", "ruthless.db"), "SQLite database file (env RUTHLESS_DB)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ruthless serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, *addr, *dbPath, stdout, log); err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
		return 1
	}
	return 0
}

// serve listens on addr until ctx ends, then stops taking requests, lets
// the ones in flight finish and only then closes the database.
func serve(ctx context.Context, addr, dbPath string, stdout io.Writer, log *slog.Logger) error {
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
		Handler:           handlers.New(st, log),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	fmt.Fprintf(stdout, "ruthless: open %s\n", openURL(ln.Addr()))
	log.Info("serving", "addr", ln.Addr().String(), "db", dbPath)

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
