//go:build linux

// Command loadtest (Linux only: it reads /proc, holds its servers with
// Pdeathsig and raises its open-files limit) measures the game scoreboard page of the real server
// beside a bare gin handler, with the same client in the same run, and
// samples the real server's resident memory while it is under load.
//
//	loadtest run -bin ruthless -dir TMP [-d 10s] [-workers 8]
//	loadtest bare [-addr 127.0.0.1:0]
//	loadtest attack -bin ruthless -dir TMP [-bin-before OLD] [-only flush,explain,streams,import,...]
//	loadtest stall -host 127.0.0.1:PORT -first N -count M
//
// `run` starts both servers as child processes on 127.0.0.1 only: the real
// binary with `serve`, and this program again with `bare`. Separate
// processes keep the client's own CPU and memory out of the servers'
// figures, and treat both servers alike. scripts/load.sh builds and runs it.
// `attack` runs hostile clients' scenarios (attack.go) against the real
// binary; scripts/attack.sh builds and runs it. `stall` is the slowloris
// scenario's helper: it holds stalled connections in a process of its
// own, whose open files limit comes on top of attack's.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/gin-gonic/gin"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: loadtest run|bare|attack [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "run":
		err = run(os.Args[2:])
	case "bare":
		err = bare(os.Args[2:])
	case "attack":
		err = attack(os.Args[2:])
	case "stall":
		err = stall(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (want run, bare, attack or stall)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// bare serves the smallest gin app there is, one route returning a short
// string, with no middleware: the ceiling the real app is compared to.
// It prints its URL first, like `ruthless serve`, so run can find it.
func bare(args []string) error {
	fs := flag.NewFlagSet("bare", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:0", "loopback address to listen on")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if host, _, err := net.SplitHostPort(*addr); err != nil || host != "127.0.0.1" {
		return fmt.Errorf("bare: listen on 127.0.0.1 only, not %q", *addr)
	}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.GET("/hello", func(c *gin.Context) { c.String(http.StatusOK, "hello") })
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Printf("bare: open http://%s\n", ln.Addr())
	// No graceful shutdown: there is nothing to save, and SIGTERM's default
	// action ends the process.
	return http.Serve(ln, r)
}

// run starts both servers, checks the game page works, loads each server
// in turn and prints the table.
func run(args []string) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	bin := fs.String("bin", "", "the ruthless binary to measure")
	before := fs.String("before", "", "an older ruthless binary to measure beside it, in the same run")
	rounds := fs.Int("rounds", 1, "times to measure the servers, in turn (noise then falls on each alike)")
	dir := fs.String("dir", "", "scratch directory for the database and logs")
	dur := fs.Duration("d", 10*time.Second, "how long to load each server")
	workers := fs.Int("workers", 8, "concurrent client workers")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *bin == "" || *dir == "" {
		return errors.New("run: -bin and -dir are required")
	}
	if *workers < 1 || *dur <= 0 || *dur > 10*time.Minute || *rounds < 1 || *rounds > 20 {
		return errors.New("run: need -workers ≥ 1, 0 < -d ≤ 10m and 1 ≤ -rounds ≤ 20")
	}
	// Ctrl-C stops the load early and still stops the servers.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	game, err := sampleGame()
	if err != nil {
		return err
	}
	body, err := json.Marshal(game)
	if err != nil {
		return err
	}

	// One client at full speed is what this measures, not a phone: the
	// per-client request rate and connection cap are off.
	app, err := startServer(ctx, filepath.Join(*dir, "ruthless.log"), *bin,
		"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(*dir, "x.db"),
		"-requests-per-minute", "0", "-conns-per-client", "0")
	if err != nil {
		return err
	}
	defer app.stop()
	self, err := os.Executable()
	if err != nil {
		return err
	}
	bareSrv, err := startServer(ctx, filepath.Join(*dir, "bare.log"), self, "bare", "-addr", "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer bareSrv.stop()

	client := newClient(*workers)
	pageURL, pageBytes, err := createGame(client, app.base, body)
	if err != nil {
		return err
	}
	idleKB, err := rssKB(app.cmd.Process.Pid)
	if err != nil {
		return err
	}

	fmt.Printf("%d workers, %s per server, one keep-alive client; %d CPUs shared by client and server\n",
		*workers, *dur, runtime.NumCPU())
	fmt.Printf("scoreboard: 3 players, 5 rounds (pools 5–9), final; %d bytes of HTML (sent gzipped, as to a browser)\n", pageBytes)
	fmt.Printf("real server RSS before load: %s\n\n", mib(idleKB))

	targets := []loadTarget{
		{"bare gin  GET /hello", bareSrv, bareSrv.base + "/hello"},
		{"ruthless  GET /games/{id}", app, pageURL},
	}
	if *before != "" {
		old, err := startServer(ctx, filepath.Join(*dir, "before.log"), *before,
			append([]string{"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(*dir, "before.db")}, limitsOff(*before)...)...)
		if err != nil {
			return fmt.Errorf("the -before binary: %w", err)
		}
		defer old.stop()
		oldURL, _, err := createGame(client, old.base, body)
		if err != nil {
			return fmt.Errorf("the -before binary: %w", err)
		}
		targets = append(targets, loadTarget{"before    GET /games/{id}", old, oldURL})
	}
	var rows []loadRow
	for range *rounds {
		rows = append(rows, measureAll(ctx, client, targets, *workers, *dur)...)
	}
	if err := printLoadTable(rows, len(targets)); err != nil {
		return err
	}
	return ctx.Err()
}

// createGame stores the game through the API and checks its scoreboard
// page answers 200 before anything is measured: a fast stream of error
// pages would be a meaningless figure. It returns the page's URL and size.
func createGame(client *http.Client, base string, body []byte) (string, int, error) {
	resp, err := client.Post(base+"/api/games", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", 0, err
	}
	defer resp.Body.Close()
	var created struct {
		ID    string `json:"id"`
		Error string `json:"error"`
		Field string `json:"field"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&created); err != nil {
		return "", 0, fmt.Errorf("POST /api/games: %s: %w", resp.Status, err)
	}
	if resp.StatusCode != http.StatusCreated || created.ID == "" {
		return "", 0, fmt.Errorf("POST /api/games: %s: %s (%s)", resp.Status, created.Error, created.Field)
	}

	pageURL := base + "/games/" + created.ID
	page, err := client.Get(pageURL)
	if err != nil {
		return "", 0, err
	}
	defer page.Body.Close()
	html, err := io.ReadAll(page.Body)
	if err != nil {
		return "", 0, err
	}
	if page.StatusCode != http.StatusOK {
		return "", 0, fmt.Errorf("GET %s: %s", pageURL, page.Status)
	}
	return pageURL, len(html), nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }

func mib(kb int) string { return fmt.Sprintf("%.1f MiB", float64(kb)/1024) }

// loadTarget is one server and the address a load run asks of it.
type loadTarget struct {
	name string
	srv  *server
	url  string
}

// loadRow is what a load run measured of one target.
type loadRow struct {
	name string
	res  result
	rss  rssStats
}

// measureAll loads each target in turn for dur with workers clients,
// sampling its memory meanwhile; each starts from fresh connections.
func measureAll(ctx context.Context, client *http.Client, targets []loadTarget, workers int, dur time.Duration) []loadRow {
	var rows []loadRow
	for _, t := range targets {
		done := make(chan struct{})
		rss := sampleRSS(t.srv.cmd.Process.Pid, done)
		res := load(ctx, client, t.url, workers, dur)
		close(done)
		rows = append(rows, loadRow{t.name, res, <-rss})
		client.CloseIdleConnections()
		if ctx.Err() != nil {
			break
		}
	}
	return rows
}

// printLoadTable prints the rows as a table, then for each round (every
// perRound rows: bare gin, the scoreboard, and the older build's when
// measured) the scoreboard's rate as a share of the others'.
func printLoadTable(rows []loadRow, perRound int) error {
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "server\treq/s\tmean\tp99\trequests\terrors\tRSS peak\tRSS final\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%.0f\t%s\t%s\t%d\t%d\t%s\t%s\t\n", r.name, r.res.perSecond(),
			ms(r.res.mean), ms(r.res.p99), r.res.requests, r.res.errors, mib(r.rss.peakKB), mib(r.rss.lastKB))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for i := 0; i+perRound <= len(rows); i += perRound {
		round := rows[i : i+perRound]
		if round[1].res.requests == 0 {
			continue
		}
		fmt.Printf("\nround %d: the scoreboard serves %.1f%% of the bare gin rate", i/perRound+1,
			100*round[1].res.perSecond()/round[0].res.perSecond())
		if perRound > 2 && round[2].res.requests > 0 {
			fmt.Printf(", %.1f%% of the older build's", 100*round[1].res.perSecond()/round[2].res.perSecond())
		}
		fmt.Printf("; RSS sampled every 200 ms (%d samples)", round[1].rss.samples)
	}
	fmt.Println()
	return nil
}

// limitsOff are the flags that turn off bin's per-client limits, those of
// them its serve command has: an older build may lack some (its limits
// then were lower than this tool's load, or absent).
func limitsOff(bin string) []string {
	help, _ := exec.Command(bin, "serve", "-h").CombinedOutput()
	var args []string
	for _, flag := range []string{"-requests-per-minute", "-conns-per-client"} {
		if bytes.Contains(help, []byte(flag+" ")) {
			args = append(args, flag, "0")
		}
	}
	return args
}
