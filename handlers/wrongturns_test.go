package handlers_test

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// Issue 41: the wrong turns a mixed table met, each a case that failed
// before its fix.

// isPrimary reports whether the element with the test id is drawn as the
// page's big filled button.
func isPrimary(body, id string) bool {
	m := regexp.MustCompile(`class="([^"]*)"`).FindStringSubmatch(inputTag(body, id))
	return m != nil && strings.Contains(" "+m[1]+" ", " primary ")
}

// formVersion is the version an entry form is based on.
func formVersion(t *testing.T, body string) string {
	t.Helper()
	m := regexp.MustCompile(`name="version" value="(\d+)"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("the form has no version")
	}
	return m[1]
}

// TestOwnEntryBigButtonIsSave (item 3): on a phone's own entry the big
// filled button is plain Save; "Save & next" to an open seat is the
// second one. On an entry the phone makes for another seat, "Save &
// next" stays the big one.
func TestOwnEntryBigButtonIsSave(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, theTable)
	join := "/games/" + id + "/join"
	anna, ben := newPhone(a), newPhone(a)
	redirect(t, anna.post(t, join, url.Values{"seat": {"0"}}))
	redirect(t, ben.post(t, join, url.Values{"seat": {"1"}}))
	own := ben.get(t, "/games/"+id+"/rounds/1/players/1").body
	if got, want := textOf(own, "save-next"), "Save & next: Zoë (no phone)"; got != want {
		t.Errorf("Save & next on Ben's own entry: %q, want %q", got, want)
	}
	if !isPrimary(own, "save") || isPrimary(own, "save-next") {
		t.Errorf("Ben's own entry: Save %q, Save & next %q; want Save the big filled button, Save & next not", inputTag(own, "save"), inputTag(own, "save-next"))
	}
	other := anna.get(t, "/games/"+id+"/rounds/1/players/3").body
	if isPrimary(other, "save") || !isPrimary(other, "save-next") {
		t.Errorf("Calico Jack's open entry on Anna's phone: Save %q, Save & next %q; want Save & next the big one", inputTag(other, "save"), inputTag(other, "save-next"))
	}
}

// TestStepAfterResultsSeen (item 6): once a phone has opened round N's
// results, its scoreboard's main button is its round N+1 entry, not those
// results again; an old round's page after the last round offers the end
// of the game.
func TestStepAfterResultsSeen(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, fourSeatGame(2))
	game := "/games/" + id
	anna := newPhone(a)
	redirect(t, anna.post(t, game+"/join", url.Values{"seat": {"0"}}))
	steps := []struct{ name, page, want string }{
		{"the scoreboard first shows round 2's results", game, game + "/rounds/2"},
		{"the results offer round 3", game + "/rounds/2", game + "/rounds/3/players/0"},
		{"the scoreboard, results seen, offers round 3", game, game + "/rounds/3/players/0"},
	}
	for _, st := range steps {
		if _, href := mainButton(anna.get(t, st.page).body); href != st.want {
			t.Errorf("%s: main button %q, want %q", st.name, href, st.want)
		}
	}

	b := newApp(t)
	done := b.createGame(t, fourSeatGame(5))
	ben := newPhone(b)
	redirect(t, ben.post(t, "/games/"+done+"/join", url.Values{"seat": {"1"}}))
	if _, href := mainButton(ben.get(t, "/games/"+done+"/rounds/3").body); href != "/games/"+done+"/final/1" {
		t.Errorf("round 3's page after round 5: main button %q, want the end of the game %q", href, "/games/"+done+"/final/1")
	}
}

// TestCorrectionOpensItsRound (item 8): saving a correction of a complete
// round opens that round's results, re-scored.
func TestCorrectionOpensItsRound(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, fourSeatGame(3))
	path := "/games/" + id + "/rounds/2/players/1"
	host := newPhone(a)
	form := url.Values{"card": {"A1", "A2", "A3"}, "coins": {"4"}, "version": {formVersion(t, host.get(t, path).body)}, "save": {"1"}}
	if got, want := redirect(t, host.post(t, path, form)), "/games/"+id+"/rounds/2"; got != want {
		t.Errorf("a correction of round 2 leads to %q, want its results %q", got, want)
	}
}

// TestEndOfGameSaveAndNext (item 7): a phone holding several seats gets
// "Save & next" on the end-of-game forms, as in the rounds, and it leads
// to the next seat it holds; on its own player's form plain Save stays
// the big button.
func TestEndOfGameSaveAndNext(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, fourSeatGame(5))
	join := "/games/" + id + "/join"
	host := newPhone(a)
	redirect(t, host.post(t, join, url.Values{"seat": {"0"}}))
	redirect(t, host.post(t, join, url.Values{"also": {"3"}}))
	redirect(t, newPhone(a).post(t, join, url.Values{"seat": {"1"}}))
	redirect(t, newPhone(a).post(t, join, url.Values{"seat": {"2"}}))
	path := "/games/" + id + "/final/0"
	page := host.get(t, path).body
	if got, want := textOf(page, "save-next"), "Save & next: Dmitri"; got != want {
		t.Errorf("Save & next on the host's end of game: %q, want %q", got, want)
	}
	if !isPrimary(page, "save") {
		t.Errorf("the host's own end of game: Save %q, want the big filled button", inputTag(page, "save"))
	}
	form := url.Values{"card": seatPools[0], "monkeys": {"0"}, "loot_kept": {"0"}, "loot_buried": {"0"}, "coins": {"1"}, "version": {"0"}, "then": {"next"}}
	if got, want := redirect(t, host.post(t, path, form)), "/games/"+id+"/final/3"; got != want {
		t.Errorf("Save & next from the host's end of game leads to %q, want Dmitri's %q", got, want)
	}
	if got := textOf(host.get(t, "/games/"+id+"/final/3").body, "save-next"); got != "" {
		t.Errorf("Dmitri's end of game, the host's last seat: Save & next %q, want none (the others are on their own phones)", got)
	}
}

// TestNewGameAsksTheSeat (item 1): the scoreboard of a game not yet
// started asks a phone holding no seat which player it is, one tap per
// name; answered there, the phone is back on the scoreboard holding the
// seat, its own entry the next step.
func TestNewGameAsksTheSeat(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, theTable)
	game := "/games/" + id
	host := newPhone(a)
	board := host.get(t, game).body
	for p := range 4 {
		if _, ok := testid(board, "ask-seat-"+itoa(p)); !ok {
			t.Errorf("the new game's scoreboard does not offer seat %d to the phone that set it up", p)
		}
	}
	if got := redirect(t, host.post(t, game+"/join", url.Values{"seat": {"0"}, "then": {"game"}})); got != game {
		t.Errorf("choosing the seat on the scoreboard leads to %q, want back to %q", got, game)
	}
	board = host.get(t, game).body
	if _, ok := testid(board, "ask-seat"); ok {
		t.Error("the phone holding a seat is still asked which player it is")
	}
	if text, href := mainButton(board); text != "Enter your round 1 cards" || href != game+"/rounds/1/players/0" {
		t.Errorf("next step %q → %q, want the host's own entry", text, href)
	}
	// Another phone joining later is not asked on the scoreboard for a
	// seat already taken.
	if _, ok := testid(newPhone(a).get(t, game).body, "ask-seat-0"); ok {
		t.Error("a second phone is offered the seat the host's phone holds")
	}
}

// TestTakeOverOpensTheEntry (item 5): taking over, as an added seat, a
// seat another phone holds (its phone broke) leads to that seat's entry,
// not back to the join page.
func TestTakeOverOpensTheEntry(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, fourSeatGame(2))
	join := "/games/" + id + "/join"
	host, ben := newPhone(a), newPhone(a)
	redirect(t, host.post(t, join, url.Values{"seat": {"0"}}))
	redirect(t, ben.post(t, join, url.Values{"seat": {"1"}}))
	if res := host.post(t, join, url.Values{"also": {"1"}}); textOf(res.body, "join-confirm") == "" {
		t.Fatal("taking over Ben's seat asked nothing")
	}
	if got, want := redirect(t, host.post(t, join, url.Values{"also": {"1"}, "confirm": {"1"}})), "/games/"+id+"/rounds/3/players/1"; got != want {
		t.Errorf("Take it over leads to %q, want Ben's round 3 entry %q", got, want)
	}
}

// TestRematchKeepsEverySeat (item 12): a phone holding two seats (its
// player's and a player without a phone) holds both in the rematch.
func TestRematchKeepsEverySeat(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, fourSeatGame(5))
	join := "/games/" + id + "/join"
	host := newPhone(a)
	redirect(t, host.post(t, join, url.Values{"seat": {"0"}}))
	redirect(t, host.post(t, join, url.Values{"also": {"3"}}))
	for s := range 4 {
		a.saveFinal(t, id, s)
	}
	next := newID(t, redirect(t, host.post(t, "/games/"+id+"/rematch", url.Values{})))
	g, err := a.store.Game(t.Context(), next)
	if err != nil {
		t.Fatal(err)
	}
	phone := host.cookies["ruthless_phone"].Value
	if got := g.Held(phone); len(got) != 2 || got[0] != 0 || got[1] != 3 {
		t.Errorf("the host's phone holds %v in the rematch, want [0 3] (Anna, then Dmitri)", got)
	}
}

// TestOpenSeatBeingEntered (item 4): after round 1 several phones were
// offered the same open seat at once and none said that another phone
// was already entering it. A phone's next step now passes by an open
// seat another phone has open, names that phone when no other seat is
// left, and the form itself says which phone opened it; a save forgets
// the note.
func TestOpenSeatBeingEntered(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, theTable)
	game := "/games/" + id
	anna, ben, shared := newPhone(a), newPhone(a), newPhone(a)
	redirect(t, anna.post(t, game+"/join", url.Values{"seat": {"0"}}))
	redirect(t, ben.post(t, game+"/join", url.Values{"seat": {"1"}}))
	redirect(t, anna.post(t, game+"/rounds/1/players/0", url.Values{"card": {"H1"}, "coins": {"0"}, "version": {"0"}}))
	redirect(t, ben.post(t, game+"/rounds/1/players/1", url.Values{"card": {"S1"}, "coins": {"0"}, "version": {"0"}}))
	zoe, jack := game+"/rounds/1/players/2", game+"/rounds/1/players/3"

	if _, href := mainButton(anna.get(t, game).body); href != zoe {
		t.Fatalf("Anna's next step %q, want Zoë's entry %q", href, zoe)
	}
	if form := anna.get(t, zoe).body; strings.Contains(form, `data-testid="open-elsewhere"`) {
		t.Errorf("the first phone to open Zoë's entry is told another phone has it open")
	}
	if text, href := mainButton(ben.get(t, game).body); href != jack || strings.Contains(text, "now") {
		t.Errorf("Ben's next step %q (%q), want Calico Jack's entry %q: Zoë's is open on Anna's phone", href, text, jack)
	}
	ben.get(t, jack)
	text, href := mainButton(shared.get(t, game).body)
	if want := "Enter round 1 for Zoë · on Anna's phone now"; href != zoe || text != want {
		t.Errorf("a shared phone, both open seats open elsewhere: %q (%q), want %q (%q)", href, text, zoe, want)
	}
	if got, want := textOf(shared.get(t, zoe).body, "open-elsewhere"), "Anna's phone opened this entry just now: enter it on one phone only."; got != want {
		t.Errorf("Zoë's form on the shared phone says %q, want %q", got, want)
	}
	redirect(t, anna.post(t, zoe, url.Values{"card": {"A1"}, "coins": {"0"}, "version": {"0"}}))
	if text, href := mainButton(shared.get(t, game).body); href != jack || !strings.Contains(text, "Bartholomew Roberts the Third's phone now") {
		t.Errorf("after Zoë's entry is saved: %q (%q), want Calico Jack's, open on Bartholomew's phone", href, text)
	}
}

// TestAskSeatComesFirst (item 1): on a new game's scoreboard a phone that
// holds no seat is asked which player it is, and nothing is drawn as the
// main button beside that question (before, "Invite the table" was, and
// the host's own entry took two more taps); once it has answered, inviting
// the table is the main button and its own entry the next.
func TestAskSeatComesFirst(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, theTable)
	game := "/games/" + id
	host := newPhone(a)
	before := host.get(t, game).body
	if mains := primaryRE.FindAllStringSubmatch(before, -1); len(mains) != 0 || !strings.Contains(before, `data-testid="ask-seat-0"`) {
		t.Errorf("a new game on a phone of no seat: main buttons %v, Anna's name to tap %v; want none, and the names", mains, strings.Contains(before, `data-testid="ask-seat-0"`))
	}
	if got, want := redirect(t, host.post(t, game+"/join", url.Values{"seat": {"0"}, "then": {"game"}})), game; got != want {
		t.Fatalf("answering the question leads to %q, want the scoreboard %q", got, want)
	}
	after := host.get(t, game).body
	mains := primaryRE.FindAllStringSubmatch(after, -1)
	if len(mains) != 1 || mains[0][1] != "invite" {
		t.Errorf("after answering: main buttons %v, want Invite the table alone", mains)
	}
	if text, ok := testid(after, "next-action"); text != "Enter your round 1 cards" || !ok {
		t.Errorf("after answering, the next button reads %q, want Enter your round 1 cards", text)
	}
}
