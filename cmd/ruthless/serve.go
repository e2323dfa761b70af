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
	"strings"
	"syscall"
	"time"

	"ruthless/handlers"
	"ruthless/store"
)

// runServe runs the web app until SIGINT or SIGTERM: `ruthless serve
// [-addr :8080] [-db ruthless.db] [-solves N] [-solve-time 10s]
// [-password P | -password-file F] [-host NAME]...`, the flags defaulting
// to RUTHLESS_ADDR, RUTHLESS_DB, RUTHLESS_SOLVES, RUTHLESS_SOLVE_TIME,
// RUTHLESS_PASSWORD, RUTHLESS_PASSWORD_FILE and RUTHLESS_HOSTS.
// RUTHLESS_READ_TIMEOUT (a Go duration, default 30s) is how long a whole
// request may take to arrive.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", envOr("RUTHLESS_ADDR", ":8080"), "address to listen on (env RUTHLESS_ADDR)")
	dbPath := fs.String("db", envOr("RUTHLESS_DB", "ruthless.db"), "SQLite database file (env RUTHLESS_DB)")
	def := handlers.DefaultLimits()
	lim := handlers.Limits{Wait: def.Wait}
	fs.IntVar(&lim.Solves, "solves", def.Solves, "expensive solves (big or wild pools) at once; more wait, then get 503 (env RUTHLESS_SOLVES)")
	fs.DurationVar(&lim.Solve, "solve-time", def.Solve, "longest one solve may take before its request gets 503 (env RUTHLESS_SOLVE_TIME)")
	access := accessFlags(fs)
	backupFlags := addBackupFlags(fs)
	crowdFl := addCrowdFlags(fs)
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
	opt, err := access.options(fs)
	if err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
		return 2
	}
	opt.Limits = lim
	cr, err := crowdFl.read(fs)
	if err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
		return 2
	}
	opt.RequestsPerMinute, opt.ConnsPerClient, opt.MaxConns = cr.requests, cr.connsPerClient, cr.maxConns
	opt.ImportedGamesPerHour = cr.imports
	backupCfg, err := backupFlags.config(fs)
	if err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(handlers.MemoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serveWithBackups(ctx, *addr, *dbPath, opt, backupCfg, stdout, log); err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
		return 1
	}
	return 0
}

// serve listens on addr until ctx ends, then stops taking requests, lets
// the ones in flight finish and only then closes the database.
func serve(ctx context.Context, addr, dbPath string, opt handlers.Options, stdout io.Writer, log *slog.Logger) error {
	return serveWithBackups(ctx, addr, dbPath, opt, backupConfig{}, stdout, log)
}

// serveWithBackups is serve, taking backups as bk says (none when its
// Dir is empty).
func serveWithBackups(ctx context.Context, addr, dbPath string, opt handlers.Options, bk backupConfig, stdout io.Writer, log *slog.Logger) error {
	lim := opt.Limits
	readTimeout := 30 * time.Second
	if v := os.Getenv("RUTHLESS_READ_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("RUTHLESS_READ_TIMEOUT=%q: want a duration above 0, such as 30s", v)
		}
		readTimeout = d
	}
	// Before the database is even opened (and perhaps migrated): a second
	// server on it would take saves whose live updates never reach the
	// phones of the first.
	lock, err := store.Acquire(dbPath)
	if err != nil {
		var held *store.LockedError
		if errors.As(err, &held) {
			return fmt.Errorf("%w; stop that server first, or give this one another -db", err)
		}
		return err
	}
	defer lock.Release()
	st, err := bk.openStore(dbPath, log)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.CheckWritable(ctx); err != nil {
		return err
	}
	// Deferred after Close, so it runs before: the last backup ends
	// before the database closes.
	defer bk.start(st, dbPath, log)()
	// Games deleted more than 30 days ago go for good: now, then daily.
	defer handlers.PurgeTrashDaily(ctx, st, log)()

	// Each live event stream holds a descriptor (handlers caps them).
	// Raised once the database is known good, so that a server that
	// cannot start says one line, its reason.
	files, err := raiseOpenFiles()
	if err != nil {
		log.Warn("open files limit not raised", "err", err)
	} else {
		log.Info("open files limit", "limit", files)
	}

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	// No crowd of clients can take every connection (connlimit.go).
	cr := crowd{connsPerClient: opt.ConnsPerClient, maxConns: opt.MaxConns}
	ln = newLimitListener(ln, cr.connsPerClient, cr.total(files))
	log.Info("connection limits", "per_client", offIfZero(cr.connsPerClient), "total", cr.total(files), "requests_per_minute", offIfZero(opt.RequestsPerMinute))
	if err := lock.Announce(ln.Addr().String()); err != nil {
		ln.Close()
		return err
	}
	opt.Done = ctx.Done() // live event streams end when the server stops
	// The invite link names the address really listened on (a port of 0
	// becomes the one chosen).
	opt.ListenAddr = ln.Addr().String()
	srv := &http.Server{
		Handler:           handlers.NewWithOptions(st, log, opt),
		ReadHeaderTimeout: min(10*time.Second, readTimeout),
		ReadTimeout:       readTimeout,
		// A request that waits for a solve and then solves still gets its
		// answer (perhaps a 503), never a connection cut by this timeout.
		WriteTimeout: max(30*time.Second, lim.Wait+lim.Solve+10*time.Second),
		IdleTimeout:  2 * time.Minute,
	}
	fmt.Fprintf(stdout, "ruthless: open %s\n", openURL(ln.Addr()))
	fmt.Fprintln(stdout, accessLine(opt))
	if line := placeLine(opt); line != "" {
		fmt.Fprintln(stdout, line)
	}
	// Behind a proxy with -base-url the players open that address, not
	// this listener, so what the table line would say does not apply.
	if line := tableLine(ln.Addr()); line != "" && opt.BaseURL == "" {
		fmt.Fprintln(stdout, line)
	}
	log.Info("serving", "version", versionLine(), "addr", ln.Addr().String(), "db", dbPath, "solves", lim.Solves, "solve_time", lim.Solve,
		"password", opt.Password != "", "hosts", opt.Hosts, "read_timeout", readTimeout,
		"trusted_proxies", opt.TrustedProxies, "base_url", opt.BaseURL,
		"new_games_per_minute", limitText(opt.GamesPerMinute), "logins_per_minute", limitText(opt.LoginsPerMinute))

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

