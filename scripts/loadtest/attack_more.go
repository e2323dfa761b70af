package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"
)

// The six attacks of attack.go's second list: uploads past the import
// caps, bodies that stall, names that are formulas, a second server on
// the database, a disk that fills or turns read-only, and a guesser of
// the table password beside the table. Each prints what the first three
// do: GET /'s latency alone and under the attack, the server's RSS and
// CPU, and what the attackers got.

// noRedirects makes client answer a redirect as it is (303 and its
// Set-Cookie), not follow it.
func noRedirects(client *http.Client) *http.Client {
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return client
}

// phaseRow is one row of GET /'s table: a phase and its latencies.
type phaseRow struct {
	name string
	l    latencies
}

// homeTable prints GET /'s rows of a scenario: the baseline, then each
// phase.
func homeTable(base latencies, phases ...phaseRow) {
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "GET /\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, base.row("baseline"))
	for _, ph := range phases {
		fmt.Fprintln(tw, ph.l.row(ph.name))
	}
	_ = tw.Flush()
}

// --- import ---------------------------------------------------------

// manyGamesFile is a JSON array of n small games, no two alike.
func manyGamesFile(n int) []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"version":1,"players":["Anne-Marie %06d","Bobby Lee %06d"],"start_player":%d,"rounds":[]}`, i, i, i%2)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// hugeGameFile is one "game" of n empty rounds.
func hugeGameFile(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"version":1,"players":["A","B"],"rounds":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("[null,null]")
	}
	b.WriteString("]}")
	return b.Bytes()
}

// importForm is a multipart upload of one file, as the import page's
// form sends it: its body and content type.
func importForm(name string, data []byte) ([]byte, string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	w, _ := mw.CreateFormFile("file", name)
	_, _ = w.Write(data)
	_ = mw.Close()
	return b.Bytes(), mw.FormDataContentType()
}

// importSays is the import page's refusal, by the phrases it is known by.
func importSays(page string) string {
	for _, p := range []string{"more than 1000 games", "larger than any real game file", "Too many imports", "larger than 16 MiB"} {
		if strings.Contains(page, p) {
			return p
		}
	}
	return ""
}

// postImport sends one upload and reads its answer: the status for the
// tally, the time to the end of the answer, and what the page says.
func postImport(ctx context.Context, client *http.Client, base string, body []byte, ctype string) (string, time.Duration, string) {
	start := time.Now()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/import", bytes.NewReader(body))
	req.Header.Set("Content-Type", ctype)
	res, err := client.Do(req)
	if err != nil {
		return statusOf(res, err), time.Since(start), err.Error()
	}
	defer res.Body.Close()
	page, _ := io.ReadAll(res.Body)
	return statusOf(res, nil), time.Since(start), importSays(string(page))
}

// importAttack: one client uploads 150,000 games, then a game of 1.3 M
// rounds, then small files back to back; then the 14 MB upload again and
// again for 10 s, past its limit.
func importAttack(ctx context.Context, t *target) error {
	fmt.Println("== import: one client uploads to /import 150,000 games in one array, one \"game\" of 1.3 M rounds, 6 small files back to back; then the array again, 2 at a time, for 10 s")
	many := manyGamesFile(150_000)
	huge := hugeGameFile(1_300_000)
	type upload struct {
		name  string
		body  []byte
		ctype string
	}
	var uploads []upload
	b, ct := importForm("history.json", many)
	uploads = append(uploads, upload{fmt.Sprintf("history.json: 150,000 games, %.1f MB", float64(len(many))/1e6), b, ct})
	b, ct = importForm("huge.json", huge)
	uploads = append(uploads, upload{fmt.Sprintf("huge.json: 1 game of 1.3 M rounds, %.1f MB", float64(len(huge))/1e6), b, ct})
	for i := range 6 {
		data := fmt.Sprintf(`{"version":1,"players":["Small %d","Other %d"],"start_player":0,"rounds":[]}`, i, i)
		b, ct := importForm("small.json", []byte(data))
		uploads = append(uploads, upload{fmt.Sprintf("small.json #%d (%d bytes)", i+1, len(data)), b, ct})
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)

	client := noRedirects(clientFrom("127.0.7.1", 2))
	type result struct {
		name, status, says string
		took               time.Duration
	}
	var results []result
	var answers tally
	during, bad, use := measure(ctx, t, func() {
		for _, u := range uploads {
			status, took, says := postImport(ctx, client, t.base, u.body, u.ctype)
			answers.add(status)
			results = append(results, result{u.name, status, says, took})
		}
	})

	var again tally
	var againTook latencies
	var mu sync.Mutex
	duringAgain, badAgain, useAgain := measure(ctx, t, func() {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				for ctx.Err() == nil {
					status, took, _ := postImport(ctx, client, t.base, uploads[0].body, uploads[0].ctype)
					if ctx.Err() != nil {
						return // cut short by the phase's end
					}
					again.add(status)
					mu.Lock()
					againTook = append(againTook, took)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
	})

	homeTable(base, phaseRow{"during the uploads, one by one", during}, phaseRow{"during 10 s of 14 MB uploads, 2 at a time", duringAgain})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "upload\tstatus\ttook\tthe page says")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.name, r.status, ms(r.took), r.says)
	}
	_ = tw.Flush()
	tw = tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "the 14 MB upload again, 2 at a time\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, againTook.row("time to the answer"))
	_ = tw.Flush()
	fmt.Printf("one by one: %s; answers: %s; GET / not 200: %d\n", use, &answers, bad)
	fmt.Printf("again for 10 s: %s; answers: %s; GET / not 200: %d\nGET / not 200 in the baseline: %d\n", useAgain, &again, badAgain, baseBad)
	return nil
}

// --- slowbody -------------------------------------------------------

// slowReadTimeout is the server's read timeout in the slowbody scenario
// (RUTHLESS_READ_TIMEOUT): the default 30 s would outlast the scenario.
const slowReadTimeout = 5 * time.Second

// slowRequest sends a request's headers, with a Content-Length of 200,
// and the first bytes of its body from address ip, then nothing; it
// returns the answer's label and when it came.
func slowRequest(ctx context.Context, t *target, ip, method, path, partial string) (string, time.Duration) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", t.host)
	if err != nil {
		return "dial error", 0
	}
	defer conn.Close()
	start := time.Now()
	_ = conn.SetDeadline(start.Add(slowReadTimeout + 20*time.Second))
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n%s", method, path, t.host, partial)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	took := time.Since(start)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return "no answer in 25 s", took
		}
		return "closed without an answer", took
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	label := statusOf(res, nil)
	switch {
	case res.StatusCode == http.StatusOK && len(bytes.TrimSpace(body)) == 0:
		label += " EMPTY"
	case res.StatusCode == http.StatusRequestTimeout && !strings.Contains(string(body), "did not arrive in time"):
		label += " (no message)"
	}
	return label, took
}

// slowbodyAttack: 300 saves and 500 solves whose bodies stall, all at
// once, against a read timeout of 5 s.
func slowbodyAttack(ctx context.Context, t *target) error {
	fmt.Printf("== slowbody: 300 PUT /api/games/ID/rounds/1/entries/0 and 500 POST /api/solve, all at once, each sending its headers (Content-Length: 200) and the body's first bytes, then nothing; server read timeout %s (RUTHLESS_READ_TIMEOUT)\n", slowReadTimeout)
	id, err := postGame(t.home, t.base, smallGame())
	if err != nil {
		return err
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	kinds := []struct {
		name, method, path, partial, ip string
		n                               int
	}{
		{"PUT entry", http.MethodPut, "/api/games/" + id + "/rounds/1/entries/0", `{"pool":["H2",`, "127.0.5.1", 300},
		{"POST /api/solve", http.MethodPost, "/api/solve", `{"cards":["H2",`, "127.0.5.2", 500},
	}
	answers := make([]tally, len(kinds))
	took := make([]latencies, len(kinds))
	var mu sync.Mutex
	during, bad, use := measure(ctx, t, func() {
		var wg sync.WaitGroup
		for k, kind := range kinds {
			for range kind.n {
				wg.Go(func() {
					status, d := slowRequest(ctx, t, kind.ip, kind.method, kind.path, kind.partial)
					answers[k].add(status)
					mu.Lock()
					took[k] = append(took[k], d)
					mu.Unlock()
				})
			}
		}
		wg.Wait()
	})
	// Was anything saved? The entry must be as it was.
	res, err := t.home.Get(t.base + "/api/games/" + id)
	if err != nil {
		return err
	}
	var g struct {
		Rounds [][]*struct{ Pool []string } `json:"rounds"`
	}
	_ = json.NewDecoder(res.Body).Decode(&g)
	res.Body.Close()
	kept := len(g.Rounds) > 0 && g.Rounds[0][0] != nil && strings.Join(g.Rounds[0][0].Pool, " ") == "H2 H3 A4 S6 K6"

	homeTable(base, phaseRow{"800 stalled bodies", during})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "time to the answer\tn\tp50\tp99\tmax\t")
	for k, kind := range kinds {
		fmt.Fprintln(tw, took[k].row(kind.name))
	}
	_ = tw.Flush()
	for k, kind := range kinds {
		fmt.Printf("%s ×%d: %s\n", kind.name, kind.n, &answers[k])
	}
	fmt.Printf("%s; GET / not 200: %d (baseline %d); the entry aimed at unchanged: %v\n", use, bad, baseBad, kept)
	return nil
}

// --- csv ------------------------------------------------------------

// formulaNames are names a spreadsheet would run, each within the app's
// name rules, three to a game, with two plain ones as a control.
var formulaNames = [][]string{
	{`=HYPERLINK("http://evil.example","x")`, "+SUM(1,2)", "-2+3"},
	{"@SUM(A1)", "=1+1", "Ann-Marie"},
	{`=cmd|' /C calc'!A0`, "+1", "Lucy"},
	{"-1", "@x", "=A1*2"},
}

// csvAttack: finished games with formula names, then 4 clients fetch
// /export/results.csv back to back for 5 s; its cells are checked.
func csvAttack(ctx context.Context, t *target) error {
	fmt.Println("== csv: 4 finished games whose players are called =HYPERLINK(…), +SUM(1,2), -2+3, @SUM(A1), =cmd|' /C calc'!A0, … (POST /api/games); 4 clients GET /export/results.csv back to back for 5 s")
	for _, names := range formulaNames {
		g, err := sampleGame()
		if err != nil {
			return err
		}
		g.Players = names
		if _, err := postGame(t.home, t.base, g); err != nil {
			return err
		}
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	var answers tally
	var one []byte
	var once sync.Once
	client := clientFrom("127.0.8.1", 4)
	during, bad, use := measure(ctx, t, func() {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for ctx.Err() == nil {
					req, _ := http.NewRequestWithContext(ctx, http.MethodGet, t.base+"/export/results.csv", nil)
					res, err := client.Do(req)
					if ctx.Err() != nil {
						if err == nil {
							res.Body.Close()
						}
						return
					}
					answers.add(statusOf(res, err))
					if err == nil {
						b, _ := io.ReadAll(res.Body)
						res.Body.Close()
						if res.StatusCode == http.StatusOK {
							once.Do(func() { one = b })
						}
					}
				}
			})
		}
		wg.Wait()
	})
	rows, err := csv.NewReader(bytes.NewReader(one)).ReadAll()
	if err != nil {
		return fmt.Errorf("results.csv does not parse: %w", err)
	}
	cells, live, numbers, quoted := 0, 0, 0, 0
	var liveCells, names []string
	for i, row := range rows {
		for j, cell := range row {
			if i == 0 {
				continue
			}
			cells++
			if j == 3 {
				names = append(names, cell)
			}
			switch {
			case strings.HasPrefix(cell, "'"):
				quoted++
			case cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])):
				if _, err := strconv.ParseFloat(cell, 64); err == nil {
					numbers++ // a number, left as it is on purpose
				} else {
					live++
					liveCells = append(liveCells, cell)
				}
			}
		}
	}
	homeTable(base, phaseRow{"4 clients on /export/results.csv", during})
	fmt.Printf("%s; answers: %s; GET / not 200: %d (baseline %d)\n", use, &answers, bad, baseBad)
	fmt.Printf("results.csv: %d rows, %d cells; starting with = + - @ (or tab, CR) without a leading apostrophe: %d %q; with one: %d; plain numbers starting with -: %d\n",
		len(rows)-1, cells, live, liveCells, quoted, numbers)
	fmt.Printf("the name cells: %q\n", names)
	return nil
}

// --- second ---------------------------------------------------------

// lockedBuffer is a child's output, written by the child's copiers and
// read by whoever waits for it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// tryServe starts `ruthless serve` expecting it to refuse: its exit
// status and output, or started when it printed its address instead
// (it is then stopped at once). It waits at most 10 s.
func tryServe(ctx context.Context, bin string, env []string, args ...string) (code int, out string, started bool, took time.Duration) {
	cmd := exec.Command(bin, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	var buf lockedBuffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return -1, err.Error(), false, 0
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case <-exited:
			return cmd.ProcessState.ExitCode(), buf.String(), false, time.Since(start)
		case <-tick.C:
			if !strings.Contains(buf.String(), "ruthless: open") {
				continue
			}
			took = time.Since(start)
			_ = cmd.Process.Signal(syscall.SIGTERM)
		case <-deadline:
			took = time.Since(start)
			_ = cmd.Process.Kill()
		case <-ctx.Done():
			_ = cmd.Process.Kill()
		}
		<-exited
		return cmd.ProcessState.ExitCode(), buf.String(), true, took
	}
}

// firstLines is a child's output for a table cell: its lines joined,
// the GC trace left out.
func firstLines(out string) string {
	var keep []string
	for l := range strings.Lines(out) {
		if l = strings.TrimSpace(l); l != "" && !gcLine.MatchString(l) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, " ⏎ ")
}

// secondAttack: while the server runs, a second `serve` on its database,
// by its path, by another spelling of it, and by a symlink from another
// directory.
func secondAttack(ctx context.Context, t *target) error {
	fmt.Println("== second: a second `ruthless serve` on the database of the one running: by the same -db, by -db spelt otherwise, by a symlink and a hard link from another directory")
	if _, err := postGame(t.home, t.base, smallGame()); err != nil {
		return err
	}
	other := filepath.Join(t.dir, "elsewhere")
	if err := os.MkdirAll(other, 0o755); err != nil {
		return err
	}
	link := filepath.Join(other, "x.db")
	if err := os.Symlink(t.db, link); err != nil {
		return err
	}
	hard := filepath.Join(other, "hard.db")
	if err := os.Link(t.db, hard); err != nil {
		return err
	}
	tries := []struct{ name, db string }{
		{"the same -db", t.db},
		// Not filepath.Join, which would clean it back to t.db.
		{"-db spelt otherwise", t.dir + "/./../" + filepath.Base(t.dir) + "//x.db"},
		{"a symlink from another directory", link},
		{"a hard link from another directory", hard},
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	type result struct {
		code    int
		out     string
		started bool
		took    time.Duration
	}
	results := make([]result, len(tries))
	during, bad, use := measure(ctx, t, func() {
		for i, try := range tries {
			code, out, started, took := tryServe(ctx, t.bin, t.env, "-db", try.db)
			results[i] = result{code, out, started, took}
		}
	})
	still, err := timeGet(ctx, t.home, t.base+"/")
	homeTable(base, phaseRow{"during the second servers' starts", during})
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "second serve by\texit\ttook\twhat it said")
	for i, r := range results {
		exit, said := strconv.Itoa(r.code), firstLines(r.out)
		if r.started {
			exit, said = "STARTED (stopped by the test)", startedLine(r.out)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", tries[i].name, exit, ms(r.took), said)
	}
	_ = tw.Flush()
	fmt.Printf("%s; GET / not 200: %d (baseline %d); the first server after: %s %v\n", use, bad, baseBad, ms(still), errOr(err, "200"))
	return nil
}

// startedLine is the line a server that started prints first.
func startedLine(out string) string {
	for l := range strings.Lines(out) {
		if strings.HasPrefix(l, "ruthless: open") {
			return strings.TrimSpace(l)
		}
	}
	return firstLines(out)
}

func errOr(err error, ok string) string {
	if err != nil {
		return err.Error()
	}
	return ok
}

// --- disk -----------------------------------------------------------

// tmpfsSize is the disk scenario's file system: room for the database
// and its WAL, and no more once filled.
const tmpfsSize = "8M"

func mountTmpfs(dir, size string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, bytes.TrimSpace(out))
	}
	return nil
}

// unmount unmounts dir, lazily if it is still busy, and says so if it
// cannot.
func unmount(dir string) {
	if err := exec.Command("umount", dir).Run(); err == nil {
		return
	}
	if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "loadtest: cannot unmount %s: %v: %s\n", dir, err, bytes.TrimSpace(out))
	}
}

func remount(dir, opts string) error {
	out, err := exec.Command("mount", "-o", "remount,"+opts, dir).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, bytes.TrimSpace(out))
	}
	return nil
}

// fill writes a file in dir until its file system has no room left.
func fill(dir string) (int64, error) {
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	chunk := make([]byte, 64<<10)
	var n int64
	for {
		w, err := f.Write(chunk)
		n += int64(w)
		if errors.Is(err, syscall.ENOSPC) {
			break
		}
		if err != nil {
			return n, err
		}
	}
	// The last pages: a byte at a time, so no block is left.
	for {
		if _, err := f.Write(chunk[:512]); err != nil {
			break
		}
		n += 512
	}
	return n, nil
}

// putEntry saves seat 2's entry of round 1 through the API, at version;
// it returns the status, the answer's error, and the version to send
// next.
func putEntry(ctx context.Context, client *http.Client, base, id string, coins, version int) (string, string, int, error) {
	body := fmt.Sprintf(`{"pool":["H5","H6"],"coins":%d,"version":%d}`, coins, version)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, base+"/api/games/"+id+"/rounds/1/entries/2", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return statusOf(res, err), "", version, err
	}
	defer res.Body.Close()
	var out struct {
		Error   string
		Version *int
	}
	_ = json.NewDecoder(res.Body).Decode(&out)
	if out.Version != nil {
		version = *out.Version
	}
	return statusOf(res, nil), out.Error, version, nil
}

// diskAttack: the database's tmpfs is filled, then 30 saves and 5 new
// games are sent; room is made and one more save is sent. Then the
// server is stopped, the tmpfs made read-only, and a server started on
// it; then the file system is writable again but the database file alone
// read-only (a read-only bind mount of it), and a server started again.
func diskAttack(ctx context.Context, t *target) error {
	fmt.Printf("== disk: the database on a tmpfs of %siB, filled; 30 saves (PUT an entry) and 5 new games; room made, one more save. Then the tmpfs remounted read-only, and the database file alone bound read-only: a server started on each\n", tmpfsSize)
	id, err := postGame(t.home, t.base, smallGame())
	if err != nil {
		return err
	}
	dir := filepath.Dir(t.db)
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	filled, err := fill(dir)
	if err != nil {
		return fmt.Errorf("filling %s: %w", dir, err)
	}
	var st syscall.Statfs_t
	_ = syscall.Statfs(dir, &st)
	off := logSize(t.log)

	var saves, creates tally
	says := map[string]bool{}
	version := 0
	client := clientFrom("127.0.9.1", 1)
	during, bad, use := measure(ctx, t, func() {
		for i := range 30 {
			status, msg, v, err := putEntry(ctx, client, t.base, id, i%10, version)
			if err == nil {
				version = v
			}
			saves.add(status)
			if msg != "" {
				says[msg] = true
			}
			time.Sleep(100 * time.Millisecond)
		}
		for i := range 5 {
			g := smallGame()
			g["players"] = []string{"Disk", "Full", fmt.Sprintf("Try %d", i)}
			body, _ := json.Marshal(g)
			res, err := client.Post(t.base+"/api/games", "application/json", bytes.NewReader(body))
			creates.add(statusOf(res, err))
			if err == nil {
				var out struct{ Error string }
				_ = json.NewDecoder(res.Body).Decode(&out)
				res.Body.Close()
				if out.Error != "" {
					says[out.Error] = true
				}
			}
		}
	})
	var logLines []string
	if b, err := os.ReadFile(t.log); err == nil && int64(len(b)) >= off {
		for l := range strings.Lines(string(b[off:])) {
			if strings.Contains(l, "level=ERROR") {
				logLines = append(logLines, strings.TrimSpace(l))
			}
		}
	}
	_ = os.Remove(filepath.Join(dir, "filler"))
	afterStatus, afterMsg, _, _ := putEntry(ctx, client, t.base, id, 7, version)

	homeTable(base, phaseRow{"saves on the full disk", during})
	fmt.Printf("filled %.1f MiB, %d KiB left; %s; GET / not 200: %d (baseline %d)\n",
		float64(filled)/(1<<20), st.Bavail*uint64(st.Bsize)>>10, use, bad, baseBad)
	fmt.Printf("30 saves: %s\n5 new games: %s\n", &saves, &creates)
	for m := range says {
		fmt.Printf("the API said: %q\n", m)
	}
	fmt.Printf("the log's ERROR lines: %d", len(logLines))
	if len(logLines) > 0 {
		fmt.Printf("; the first: %s", logLines[0])
	}
	fmt.Printf("\nroom made, one more save: %s %s\n", afterStatus, afterMsg)

	// Read-only: the server is stopped first, as one would be by a reboot
	// that mounted the disk read-only.
	t.srv.stop()
	if err := remount(dir, "ro"); err != nil {
		fmt.Printf("read-only: skipped: cannot remount (%v)\n", err)
		return nil
	}
	code, out, started, took := tryServe(ctx, t.bin, t.env, "-db", t.db)
	report := func(what string) {
		if started {
			fmt.Printf("%s: the server STARTED (stopped by the test) after %s: %s\n", what, ms(took), startedLine(out))
			return
		}
		fmt.Printf("%s: exit %d after %s: %s\n", what, code, ms(took), firstLines(out))
	}
	report("serve on the read-only tmpfs")
	if err := remount(dir, "rw"); err != nil {
		return err
	}
	// The database file alone read-only: a read-only bind mount of it.
	if out, err := exec.Command("mount", "--bind", "-o", "ro", t.db, t.db).CombinedOutput(); err != nil {
		fmt.Printf("read-only file: skipped: cannot bind (%v: %s)\n", err, bytes.TrimSpace(out))
		return nil
	}
	defer unmount(t.db)
	// Older mounts ignore ro on the first bind: make sure.
	_ = exec.Command("mount", "-o", "remount,bind,ro", t.db).Run()
	code, out, started, took = tryServe(ctx, t.bin, t.env, "-db", t.db)
	report("serve with the database file read-only (bind mount)")
	return nil
}

// --- lockout --------------------------------------------------------

// tablePassword is the lockout scenario's table password.
const tablePassword = "black flag"

// login posts password to /login from client, and says whether it got
// in: 303 with the session cookie.
func login(ctx context.Context, client *http.Client, base, password string) (string, bool, time.Duration) {
	start := time.Now()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/login", strings.NewReader(url.Values{"password": {password}, "next": {"/"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := client.Do(req)
	took := time.Since(start)
	if err != nil {
		return statusOf(res, err), false, took
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	in := false
	for _, c := range res.Cookies() {
		if c.Name == "ruthless_session" && c.Value != "" {
			in = true
		}
	}
	status := statusOf(res, nil)
	if in {
		status += "+cookie"
	}
	return status, res.StatusCode == http.StatusSeeOther && in, took
}

// lockoutAttack: a guesser sends wrong passwords to /login from one
// address, one at a time, for 15 s, then 4 at a time for 8 s; a phone
// behind the same address logs in with the right one every 0.5 s.
func lockoutAttack(ctx context.Context, t *target) error {
	fmt.Println("== lockout: a guesser POSTs wrong passwords to /login from 127.0.6.1, one at a time for 15 s, then 4 at a time for 8 s; a phone from the same address logs in with the right password every 0.5 s")
	jar, _ := cookiejar.New(nil)
	t.home.Jar = jar
	if status, in, _ := login(ctx, noRedirects(t.home), t.base, tablePassword); !in {
		return fmt.Errorf("the sampler could not log in: %s", status)
	}
	t.home.CheckRedirect = nil
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)

	phases := []struct {
		name     string
		guessers int
		d        time.Duration
	}{
		{"1 guesser, one try at a time, 15 s", 1, 15 * time.Second},
		{"4 guessers at once, 8 s", 4, 8 * time.Second},
	}
	var rows []phaseRow
	var notes []string
	var rightRows []phaseRow
	for _, ph := range phases {
		var wrong, right tally
		var rightTook latencies
		in, tries := 0, 0
		during, bad, use := measure(ctx, t, func() {
			ctx, cancel := context.WithTimeout(ctx, ph.d)
			defer cancel()
			var wg sync.WaitGroup
			var n atomic.Int64
			for range ph.guessers {
				wg.Go(func() {
					guesser := noRedirects(clientFrom("127.0.6.1", 1))
					defer guesser.CloseIdleConnections()
					for ctx.Err() == nil {
						status, _, _ := login(ctx, guesser, t.base, fmt.Sprintf("guess %d", n.Add(1)))
						if ctx.Err() != nil {
							return // cut short by the phase's end
						}
						wrong.add(status)
					}
				})
			}
			// The phone: a new one each time, from the same address.
			time.Sleep(500 * time.Millisecond)
			for ctx.Err() == nil {
				phone := noRedirects(clientFrom("127.0.6.1", 1))
				status, ok, took := login(ctx, phone, t.base, tablePassword)
				phone.CloseIdleConnections()
				if ctx.Err() != nil {
					break
				}
				tries++
				right.add(status)
				rightTook = append(rightTook, took)
				if ok {
					in++
				}
				select {
				case <-ctx.Done():
				case <-time.After(500 * time.Millisecond):
				}
			}
			wg.Wait()
		})
		rows = append(rows, phaseRow{ph.name, during})
		rightRows = append(rightRows, phaseRow{ph.name, rightTook})
		notes = append(notes, fmt.Sprintf("%s: the right password got in %d of %d (%s); the wrong ones got %s; %s; GET / not 200: %d",
			ph.name, in, tries, &right, &wrong, use, bad))
	}
	homeTable(base, rows...)
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "the right password's POST /login\tn\tp50\tp99\tmax\t")
	for _, r := range rightRows {
		fmt.Fprintln(tw, r.l.row(r.name))
	}
	_ = tw.Flush()
	fmt.Printf("%s\nGET / not 200 in the baseline: %d\n", strings.Join(notes, "\n"), baseBad)
	fmt.Println("(README, At the table: while an address has two wrong answers held, no password from it is checked: 429 at once; only guessers in parallel get there)")
	return nil
}
