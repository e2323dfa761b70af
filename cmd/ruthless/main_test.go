package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCmd runs the command line with stdin and returns the exit status and
// what it wrote.
func runMain(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// testGame is a short game of three players: rounds 1 and 2 give Port
// tokens, round 3 Piracy tokens with Lucy and Craig level on strength 4, and
// Lucy ahead on unused pirates (R2.5).
const testGame = `{
  "version": 1,
  "players": ["Lucy", "Craig", "Julie"],
  "start_player": 0,
  "achievements": ["richest", "merciless"],
  "rounds": [
    [
      {"pool": ["H2", "H3", "A4", "S6", "K6"], "coins": 3},
      {"pool": ["S1", "S7", "SP"], "coins": 1},
      {"pool": ["HQ", "S5"], "coins": 0}
    ],
    [
      {"pool": [], "coins": 0},
      {"pool": [], "coins": 0},
      {"pool": [], "coins": 0}
    ],
    [
      {"pool": ["S6", "K6", "H2"], "coins": 0},
      {"pool": ["S1", "X1"], "coins": 5},
      {"pool": [], "coins": 0}
    ]
  ],
  "final": [
    {"pirates": ["H2", "H3", "A4"], "buried_pirates": ["S6", "K6"],
     "buried_powder_monkeys": 2, "loot_banner_kept": 7, "loot_banner_buried": 2,
     "coins": 4, "parley_used": true},
    {"pirates": ["S1", "S7", "SP", "X1"], "buried_pirates": [],
     "buried_powder_monkeys": 1, "loot_banner_kept": 3, "loot_banner_buried": 0,
     "coins": 5, "parley_used": false},
    {"pirates": ["HQ", "S5"], "buried_pirates": [],
     "buried_powder_monkeys": 0, "loot_banner_kept": 1, "loot_banner_buried": 0,
     "coins": 2, "parley_used": true}
  ]
}`

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRunStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.json")
	badJSON := writeFile(t, "bad.json", `{"version": 1, "players": [`)
	badCard := writeFile(t, "badcard.json", strings.Replace(testGame, `"HQ", "S5"], "coins": 0`, `"HQ", "Z9"], "coins": 0`, 1))
	game := writeFile(t, "game.json", testGame)

	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		// errLine is the first line stderr must hold, exactly; "" means
		// stderr must be empty.
		errLine string
		// errHas must appear in that first line instead, for messages
		// worded by other parts (the game-file decoder).
		errHas string
		// oneLine says stderr must be that single line.
		oneLine bool
		// outHas must appear in stdout; "" means stdout must be empty.
		outHas string
	}{
		{name: "solve unknown card", args: []string{"solve", "H2", "Z9"}, code: 2,
			errLine: `ruthless: unknown card "Z9"`, oneLine: true},
		{name: "solve card twice", args: []string{"solve", "H4 h4"}, code: 2,
			errLine: `ruthless: card "H4" given twice`, oneLine: true},
		{name: "solve Captain with and without its mark", args: []string{"solve", "SC*,SC"}, code: 2,
			errLine: `ruthless: card "SC" given twice`, oneLine: true},
		{name: "solve R4.2 Kraken in a 2-player game", args: []string{"solve", "--players", "2", "H3", "K3"}, code: 2,
			errLine: `ruthless: Kraken cards are not in a 2-player game: "K3"`, oneLine: true},
		{name: "solve bad --players", args: []string{"solve", "--players", "7", "H1"}, code: 2,
			errLine: `ruthless: --players must be 2, 3 or 4: "7"`, oneLine: true},
		{name: "solve bad --players after the cards", args: []string{"solve", "H1", "--players=x"}, code: 2,
			errLine: `ruthless: --players must be 2, 3 or 4: "x"`, oneLine: true},
		{name: "solve unknown flag", args: []string{"solve", "--fast", "H1"}, code: 2,
			errLine: `ruthless: flag provided but not defined: -fast (see ruthless help)`, oneLine: true},
		{name: "solve no cards is an empty party", args: []string{"solve"}, code: 0,
			outHas: "strength 0, unused 0"},
		{name: "solve after --", args: []string{"solve", "--", "H1", "H2", "H3"}, code: 0,
			outHas: "unused"},
		{name: "solve help", args: []string{"solve", "-h"}, code: 0,
			outHas: "Usage: ruthless solve"},
		{name: "check card in a set and the pool", args: []string{"check", "H4 H5", "--pool", "X1,H4"}, code: 2,
			errLine: `ruthless: card "H4" given twice`, oneLine: true},
		{name: "check card in two sets", args: []string{"check", "H4 H5", "S4 h4"}, code: 2,
			errLine: `ruthless: card "H4" given twice`, oneLine: true},
		{name: "check R4.2 Kraken in a 2-player game", args: []string{"check", "--players", "2", "H3 K3"}, code: 2,
			errLine: `ruthless: Kraken cards are not in a 2-player game: "K3"`, oneLine: true},
		{name: "check bad --players", args: []string{"check", "--players", "1", "H1 H2"}, code: 2,
			errLine: `ruthless: --players must be 2, 3 or 4: "1"`, oneLine: true},
		{name: "check unknown stated identity", args: []string{"check", "SP=Z9 S5"}, code: 2,
			errLine: `ruthless: unknown card "Z9"`, oneLine: true},
		{name: "check unknown card in the pool", args: []string{"check", "H1 H2 H3", "--pool", "Q1"}, code: 2,
			errLine: `ruthless: unknown card "Q1"`, oneLine: true},
		{name: "check empty set", args: []string{"check", "H1 H2", " , "}, code: 2,
			errLine: `ruthless: set 2 is empty`, oneLine: true},
		{name: "check nothing to check", args: []string{"check"}, code: 2,
			errLine: `ruthless: check needs at least one SET of cards (see ruthless check -h)`, oneLine: true},
		{name: "check an illegal claim is an answer, not an error", args: []string{"check", "HQ S5"}, code: 0,
			outHas: "NOT LEGAL"},
		{name: "score missing file", args: []string{"score", missing}, code: 2,
			errLine: "ruthless: open " + missing + ": no such file or directory", oneLine: true},
		{name: "score truncated JSON file", args: []string{"score", badJSON}, code: 2,
			errHas: "unexpected end of JSON input", oneLine: true},
		{name: "score unknown card in a file", args: []string{"score", badCard}, code: 2,
			errHas: `unknown card "Z9"`, oneLine: true},
		{name: "score bad JSON on stdin", args: []string{"score", "-"}, stdin: "not json", code: 2,
			errHas: "invalid character 'o'", oneLine: true},
		{name: "score without a file", args: []string{"score"}, code: 2,
			errLine: "ruthless: score needs exactly one FILE, or - for standard input (see ruthless score -h)", oneLine: true},
		{name: "score two files", args: []string{"score", game, game}, code: 2,
			errLine: "ruthless: score needs exactly one FILE, or - for standard input (see ruthless score -h)", oneLine: true},
		{name: "score a file", args: []string{"score", game}, code: 0, outHas: "Round 3"},
		{name: "unknown command", args: []string{"fly"}, code: 2,
			errLine: `ruthless: unknown command "fly"`},
		{name: "help", args: []string{"help"}, code: 0, outHas: "ruthless check [--json]"},
		{name: "-h", args: []string{"-h"}, code: 0, outHas: "ruthless score [--json] FILE"},
		{name: "--help", args: []string{"--help"}, code: 0, outHas: "ruthless solve [--json]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runMain(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit status = %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			first, rest, _ := strings.Cut(stderr, "\n")
			switch {
			case tt.errHas != "":
				if !strings.HasPrefix(first, "ruthless: ") || !strings.Contains(first, tt.errHas) {
					t.Errorf("stderr first line = %q, want \"ruthless: …%s…\"", first, tt.errHas)
				}
			case first != tt.errLine:
				t.Errorf("stderr first line = %q, want %q", first, tt.errLine)
			}
			if tt.oneLine && rest != "" {
				t.Errorf("stderr has more than one line: %q", stderr)
			}
			if tt.errLine != "" && !tt.oneLine && !strings.Contains(rest, "Usage:") {
				t.Errorf("stderr lacks the usage after the first line: %q", stderr)
			}
			if tt.outHas == "" && stdout != "" {
				t.Errorf("stdout = %q, want nothing", stdout)
			}
			if !strings.Contains(stdout, tt.outHas) {
				t.Errorf("stdout = %q, want it to contain %q", stdout, tt.outHas)
			}
		})
	}
}

