package scoring

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// entry builds a round entry from a line of card codes.
func newEntry(t *testing.T, pool string, coins int) *Entry {
	t.Helper()
	return &Entry{Pool: parseLine(t, pool), Coins: coins}
}

// validGame is a fresh, valid 3-player game after two rounds, with final
// collections; cases change a copy of it.
func validGame(t *testing.T) Game {
	t.Helper()
	return Game{
		Version:      1,
		Players:      []string{"Lucy", "Craig", "Julie"},
		StartPlayer:  0,
		Achievements: []string{Richest, Merciless},
		Rounds: [][]*Entry{
			{newEntry(t, "H1 H2", 1), newEntry(t, "S1", 0), newEntry(t, "A1", 2)},
			{newEntry(t, "H1 H2 H3", 3), newEntry(t, "S1 S2", 0), newEntry(t, "A1 A2", 2)},
		},
		Final: []FinalEntry{
			{Pirates: parseLine(t, "H1 H2"), BuriedPirates: parseLine(t, "H3"), BuriedPowderMonkeys: 2, LootBannerKept: 7, LootBannerBuried: 2, Coins: 4},
			{Pirates: parseLine(t, "S1 S2"), Coins: 0},
			{Pirates: parseLine(t, "A1 A2"), Coins: 1, ParleyUsed: true},
		},
	}
}

func TestValidateAccepts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(t *testing.T, g *Game)
	}{
		{"complete game", func(t *testing.T, g *Game) {}},
		{"R2.1 game in progress without final", func(t *testing.T, g *Game) { g.Final = nil }},
		{"R2.1 round still being entered", func(t *testing.T, g *Game) {
			g.Final = nil
			g.Rounds = append(g.Rounds, []*Entry{nil, newEntry(t, "S1 S2 S3", 0), nil})
		}},
		{"R2.1 two players play six rounds", func(t *testing.T, g *Game) {
			g.Players = g.Players[:2]
			g.Final = nil
			g.Rounds = nil
			for range 6 {
				g.Rounds = append(g.Rounds, []*Entry{{}, {}})
			}
		}},
		{"R3.2 three achievements", func(t *testing.T, g *Game) { g.Achievements = []string{Commander, Recruiter, Mutineer} }},
		{"R4.5 names of 40 characters, trimmed, any script", func(t *testing.T, g *Game) {
			g.Players[0] = "  " + strings.Repeat("é", 40) + " "
			g.Players[1] = "Ünal"
		}},
		{"R4.5 names with inner spaces, accents, marks, emoji and symbols", func(t *testing.T, g *Game) {
			g.Players[0] = "Anne-Marie O'Neil"
			g.Players[1] = "Zoë 🏴\u200d☠️ 👩🏽\u200d💻 ❤️\u200d🔥 🦜"
			g.Players[2] = "ناصر 李雷 e\u0301"
		}},
		{"R4.5 a code point newer than Go's Unicode tables", func(t *testing.T, g *Game) { g.Players[2] = "Julie \U0001FAE9" }},
		{"R4.5 counts at their limits", func(t *testing.T, g *Game) {
			g.Rounds[0][0].Coins = 99
			g.Final[0] = FinalEntry{Pirates: parseLine(t, "H1 H2 H3"), BuriedPowderMonkeys: 6, LootBannerKept: 99, LootBannerBuried: 99, Coins: 99}
		}},
		{"R4.1 a player keeps their own pirate from round to round", func(t *testing.T, g *Game) {
			g.Rounds[1][0] = newEntry(t, "H1 H2 H3", 0)
		}},
		{"R4.4 a Captain flagged in a round is the same card in the collection", func(t *testing.T, g *Game) {
			g.Rounds[1][1] = newEntry(t, "S1 S2 SC*", 0)
			g.Final[1].BuriedPirates = parseLine(t, "SC")
		}},
		{"R4.4 a buried pirate counts as kept", func(t *testing.T, g *Game) {
			g.Final[0] = FinalEntry{BuriedPirates: parseLine(t, "H1 H2 H3")}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := validGame(t)
			tt.change(t, &g)
			if _, err := Validate(g); err != nil {
				t.Errorf("Validate: got error %v, want none", err)
			}
		})
	}
}

func TestValidateRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		change      func(t *testing.T, g *Game)
		wantField   string
		wantRule    string
		wantPlayers []int
		wantOther   string
		wantMessage string // a part of the message
	}{
		{"version must be 1", func(t *testing.T, g *Game) { g.Version = 2 },
			"version", "", nil, "", "version 2"},
		{"R4.5 one player is too few", func(t *testing.T, g *Game) { g.Players = g.Players[:1] },
			"players", "R4.5", nil, "", "not 1"},
		{"R4.5 five players are too many", func(t *testing.T, g *Game) { g.Players = append(g.Players, "Ann", "Bob") },
			"players", "R4.5", nil, "", "not 5"},
		{"R4.5 blank name", func(t *testing.T, g *Game) { g.Players[1] = "   " },
			"players[1]", "R4.5", nil, "", "1 to 40 characters"},
		{"R4.5 name of 41 characters", func(t *testing.T, g *Game) { g.Players[2] = strings.Repeat("x", 41) },
			"players[2]", "R4.5", nil, "", "1 to 40 characters"},
		{"R4.5 names unique ignoring case and spaces", func(t *testing.T, g *Game) { g.Players[2] = " lucy " },
			"players[2]", "R4.5", []int{0, 2}, "players[0]", `"lucy"`},
		{"R4.5 NUL in a name", func(t *testing.T, g *Game) { g.Players[1] = "Cr\x00aig" },
			"players[1]", "R4.5", nil, "", "a control character (U+0000, character 3"},
		{"R4.5 BEL in a name", func(t *testing.T, g *Game) { g.Players[0] = "Lucy\a" },
			"players[0]", "R4.5", nil, "", "a control character (U+0007, character 5"},
		{"R4.5 ANSI colour code in a name", func(t *testing.T, g *Game) { g.Players[2] = "\x1b[31mJulie\x1b[0m" },
			"players[2]", "R4.5", nil, "", "an escape character (U+001B, character 1"},
		{"R4.5 DEL in a name", func(t *testing.T, g *Game) { g.Players[1] = "Craig\x7f" },
			"players[1]", "R4.5", nil, "", "a control character (U+007F"},
		{"R4.5 C1 control in a name", func(t *testing.T, g *Game) { g.Players[1] = "Cr\u0085aig" },
			"players[1]", "R4.5", nil, "", "a control character (U+0085"},
		{"R4.5 tab in a name", func(t *testing.T, g *Game) { g.Players[1] = "Cr\taig" },
			"players[1]", "R4.5", nil, "", "a control character (U+0009"},
		{"R4.5 right-to-left override in a name", func(t *testing.T, g *Game) { g.Players[1] = "Craig\u202egnp.exe" },
			"players[1]", "R4.5", nil, "", "a text direction control (U+202E, character 6"},
		{"R4.5 bidi isolate in a name", func(t *testing.T, g *Game) { g.Players[1] = "\u2067Craig" },
			"players[1]", "R4.5", nil, "", "a text direction control (U+2067"},
		{"R4.5 left-to-right mark in a name", func(t *testing.T, g *Game) { g.Players[1] = "Craig\u200e" },
			"players[1]", "R4.5", nil, "", "a text direction control (U+200E"},
		{"R4.5 Arabic letter mark in a name", func(t *testing.T, g *Game) { g.Players[1] = "Craig\u061c" },
			"players[1]", "R4.5", nil, "", "a text direction control (U+061C"},
		{"R4.5 zero-width space in a name", func(t *testing.T, g *Game) { g.Players[2] = "Lu\u200bcy" },
			"players[2]", "R4.5", nil, "", "an invisible character (U+200B"},
		{"R4.5 zero-width joiner in a name", func(t *testing.T, g *Game) { g.Players[2] = "Ju\u200dlie" },
			"players[2]", "R4.5", nil, "", "an invisible character (U+200D"},
		{"R4.5 zero-width joiner after an emoji with nothing after it", func(t *testing.T, g *Game) { g.Players[2] = "Julie 🦜\u200d" },
			"players[2]", "R4.5", nil, "", "an invisible character (U+200D, character 8"},
		{"R4.5 zero-width joiner between an emoji and a letter", func(t *testing.T, g *Game) { g.Players[2] = "🦜\u200dJulie" },
			"players[2]", "R4.5", nil, "", "an invisible character (U+200D, character 2"},
		{"R4.5 word joiner in a name", func(t *testing.T, g *Game) { g.Players[2] = "Ju\u2060lie" },
			"players[2]", "R4.5", nil, "", "an invisible character (U+2060"},
		{"R4.5 byte order mark in a name", func(t *testing.T, g *Game) { g.Players[2] = "\ufeffJulie" },
			"players[2]", "R4.5", nil, "", "an invisible character (U+FEFF"},
		{"R4.5 soft hyphen in a name", func(t *testing.T, g *Game) { g.Players[2] = "Ju\u00adlie" },
			"players[2]", "R4.5", nil, "", "an invisible character (U+00AD"},
		{"R4.5 other format character in a name", func(t *testing.T, g *Game) { g.Players[2] = "Julie\U000E0041" },
			"players[2]", "R4.5", nil, "", "an invisible formatting character (U+E0041"},
		{"R4.5 Hangul filler as a name", func(t *testing.T, g *Game) { g.Players[2] = "\u3164" },
			"players[2]", "R4.5", nil, "", "an invisible formatting character (U+3164"},
		{"R4.5 line separator in a name", func(t *testing.T, g *Game) { g.Players[2] = "Ju\u2028lie" },
			"players[2]", "R4.5", nil, "", "a line break (U+2028"},
		{"R4.5 private-use character in a name", func(t *testing.T, g *Game) { g.Players[2] = "Ju\ue000lie" },
			"players[2]", "R4.5", nil, "", "no agreed form (U+E000"},
		{"R4.5 name that is not UTF-8", func(t *testing.T, g *Game) { g.Players[2] = "Ju\xfflie" },
			"players[2]", "R4.5", nil, "", "must be UTF-8 text"},
		{"R2.1 start player out of range", func(t *testing.T, g *Game) { g.StartPlayer = 3 },
			"start_player", "R2.1", nil, "", "not 3"},
		{"R2.1 negative start player", func(t *testing.T, g *Game) { g.StartPlayer = -1 },
			"start_player", "R2.1", nil, "", "not -1"},
		{"R3.2 one achievement is too few", func(t *testing.T, g *Game) { g.Achievements = []string{Richest} },
			"achievements", "R3.2", nil, "", "2 or 3"},
		{"R3.2 four achievements are too many", func(t *testing.T, g *Game) {
			g.Achievements = []string{Richest, Merciless, Mutineer, Recruiter}
		}, "achievements", "R3.2", nil, "", "not 4"},
		{"R3.2 unknown achievement", func(t *testing.T, g *Game) { g.Achievements[1] = "bravest" },
			"achievements[1]", "R3.2", nil, "", `"bravest"`},
		{"R3.2 achievement twice", func(t *testing.T, g *Game) { g.Achievements = []string{Richest, Mutineer, Richest} },
			"achievements[2]", "R3.2", nil, "", "twice"},
		{"R3.2 shipshape and commander together", func(t *testing.T, g *Game) {
			g.Achievements = []string{Commander, Richest, Shipshape}
		}, "achievements[2]", "R3.2", nil, "", "Shipshape and Commander"},
		{"R2.1 too many rounds", func(t *testing.T, g *Game) {
			g.Final = nil
			for range 4 {
				g.Rounds = append(g.Rounds, []*Entry{nil, nil, nil})
			}
		}, "rounds", "R2.1", nil, "", "5 rounds, not 6"},
		{"round with a missing seat", func(t *testing.T, g *Game) { g.Rounds[1] = g.Rounds[1][:2] },
			"rounds[1]", "", nil, "", "2 entries for 3 players"},
		{"R4.2 Kraken in a 2-player pool", func(t *testing.T, g *Game) {
			g.Players, g.Final = g.Players[:2], nil
			g.Rounds = [][]*Entry{{newEntry(t, "H1", 0), newEntry(t, "S1 S2 K3", 0)}}
		}, "rounds[0][1].pool[2]", "R4.2", nil, "", `Kraken cards are not in a 2-player game: "K3"`},
		{"R4.2 Kraken in a 2-player collection", func(t *testing.T, g *Game) {
			g.Players, g.Rounds = g.Players[:2], nil
			g.Final = []FinalEntry{{}, {BuriedPirates: parseLine(t, "KC*")}}
		}, "final[1].buried_pirates[0]", "R4.2", nil, "", `Kraken cards are not in a 2-player game: "KC*"`},
		{"R0 card twice in one pool", func(t *testing.T, g *Game) { g.Rounds[1][0].Pool = append(g.Rounds[1][0].Pool, Card{Heart, 2, false}) },
			"rounds[1][0].pool[3]", "R0", nil, "", `card "H2" given twice`},
		{"R0 Captain with and without mark is one card", func(t *testing.T, g *Game) {
			g.Rounds[0][1].Pool = []Card{{Swords, Cpt, false}, {Swords, Cpt, true}}
		}, "rounds[0][1].pool[1]", "R0", nil, "", `card "SC" given twice`},
		{"R0 card twice in one collection", func(t *testing.T, g *Game) { g.Final[0].BuriedPirates = parseLine(t, "H3 H1") },
			"final[0].buried_pirates[1]", "R0", nil, "", `card "H1" given twice`},
		{"R4.1 same card in two pools in one round", func(t *testing.T, g *Game) { g.Rounds[1][2] = newEntry(t, "A1 A2 H3", 0) },
			"rounds[1][2].pool[2]", "R4.1", []int{0, 2}, "rounds[1][0].pool[2]", `card "H3" is in both Lucy's and Julie's pools in round 2`},
		{"R4.1 card changes owner between rounds", func(t *testing.T, g *Game) { g.Rounds[1][1] = newEntry(t, "S1 S2 A1", 0) },
			"rounds[1][1].pool[2]", "R4.1", []int{2, 1}, "rounds[0][2].pool[0]", `card "A1" is entered for Craig but Julie already had it in round 1`},
		{"R4.1 card in another player's collection", func(t *testing.T, g *Game) { g.Final[1].Pirates = parseLine(t, "S1 S2 H2") },
			"final[1].pirates[2]", "R4.1", []int{0, 1}, "rounds[0][0].pool[1]", `card "H2" is entered for Craig but Lucy already had it in round 1`},
		{"R4.1 card in two final collections", func(t *testing.T, g *Game) {
			g.Final[0].Pirates = append(g.Final[0].Pirates, parseLine(t, "X7")...)
			g.Final[2].BuriedPirates = parseLine(t, "X7")
		}, "final[2].buried_pirates[0]", "R4.1", []int{0, 2}, "final[0].pirates[2]", `already in Lucy's final collection`},
		{"R4.5 negative coins", func(t *testing.T, g *Game) { g.Rounds[0][1].Coins = -1 },
			"rounds[0][1].coins", "R4.5", nil, "", "0 to 99, not -1"},
		{"R4.5 coins above 99", func(t *testing.T, g *Game) { g.Rounds[1][2].Coins = 100 },
			"rounds[1][2].coins", "R4.5", nil, "", "0 to 99, not 100"},
		{"R4.5 more powder monkeys buried than a 3-player start", func(t *testing.T, g *Game) { g.Final[0].BuriedPowderMonkeys = 7 },
			"final[0].buried_powder_monkeys", "R4.5", nil, "", "0 to 6, not 7"},
		{"R4.5 more powder monkeys buried than a 4-player start", func(t *testing.T, g *Game) {
			g.Players = append(g.Players, "Ann")
			g.Rounds = nil
			g.Final = append(g.Final, FinalEntry{BuriedPowderMonkeys: 5})
		}, "final[3].buried_powder_monkeys", "R4.5", nil, "", "0 to 4, not 5"},
		{"R4.5 negative powder monkeys", func(t *testing.T, g *Game) { g.Final[1].BuriedPowderMonkeys = -2 },
			"final[1].buried_powder_monkeys", "R4.5", nil, "", "not -2"},
		{"R4.5 banner kept above 99", func(t *testing.T, g *Game) { g.Final[2].LootBannerKept = 100 },
			"final[2].loot_banner_kept", "R4.5", nil, "", "banner total"},
		{"R4.5 negative banner buried", func(t *testing.T, g *Game) { g.Final[2].LootBannerBuried = -1 },
			"final[2].loot_banner_buried", "R4.5", nil, "", "banner total"},
		{"R4.5 final coins above 99", func(t *testing.T, g *Game) { g.Final[2].Coins = 100 },
			"final[2].coins", "R4.5", nil, "", "coins"},
		{"final needs one collection per player", func(t *testing.T, g *Game) { g.Final = g.Final[:2] },
			"final", "", nil, "", "2 collections for 3 players"},
		{"R4.4 entered pirate missing from the collection", func(t *testing.T, g *Game) { g.Final[0].BuriedPirates = nil },
			"final[0].pirates", "R4.4", []int{0}, "rounds[1][0].pool[2]", `Lucy entered "H3" in round 2`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := validGame(t)
			tt.change(t, &g)
			warnings, err := Validate(g)
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("Validate: got %v, want a *FieldError", err)
			}
			if warnings != nil {
				t.Errorf("warnings = %v, want nil with an error", warnings)
			}
			if fe.Field != tt.wantField {
				t.Errorf("field = %q, want %q", fe.Field, tt.wantField)
			}
			if fe.Rule != tt.wantRule {
				t.Errorf("rule = %q, want %q", fe.Rule, tt.wantRule)
			}
			if !slices.Equal(fe.Players, tt.wantPlayers) {
				t.Errorf("players = %v, want %v", fe.Players, tt.wantPlayers)
			}
			if fe.OtherField != tt.wantOther {
				t.Errorf("other field = %q, want %q", fe.OtherField, tt.wantOther)
			}
			if !strings.Contains(fe.Message, tt.wantMessage) {
				t.Errorf("message = %q, want it to contain %q", fe.Message, tt.wantMessage)
			}
		})
	}
}

