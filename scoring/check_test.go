package scoring

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// claimSets reads each line as one claimed set of ParseClaim codes.
func checkClaims(t *testing.T, lines []string) [][]Claim {
	t.Helper()
	sets := make([][]Claim, len(lines))
	for i, line := range lines {
		sets[i] = []Claim{}
		for _, code := range SplitCodes(line) {
			cl, err := ParseClaim(code)
			if err != nil {
				t.Fatalf("ParseClaim(%q): %v", code, err)
			}
			sets[i] = append(sets[i], cl)
		}
	}
	return sets
}

func checkCards(t *testing.T, line string) []Card {
	t.Helper()
	cards, err := ParseCards(SplitCodes(line))
	if err != nil {
		t.Fatalf("ParseCards(%q): %v", line, err)
	}
	return cards
}

func TestParseClaim(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code    string
		want    string // Claim.String(), or "" when an error is wanted
		wantErr string
	}{
		{code: "H2", want: "H2"},
		{code: "sp=s5", want: "SP=S5"},
		{code: "hc*=a7", want: "HC*=A7"},
		{code: " XC* = XC ", want: "XC*=XC"},
		{code: "SP=SC*", want: "SP=SC"}, // a * on the stated identity is dropped
		{code: "SP=SP", want: "SP=SP"},  // parsed; Check judges it (R1.4)
		{code: "Z9", wantErr: `unknown card "Z9"`},
		{code: "SP=", wantErr: `no identity after "=" in "SP="`},
		{code: "SP=Z9", wantErr: `unknown card "Z9"`},
		{code: "S5*=S4", wantErr: `only a Captain can carry the Captain-power mark *: "S5*"`},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			got, err := ParseClaim(tt.code)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("ParseClaim(%q) = %v, %v; want error %q", tt.code, got, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseClaim(%q): %v", tt.code, err)
			}
			if got.String() != tt.want {
				t.Errorf("ParseClaim(%q) = %s, want %s", tt.code, got, tt.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		sets     []string
		unused   string
		players  int
		legal    bool
		strength int
		// problems are "set:rule", in the order reported.
		problems []string
		// kinds are "kind=strength" per claimed set.
		kinds []string
		// as maps each wild of the claim to what it became.
		as map[string]string
	}{
		{
			name:  "R1.8 straight 2-3-4 and a pair of 6s",
			sets:  []string{"H2 H3 A4", "S6 K6"},
			legal: true, strength: 10,
			kinds: []string{"straight=6", "group=4"},
		},
		{
			name:  "R1.2 three consecutive Hearts score as a straight flush",
			sets:  []string{"H1,H2,H3"},
			legal: true, strength: 12,
			kinds: []string{"straight_flush=12"},
		},
		{
			name:  "R1.8 Swords flush with the Parrot on the lowest free rank",
			sets:  []string{"S1 S7 SP"},
			legal: true, strength: 8,
			kinds: []string{"flush=8"},
			as:    map[string]string{"SP": "S2"},
		},
		{
			name:     "R1.2 Qtr Heart and 5 Swords fit no pattern",
			sets:     []string{"HQ S5"},
			problems: []string{"1:R1.2"},
			kinds:    []string{"none=0"},
		},
		{
			name:     "R1.2 a single card is no set",
			sets:     []string{"H2 H3 H4", "X7"},
			problems: []string{"2:R1.2"},
			kinds:    []string{"straight_flush=12", "none=0"},
		},
		{
			name:     "R1.2 a Parrot cannot save a set of two suits and two far ranks",
			sets:     []string{"H1 SQ HP"},
			problems: []string{"1:R1.2"},
			kinds:    []string{"none=0"},
			as:       map[string]string{"HP": "HP"},
		},
		{
			name:  "R1.4 the Parrot takes the rank that makes a straight flush",
			sets:  []string{"H4 HP H6"},
			legal: true, strength: 12,
			kinds: []string{"straight_flush=12"},
			as:    map[string]string{"HP": "H5"},
		},
		{
			name:  "R1.4 a stated identity is taken as stated",
			sets:  []string{"SP=S2 S5 S6"},
			legal: true, strength: 8,
			kinds: []string{"flush=8"},
			as:    map[string]string{"SP": "S2"},
		},
		{
			name:     "R1.4 a Parrot stated in another suit",
			sets:     []string{"SP=H5 H4 H6"},
			problems: []string{"1:R1.4"},
			kinds:    []string{"straight=6"},
			as:       map[string]string{"SP": "S5"},
		},
		{
			name:     "R1.4 a Parrot stated as a Parrot",
			sets:     []string{"SP=SP H5"},
			problems: []string{"1:R1.4"},
			kinds:    []string{"group=4"},
			as:       map[string]string{"SP": "S5"},
		},
		{
			name:     "R1.5 a Captain without the power stated as something else",
			sets:     []string{"SC=A7 A5 A6"},
			problems: []string{"1:R1.5", "1:R1.2"},
			kinds:    []string{"none=0"},
		},
		{
			name:     "R1.5 an ordinary card stated as another card",
			sets:     []string{"H2=H4 H3 S5"},
			problems: []string{"1:R1.5", "1:R1.2"},
			kinds:    []string{"none=0"},
		},
		{
			name:  "R1.5 an ordinary card stated as itself",
			sets:  []string{"H2=H2 H3 H4"},
			legal: true, strength: 12,
			kinds: []string{"straight_flush=12"},
		},
		{
			name:     "R1.5 a flagged Captain stated as a Parrot",
			sets:     []string{"SC*=SP S5"},
			problems: []string{"1:R1.5"},
			kinds:    []string{"group=4"},
			as:       map[string]string{"SC*": "A5"},
		},
		{
			name:  "R1.5 a flagged Captain takes another suit and rank",
			sets:  []string{"HC*=A7 A5 A6"},
			legal: true, strength: 12,
			kinds: []string{"straight_flush=12"},
			as:    map[string]string{"HC*": "A7"},
		},
		{
			name:  "R1.6 a flagged Captain may keep its printed identity",
			sets:  []string{"HC* AC KC XC SC"},
			legal: true, strength: 22,
			kinds: []string{"group=22"},
			as:    map[string]string{"HC*": "HC"},
		},
		{
			name:  "R1.6 a flagged Captain may keep its printed identity when stated",
			sets:  []string{"HC*=HC XC"},
			legal: true, strength: 4,
			kinds: []string{"group=4"},
			as:    map[string]string{"HC*": "HC"},
		},
		{
			name:  "R1.6 two flagged Captains are a pair",
			sets:  []string{"HC* SC*"},
			legal: true, strength: 4,
			kinds: []string{"group=4"},
			as:    map[string]string{"HC*": "A1", "SC*": "H1"},
		},
		{
			name:  "R1.6 a set of only Parrots",
			sets:  []string{"SP HP AP"},
			legal: true, strength: 10,
			kinds: []string{"group=10"},
			as:    map[string]string{"AP": "A1", "HP": "H1", "SP": "S1"},
		},
		{
			name:  "R1.6 Parrot and flagged Captains make a straight flush",
			sets:  []string{"AP AC* HC*"},
			legal: true, strength: 12,
			kinds: []string{"straight_flush=12"},
			as:    map[string]string{"AP": "A1", "AC*": "A2", "HC*": "A3"},
		},
		{
			name:  "R1.6 five flagged Captains are five of a kind",
			sets:  []string{"AC* HC* KC* XC* SC*"},
			legal: true, strength: 22,
			kinds: []string{"group=22"},
			as:    map[string]string{"AC*": "A1", "HC*": "H1", "KC*": "K1", "XC*": "X1", "SC*": "S1"},
		},
		{
			name:  "R1.6 a moved Captain frees its place for the Heart Parrot",
			sets:  []string{"HC*=A7 A5 A6", "HP=HC XC SC"},
			legal: true, strength: 22,
			kinds: []string{"straight_flush=12", "group=10"},
			as:    map[string]string{"HC*": "A7", "HP": "HC"},
		},
		{
			name:  "R1.6 a flagged Captain becomes the fifth 5 as a Kraken",
			sets:  []string{"HC* X5 S5 A5 H5"},
			legal: true, strength: 22,
			kinds: []string{"group=22"},
			as:    map[string]string{"HC*": "K5"},
		},
		{
			name:     "R1.6 ruling: in a 2-player game no Kraken for the fifth 5",
			sets:     []string{"HC* X5 S5 A5 H5"},
			players:  2,
			problems: []string{"1:R1.2"},
			kinds:    []string{"none=0"},
			as:       map[string]string{"HC*": "HC"},
		},
		{
			name:     "R1.6 ruling: a flagged Captain stated as a Kraken in a 2-player game",
			sets:     []string{"HC*=K5 X5"},
			players:  2,
			problems: []string{"1:R1.6"},
			kinds:    []string{"group=4"},
			as:       map[string]string{"HC*": "A5"},
		},
		{
			name:     "R1.6 a stated Parrot twins a card of another set",
			sets:     []string{"SP=S5 A5", "S5 S6 S7"},
			problems: []string{"2:R1.6"},
			kinds:    []string{"group=4", "straight_flush=12"},
			as:       map[string]string{"SP": "S5"},
		},
		{
			name:     "R1.6 two stated wilds twin each other",
			sets:     []string{"SP=S5 A5", "SC*=S5 H5"},
			problems: []string{"2:R1.6"},
			kinds:    []string{"group=4", "group=4"},
			as:       map[string]string{"SP": "S5", "SC*": "S5"},
		},
		{
			name:     "R1.6 an open Parrot whose only choice is used elsewhere",
			sets:     []string{"SP A5", "S5 X5"},
			problems: []string{"1:R1.6"},
			kinds:    []string{"none=0", "group=4"},
			as:       map[string]string{"SP": "SP"},
		},
		{
			name:  "R1.6 wilds are chosen jointly across sets",
			sets:  []string{"SC* A5 H5 K5", "XP X4 X6"},
			legal: true, strength: 28,
			kinds: []string{"group=16", "straight_flush=12"},
			as:    map[string]string{"SC*": "S5", "XP": "X5"},
		},
		{
			name:   "R1.6 an unused card does not stop a wild standing for it",
			sets:   []string{"SP A5"},
			unused: "S5",
			legal:  true, strength: 4,
			kinds: []string{"group=4"},
			as:    map[string]string{"SP": "S5"},
		},
		{
			name:  "R1.2 full ship",
			sets:  []string{"A1 H2 K3 X4 S5 A6 H7 KQ XC"},
			legal: true, strength: 25,
			kinds: []string{"full_ship=25"},
		},
		{
			name:  "R1.2 full ship with a Parrot",
			sets:  []string{"A1 H2 K3 X4 SP A6 H7 KQ XC"},
			legal: true, strength: 25,
			kinds: []string{"full_ship=25"},
			as:    map[string]string{"SP": "S5"},
		},
		{
			name:  "R1.2 nine Anchors are a straight flush, not a full ship",
			sets:  []string{"A1 A2 A3 A4 A5 A6 A7 AQ AC"},
			legal: true, strength: 36,
			kinds: []string{"straight_flush=36"},
		},
		{
			name:   "R1.2 an empty claim is legal and worth nothing",
			sets:   []string{},
			unused: "H2 H3",
			legal:  true, strength: 0,
			kinds: []string{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Check(checkClaims(t, tt.sets), checkCards(t, tt.unused), Options{Players: tt.players})
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			if got.Legal != tt.legal || got.Strength != tt.strength {
				t.Errorf("legal, strength = %v, %d; want %v, %d (problems %v)", got.Legal, got.Strength, tt.legal, tt.strength, got.Problems)
			}
			probs := []string{}
			for _, p := range got.Problems {
				probs = append(probs, fmt.Sprintf("%d:%s", p.Set, p.Rule))
				if p.Code == "" || len(p.Cards) == 0 {
					t.Errorf("problem %d:%s has code %q and cards %v, want a code and its cards", p.Set, p.Rule, p.Code, p.Cards)
				}
			}
			if !slices.Equal(probs, tt.problems) {
				t.Errorf("problems = %v, want %v (%v)", probs, tt.problems, got.Problems)
			}
			kinds := []string{}
			as := map[string]string{}
			for i, s := range got.Sets {
				kinds = append(kinds, fmt.Sprintf("%s=%d", s.Kind, s.Strength))
				claims := checkClaims(t, tt.sets)[i]
				if len(s.Cards) != len(claims) {
					t.Fatalf("set %d has %d cards, want %d", i+1, len(s.Cards), len(claims))
				}
				for j, pc := range s.Cards {
					if pc.Card != claims[j].Card {
						t.Errorf("set %d card %d = %s, want %s (claim order)", i+1, j, pc.Card, claims[j].Card)
					}
					if pc.Card.IsWild() {
						as[pc.Card.String()] = pc.As.String()
					} else if pc.As != pc.Card.Cell() {
						t.Errorf("ordinary card %s placed as %s", pc.Card, pc.As)
					}
				}
			}
			if !slices.Equal(kinds, tt.kinds) {
				t.Errorf("sets = %v, want %v", kinds, tt.kinds)
			}
			wantAs := tt.as
			if wantAs == nil {
				wantAs = map[string]string{}
			}
			if fmt.Sprint(as) != fmt.Sprint(wantAs) {
				t.Errorf("wilds became %v, want %v", as, wantAs)
			}
		})
	}
}

func TestCheckBadInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		sets    [][]Claim
		unused  string
		players int
		want    string
	}{
		{
			name: "a card in two sets",
			sets: [][]Claim{{{Card: Card{Heart, 4, false}}, {Card: Card{Heart, 5, false}}}, {{Card: Card{Heart, 4, false}}}},
			want: `card "H4" given twice`,
		},
		{
			name:   "a card in a set and the pool",
			sets:   [][]Claim{{{Card: Card{Heart, 4, false}}}},
			unused: "H4",
			want:   `card "H4" given twice`,
		},
		{
			name:   "a Captain with and without its mark",
			sets:   [][]Claim{{{Card: Card{Heart, Cpt, true}}}},
			unused: "HC",
			want:   `card "HC" given twice`,
		},
		{
			name:    "R4.2 a Kraken in a 2-player game",
			sets:    [][]Claim{{{Card: Card{Kraken, 3, false}}, {Card: Card{Heart, 3, false}}}},
			players: 2,
			want:    `Kraken cards are not in a 2-player game: "K3"`,
		},
		{
			name:    "R4.2 a Kraken in the unused pool of a 2-player game",
			sets:    [][]Claim{},
			unused:  "H1 KP",
			players: 2,
			want:    `Kraken cards are not in a 2-player game: "KP"`,
		},
		{
			name: "an empty set",
			sets: [][]Claim{{{Card: Card{Heart, 4, false}}, {Card: Card{Swords, 4, false}}}, {}},
			want: "set 2 is empty",
		},
		{
			name:    "seven players",
			sets:    [][]Claim{},
			players: 7,
			want:    "players must be 2, 3 or 4: 7",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Check(tt.sets, checkCards(t, tt.unused), Options{Players: tt.players})
			if err == nil || err.Error() != tt.want {
				t.Errorf("Check = %+v, %v; want error %q", got, err, tt.want)
			}
		})
	}
}