// partyJSON mirrors solve --json in docs/api.md.
type partyJSON struct {
	Strength int `json:"strength"`
	Unused   int `json:"unused"`
	Sets     []struct {
		Kind     string `json:"kind"`
		Strength int    `json:"strength"`
		Cards    []struct {
			Card string  `json:"card"`
			As   *string `json:"as"`
		} `json:"cards"`
	} `json:"sets"`
	UnusedCards []string `json:"unused_cards"`
}

// summary is a party as "kind=strength:card,card>as" per set, for compact
// comparison.
func (p partyJSON) summary() []string {
	out := []string{}
	for _, s := range p.Sets {
		var cards []string
		for _, c := range s.Cards {
			if c.As != nil {
				cards = append(cards, c.Card+">"+*c.As)
			} else {
				cards = append(cards, c.Card)
			}
		}
		out = append(out, s.Kind+"="+itoa(s.Strength)+":"+strings.Join(cards, ","))
	}
	return out
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func decodeStrict(t *testing.T, text string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decoding %s: %v", text, err)
	}
}

// TestSolveJSON needs the real solver (scoring.Solve).
func TestSolveJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		args        []string
		strength    int
		unused      int
		sets        []string
		unusedCards []string
	}{
		{name: "R1.8 straight and pair", args: []string{"solve", "--json", "H2", "H3", "A4", "S6", "K6"},
			strength: 10, unused: 0, sets: []string{"straight=6:H2,H3,A4", "group=4:K6,S6"}, unusedCards: []string{}},
		{name: "pair of 6s, flags after the cards", args: []string{"solve", "s6,k6", "--json"},
			strength: 4, unused: 0, sets: []string{"group=4:K6,S6"}, unusedCards: []string{}},
		{name: "R1.2 three Hearts are a straight flush", args: []string{"solve", "--json", "--players", "2", "H1 H2 H3"},
			strength: 12, unused: 0, sets: []string{"straight_flush=12:H1,H2,H3"}, unusedCards: []string{}},
		{name: "R1.8 no set", args: []string{"solve", "--json", "HQ", "S5"},
			strength: 0, unused: 2, sets: []string{}, unusedCards: []string{"HQ", "S5"}},
		{name: "empty pool", args: []string{"solve", "--json"},
			strength: 0, unused: 0, sets: []string{}, unusedCards: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runMain(t, "", tt.args...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			for _, field := range []string{`"sets": [`, `"unused_cards": [`} {
				if !strings.Contains(stdout, field) {
					t.Errorf("output lacks %s (a list, never null):\n%s", field, stdout)
				}
			}
			var got partyJSON
			decodeStrict(t, stdout, &got)
			if got.Strength != tt.strength || got.Unused != tt.unused {
				t.Errorf("strength, unused = %d, %d; want %d, %d", got.Strength, got.Unused, tt.strength, tt.unused)
			}
			if g, w := strings.Join(got.summary(), " "), strings.Join(tt.sets, " "); g != w {
				t.Errorf("sets = %s, want %s", g, w)
			}
			if g, w := strings.Join(got.UnusedCards, " "), strings.Join(tt.unusedCards, " "); g != w {
				t.Errorf("unused_cards = %s, want %s", g, w)
			}
		})
	}
}

