//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

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