// TestCheckJSON pins the check --json shape of docs/api.md: empty lists are
// [] not null, and wilds carry "as".
func TestCheckJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		sets []string
		want []string // fragments of the compact JSON
	}{
		{
			name: "legal claim with a wild",
			sets: []string{"S1 S7 SP"},
			want: []string{`"legal":true`, `"strength":8`, `"problems":[]`, `{"card":"SP","as":"S2"}`, `"kind":"flush"`, `"best":{`, `"unused_cards":[`},
		},
		{
			name: "illegal claim",
			sets: []string{"HQ S5"},
			want: []string{`"legal":false`, `"strength":0`, `"problems":[{"set":1,"message":"`, `"rule":"R1.2"}]`, `"kind":"none"`},
		},
		{
			name: "no sets",
			sets: []string{},
			want: []string{`"problems":[]`, `"sets":[]`, `"best":{"strength":0,"unused":0,"sets":[],"unused_cards":[]}`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Check(checkClaims(t, tt.sets), nil, Options{})
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			b, err := json.Marshal(res)
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(b), w) {
					t.Errorf("JSON %s\nlacks %s", b, w)
				}
			}
		})
	}
}

// TestCheckBest compares a claim with the best party for the whole pool;
// it needs the real solver (Solve).
func TestCheckBest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		sets      []string
		unused    string
		claimed   int
		best      int
		bestUnuse int
	}{
		{name: "R1.8 the pair alone is short of the best", sets: []string{"S6 K6"}, unused: "H2 H3 A4", claimed: 4, best: 10, bestUnuse: 0},
		{name: "R1.8 the best party is claimed", sets: []string{"H2 H3 A4", "S6 K6"}, claimed: 10, best: 10, bestUnuse: 0},
		{name: "R1.8 nothing to claim", sets: []string{}, unused: "HQ S5", claimed: 0, best: 0, bestUnuse: 2},
		{name: "R1.2 a claimed straight that is a straight flush in the best party", sets: []string{"H1 H2 A3"}, unused: "H3", claimed: 6, best: 12, bestUnuse: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Check(checkClaims(t, tt.sets), checkCards(t, tt.unused), Options{})
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			if res.Strength != tt.claimed || res.Best.Strength != tt.best || res.Best.Unused != tt.bestUnuse {
				t.Errorf("claimed, best, best unused = %d, %d, %d; want %d, %d, %d",
					res.Strength, res.Best.Strength, res.Best.Unused, tt.claimed, tt.best, tt.bestUnuse)
			}
		})
	}
}

