//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
	"sync"
	"text/tabwriter"
	"time"
)

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
