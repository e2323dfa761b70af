package handlers

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/views"
)

// BG Stats (bgstatsapp.com) takes a play from another app through its
// createPlay link: https://app.bgstatsapp.com/createPlay.html?data=JSON.
// The fields below are only those that several independent apps posting
// plays to BG Stats agree on (see docs/history.md, "BG Stats");
// BG Stats' own page describing the link was not available to check, so
// nothing beyond them is sent. In particular no bggId: the BoardGameGeek
// id of Ruthless could not be confirmed.

// bgstatsCreatePlay is where a play is handed to BG Stats.
const bgstatsCreatePlay = "https://app.bgstatsapp.com/createPlay.html"

// bgstatsSource names this app to BG Stats, which remembers its matches
// of games and players per source, so it must never change.
const bgstatsSource = "Ruthless scorer"

// BGStatsPlay is one play as the createPlay link takes it.
type BGStatsPlay struct {
	SourceName   string          `json:"sourceName"`
	SourcePlayID string          `json:"sourcePlayId"`
	PlayDate     string          `json:"playDate"` // UTC, "2006-01-02 15:04:05"
	Game         BGStatsGame     `json:"game"`
	Players      []BGStatsPlayer `json:"players"`
	// The play's record, each left out when the game has none: minutes
	// played, where, and the notes as BG Stats' comments.
	DurationMin int              `json:"durationMin,omitempty"`
	Location    *BGStatsLocation `json:"location,omitempty"`
	Comments    string           `json:"comments,omitempty"`
}

// BGStatsLocation is where a play was. BG Stats matches locations by
// their source id, as it does players: the name's key, so "Kitchen" and
// "kitchen " are one place.
type BGStatsLocation struct {
	Name             string `json:"name"`
	SourceLocationID string `json:"sourceLocationId"`
}

// BGStatsGame is the game of a play.
type BGStatsGame struct {
	Name         string `json:"name"`
	SourceGameID string `json:"sourceGameId"`
	HighestWins  bool   `json:"highestWins"`
	NoPoints     bool   `json:"noPoints"`
}

// BGStatsPlayer is one player's result in a play. Winner and StartPlayer
// are always written: apps posting plays report that BG Stats' Android
// app refuses a player without them.
type BGStatsPlayer struct {
	Name           string `json:"name"`
	SourcePlayerID string `json:"sourcePlayerId"`
	Score          int    `json:"score"`
	Winner         bool   `json:"winner"`
	StartPlayer    bool   `json:"startPlayer"`
}

// bgstatsPlay is a finished game as a BG Stats play: NP as the score,
// every winner (a shared victory has several), the round-1 start player,
// when the game was played, and the rest of its record. pg.Result is set.
func bgstatsPlay(pg scoring.PlayedGame) BGStatsPlay {
	res := pg.Result
	p := BGStatsPlay{SourceName: bgstatsSource, SourcePlayID: pg.ID,
		PlayDate:    time.Unix(0, pg.Played).UTC().Format("2006-01-02 15:04:05"),
		Game:        BGStatsGame{Name: "Ruthless", SourceGameID: "ruthless", HighestWins: true},
		DurationMin: pg.File.DurationMin, Comments: scoring.NeutralRecordText(pg.File.Notes, true)}
	if loc := strings.TrimSpace(scoring.NeutralRecordText(pg.File.Location, false)); loc != "" {
		p.Location = &BGStatsLocation{Name: loc, SourceLocationID: scoring.NameKey(loc)}
	}
	places := res.FinalPlaces()
	for seat, name := range pg.File.Players {
		won := places[seat] == 1
		p.Players = append(p.Players, BGStatsPlayer{Name: strings.TrimSpace(name), SourcePlayerID: scoring.NameKey(name),
			Score: res.Totals[seat].NP, Winner: won, StartPlayer: seat == pg.File.StartPlayer})
	}
	return p
}

// bgstatsLink is the createPlay link of a play.
func bgstatsLink(p BGStatsPlay) (string, error) {
	data, err := json.Marshal(p)
	if err != nil {
		return "", err
	}
	return bgstatsCreatePlay + "?data=" + url.QueryEscape(string(data)), nil
}

// bgstatsGame sends a finished game to BG Stats: a redirect to its
// createPlay link, which the BG Stats app (or its web page) opens.
func (a *app) bgstatsGame(c *gin.Context) {
	g, res, ok := a.loadScored(c)
	if !ok {
		return
	}
	if !g.File.Over() {
		a.fail(c, &badRequest{field: "id", message: "this game is not over yet: BG Stats takes finished plays", text: views.NotOverForBGStatsText})
		return
	}
	link, err := bgstatsLink(bgstatsPlay(scoring.PlayedGame{ID: g.ID, Played: g.Created.UnixNano(), File: g.File, Result: &res}))
	if err != nil {
		a.fail(c, err)
		return
	}
	c.Redirect(http.StatusSeeOther, link)
	c.Abort()
}

// exportBGStats is every finished game as a JSON array of BG Stats plays,
// each exactly what its "Send to BG Stats" link carries, oldest first.
func (a *app) exportBGStats(c *gin.Context) {
	fin, err := a.finishedGames(c.Request.Context())
	if err != nil {
		a.fail(c, err)
		return
	}
	plays := make([]BGStatsPlay, 0, len(fin))
	for _, pg := range fin {
		plays = append(plays, bgstatsPlay(pg))
	}
	body, err := json.MarshalIndent(plays, "", "  ")
	if err != nil {
		a.fail(c, err)
		return
	}
	attachment(c, "ruthless-bgstats.json", "application/json; charset=utf-8", append(body, '\n'))
}
