package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"ruthless/views/lang"
)

// playedGame is a whole two-player game in the game file's form: six
// rounds, the same pirates each round (round 1's three new pirates are
// within R4.3; Craig's Parrot makes "why not more?" say something), and
// the end of the game.
func playedGame(t *testing.T) string {
	t.Helper()
	type entry struct {
		Pool  []string `json:"pool"`
		Coins int      `json:"coins"`
	}
	var rounds [][]entry
	for r := 0; r < 6; r++ {
		rounds = append(rounds, []entry{{Pool: []string{"H1", "H2", "H3"}, Coins: 2}, {Pool: []string{"S4", "A4", "XP"}, Coins: 1}})
	}
	file := map[string]any{
		"version": 1, "players": []string{"Lucy", "Craig"}, "start_player": 0,
		"achievements": []string{"richest", "merciless"}, "zero_counts": false, "rounds": rounds,
		"final": []map[string]any{
			{"pirates": []string{"H1", "H2", "H3"}, "buried_pirates": []string{}, "buried_powder_monkeys": 1, "loot_banner_kept": 5, "loot_banner_buried": 0, "coins": 2, "parley_used": false},
			{"pirates": []string{"S4", "A4", "XP"}, "buried_pirates": []string{}, "buried_powder_monkeys": 2, "loot_banner_kept": 3, "loot_banner_buried": 1, "coins": 1, "parley_used": true},
		},
	}
	b, err := json.Marshal(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestGamePagesInEveryLanguage opens the pages of playing a game (the
// scoreboard, a round's entry and results, the reveal question, the end
// of the game, the final scores, the big screen, the delete question) in
// German, French and Spanish, and fails on a page that lacks a word of
// its language, shows a catalogue key instead of its message, or keeps
// an English line of the page.
func TestGamePagesInEveryLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	done := a.createGame(t, playedGame(t))
	going := a.createGame(t, `{"version":1,"players":["Lucy","Craig","Julie"],"start_player":0,"rounds":[[{"pool":["H2","H3","A4"],"coins":1},null,null]]}`)
	pages := []struct{ path, de, fr, es string }{
		{"/games/" + done, "Runden", "Manches", "Rondas"},
		{"/games/" + done + "/rounds/3", "Piratenrunde", "Manche de piraterie", "Ronda de piratería"},
		{"/games/" + done + "/final", "Legendäre Errungenschaften", "Exploits légendaires", "Logros legendarios"},
		{"/games/" + done + "/final/0", "Deine Piraten", "Vos pirates", "Tus piratas"},
		{"/games/" + done + "/screen", "Endstand", "Score final", "Puntuación final"},
		{"/games/" + done + "/delete", "Dieses Spiel löschen?", "Supprimer cette partie ?", "¿Borrar esta partida?"},
		{"/games/" + going, "Runde 1 von 5", "Manche 1 sur 5", "Ronda 1 de 5"},
		{"/games/" + going + "/rounds/1/players/1", "Speichern", "Enregistrer", "Guardar"},
		{"/games/" + going + "/rounds/1", "Es fehlen noch", "Il manque encore", "Faltan aún"},
		{"/games/" + going + "/rounds/1/reveal", "aufdecken", "Révéler", "Revelar"},
	}
	english := []string{"Invite the table", "Round 1 of", "Final scores", "Why not more?", "Back to the scoreboard",
		"Legendary Achievements", "Scoreboard", "Every party", "Pirates you own", "Delete this game?", "Clear all",
		"Still missing", "Tap every pirate", "share the victory", "Not yet", "Piracy round", "Port round", " buried</label>"}
	for _, p := range pages {
		for code, want := range map[string]string{"de": p.de, "fr": p.fr, "es": p.es} {
			res := a.get(t, p.path+"?lang="+code)
			if res.status != 200 {
				t.Errorf("%s in %s: status %d", p.path, code, res.status)
				continue
			}
			if !strings.Contains(res.body, want) {
				t.Errorf("%s in %s: no %q", p.path, code, want)
			}
			for _, k := range lang.English.Keys() {
				if !strings.HasPrefix(k, "lang.") && strings.Contains(res.body, k) {
					t.Errorf("%s in %s: the key %q shows instead of its words", p.path, code, k)
				}
			}
			for _, e := range english {
				if strings.Contains(res.body, e) {
					t.Errorf("%s in %s: still says %q", p.path, code, e)
				}
			}
		}
	}
}

// TestScoreboardETagByLanguage: the scoreboard's entity tag differs by
// language, so a phone that switches to German is not answered 304 with
// the English copy it holds.
func TestScoreboardETagByLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, playedGame(t))
	en := a.get(t, "/games/"+id+"?lang=en")
	tag := en.header.Get("ETag")
	if tag == "" {
		t.Fatal("the scoreboard has no ETag")
	}
	req := httptest.NewRequest(http.MethodGet, "/games/"+id+"?lang=de", nil)
	req.Header.Set("If-None-Match", tag)
	de := a.do(t, req)
	if de.status != http.StatusOK || !strings.Contains(de.body, "Runden") {
		t.Errorf("German after English's ETag: status %d, want 200 with the German page", de.status)
	}
}
