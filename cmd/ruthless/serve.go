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

	"ruthless"
	"ruthless/handlers"
	"ruthless/store"
)

// runServe runs the web app until SIGINT or SIGTERM. Each flag may also
// come from the environment variable its help names, or from the
// configuration file (-config, config.go): the command line wins, then
// the environment, then the file. A bad value of any of them is one line
// on stderr and exit status 2.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	addr := &addrValue{s: ":8080"}
	fs.Var(addr, "addr", "address to listen on: host:port, or a port alone (8080 is :8080, every address); 127.0.0.1:8080 keeps the app on this machine, as behind a reverse proxy (env RUTHLESS_ADDR)")
	dbPath := fs.String("db", "ruthless.db", "SQLite database file (env RUTHLESS_DB)")
	def := handlers.DefaultLimits()
	lim := handlers.Limits{Wait: def.Wait}
	fs.IntVar(&lim.Solves, "solves", def.Solves, "expensive solves (big or wild pools) at once; more wait, then get 503 (env RUTHLESS_SOLVES)")
	fs.DurationVar(&lim.Solve, "solve-time", def.Solve, "longest one solve may take before its request gets 503 (env RUTHLESS_SOLVE_TIME)")
	readTimeout := fs.Duration("read-timeout", 30*time.Second, "how long a whole request may take to arrive (env RUTHLESS_READ_TIMEOUT)")
	metrics := fs.Bool("metrics", false, "serve Prometheus metrics at /metrics, behind the table password when there is one (env RUTHLESS_METRICS)")
	logFormat := &choiceValue{s: "text", choices: []string{"text", "json"}}
	fs.Var(logFormat, "log-format", "how log lines are written to standard error: text (key=value) or json (one JSON object a line) (env RUTHLESS_LOG_FORMAT)")
	fs.String("config", "", "read settings from this file of KEY=value lines, named as the variables here (RUTHLESS_DB=/var/lib/ruthless/ruthless.db); the command line wins over the environment, the environment over the file (env RUTHLESS_CONFIG)")
	access := accessFlags(fs)
	backupFlags := addBackupFlags(fs)
	crowdFl := addCrowdFlags(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, "Usage of ruthless serve:\n")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return exitOK
		}
		fmt.Fprintf(stderr, "ruthless serve: %v\n", flagParseError(fs, err))
		return exitUsage
	}
	if err := applySettings(fs, os.Getenv); err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", strings.ReplaceAll(err.Error(), "\n", "\nruthless serve: "))
		return exitUsage
	}
	if lim.Solves < 1 {
		fmt.Fprintf(stderr, "ruthless serve: -solves %d: want at least 1 (example: -solves 2)\n", lim.Solves)
		return exitUsage
	}
	for name, d := range map[string]time.Duration{"solve-time": lim.Solve, "read-timeout": *readTimeout} {
		if err := durationAbove0(name, d); err != nil {
			fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
			return exitUsage
		}
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ruthless serve: unexpected argument %q (flags start with -, such as -addr :8080)\n", fs.Arg(0))
		return exitUsage
	}
	opt, err := access.options(fs)
	if err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
		return exitUsage
	}
	opt.Limits = lim
	cr, err := crowdFl.read(fs)
	if err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
		return 2
	}
	opt.RequestsPerMinute, opt.ImportedGamesPerHour = cr.requests, cr.imports
	backupCfg, err := backupFlags.config(fs)
	if err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
		return exitUsage
	}
	// serveWith reads the read timeout from the environment, as tests
	// that call it directly set it; the flag's value goes there.
	os.Setenv("RUTHLESS_READ_TIMEOUT", readTimeout.String())
	var log *slog.Logger
	if logFormat.s == "json" {
		log = slog.New(slog.NewJSONHandler(stderr, nil))
	} else {
		log = slog.New(slog.NewTextHandler(stderr, nil))
	}
	// A misspelt variable would otherwise be ignored without a word.
	for _, m := range misspeltVariables(os.Environ(), knownVariables(fs)) {
		log.Warn("environment variable ignored: not a setting of serve", "variable", m[0], "did_you_mean", m[1])
	}
	if *metrics {
		opt.Metrics = handlers.NewMetrics()
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(handlers.MemoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg := serveConfig{addr: addr.s, db: *dbPath, app: opt, conns: cr, backups: backupCfg}
	if err := serveWith(ctx, cfg, stdout, log); err != nil {
		fmt.Fprintf(stderr, "ruthless serve: %v\n", err)
		return exitOther
	}
	return exitOK
}

// serveConfig is everything serve runs with: where it listens, its
// database, the web app's options, and what the serve command owns
// itself, the connection caps (connlimit.go: they bound the listener,
// which the app never sees) and the backups (none when their Dir is
// empty).
type serveConfig struct {
	addr, db string
	app      handlers.Options
	conns    crowd
	backups  backupConfig
}

// serveWith runs the web app as cfg says until ctx ends, then stops the
// HTTP server first (requests in flight finish) and only then the work
// on the database and the database itself.
func serveWith(ctx context.Context, cfg serveConfig, stdout io.Writer, log *slog.Logger) error {
	readTimeout, err := readTimeoutSetting()
	if err != nil {
		return err
	}
	db, err := openServed(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.stop()
	ln, err := listenCapped(cfg, raiseFilesLimit(log), log)
	if err != nil {
		return err
	}
	if err := db.lock.Announce(ln.Addr().String()); err != nil {
		ln.Close()
		return err
	}
	opt := cfg.app
	opt.Done = ctx.Done() // live event streams end when the server stops
	opt.Version = ruthless.Version()
	// The invite link names the address really listened on (a port of 0
	// becomes the one chosen).
	opt.ListenAddr = ln.Addr().String()
	srv := newHTTPServer(handlers.NewWithOptions(db.st, log, opt), opt.Limits, readTimeout)
	tellStarted(stdout, ln.Addr(), opt)
	log.Info("serving", "version", versionLine(), "addr", ln.Addr().String(), "db", cfg.db, "solves", opt.Limits.Solves, "solve_time", opt.Limits.Solve,
		"password", opt.Password != "", "hosts", opt.Hosts, "read_timeout", readTimeout,
		"trusted_proxies", opt.TrustedProxies, "base_url", opt.BaseURL,
		"new_games_per_minute", limitText(opt.GamesPerMinute), "logins_per_minute", limitText(opt.LoginsPerMinute))
	return runUntilDone(ctx, srv, ln, log)
}

// readTimeoutSetting is the read timeout serveWith gives requests: the
// environment's RUTHLESS_READ_TIMEOUT (runServe puts the flag's value
// there, and tests that call serveWith set it), else 30 s.
func readTimeoutSetting() (time.Duration, error) {
	v := os.Getenv("RUTHLESS_READ_TIMEOUT")
	if v == "" {
		return 30 * time.Second, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("RUTHLESS_READ_TIMEOUT=%q: want a duration above 0, such as 30s", v)
	}
	return d, nil
}

// servedDatabase is the database while serve holds it: locked against a
// second server, open, checked, and with its background work running.
type servedDatabase struct {
	st   *store.Store
	lock *store.Lock
	// stops end what was started, in the reverse order (the last backup
	// ends before the database closes, which ends before the lock goes).
	stops []func()
}

func (d *servedDatabase) stop() {
	for i := len(d.stops) - 1; i >= 0; i-- {
		d.stops[i]()
	}
}

// openServed locks, opens and checks the database, and starts the work
// serve does on it besides requests: the watch on its file, the backups,
// the trash's daily purge and the first fill of the summaries. On an
// error it has undone what it did.
func openServed(ctx context.Context, cfg serveConfig, log *slog.Logger) (_ *servedDatabase, err error) {
	// Before the database is even opened (and perhaps migrated): a second
	// server on it would take saves whose live updates never reach the
	// phones of the first.
	lock, err := store.Acquire(cfg.db)
	if err != nil {
		var held *store.LockedError
		if errors.As(err, &held) {
			return nil, fmt.Errorf("%w; stop that server first, or give this one another -db", err)
		}
		return nil, err
	}
	d := &servedDatabase{lock: lock, stops: []func(){func() { lock.Release() }}}
	defer func() {
		if err != nil {
			d.stop()
		}
	}()
	faults := &faultLog{log: log}
	if d.st, err = cfg.backups.openStore(cfg.db, log, faults); err != nil {
		return nil, err
	}
	d.stops = append(d.stops, func() { d.st.Close() })
	if err := d.st.CheckWritable(ctx); err != nil {
		return nil, err
	}
	// A damaged file still starts (export and backup may save what can
	// be read), but says so, refuses every write, and /healthz answers 503.
	if err := d.st.QuickCheck(ctx); err != nil {
		log.Error("database integrity check failed: the file is damaged, saves are refused (503); stop the server and restore the newest good backup (ruthless restore)", "db", cfg.db, "err", err)
	}
	faults.serving.Store(true)
	d.stops = append(d.stops, watchDatabase(ctx, d.st, log), cfg.backups.start(d.st, cfg.db, log))
	if cfg.app.Metrics != nil {
		storeGauges(cfg.app.Metrics, d.st, cfg.db, cfg.backups)
	}
	// Games deleted more than 30 days ago go for good: now, then daily.
	// Games without an up-to-date summary (a database from before
	// migration 008) are summarised in the background, so the history
	// pages need not.
	d.stops = append(d.stops, handlers.PurgeTrashDaily(ctx, d.st, log), handlers.FillSummaries(ctx, d.st, log))
	return d, nil
}

// raiseFilesLimit raises the open files limit, since each live event
// stream holds a descriptor (handlers caps them), and returns it (0:
// unknown). Called once the database is known good, so that a server
// that cannot start says one line, its reason.
func raiseFilesLimit(log *slog.Logger) uint64 {
	files, err := raiseOpenFiles()
	if err != nil {
		log.Warn("open files limit not raised", "err", err)
		return 0
	}
	log.Info("open files limit", "limit", files)
	return files
}

// listenCapped listens on cfg's address behind the connection caps, so
// that no crowd of clients can take every connection (connlimit.go).
func listenCapped(cfg serveConfig, files uint64, log *slog.Logger) (net.Listener, error) {
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return nil, err
	}
	cr := cfg.conns
	limited := newLimitListener(ln, cr.connsPerClient, cr.total(files), cfg.app.TrustedProxies)
	if cfg.app.Metrics != nil {
		limited.countIn(cfg.app.Metrics)
	}
	log.Info("connection limits", "per_client", offIfZero(cr.connsPerClient), "total", cr.total(files), "requests_per_minute", offIfZero(cfg.app.RequestsPerMinute))
	return limited, nil
}

// newHTTPServer is the HTTP server of the app h, with its timeouts.
func newHTTPServer(h http.Handler, lim handlers.Limits, readTimeout time.Duration) *http.Server {
	return &http.Server{
		Handler:           guardHandlers(h),
		ConnContext:       connContext, // for guardHandlers (connlimit.go)
		ReadHeaderTimeout: min(10*time.Second, readTimeout),
		ReadTimeout:       readTimeout,
		// A request that waits for a solve and then solves still gets its
		// answer (perhaps a 503), never a connection cut by this timeout.
		WriteTimeout: max(30*time.Second, lim.Wait+lim.Solve+10*time.Second),
		IdleTimeout:  2 * time.Minute,
	}
}

// tellStarted prints the startup lines: the address to open, who can use
// the app, where it is reached from, and what the other phones open.
func tellStarted(stdout io.Writer, addr net.Addr, opt handlers.Options) {
	fmt.Fprintf(stdout, "ruthless: open %s\n", openURL(addr))
	fmt.Fprintln(stdout, accessLine(opt))
	if line := placeLine(opt); line != "" {
		fmt.Fprintln(stdout, line)
	}
	// Behind a proxy with -base-url the players open that address, not
	// this listener, so what the table line would say does not apply.
	if line := tableLine(addr); line != "" && opt.BaseURL == "" {
		fmt.Fprintln(stdout, line)
	}
}

// runUntilDone serves on ln until ctx ends, then shuts srv down: it
// takes no new request, and those in flight get 10 s to finish.
func runUntilDone(ctx context.Context, srv *http.Server, ln net.Listener, log *slog.Logger) error {
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

// access holds the flags that say who may use the app: the table password
// (given, or read from a file) and the extra names the server is known by.
type access struct {
	password, passwordFile *string
	hosts                  hostList
	place                  *place // proxy and limits (deployflags.go)
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