func TestValidateWarnings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		rounds [][]string // pools per round, per seat of a 2-player game
		want   []Warning
	}{
		{
			name:   "R4.3 three new pirates a round is fine",
			rounds: [][]string{{"H1 H2 H3", ""}, {"H1 H2 H3 A1 A2 A3", "S1"}},
			want:   []Warning{},
		},
		{
			name:   "R4.3 four new pirates in round 1 warn",
			rounds: [][]string{{"H1", "S1 S2 S3 S4"}},
			want: []Warning{{Player: 1, Round: 1, Cards: []Card{{Swords, 1, false}, {Swords, 2, false}, {Swords, 3, false}, {Swords, 4, false}},
				Rule: "R4.3"}},
		},
		{
			name:   "R4.3 four new pirates in a later round point at earlier rounds",
			rounds: [][]string{{"H1", ""}, {"H1 H2 H3 H4 HC*", ""}},
			want: []Warning{{Player: 0, Round: 2, Cards: []Card{{Heart, 2, false}, {Heart, 3, false}, {Heart, 4, false}, {Heart, Cpt, false}},
				Rule: "R4.3"}},
		},
		{
			name:   "R4.3 a pirate seen before is not new even after a gap",
			rounds: [][]string{{"H1 H2 H3", ""}, {"", ""}, {"H1 H2 H3 A1", ""}},
			want:   []Warning{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Game{Version: 1, Players: []string{"Lucy", "Craig"}, Achievements: DefaultAchievements()}
			for _, r := range tt.rounds {
				g.Rounds = append(g.Rounds, []*Entry{newEntry(t, r[0], 0), newEntry(t, r[1], 0)})
			}
			got, err := Validate(g)
			if err != nil {
				t.Fatalf("Validate: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("warnings = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestEnteredPirates(t *testing.T) {
	t.Parallel()
	g := validGame(t)
	g.Rounds[1][1] = newEntry(t, "S2 SC* S1", 0)
	tests := []struct {
		name   string
		player int
		want   string
	}{
		{"R4.4 every round, once each, in card order", 0, "H1 H2 H3"},
		{"R4.4 Captain mark dropped", 1, "S1 S2 SC"},
		{"R4.4 no seat", 5, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, want := EnteredPirates(g, tt.player), parseLine(t, tt.want)
			if !slices.Equal(got, want) {
				t.Errorf("EnteredPirates(%d) = %v, want %v", tt.player, got, want)
			}
		})
	}
}

func TestWithEntry(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		round      int
		player     int
		wantErr    string // field of the error, "" for none
		wantRounds int
	}{
		{"R2.1 replace an entry", 2, 1, "", 2},
		{"R2.1 start the next round", 3, 2, "", 3},
		{"R2.1 skip a round", 4, 0, "rounds", 0},
		{"R2.1 round 0", 0, 0, "rounds", 0},
		{"R2.1 no such seat", 1, 3, "rounds[0]", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := validGame(t)
			before := g.Rounds[1][1]
			e := newEntry(t, "S1 S2 S3", 5)
			got, err := WithEntry(g, tt.round, tt.player, e)
			if tt.wantErr != "" {
				var fe *FieldError
				if !errors.As(err, &fe) || fe.Field != tt.wantErr {
					t.Fatalf("error = %v, want a FieldError at %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("error = %v, want none", err)
			}
			if len(got.Rounds) != tt.wantRounds {
				t.Errorf("rounds = %d, want %d", len(got.Rounds), tt.wantRounds)
			}
			if got.Rounds[tt.round-1][tt.player] != e {
				t.Errorf("entry not set")
			}
			if len(got.Rounds[tt.round-1]) != len(g.Players) {
				t.Errorf("round has %d seats, want %d", len(got.Rounds[tt.round-1]), len(g.Players))
			}
			if g.Rounds[1][1] != before || len(g.Rounds) != 2 {
				t.Errorf("the original game was changed")
			}
		})
	}
}
