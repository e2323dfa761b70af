package handlers

import (
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/store"
	"ruthless/views"
)

// Who is entering an open seat. After a round's results every phone at
// the table may be offered the same open seat (a player without a phone),
// and two of them entering it at once is wasted work and a conflict. A
// phone that opens an open seat's form is noted here for enteringFor; the
// other phones' next step then passes that seat by, and its form says
// which phone has it open. The note lives in memory only: it is a hint
// about the next minutes, not a lock, and a restart forgets it.

// enteringFor is how long a phone that opened a seat's form counts as
// entering it: longer than tapping a pool in, short enough that a phone
// put down without saving does not hold the seat for the evening.
const enteringFor = 3 * time.Minute

// maxEnteringGames bounds the notes kept (one per game with an open form).
const maxEnteringGames = 10_000

// seatKey is one seat's entry: a game, a round (0 for the end of the
// game) and a seat.
type seatKey struct {
	game        string
	round, seat int
}

// openForm is a phone that opened a seat's form, and when.
type openForm struct {
	phone string
	at    time.Time
}

// entering notes which phone has which open seat's form open.
type entering struct {
	mu    sync.Mutex
	now   func() time.Time
	forms map[seatKey]openForm
}

func newEntering() *entering {
	return &entering{now: time.Now, forms: map[seatKey]openForm{}}
}

// opened notes that phone opened seat k's form ("" phone: nothing noted).
func (e *entering) opened(k seatKey, phone string) {
	if e == nil || phone == "" {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	now := e.now()
	if len(e.forms) >= maxEnteringGames {
		for key, f := range e.forms {
			if now.Sub(f.at) > enteringFor {
				delete(e.forms, key)
			}
		}
		if len(e.forms) >= maxEnteringGames {
			return
		}
	}
	e.forms[k] = openForm{phone: phone, at: now}
}

// done forgets seat k's note: its entry is saved.
func (e *entering) done(k seatKey) {
	if e == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.forms, k)
}

// elsewhere is the phone other than phone that opened seat k's form in the
// last enteringFor, and how long ago; "" when none did.
func (e *entering) elsewhere(k seatKey, phone string) (string, time.Duration) {
	if e == nil {
		return "", 0
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	f, ok := e.forms[k]
	if !ok || f.phone == phone {
		return "", 0
	}
	ago := e.now().Sub(f.at)
	if ago > enteringFor {
		delete(e.forms, k)
		return "", 0
	}
	return f.phone, ago
}

// tableAt is tableOf with the open seats other phones are entering now,
// for the game's current step: its current round, or the end of the game.
func (a *app) tableAt(r *http.Request, g store.StoredGame) atTable {
	t := tableOf(r, g)
	key := seatKey{game: g.ID, round: g.File.CurrentRound()}
	me := phoneID(r)
	for p := range g.File.Players {
		if t.holds(p) || !t.open(p) {
			continue
		}
		key.seat = p
		if other, _ := a.entering.elsewhere(key, me); other != "" {
			if t.busy == nil {
				t.busy = map[int]views.Phone{}
			}
			t.busy[p] = phoneNamed(g, other)
		}
	}
	return t
}

// openedHere notes that the phone of c opened the form of seat p for
// round (0: the end of the game) of g, when p is an open seat and its
// entry is still missing, and says which other phone opened it lately
// (an unknown Phone for none) and how long ago.
func (a *app) openedHere(c *gin.Context, g store.StoredGame, round, p int, missing bool) (views.Phone, time.Duration) {
	t := tableOf(c.Request, g)
	if !missing || t.holds(p) || !t.open(p) {
		return views.Phone{}, 0
	}
	key := seatKey{game: g.ID, round: round, seat: p}
	me := ensurePhone(c)
	other, ago := a.entering.elsewhere(key, me)
	a.entering.opened(key, me)
	if other == "" {
		return views.Phone{}, 0
	}
	return phoneNamed(g, other), ago
}

// phoneNamed is phone as the table knows it: by the player of the first
// seat it holds, else "another phone".
func phoneNamed(g store.StoredGame, phone string) views.Phone {
	if held := g.Held(phone); len(held) > 0 {
		return views.PhoneOf(g.File.Players, held[0])
	}
	return views.Phone{Known: true}
}