// tableLine is the startup line for the other phones at the table: the
// address they open, or, when the server listens on loopback only, that
// they cannot reach it and how to start it so that they can; "" when
// there is nothing to say (no network address was found).
func tableLine(a net.Addr) string {
	if u := lanURL(a); u != "" {
		return "ruthless: other phones at the table open " + u
	}
	if _, local := handlers.TableHost(a.String()); local {
		return "ruthless: other phones cannot reach this server (it listens on " + a.String() +
			" only); to invite the table, start it with: " + handlers.ServeCommand(a.String()) + " (and your other flags)"
	}
	return ""
}

// lanURL is the address the other phones at the table can reach: the
// one the server listens on, or when it listens on every address, the
// machine's address on a network; "" when there is none.
func lanURL(a net.Addr) string {
	host, _ := handlers.TableHost(a.String())
	if host == "" {
		return ""
	}
	return "http://" + host
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

// access holds the flags that say who may use the app: the table password
// (given, or read from a file) and the extra names the server is known by.
type access struct {
	password, passwordFile *string
	hosts                  hostList
	place                  *place // proxy and limits (place.go)
}

func accessFlags(fs *flag.FlagSet) *access {
	ac := &access{
		password:     fs.String("password", "", "table password asked for by every page and API call (env RUTHLESS_PASSWORD); empty: the app is open to anyone who reaches it"),
		passwordFile: fs.String("password-file", "", "read the table password from the first line of this file (env RUTHLESS_PASSWORD_FILE)"),
	}
	fs.Var(&ac.hosts, "host", "a name (or address) the server is known by besides localhost and the machine's own addresses; repeat or separate with commas (env RUTHLESS_HOSTS)")
	ac.place = placeFlags(fs)
	return ac
}

// options reads the parsed flags, then the environment for those not
// given, into the handlers' options.
func (ac *access) options(fs *flag.FlagSet) (handlers.Options, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	password, file := *ac.password, *ac.passwordFile
	switch {
	case set["password"] && set["password-file"]:
		return handlers.Options{}, errors.New("give -password or -password-file, not both")
	case !set["password"] && !set["password-file"]:
		password, file = os.Getenv("RUTHLESS_PASSWORD"), os.Getenv("RUTHLESS_PASSWORD_FILE")
		if password != "" && file != "" {
			return handlers.Options{}, errors.New("RUTHLESS_PASSWORD and RUTHLESS_PASSWORD_FILE are both set; keep one")
		}
	}
	password = strings.TrimSpace(password)
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return handlers.Options{}, fmt.Errorf("password file: %w", err)
		}
		first, _, _ := strings.Cut(string(b), "\n")
		if password = strings.TrimSpace(first); password == "" {
			return handlers.Options{}, fmt.Errorf("password file %s: its first line is empty", file)
		}
	}
	if !set["host"] {
		if err := ac.hosts.Set(os.Getenv("RUTHLESS_HOSTS")); err != nil {
			return handlers.Options{}, fmt.Errorf("RUTHLESS_HOSTS: %w", err)
		}
	}
	opt := handlers.Options{Password: password, Hosts: ac.hosts}
	if err := ac.place.apply(set, &opt); err != nil {
		return handlers.Options{}, err
	}
	return opt, nil
}

// hostList is the repeatable -host flag; one value may hold several names
// separated by commas.
type hostList []string

func (h *hostList) String() string { return strings.Join(*h, ",") }

func (h *hostList) Set(v string) error {
	for _, name := range strings.Split(v, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if strings.ContainsAny(name, "/ \t@?#") {
			return fmt.Errorf("host %q: give a name or address alone, such as laptop.local or 192.168.1.20", name)
		}
		*h = append(*h, name)
	}
	return nil
}

// accessLine is the startup line that says who can use the app.
func accessLine(opt handlers.Options) string {
	if opt.Password == "" {
		return "ruthless: no password: anyone on this network can open and change every game; set -password"
	}
	return "ruthless: protected by a password: phones log in once, scripts send it as Authorization: Bearer"
}
