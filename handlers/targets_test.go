package handlers_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestNewGameNameLimit checks the 40-character limit of a player's name
// (R4.5) on the new-game form: the form says it and holds typing to it,
// and a longer name sent anyway (a browser without maxlength, a script)
// is refused whole with a message next to its box, never cut short.
func TestNewGameNameLimit(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	form := a.get(t, "/games/new")
	hint, ok := testid(form.body, "names-hint")
	if !ok || !strings.Contains(hint, "each name up to 40 characters") {
		t.Errorf("names hint %q (shown %v), want it to say the 40-character limit", hint, ok)
	}
	for i := range 4 {
		tag := inputTag(form.body, "player-"+string(rune('0'+i)))
		for _, want := range []string{`maxlength="40"`, `aria-describedby="names-hint"`} {
			if !strings.Contains(tag, want) {
				t.Errorf("seat %d input %s, want %s", i, tag, want)
			}
		}
	}

	sixty := strings.Repeat("Bartholomew-", 5)  // 60 characters
	forty := strings.Repeat("Zoë ", 9) + "Ann!" // 40 characters, 49 bytes
	tests := []struct {
		name      string
		players   []string
		wantCode  int
		wantField string // the seat whose box shows the message
		wantMsg   []string
	}{
		{"sixty characters", []string{"Lucy", sixty, "Julie"}, http.StatusUnprocessableEntity, "players[1]",
			[]string{"This name has 60 characters", "at most 40"}},
		{"forty-one characters in the last seat", []string{"Lucy", "Craig", "", strings.Repeat("x", 41)}, http.StatusUnprocessableEntity, "players[3]",
			[]string{"This name has 41 characters", "at most 40"}},
		{"forty characters, some of two bytes", []string{"Lucy", forty}, http.StatusSeeOther, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := gameCount(t, a)
			res := a.postForm(t, "/games", url.Values{"player": tt.players, "start": {"0"}, "achievement": {"richest", "merciless"}})
			if res.status != tt.wantCode {
				t.Fatalf("status %d, want %d; body %.500s", res.status, tt.wantCode, res.body)
			}
			if tt.wantCode == http.StatusSeeOther {
				id := strings.TrimPrefix(res.header.Get("Location"), "/games/")
				if file := a.get(t, "/api/games/"+id); !strings.Contains(file.body, `"`+strings.TrimSpace(tt.players[1])+`"`) {
					t.Errorf("stored game %s, want the name %q whole", file.body, tt.players[1])
				}
				return
			}
			msg, ok := testid(res.body, "field-error-"+tt.wantField)
			if !ok {
				t.Fatalf("no message next to %s", tt.wantField)
			}
			for _, want := range tt.wantMsg {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q, want it to contain %q", msg, want)
				}
			}
			for i, name := range tt.players {
				tag := inputTag(res.body, "player-"+string(rune('0'+i)))
				if !strings.Contains(tag, `value="`+strings.TrimSpace(name)+`"`) {
					t.Errorf("seat %d lost its value %q: %s", i, name, tag)
				}
			}
			if !checked(res.body, "achievement-merciless") {
				t.Errorf("the achievements ticked were not kept")
			}
			if got := gameCount(t, a); got != before {
				t.Errorf("games %d, want %d: a refused form wrote", got, before)
			}
		})
	}
}

// suitEmoji are the pictures a phone without an emoji font shows as empty
// boxes; pages draw suits with the sprite (views.CardMark) instead.
const suitEmoji = "⚓♥🐙☠⚔🦜"

