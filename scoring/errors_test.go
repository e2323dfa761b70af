package scoring

import (
	"errors"
	"strings"
	"testing"
)

func TestPlaceString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		place Place
		want  string
	}{
		{"a card of a round's pool", Place{Round: 2, Seat: 0, Name: "pool", Index: 2}, "rounds[1][0].pool[2]"},
		{"a round entry's coins", Place{Round: 1, Seat: 3, Name: "coins", Index: -1}, "rounds[0][3].coins"},
		{"a round entry", Place{Round: 5, Seat: 1, Index: -1}, "rounds[4][1]"},
		{"a whole round", Place{Round: 1, Seat: -1, Index: -1}, "rounds[0]"},
		{"a count of a final collection", Place{Final: true, Seat: 2, Name: "buried_powder_monkeys", Index: -1}, "final[2].buried_powder_monkeys"},
		{"a buried pirate", Place{Final: true, Seat: 0, Name: "buried_pirates", Index: 1}, "final[0].buried_pirates[1]"},
		{"the final list", Place{Final: true, Seat: -1, Index: -1}, "final"},
		{"a player's name", Place{Seat: 3, Index: -1}, "players[3]"},
		{"the players list", Place{Seat: -1, Index: -1}, "players"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.place.String(); got != tt.want {
				t.Errorf("%+v.String() = %q, want %q", tt.place, got, tt.want)
			}
		})
	}
}

// checkPlaces asserts an error's places, and that each says what its
// path says.
func checkPlaces(t *testing.T, err error, want, wantOther *Place) {
	t.Helper()
	var fe *FieldError
	if !errors.As(err, &fe) {
		t.Fatalf("got %v, want a *FieldError", err)
	}
	for _, c := range []struct {
		what      string
		got, want *Place
		field     string
	}{{"Place", fe.Place, want, fe.Field}, {"OtherPlace", fe.OtherPlace, wantOther, fe.OtherField}} {
		switch {
		case c.got == nil && c.want == nil:
		case c.got == nil || c.want == nil:
			t.Errorf("%s = %v, want %v (field %q)", c.what, c.got, c.want, c.field)
		case *c.got != *c.want:
			t.Errorf("%s = %+v, want %+v", c.what, *c.got, *c.want)
		case c.got.String() != c.field:
			t.Errorf("%s is %q, but the field is %q", c.what, c.got.String(), c.field)
		}
	}
}