// TestSolveJSONWild checks that a Parrot carries "as" in its own suit; it
// needs the real solver.
func TestSolveJSONWild(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runMain(t, "", "solve", "--json", "S1", "S7", "SP")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var got partyJSON
	decodeStrict(t, stdout, &got)
	if got.Strength != 8 || len(got.Sets) != 1 || got.Sets[0].Kind != "flush" {
		t.Fatalf("got %+v, want one flush of strength 8 (R1.8)", got)
	}
	for _, c := range got.Sets[0].Cards {
		wantAs := c.Card == "SP"
		if (c.As != nil) != wantAs {
			t.Errorf("card %s has as %v, want as only on the Parrot", c.Card, c.As)
		}
		if c.As != nil && !strings.HasPrefix(*c.As, "S") {
			t.Errorf("SP became %s, want a Swords card (R1.4)", *c.As)
		}
	}
}

func TestCheckJSON(t *testing.T) {
	t.Parallel()
	type problem struct {
		Set     int    `json:"set"`
		Message string `json:"message"`
		Rule    string `json:"rule"`
	}
	tests := []struct {
		name     string
		args     []string
		legal    bool
		strength int
		rules    []string // "set:rule" per problem
		sets     []string // as partyJSON.summary
		// best is the best party's strength: it needs the real solver.
		best int
	}{
		{name: "R1.8 legal claim short of the best", args: []string{"check", "--json", "S6 K6", "--pool", "H2 H3 A4"},
			legal: true, strength: 4, rules: []string{}, sets: []string{"group=4:S6,K6"}, best: 10},
		{name: "R1.4 Parrot stated in another suit", args: []string{"check", "--json", "SP=H5 H4 H6"},
			legal: false, strength: 0, rules: []string{"1:R1.4"}, sets: []string{"straight=6:SP>S5,H4,H6"}, best: 6},
		{name: "R1.2 no pattern", args: []string{"check", "--json", "H2 H3 H4", "HQ S5"},
			legal: false, strength: 0, rules: []string{"2:R1.2"}, sets: []string{"straight_flush=12:H2,H3,H4", "none=0:HQ,S5"}, best: 12},
		{name: "R1.6 two flagged Captains are a pair", args: []string{"check", "--json", "HC* SC*=H1"},
			legal: true, strength: 4, rules: []string{}, sets: []string{"group=4:HC*>A1,SC*>H1"}, best: 4},
		{name: "only a pool", args: []string{"check", "--json", "--pool", "H1 H2 H3"},
			legal: true, strength: 0, rules: []string{}, sets: []string{}, best: 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runMain(t, "", tt.args...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			for _, field := range []string{`"problems": [`, `"sets": [`, `"unused_cards": [`} {
				if !strings.Contains(stdout, field) {
					t.Errorf("output lacks %s (a list, never null):\n%s", field, stdout)
				}
			}
			var raw struct {
				Legal    bool      `json:"legal"`
				Strength int       `json:"strength"`
				Problems []problem `json:"problems"`
				SetList  []struct {
					Kind     string `json:"kind"`
					Strength int    `json:"strength"`
					Cards    []struct {
						Card string  `json:"card"`
						As   *string `json:"as"`
					} `json:"cards"`
				} `json:"sets"`
				Best partyJSON `json:"best"`
			}
			decodeStrict(t, stdout, &raw)
			if raw.Legal != tt.legal || raw.Strength != tt.strength {
				t.Errorf("legal, strength = %v, %d; want %v, %d", raw.Legal, raw.Strength, tt.legal, tt.strength)
			}
			rules := []string{}
			for _, p := range raw.Problems {
				rules = append(rules, itoa(p.Set)+":"+p.Rule)
				if p.Message == "" {
					t.Errorf("problem %+v has no message", p)
				}
			}
			if g, w := strings.Join(rules, " "), strings.Join(tt.rules, " "); g != w {
				t.Errorf("problems = %s, want %s", g, w)
			}
			sets := partyJSON{}
			sets.Sets = raw.SetList
			if g, w := strings.Join(sets.summary(), " "), strings.Join(tt.sets, " "); g != w {
				t.Errorf("sets = %s, want %s", g, w)
			}
			if raw.Best.Strength != tt.best {
				t.Errorf("best strength = %d, want %d", raw.Best.Strength, tt.best)
			}
		})
	}
}

