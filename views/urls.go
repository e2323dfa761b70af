package views

import (
	"net/url"
	"strconv"
	"strings"
)

// The pages' addresses, built in one place for the handlers that redirect
// to them and the templates that link to them. Game ids are written as
// they are (the store spells them in lowercase base32, safe in a path); a
// player's name is escaped.

// GameURL is a game's scoreboard.
func GameURL(id string) string { return "/games/" + id }

// GameResultSheetURL is a game's result card and chart.
func GameResultSheetURL(id string) string { return GameURL(id) + "/card" }

// ScreenURL is a game's big screen, for a laptop or TV at the table.
func ScreenURL(id string) string { return GameURL(id) + "/screen" }

// GameShareImageURL is a game's result card as a picture (PNG), for a
// shared link's preview.
func GameShareImageURL(id string) string { return GameResultSheetURL(id) + ".png" }

// ExportURL is a game's game file, for download.
func ExportURL(id string) string { return GameURL(id) + "/export" }

// BGStatsURL sends a game to BG Stats.
func BGStatsURL(id string) string { return GameURL(id) + "/bgstats" }

// DeleteURL is the page that asks before deleting a game, and the form's
// target.
func DeleteURL(id string) string { return GameURL(id) + "/delete" }

// EventsURL is a game's stream of changes, for live pages.
func EventsURL(id string) string { return GameURL(id) + "/events" }

// JoinURL is the page where a guest joins a game.
func JoinURL(id string) string { return GameURL(id) + "/join" }

// InviteURL is the page that shows a game's invitation.
func InviteURL(id string) string { return GameURL(id) + "/invite" }

// RoundURL is round r's results.
func RoundURL(id string, r int) string { return GameURL(id) + "/rounds/" + strconv.Itoa(r) }

// RevealURL is the page that reveals round r with entries missing, and
// the form's target.
func RevealURL(id string, r int) string { return RoundURL(id, r) + "/reveal" }

// EntryURL is seat p's entry form for round r.
func EntryURL(id string, r, p int) string { return RoundURL(id, r) + "/players/" + strconv.Itoa(p) }

// FinalScoresURL is a game's end-of-game scores.
func FinalScoresURL(id string) string { return GameURL(id) + "/final" }

// FinalURL is seat p's end-of-game collection form.
func FinalURL(id string, p int) string { return FinalScoresURL(id) + "/" + strconv.Itoa(p) }

// PlayerURL is a player's page.
func PlayerURL(name string) string { return "/players/" + url.PathEscape(strings.TrimSpace(name)) }

// InviteQRURL is the QR code of a game's join link.
func InviteQRURL(id string) string { return InviteURL(id) + ".png" }

// SolveURL is the entry form's "find my best party" helper for a game.
func SolveURL(id string) string { return GameURL(id) + "/solve" }

// RuleURL is rule id's place on the rules page ("R2.5").
func RuleURL(id string) string { return "/rules#" + id }

// ShareURL is the share link of a game: its result card, opened with the
// link's token instead of the table password.
func ShareURL(token string) string { return "/s/" + token }

// ShareImageURL is the share link's picture of the result (og:image).
func ShareImageURL(token string) string { return ShareURL(token) + "/card.png" }

// ShareNewURL makes a game's share link anew (POST), ShareRevokeURL
// stops it (POST).
func ShareNewURL(id string) string { return GameURL(id) + "/share" }

// ShareRevokeURL stops a game's share link (POST): it then answers 404.
func ShareRevokeURL(id string) string { return GameURL(id) + "/share/revoke" }
