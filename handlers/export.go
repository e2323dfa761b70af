package handlers

import (
	"bytes"
	"encoding/csv"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

// MaxImport is the largest upload the import page takes: a few thousand
// game files. Every other request keeps MaxBody.
const MaxImport = 16 << 20

// bodyLimit is the body size a request may have.
func bodyLimit(r *http.Request) int64 {
	if r.Method == http.MethodPost && r.URL.Path == "/import" {
		return MaxImport
	}
	return MaxBody
}

func attachment(c *gin.Context, name, contentType string, body []byte) {
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Data(http.StatusOK, contentType, body)
}

// exportGame is one game as a game file (docs/api.md, version 1), to download.
func (a *app) exportGame(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	var b bytes.Buffer
	if err := scoring.EncodeGame(&b, g.File); err != nil {
		a.fail(c, err)
		return
	}
	attachment(c, "ruthless-"+g.ID+".json", "application/json; charset=utf-8", b.Bytes())
}

// EncodeGames writes game files as one JSON array, each element written
// as EncodeGame writes a single file, oldest game first.
func EncodeGames(games []scoring.Game) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, g := range games {
		if i > 0 {
			b.WriteString(",\n")
		}
		var one bytes.Buffer
		if err := scoring.EncodeGame(&one, g); err != nil {
			return nil, err
		}
		b.Write(bytes.TrimRight(one.Bytes(), "\n"))
	}
	b.WriteString("\n]\n")
	return b.Bytes(), nil
}

// exportAll is every game as a JSON array of game files, oldest first,
// the same bytes as EncodeGames. It is written as the games are read, a
// batch at a time, and solves nothing: a long history costs a little
// memory and no wait before the first byte. A failure once the answer has
// begun cuts the connection, so that a client never takes a short file
// for a whole one.
func (a *app) exportAll(c *gin.Context) {
	ctx := c.Request.Context()
	started := false
	var one bytes.Buffer
	err := a.store.EachGame(ctx, func(g store.StoredGame) error {
		one.Reset()
		if err := scoring.EncodeGame(&one, g.File); err != nil {
			return err
		}
		sep := ",\n"
		if !started {
			c.Header("Content-Disposition", `attachment; filename="ruthless-games.json"`)
			c.Header("Content-Type", "application/json; charset=utf-8")
			c.Status(http.StatusOK)
			sep, started = "[\n", true
		}
		if _, err := io.WriteString(c.Writer, sep); err != nil {
			return err
		}
		_, err := c.Writer.Write(bytes.TrimRight(one.Bytes(), "\n"))
		return err
	})
	switch {
	case err != nil && started:
		a.logger(ctx).Warn("export cut short", "err", err)
		panic(http.ErrAbortHandler)
	case err != nil:
		a.fail(c, err)
	case !started:
		attachment(c, "ruthless-games.json", "application/json; charset=utf-8", []byte("[\n\n]\n"))
	default:
		_, _ = io.WriteString(c.Writer, "\n]\n")
	}
}

// csvHeader is the results CSV's first line.
// The play's record comes last, so that scripts reading the first twelve
// columns by position read what they always did; an unknown duration is
// an empty cell.
var csvHeader = []string{"date", "game_id", "seat", "name", "place", "np", "prizes", "achievements", "crew", "parley", "coins", "winner",
	"duration_min", "location", "notes"}

// exportCSV is one row per player per finished game.
func (a *app) exportCSV(c *gin.Context) {
	fin, err := a.finishedGames(c.Request.Context())
	if err != nil {
		a.fail(c, err)
		return
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write(csvHeader)
	for _, pg := range fin {
		places := pg.Result.FinalPlaces()
		for p, name := range pg.File.Players {
			t := pg.Result.Totals[p]
			place := places[p]
			won := "no"
			if place == 1 {
				won = "yes"
			}
			row := []string{time.Unix(0, pg.Played).UTC().Format(time.RFC3339), pg.ID, strconv.Itoa(p), name, strconv.Itoa(place),
				strconv.Itoa(t.NP), strconv.Itoa(t.Prizes), strconv.Itoa(t.Achievements), strconv.Itoa(t.Crew), strconv.Itoa(t.Parley),
				strconv.Itoa(t.Coins), won, minutesCell(pg.File.DurationMin),
				scoring.NeutralRecordText(pg.File.Location, false), scoring.NeutralRecordText(pg.File.Notes, true)}
			for i := range row {
				row[i] = csvCell(row[i])
			}
			_ = w.Write(row)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		a.fail(c, err)
		return
	}
	attachment(c, "ruthless-results.csv", "text/csv; charset=utf-8", b.Bytes())
}

// minutesCell is a duration in the CSV: empty when not known.
func minutesCell(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// csvCell keeps a cell from being run as a formula by the spreadsheet
// that opens the CSV: a player may be called =HYPERLINK(…), and Excel,
// LibreOffice and Google Sheets evaluate a cell that starts with =, +, -
// or @ (or with a tab or carriage return before one). A leading
// apostrophe, the usual convention (OWASP's), makes them show the text
// instead. A whole number as strconv writes it, such as -3, is left
// alone: it is not a formula, and must stay a number.
func csvCell(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return s
	}
	if n, err := strconv.Atoi(s); err == nil && strconv.Itoa(n) == s {
		return s
	}
	return "'" + s
}

func (a *app) exportPage(c *gin.Context) {
	a.page(c, http.StatusOK, views.ExportPage())
}