func TestValidatePlaces(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		change    func(t *testing.T, g *Game)
		want      *Place
		wantOther *Place
	}{
		{"R4.2 a card of a pool", func(t *testing.T, g *Game) {
			g.Players, g.Final = g.Players[:2], nil
			g.Rounds = [][]*Entry{{newEntry(t, "H1", 0), newEntry(t, "S1 S2 K3", 0)}}
		}, &Place{Round: 1, Seat: 1, Name: "pool", Index: 2}, nil},
		{"R0 a card twice in a pool", func(t *testing.T, g *Game) { g.Rounds[1][0].Pool = append(g.Rounds[1][0].Pool, Card{Heart, 2, false}) },
			&Place{Round: 2, Seat: 0, Name: "pool", Index: 3}, nil},
		{"R4.1 one card in two pools: both places", func(t *testing.T, g *Game) { g.Rounds[1][2] = newEntry(t, "A1 A2 H3", 0) },
			&Place{Round: 2, Seat: 2, Name: "pool", Index: 2}, &Place{Round: 2, Seat: 0, Name: "pool", Index: 2}},
		{"R4.1 a collection holding another player's card", func(t *testing.T, g *Game) { g.Final[1].Pirates = parseLine(t, "S1 S2 H2") },
			&Place{Final: true, Seat: 1, Name: "pirates", Index: 2}, &Place{Round: 1, Seat: 0, Name: "pool", Index: 1}},
		{"R4.1 two collections", func(t *testing.T, g *Game) {
			g.Final[0].Pirates = append(g.Final[0].Pirates, parseLine(t, "X7")...)
			g.Final[2].BuriedPirates = parseLine(t, "X7")
		}, &Place{Final: true, Seat: 2, Name: "buried_pirates", Index: 0}, &Place{Final: true, Seat: 0, Name: "pirates", Index: 2}},
		{"R4.5 a round's coins", func(t *testing.T, g *Game) { g.Rounds[1][2].Coins = 100 },
			&Place{Round: 2, Seat: 2, Name: "coins", Index: -1}, nil},
		{"a round short of a seat", func(t *testing.T, g *Game) { g.Rounds[1] = g.Rounds[1][:2] },
			&Place{Round: 2, Seat: -1, Index: -1}, nil},
		{"R4.5 a count of a collection", func(t *testing.T, g *Game) { g.Final[0].BuriedPowderMonkeys = 7 },
			&Place{Final: true, Seat: 0, Name: "buried_powder_monkeys", Index: -1}, nil},
		{"a final list short of a seat", func(t *testing.T, g *Game) { g.Final = g.Final[:2] },
			&Place{Final: true, Seat: -1, Index: -1}, nil},
		{"R4.4 a collection missing a round's pirate", func(t *testing.T, g *Game) { g.Final[0].BuriedPirates = nil },
			&Place{Final: true, Seat: 0, Name: "pirates", Index: -1}, &Place{Round: 2, Seat: 0, Name: "pool", Index: 2}},
		{"R4.5 a name", func(t *testing.T, g *Game) { g.Players[2] = " " },
			&Place{Seat: 2, Index: -1}, nil},
		{"R4.5 two players of one name", func(t *testing.T, g *Game) { g.Players[2] = "lucy" },
			&Place{Seat: 2, Index: -1}, &Place{Seat: 0, Index: -1}},
		{"R4.5 too few players", func(t *testing.T, g *Game) { g.Players = g.Players[:1] },
			&Place{Seat: -1, Index: -1}, nil},
		{"R2.1 the start player: no place", func(t *testing.T, g *Game) { g.StartPlayer = 3 }, nil, nil},
		{"R3.2 an achievement: no place", func(t *testing.T, g *Game) { g.Achievements[1] = "bravest" }, nil, nil},
		{"R2.1 too many rounds: no place", func(t *testing.T, g *Game) {
			g.Final = nil
			for range 4 {
				g.Rounds = append(g.Rounds, []*Entry{nil, nil, nil})
			}
		}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := validGame(t)
			tt.change(t, &g)
			_, err := Validate(g)
			checkPlaces(t, err, tt.want, tt.wantOther)
		})
	}
}

func TestWithEntryPlace(t *testing.T) {
	t.Parallel()
	g := validGame(t)
	_, err := WithEntry(g, 2, 3, &Entry{})
	checkPlaces(t, err, &Place{Round: 2, Seat: -1, Index: -1}, nil)
}

