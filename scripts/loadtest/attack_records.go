//go:build linux

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"text/tabwriter"
	"time"
	"unicode"
)

// hardlinkAttack (issue 33, item 7): a second server on a hard link of
// the database; if it starts, both take new games, and a fresh server
// then reads back every game either acknowledged.
func hardlinkAttack(ctx context.Context, t *target) error {
	fmt.Println("== hardlink: a second `ruthless serve` on a hard link of the running server's database, from another directory; if it starts, 42 new games, alternately through each server; both stopped; a fresh server on the database reads back every acknowledged game")
	if _, err := postGame(t.home, t.base, smallGame()); err != nil {
		return err
	}
	other := filepath.Join(t.dir, "elsewhere")
	if err := os.MkdirAll(other, 0o755); err != nil {
		return err
	}
	hard := filepath.Join(other, "hard.db")
	if err := os.Link(t.db, hard); err != nil {
		return err
	}
	code, out, started, took := tryServe(ctx, t.bin, t.env, "-db", hard)
	bases := []string{t.base}
	var second *server
	if started {
		fmt.Printf("the second server STARTED (%s, after %s)\n", startedLine(out), ms(took))
		var err error
		second, err = startServerEnv(ctx, filepath.Join(t.dir, "second.log"), t.serveEnv, t.bin, "serve", "-addr", "127.0.0.1:0", "-db", hard)
		if err != nil {
			return err
		}
		defer second.stop()
		bases = append(bases, second.base)
	} else {
		fmt.Printf("the second server was refused: exit %d after %s: %s\n", code, ms(took), firstLines(out))
	}
	var acked []string
	var got tally
	for i := range 42 {
		g, err := finishedGame()
		if err != nil {
			return err
		}
		id, err := postGame(t.home, bases[i%len(bases)], g)
		if err != nil {
			got.add(err.Error())
			continue
		}
		got.add("201")
		acked = append(acked, id)
	}
	second.stop()
	if err := restart(ctx, t, "reopened.log"); err != nil {
		return err
	}
	lost := 0
	for _, id := range acked {
		if _, err := timeGet(ctx, t.home, t.base+"/api/games/"+id); err != nil {
			lost++
		}
	}
	fmt.Printf("new games through %d server(s): %s; acknowledged %d, lost after both stopped: %d\n", len(bases), &got, len(acked), lost)
	return nil
}