func TestScoreJSON(t *testing.T) {
	t.Parallel()
	type result struct {
		Player   int               `json:"player"`
		Strength int               `json:"strength"`
		Unused   int               `json:"unused"`
		Prize    int               `json:"prize"`
		Place    *int              `json:"place"`
		Sets     []json.RawMessage `json:"sets"`
	}
	type tieBreak struct {
		Players   []int  `json:"players"`
		DecidedBy string `json:"decided_by"`
		Rule      string `json:"rule"`
	}
	var got struct {
		Rounds []struct {
			Round       int        `json:"round"`
			StartPlayer int        `json:"start_player"`
			Token       string     `json:"token"`
			Results     []result   `json:"results"`
			TieBreaks   []tieBreak `json:"tie_breaks"`
		} `json:"rounds"`
		Achievements []struct {
			ID     string `json:"id"`
			Counts []int  `json:"counts"`
			NP     []int  `json:"np"`
			Rule   string `json:"rule"`
		} `json:"achievements"`
		Totals []struct {
			Player int `json:"player"`
			NP     int `json:"np"`
		} `json:"totals"`
		Winners []int `json:"winners"`
	}
	game := writeFile(t, "game.json", testGame)
	for _, from := range []struct{ name, arg, stdin string }{
		{name: "file", arg: game},
		{name: "stdin", arg: "-", stdin: testGame},
	} {
		t.Run(from.name, func(t *testing.T) {
			code, stdout, stderr := runMain(t, from.stdin, "score", from.arg, "--json")
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("decoding %s: %v", stdout, err)
			}
			if len(got.Rounds) != 3 {
				t.Fatalf("%d rounds, want 3", len(got.Rounds))
			}
			r1, r3 := got.Rounds[0], got.Rounds[2]
			if r1.Round != 1 || r1.StartPlayer != 0 || r1.Token != "port" || len(r1.Results) != 3 {
				t.Errorf("round 1 = %d, start %d, %s, %d results; want 1, 0, port, 3", r1.Round, r1.StartPlayer, r1.Token, len(r1.Results))
			}
			lucy, julie := r1.Results[0], r1.Results[2]
			if lucy.Player != 0 || lucy.Strength != 10 || lucy.Unused != 0 || lucy.Prize != 1 || lucy.Place == nil || *lucy.Place != 1 || len(lucy.Sets) != 2 {
				t.Errorf("round 1 Lucy = %+v, want strength 10, unused 0, prize 1, place 1, 2 sets (R1.8, R2.4)", lucy)
			}
			if julie.Player != 2 || julie.Strength != 0 || julie.Unused != 2 || julie.Prize != 0 || julie.Place != nil {
				t.Errorf("round 1 Julie = %+v, want strength 0, unused 2, no prize, place null (R2.3)", julie)
			}
			if r3.Round != 3 || r3.StartPlayer != 2 || r3.Token != "piracy" {
				t.Errorf("round 3 = %d, start %d, %s; want 3, 2, piracy (R2.1, R2.2)", r3.Round, r3.StartPlayer, r3.Token)
			}
			if g, w := r3.Results[0].Prize, 6; g != w {
				t.Errorf("round 3 Lucy prize = %d, want %d (R2.5 unused pirates)", g, w)
			}
			if g, w := r3.Results[1].Prize, 3; g != w {
				t.Errorf("round 3 Craig prize = %d, want %d", g, w)
			}
			if len(r3.TieBreaks) != 1 || r3.TieBreaks[0].DecidedBy != "unused" || r3.TieBreaks[0].Rule != "R2.5" ||
				len(r3.TieBreaks[0].Players) != 2 || r3.TieBreaks[0].Players[0] != 0 || r3.TieBreaks[0].Players[1] != 1 {
				t.Errorf("round 3 tie-breaks = %+v, want Lucy over Craig on unused (R2.5)", r3.TieBreaks)
			}
			if len(got.Achievements) != 2 || got.Achievements[0].ID != "richest" || got.Achievements[1].ID != "merciless" ||
				len(got.Achievements[0].Counts) != 3 || len(got.Achievements[0].NP) != 3 || got.Achievements[0].Rule != "R3.3" {
				t.Errorf("achievements = %+v, want richest and merciless with 3 counts and NP (R3.3)", got.Achievements)
			}
			if len(got.Totals) != 3 || len(got.Winners) == 0 {
				t.Errorf("totals %+v, winners %v; want 3 totals and a winner", got.Totals, got.Winners)
			}
		})
	}
}