// TestNoSuitEmojiOnPages renders the pages that name cards in sentences
// (the rules, the dispute pages with wilds, problems and errors, the
// round results' why-not-more) and checks that no suit emoji is left:
// cards inside sentences are drawn as sprite symbols (class cardref)
// with their name in words for screen readers.
func TestNoSuitEmojiOnPages(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, `{"version":1,"players":["Ann","Ben","Cat"],"start_player":0,"achievements":["richest","merciless"],
		"rounds":[[{"pool":["H2","H3","H4","A5","S6","X6","AC"],"coins":1},{"pool":["S1","S7","SP","S5","SC*"],"coins":2},{"pool":["K6","A6"],"coins":0}]]}`)
	tests := []struct {
		name, path string
		wantCode   int
		// wantDrawn are cards the page draws inside a sentence, as the
		// screen reader hears them.
		wantDrawn []string
	}{
		{"rules", "/rules", 200, []string{"2<", "> of Heart<", "> of Kraken<"}},
		{"solve with wilds", "/solve?cards=H2,H3,H4,K5,S6,X6,AC,SP,SC*&players=3&tavern=H5,K6", 200, nil},
		{"solve with a tavern card in the pool", "/solve?cards=H2,H3&tavern=H2", 422, nil},
		{"check with wilds and problems", "/check?players=3&set=SP=H5,H4,H6&set=A1,X7&set=XC*=A2,X2&unused=XQ", 200, []string{"> of Swords<", "> of Skull<"}},
		{"check with a card twice", "/check?set=H2,H2", 422, nil},
		{"round results", "/games/" + id + "/rounds/1", 200, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.get(t, tt.path)
			if res.status != tt.wantCode {
				t.Fatalf("status %d, want %d", res.status, tt.wantCode)
			}
			if i := strings.IndexAny(res.body, suitEmoji); i >= 0 {
				t.Errorf("the page still has a suit emoji: …%s…", res.body[max(0, i-120):min(len(res.body), i+60)])
			}
			for _, want := range tt.wantDrawn {
				if !strings.Contains(res.body, `class="cardref`) || !strings.Contains(res.body, want) {
					t.Errorf("the page draws no card in a sentence reading %q", want)
				}
			}
		})
	}
}

// TestCheckDrawsCardsInSentences checks that /check's wild notes and
// problems draw their cards with the sprite, and that the words a screen
// reader hears are the sentence scoring meant.
func TestCheckDrawsCardsInSentences(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	res := a.get(t, "/check?players=3&set=SP=S5,S6,S7&set=H2,A7")
	if res.status != http.StatusOK {
		t.Fatalf("status %d, want 200", res.status)
	}
	wild := `<p class="wildnote"><span class="cardref sS"><svg class="sym" aria-hidden="true" focusable="false"><use href="`
	if !strings.Contains(res.body, wild) {
		t.Errorf("the Parrot's wild note does not start with the Parrot drawn (%s)", wild)
	}
	problem := textOf(res.body, "problem-1")
	if want := "Set 2: set 2 of Heart 7 of Anchor is no group, straight, flush, straight flush or full ship — R1.2 Sets"; problem != want {
		t.Errorf("problem %q, want %q", problem, want)
	}
	// The words are apart on the page too, not only once spaces are
	// normalised: "Set 2: set", never "Set 2:set".
	if !strings.Contains(res.body, "Set 2:</b> ") {
		t.Errorf("no space after the problem's place \"Set 2:\"")
	}
}

// TestRenameNameLimit checks the rename form keeps to the same limit: it
// says it, and a longer name is refused next to its box, kept as typed.
func TestRenameNameLimit(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.createGame(t, `{"version":1,"players":["Ann","Bo"],"start_player":0}`)
	form := a.get(t, "/players/Ann/rename")
	if tag := inputTag(form.body, "rename-to"); !strings.Contains(tag, `maxlength="40"`) || !strings.Contains(form.body, "Up to 40 characters.") {
		t.Errorf("rename form input %s, want maxlength 40 and the limit said", tag)
	}
	long := strings.Repeat("Anne-Marie ", 4) + "Oh" // 46 characters
	res := a.postForm(t, "/players/Ann/rename", url.Values{"to": {long}})
	if res.status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422", res.status)
	}
	if msg, _ := testid(res.body, "field-error-to"); msg != "This name has 46 characters; a name has at most 40." {
		t.Errorf("message %q, want the name's length and the limit", msg)
	}
	if tag := inputTag(res.body, "rename-to"); !strings.Contains(tag, `value="`+long+`"`) {
		t.Errorf("the name typed was not kept: %s", tag)
	}
	if page := a.get(t, "/players/Ann"); page.status != http.StatusOK {
		t.Errorf("Ann's page: status %d, want 200: the refused rename changed something", page.status)
	}
}