// TestCheckInPool: a claimed card outside the pool breaks R1.1, the pool's
// Captain-power marks win, and the best party is the pool's.
func TestCheckInPool(t *testing.T) {
	t.Parallel()
	claim := func(codes ...string) []Claim {
		var out []Claim
		for _, c := range codes {
			cl, err := ParseClaim(c)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, cl)
		}
		return out
	}
	tests := []struct {
		name     string
		sets     [][]Claim
		pool     string
		legal    bool
		strength int
		rules    []string
		best     int
	}{
		{"legal", [][]Claim{claim("H2", "H3", "H4")}, "H2 H3 H4 XQ", true, 12, nil, 12},
		{"R1.1 a card from outside", [][]Claim{claim("H2", "H3", "H4", "H5")}, "H2 H3 H4 XQ", false, 0, []string{"R1.1"}, 12},
		{"the pool's power mark counts", [][]Claim{claim("SC=A7", "A7")}, "SC* A7", false, 0, []string{"R1.6"}, 4},
		{"power used in the pool", [][]Claim{claim("SC=H7", "A7")}, "SC* A7", true, 4, nil, 4},
		{"R1.5 no power in the pool", [][]Claim{claim("SC*=H7", "A7")}, "SC A7", false, 0, []string{"R1.5", "R1.2"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := CheckInPool(context.Background(), tt.sets, poolOf(t, tt.pool), Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var rules []string
			for _, p := range res.Problems {
				rules = append(rules, p.Rule)
			}
			if res.Legal != tt.legal || res.Strength != tt.strength || !slices.Equal(rules, tt.rules) || res.Best.Strength != tt.best {
				t.Fatalf("legal %t strength %d rules %v best %d; want %t %d %v %d (%+v)",
					res.Legal, res.Strength, rules, res.Best.Strength, tt.legal, tt.strength, tt.rules, tt.best, res.Problems)
			}
		})
	}
}