// v6Attack (issue 33, item 8): 30 clients of one IPv6 /64 make new
// games. The machine has ::1 alone (no routed /64 to bind 30 addresses
// of), so the clients are told apart as behind a trusted proxy: the
// server believes X-Forwarded-For from 127.0.0.1.
func v6Attack(ctx context.Context, t *target) error {
	fmt.Println("== v6: X-Forwarded-For believed from 127.0.0.1; 30 clients of one /64 (2001:db8:33::1 … ::1e) each POST /api/games twice; then, as a control, 30 clients of 30 different /64s once each; one client may make 10 new games a minute")
	post := func(xff string) string {
		g, err := finishedGame()
		if err != nil {
			return err.Error()
		}
		b, _ := json.Marshal(g)
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, t.base+"/api/games", strings.NewReader(string(b)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", xff)
		res, err := t.home.Do(req)
		if err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		return statusOf(res, err)
	}
	var one, many tally
	for range 2 {
		for a := range 30 {
			one.add(post(fmt.Sprintf("2001:db8:33::%x", a+1)))
		}
	}
	for a := range 30 {
		many.add(post(fmt.Sprintf("2001:db8:%x::1", 0x100+a)))
	}
	fmt.Printf("one /64, 60 tries: %s; 30 different /64s, 30 tries: %s\n", &one, &many)
	return nil
}

// bidiTexts are the location and notes the bidi scenario sends: a
// direction override and a line separator in each.
var bidiTexts = []struct{ name, location, notes string }{
	{"U+202E in location", "Harbour \u202Egnp.exe", ""},
	{"U+2028 in location", "Harbour\u2028Inn", ""},
	{"U+202E in notes", "", "won by \u202E3 points"},
	{"U+2028 in notes", "", "first line\u2028second line"},
}

// bidiAttack (issue 33, item 9): locations and notes holding direction
// controls and line separators, through the API and through the play's
// record form; then the CSV and BG Stats files of a game stored with
// them by the older binary (old data), as this one writes them.
func bidiAttack(ctx context.Context, t *target) error {
	fmt.Println("== bidi: location and notes with U+202E and U+2028, by POST /api/games and by the play's record form (POST /games/ID/about); then old data (stored by -bin-before, when given) exported as results.csv and bgstats.json")
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "sent\tby\tanswer\tstored as sent?\twhat it said")
	for _, c := range bidiTexts {
		g, err := finishedGame()
		if err != nil {
			return err
		}
		g["location"], g["notes"] = c.location, c.notes
		b, _ := json.Marshal(g)
		res, err := t.home.Post(t.base+"/api/games", "application/json", strings.NewReader(string(b)))
		if err != nil {
			return err
		}
		var out struct{ ID, Error string }
		_ = json.NewDecoder(res.Body).Decode(&out)
		res.Body.Close()
		kept := "-"
		if out.ID != "" {
			kept = storedAsSent(ctx, t, out.ID, c.location, c.notes)
		}
		fmt.Fprintf(tw, "%s\tAPI\t%s\t%s\t%s\n", c.name, statusOf(res, nil), kept, out.Error)

		g, _ = finishedGame()
		id, err := postGame(t.home, t.base, g)
		if err != nil {
			return err
		}
		form := url.Values{"location": {c.location}, "notes": {c.notes}}
		client := noRedirects(clientFrom("127.0.0.1", 1))
		res, err = client.PostForm(t.base+"/games/"+id+"/about", form)
		if err != nil {
			return err
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		fmt.Fprintf(tw, "%s\tform\t%s\t%s\t%s\n", c.name, statusOf(res, nil), storedAsSent(ctx, t, id, c.location, c.notes), errorOf(string(page)))
	}
	_ = tw.Flush()

	// Old data: games stored by the older binary, exported by this one.
	maker := t.before
	if maker == "" {
		maker = t.bin
	}
	oldDB := filepath.Join(t.dir, "old.db")
	old, err := startServerEnv(ctx, filepath.Join(t.dir, "old.log"), t.serveEnv, maker, "serve", "-addr", "127.0.0.1:0", "-db", oldDB)
	if err != nil {
		return err
	}
	stored := 0
	for _, c := range bidiTexts {
		g, _ := finishedGame()
		g["location"], g["notes"] = c.location, c.notes
		if _, err := postGame(t.home, old.base, g); err == nil {
			stored++
		}
	}
	old.stop()
	reader, err := startServerEnv(ctx, filepath.Join(t.dir, "reader.log"), t.serveEnv, t.bin, "serve", "-addr", "127.0.0.1:0", "-db", oldDB)
	if err != nil {
		return err
	}
	defer reader.stop()
	fmt.Printf("old data: %d of %d games with them stored by %s; exported by this binary:\n", stored, len(bidiTexts), filepath.Base(maker))
	for _, file := range []string{"results.csv", "bgstats.json"} {
		res, err := t.home.Get(reader.base + "/export/" + file)
		if err != nil {
			return err
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		fmt.Printf("  %s: %s, %d bytes; direction controls %d, line or paragraph separators %d\n",
			file, res.Status, len(body), countRunes(string(body), unicode.Bidi_Control), countRunes(string(body), unicode.Zl, unicode.Zp))
	}
	return nil
}

// storedAsSent says whether game id kept the location and notes as sent.
func storedAsSent(ctx context.Context, t *target, id, location, notes string) string {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, t.base+"/api/games/"+id, nil)
	res, err := t.home.Do(req)
	if err != nil {
		return err.Error()
	}
	defer res.Body.Close()
	var g struct{ Location, Notes string }
	if err := json.NewDecoder(res.Body).Decode(&g); err != nil {
		return err.Error()
	}
	switch {
	case g.Location == location && g.Notes == notes && location+notes != "":
		return "YES, raw"
	case countRunes(g.Location+g.Notes, unicode.Bidi_Control, unicode.Zl, unicode.Zp) > 0:
		return "changed, still holding one"
	case g.Location == "" && g.Notes == "":
		return "no (nothing stored)"
	}
	return fmt.Sprintf("no (%q, %q)", g.Location, g.Notes)
}

func countRunes(s string, tables ...*unicode.RangeTable) int {
	n := 0
	for _, r := range s {
		if unicode.In(r, tables...) {
			n++
		}
	}
	return n
}

// errorOf is the first message a form page gives for a field, or "".
func errorOf(page string) string {
	m := fieldError.FindStringSubmatch(page)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(html.UnescapeString(tagText.ReplaceAllString(m[1], "")))
}

var (
	fieldError = regexp.MustCompile(`(?s)class="[^"]*\berror\b[^"]*"[^>]*>(.{1,300}?)</`)
	tagText    = regexp.MustCompile(`<[^>]*>`)
	inputTag   = regexp.MustCompile(`<input\b[^>]*>`)
	attr       = regexp.MustCompile(`\b(name|value|type|checked)(?:="([^"]*)")?`)
)

// formOf reads a page's form as a browser would post it untouched: its
// inputs' names and values, checkboxes and radio buttons only when
// checked.
func formOf(page string) url.Values {
	form := url.Values{}
	for _, tag := range inputTag.FindAllString(page, -1) {
		a := map[string]string{}
		for _, m := range attr.FindAllStringSubmatch(tag, -1) {
			a[m[1]] = html.UnescapeString(m[2])
		}
		if _, checked := a["checked"]; (a["type"] == "checkbox" || a["type"] == "radio") && !checked {
			continue
		}
		if a["type"] == "checkbox" && a["value"] == "" {
			a["value"] = "on"
		}
		if a["name"] != "" {
			form.Add(a["name"], a["value"])
		}
	}
	return form
}

// rematchAttack (issue 33, item 10): 8 phones open "Change first" of the
// same finished game and all send its form at once.
func rematchAttack(ctx context.Context, t *target) error {
	fmt.Println("== rematch: a finished game; 8 phones (127.0.19.1-8) each open GET /games/ID/rematch (\"Change first\") and all send the form as it is at once")
	g, err := finishedGame()
	if err != nil {
		return err
	}
	id, err := postGame(t.home, t.base, g)
	if err != nil {
		return err
	}
	forms := make([]url.Values, 8)
	clients := make([]*http.Client, 8)
	for i := range forms {
		clients[i] = noRedirects(clientFrom(fmt.Sprintf("127.0.19.%d", i+1), 1))
		res, err := clients[i].Get(t.base + "/games/" + id + "/rematch")
		if err != nil {
			return err
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		forms[i] = formOf(string(page))
	}
	var mu sync.Mutex
	var got tally
	games := map[string]bool{}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range forms {
		wg.Go(func() {
			<-start
			res, err := clients[i].PostForm(t.base+"/games/"+id+"/rematch", forms[i])
			got.add(statusOf(res, err))
			if err != nil {
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			// The new game is the first part of the path after /games/.
			if loc := res.Header.Get("Location"); strings.HasPrefix(loc, "/games/") {
				mu.Lock()
				games[strings.SplitN(strings.TrimPrefix(loc, "/games/"), "/", 2)[0]] = true
				mu.Unlock()
			}
		})
	}
	time.Sleep(100 * time.Millisecond)
	close(start)
	wg.Wait()
	fmt.Printf("the 8 forms (%d fields each, token %q…) got %s; games they were sent on to: %d\n",
		len(forms[0]), clip8(forms[0].Get("token")), &got, len(games))
	return nil
}

func clip8(s string) string {
	if len(s) > 8 {
		return s[:8]
	}
	return s
}