// TestPeopleOutput looks for what people read: suit symbols, what a wild
// became, strengths, verdicts and the rules behind them. The solve and
// score cases need the real solver.
func TestPeopleOutput(t *testing.T) {
	t.Parallel()
	game := writeFile(t, "game.json", testGame)
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{name: "solve R1.8", args: []string{"solve", "H2", "H3", "A4", "S6", "K6"},
			want: []string{"straight", "2♥ 3♥ 4⚓", "group", "6🐙", "6⚔", "= 6", "= 4", "strength 10, unused 0"}},
		{name: "solve a wild", args: []string{"solve", "S1 S7 SP"},
			want: []string{"flush", "P⚔→", "= 8", "strength 8, unused 0"}},
		{name: "solve nothing", args: []string{"solve", "HQ", "S5"},
			want: []string{"no sets", "strength 0, unused 2: Q♥ 5⚔"}},
		{name: "check legal", args: []string{"check", "S6 K6", "--pool", "H2 H3 A4"},
			want: []string{"set 1", "group", "6⚔ 6🐙", "LEGAL: claimed strength 4", "best for this pool: strength 10, 6 more than claimed", "best party:"}},
		{name: "check not legal", args: []string{"check", "SP=H5 H4 H6", "HQ X5"},
			want: []string{"set 1", "P⚔→5⚔", "set 2", "no pattern", "(R1.4)", "(R1.2)", "NOT LEGAL: 2 problems"}},
		{name: "check flagged Captain", args: []string{"check", "HC*=A7 A5 A6"},
			want: []string{"straight flush", "C♥*→7⚓", "= 12", "LEGAL: claimed strength 12"}},
		{name: "score", args: []string{"score", game},
			want: []string{"Round 1: start player Lucy, port tokens", "player", "strength", "unused", "coins", "prize", "place",
				"Lucy over Craig on unused pirates (R2.5)", "piracy 6 NP", "Legendary Achievements", "Richest", "Totals (R3.4)", "Winner", "warning (R4.3)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runMain(t, "", tt.args...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("output lacks %q:\n%s", w, stdout)
				}
			}
		})
	}
}