func TestDecodePlaces(t *testing.T) {
	t.Parallel()
	const head = `"version":1,"players":["Lucy","Craig"],"start_player":0,`
	tests := []struct {
		name, in string
		want     *Place
	}{
		{"R0 an unknown card of a pool", `{` + head + `"rounds":[[null,{"pool":["H1","Z9"]}]]}`, &Place{Round: 1, Seat: 1, Name: "pool", Index: 1}},
		{"a pool that is not a list", `{` + head + `"rounds":[[{"pool":"H1"},null]]}`, &Place{Round: 1, Seat: 0, Name: "pool", Index: -1}},
		{"a round's coins as text", `{` + head + `"rounds":[[null,{"pool":[],"coins":"3"}]]}`, &Place{Round: 1, Seat: 1, Name: "coins", Index: -1}},
		{"an entry that is not an object", `{` + head + `"rounds":[[],[1]]}`, &Place{Round: 2, Seat: 0, Index: -1}},
		{"a round that is not a list", `{` + head + `"rounds":[{}]}`, &Place{Round: 1, Seat: -1, Index: -1}},
		{"a missing collection", `{` + head + `"final":[null,{}]}`, &Place{Final: true, Seat: 0, Index: -1}},
		{"R0 an unknown buried pirate", `{` + head + `"final":[{},{"buried_pirates":["AC","A0"]}]}`, &Place{Final: true, Seat: 1, Name: "buried_pirates", Index: 1}},
		{"a banner total as text", `{` + head + `"final":[{"loot_banner_kept":"7"}]}`, &Place{Final: true, Seat: 0, Name: "loot_banner_kept", Index: -1}},
		{"parley not true or false", `{` + head + `"final":[{"parley_used":1}]}`, &Place{Final: true, Seat: 0, Name: "parley_used", Index: -1}},
		{"a final list that is not a list", `{` + head + `"final":3}`, &Place{Final: true, Seat: -1, Index: -1}},
		{"a name that is not text", `{"version":1,"players":["A",2]}`, &Place{Seat: 1, Index: -1}},
		{"rounds that are not a list: no place", `{` + head + `"rounds":{}}`, nil},
		{"an achievement: no place", `{` + head + `"achievements":["richest",1]}`, nil},
		{"the version: no place", `{"version":"1"}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeGame(strings.NewReader(tt.in))
			checkPlaces(t, err, tt.want, nil)
		})
	}
}

// Every code has its machine English: a code without one would reach the
// command line and the API as its bare name.
func TestEveryCodeHasMachineWords(t *testing.T) {
	t.Parallel()
	seen := map[Code]bool{}
	for _, code := range Codes() {
		if seen[code] {
			t.Errorf("code %q listed twice", code)
		}
		seen[code] = true
		if got := machineWords(&FieldError{Code: code}); got == string(code) || got == "" {
			t.Errorf("code %q has no machine English", code)
		}
	}
}

// ReadCards is the one reader of card lists: it names the index of the
// first bad code, unknown, not in the game or given twice, with the
// machine English the command line and the API have always printed.
func TestReadCards(t *testing.T) {
	t.Parallel()
	tests := []struct {
		codes   string
		players int
		code    Code
		item    int
		message string
	}{
		{"H2 h3 SC*", 4, "", 0, ""},
		{"H2 Z9 H2", 4, CodeUnknownCard, 1, `unknown card "Z9"`},
		{"H2 H4*", 4, CodeMarkNotCaptain, 1, `only a Captain can carry the Captain-power mark *: "H4*"`},
		{"H2 H4 h4", 4, CodeCardTwice, 2, `card "H4" given twice`},
		{"SC SC*", 3, CodeCardTwice, 1, `card "SC" given twice`},
		{"H2 K3", 2, CodeKrakenTwoPlayers, 1, `Kraken cards are not in a 2-player game: "K3"`},
		{"H2 K3", 3, "", 0, ""},
		{"K3 K3", 2, CodeKrakenTwoPlayers, 0, `Kraken cards are not in a 2-player game: "K3"`},
	}
	for _, tt := range tests {
		cards, err := ReadCards(SplitCodes(tt.codes), tt.players)
		if tt.code == "" {
			if err != nil || len(cards) != len(SplitCodes(tt.codes)) {
				t.Errorf("ReadCards(%q, %d) = %v, %v", tt.codes, tt.players, cards, err)
			}
			continue
		}
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Errorf("ReadCards(%q, %d): %v, want a *FieldError", tt.codes, tt.players, err)
			continue
		}
		if fe.Code != tt.code || fe.Item != tt.item || fe.Error() != tt.message || fe.Field != "" {
			t.Errorf("ReadCards(%q, %d) = %s at %d %q (field %q), want %s at %d %q", tt.codes, tt.players,
				fe.Code, fe.Item, fe.Error(), fe.Field, tt.code, tt.item, tt.message)
		}
	}
}
