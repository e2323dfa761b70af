package views

import (
	"context"
	"errors"
	"strings"
	"testing"

	"ruthless/scoring"
)

// Every code scoring can give has a page wording of its own: a new code
// without one fails here, not on a page showing the machine's English.
func TestFieldProblemCoversEveryCode(t *testing.T) {
	seen := map[scoring.Code]bool{}
	for _, code := range scoring.Codes() {
		if seen[code] {
			t.Errorf("code %q listed twice", code)
		}
		seen[code] = true
		fe := &scoring.FieldError{Code: code, Message: "the machine's English"}
		if got := FieldProblem(fe); got == fe.Message || got == "" {
			t.Errorf("FieldProblem has no wording for %q", code)
		}
	}
}

// fieldErrorCorpus is one real refusal of every code scoring can give,
// as scoring itself makes them.
func fieldErrorCorpus(t *testing.T) []*scoring.FieldError {
	t.Helper()
	var out []*scoring.FieldError
	keep := func(err error) {
		t.Helper()
		var fe *scoring.FieldError
		if !errors.As(err, &fe) {
			t.Fatalf("want a *scoring.FieldError, got %v", err)
		}
		out = append(out, fe)
	}
	decode := func(doc string) {
		t.Helper()
		_, err := scoring.DecodeGame(strings.NewReader(doc))
		keep(err)
	}
	for _, doc := range []string{
		`{`, `null`, `{}`, `{"version": "x"}`, `{"version": 1, "players": 3}`, `{"version": 1, "players": [1]}`,
		`{"version": 1, "zero_counts": 3}`,
		`{"version": 1, "players": ["A", "B"], "rounds": [[3, null]]}`,
		`{"version": 1, "players": ["A", "B"], "final": [null, null]}`,
		`{"version": 1, "players": ["A", "B"], "location": 3}`,
		"{\"version\": 1, \"players\": [\"A\", \"B\"], \"location\": \"\xff\"}",
	} {
		decode(doc)
	}
	read := func(players int, codes ...string) {
		t.Helper()
		_, err := scoring.ReadCards(codes, players)
		keep(err)
	}
	read(0, "Z9")
	read(0, "H4*")
	read(0, "H4", "h4")
	read(2, "K3")
	_, err := scoring.ParseClaim("SP=")
	keep(err)
	_, err = scoring.Check([][]scoring.Claim{{}}, nil, scoring.Options{Players: 3})
	keep(err)
	_, err = scoring.Check(nil, nil, scoring.Options{Players: 7})
	keep(err)
	six, _ := scoring.ReadCards([]string{"H1", "H2", "H3", "H4", "H5", "H6"}, 0)
	_, err = scoring.Advise(context.Background(), nil, six, 0, scoring.Options{}, nil)
	keep(err)
	_, err = scoring.Advise(context.Background(), nil, nil, 5, scoring.Options{}, nil)
	keep(err)

	cards := func(codes ...string) []scoring.Card {
		cs, err := scoring.ReadCards(codes, 0)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	base := func() scoring.Game {
		return scoring.Game{Version: 1, Players: []string{"Ann", "Bob", "Cy"}, Achievements: scoring.DefaultAchievements()}
	}
	entry := func(codes ...string) *scoring.Entry { return &scoring.Entry{Pool: cards(codes...)} }
	validate := func(change func(*scoring.Game)) {
		t.Helper()
		g := base()
		change(&g)
		_, err := scoring.Validate(g)
		keep(err)
	}
	for _, change := range []func(*scoring.Game){
		func(g *scoring.Game) { g.Version = 2 },
		func(g *scoring.Game) { g.Players = g.Players[:1] },
		func(g *scoring.Game) { g.Players[1] = " " },
		func(g *scoring.Game) { g.Players[1] = "B\xffb" },
		func(g *scoring.Game) { g.Players[1] = "B\x1bb" },
		func(g *scoring.Game) { g.Players[1] = "B\x01b" },
		func(g *scoring.Game) { g.Players[1] = "B\u202eb" },
		func(g *scoring.Game) { g.Players[1] = "B\u200bb" },
		func(g *scoring.Game) { g.Players[1] = "B\u2061b" },
		func(g *scoring.Game) { g.Players[1] = "B\u2028b" },
		func(g *scoring.Game) { g.Players[1] = "B\ue000b" },
		func(g *scoring.Game) { g.Players[1] = "ann " },
		func(g *scoring.Game) { g.StartPlayer = 5 },
		func(g *scoring.Game) { g.Achievements = []string{scoring.Shipshape} },
		func(g *scoring.Game) { g.Achievements = []string{scoring.Shipshape, "luck"} },
		func(g *scoring.Game) { g.Achievements = []string{scoring.Shipshape, scoring.Shipshape} },
		func(g *scoring.Game) { g.Achievements = []string{scoring.Shipshape, scoring.Commander} },
		func(g *scoring.Game) { g.Rounds = make([][]*scoring.Entry, 6) },
		func(g *scoring.Game) { g.Rounds = [][]*scoring.Entry{{nil, nil}} },
		func(g *scoring.Game) { g.Rounds = [][]*scoring.Entry{{{Coins: 100}, nil, nil}} },
		func(g *scoring.Game) { g.Rounds = [][]*scoring.Entry{{entry("H4"), entry("H4"), nil}} },
		func(g *scoring.Game) { g.Rounds = [][]*scoring.Entry{{entry("H4"), nil, nil}, {nil, entry("H4"), nil}} },
		func(g *scoring.Game) { g.Final = []scoring.FinalEntry{{}} },
		func(g *scoring.Game) {
			g.Final = []scoring.FinalEntry{{Pirates: cards("H4")}, {Pirates: cards("H4")}, {}}
		},
		func(g *scoring.Game) {
			g.Rounds = [][]*scoring.Entry{{entry("H4"), nil, nil}}
			g.Final = []scoring.FinalEntry{{}, {}, {}}
		},
		func(g *scoring.Game) { g.DurationMin = -1 },
		func(g *scoring.Game) { g.Location = strings.Repeat("a", scoring.MaxLocationLength+1) },
		func(g *scoring.Game) { g.Location = "  " },
		func(g *scoring.Game) { g.Location = "a\x01" },
		func(g *scoring.Game) { g.Location = "a\u202e" },
		func(g *scoring.Game) { g.Notes = "a\u2028" },
		func(g *scoring.Game) { g.Location = "a\u2028" },
		func(g *scoring.Game) { g.Played = "yesterday" },
		func(g *scoring.Game) { g.Played = "1800-01-01T00:00:00Z" },
	} {
		validate(change)
	}
	_, err = scoring.WithEntry(base(), 5, 0, nil)
	keep(err)
	_, err = scoring.WithEntry(base(), 1, 9, nil)
	keep(err)
	return out
}

// The page words a refusal from its code and values alone: today's page
// English is the machine's, so each wording of a real refusal must say
// exactly what its Message says. That holds the values to being enough,
// and the corpus to giving every code but the one DecodeGame cannot reach
// (json: encoding/json fails only on syntax when reading into any).
func TestFieldProblemWordsRealRefusals(t *testing.T) {
	got := map[scoring.Code]bool{}
	for _, fe := range fieldErrorCorpus(t) {
		got[fe.Code] = true
		if fe.Code == "" {
			t.Errorf("refusal without a code: %q", fe.Message)
			continue
		}
		if w := FieldProblem(fe); w != fe.Message {
			t.Errorf("%s: FieldProblem = %q, Message = %q", fe.Code, w, fe.Message)
		}
	}
	for _, code := range scoring.Codes() {
		if !got[code] && code != scoring.CodeJSON {
			t.Errorf("no refusal of code %q in the corpus", code)
		}
	}
}