func TestDisplayWidth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"Lucy", 4},
		{"2♥", 2},
		{"4⚓", 3},
		{"6🐙", 3},
		{"P⚔→5⚔", 5},
		{"Q☠", 2},
		{"é", 1},
		{"e\u0301", 1},
		{"陈", 2},
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			if got := displayWidth(tt.s); got != tt.want {
				t.Errorf("displayWidth(%q) = %d, want %d", tt.s, got, tt.want)
			}
		})
	}
}

// TestTableAligns checks that the column after a cell with a two-column
// suit symbol starts where the others do.
func TestTableAligns(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	p := &printer{w: &b}
	p.table("", [][]string{{"straight", "2♥ 3♥ 4⚓", "= 6"}, {"group", "6⚔ 6🐙", "= 4"}})
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d lines, want 2: %q", len(lines), b.String())
	}
	var cols []int
	for _, l := range lines {
		i := strings.Index(l, "=")
		cols = append(cols, displayWidth(l[:i]))
	}
	if cols[0] != cols[1] {
		t.Errorf("'=' at columns %v, want equal:\n%s", cols, b.String())
	}
}

// TestRunRecoversPanic: a nil stdout makes the first write panic; run must
// turn that into exit status 1 and one line, not a trace.
func TestRunRecoversPanic(t *testing.T) {
	t.Parallel()
	var stderr bytes.Buffer
	code := run([]string{"solve", "H1"}, strings.NewReader(""), nil, &stderr)
	if code != 1 {
		t.Errorf("exit status = %d, want 1", code)
	}
	first, rest, _ := strings.Cut(stderr.String(), "\n")
	if !strings.HasPrefix(first, "ruthless: internal error: ") || rest != "" {
		t.Errorf("stderr = %q, want one line starting \"ruthless: internal error: \"", stderr.String())
	}
}
