package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// contractGame is the game file example of docs/api.md, with every field.
const contractGame = `{
  "version": 1,
  "players": ["Lucy", "Craig", "Julie"],
  "start_player": 0,
  "achievements": ["richest", "merciless"],
  "zero_counts": false,
  "rounds": [
    [
      {"pool": ["H2", "H3", "A4", "S6", "K6"], "coins": 3},
      {"pool": ["S1", "S7", "SP"], "coins": 1},
      {"pool": ["HQ", "S5"], "coins": 0}
    ]
  ],
  "final": [
    {"pirates": ["H2", "H3", "A4"], "buried_pirates": ["S6", "K6"],
     "buried_powder_monkeys": 2, "loot_banner_kept": 7, "loot_banner_buried": 2,
     "coins": 4, "parley_used": true},
    {"pirates": ["S1", "S7", "SP"], "buried_pirates": [],
     "buried_powder_monkeys": 0, "loot_banner_kept": 3, "loot_banner_buried": 0,
     "coins": 1, "parley_used": false},
    {"pirates": ["HQ"], "buried_pirates": ["S5"],
     "buried_powder_monkeys": 1, "loot_banner_kept": 3, "loot_banner_buried": 0,
     "coins": 0, "parley_used": false}
  ]
}`

func mustDecode(t *testing.T, s string) Game {
	t.Helper()
	g, err := DecodeGame(strings.NewReader(s))
	if err != nil {
		t.Fatalf("DecodeGame: %v", err)
	}
	return g
}

func mustEncode(t *testing.T, g Game) string {
	t.Helper()
	var b bytes.Buffer
	if err := EncodeGame(&b, g); err != nil {
		t.Fatalf("EncodeGame: %v", err)
	}
	return b.String()
}

func TestDecodeGameContractExample(t *testing.T) {
	t.Parallel()
	g := mustDecode(t, contractGame)
	if _, err := Validate(g); err != nil {
		t.Fatalf("Validate(contract example): %v", err)
	}
	if g.Version != 1 || len(g.Players) != 3 || g.Players[2] != "Julie" || g.StartPlayer != 0 || g.ZeroCounts {
		t.Errorf("header = %d %v %d %v, want 1 [Lucy Craig Julie] 0 false", g.Version, g.Players, g.StartPlayer, g.ZeroCounts)
	}
	if got, want := g.Rounds[0][1].Pool, parseLine(t, "S1 S7 SP"); !reflect.DeepEqual(got, want) {
		t.Errorf("rounds[0][1].pool = %v, want %v", got, want)
	}
	if got, want := g.Final[0], (FinalEntry{Pirates: parseLine(t, "H2 H3 A4"), BuriedPirates: parseLine(t, "S6 K6"),
		BuriedPowderMonkeys: 2, LootBannerKept: 7, LootBannerBuried: 2, Coins: 4, ParleyUsed: true}); !reflect.DeepEqual(got, want) {
		t.Errorf("final[0] = %+v, want %+v", got, want)
	}
}

func TestEncodeGameRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
	}{
		{"contract example", contractGame},
		{"game in progress with a null entry and lower-case codes", `{"version":1,"players":["A","B"],"start_player":1,
			"achievements":["commander","recruiter","mutineer"],"zero_counts":true,
			"rounds":[[{"pool":["h1","sc*"],"coins":2},null]]}`},
		{"no rounds yet", `{"version":1,"players":["A","B"],"start_player":0,"achievements":["richest","merciless"],"rounds":[]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustDecode(t, tt.in)
			out := mustEncode(t, g)
			again := mustDecode(t, out)
			if !reflect.DeepEqual(normalized(g), normalized(again)) {
				t.Errorf("round trip changed the game:\n got %+v\nwant %+v", again, g)
			}
			if out2 := mustEncode(t, again); out2 != out {
				t.Errorf("second encoding differs:\n got %s\nwant %s", out2, out)
			}
		})
	}
	t.Run("empty lists are written as []", func(t *testing.T) {
		out := mustEncode(t, Game{Version: 1, Rounds: [][]*Entry{{{}, nil}}, Final: []FinalEntry{{}}})
		for _, want := range []string{`"players": []`, `"achievements": []`, `"pool": []`, `"pirates": []`, `"buried_pirates": []`, "null"} {
			if !strings.Contains(out, want) {
				t.Errorf("encoding lacks %s:\n%s", want, out)
			}
		}
	})
	t.Run("card codes are written upper-case with the Captain mark", func(t *testing.T) {
		out := mustEncode(t, mustDecode(t, `{"version":1,"rounds":[[{"pool":["h1","sc*"]}]]}`))
		if !strings.Contains(out, `"H1"`) || !strings.Contains(out, `"SC*"`) {
			t.Errorf("encoding = %s, want H1 and SC*", out)
		}
	})
}

// normalized makes nil and empty lists compare equal.
func normalized(g Game) string {
	b, _ := json.Marshal(g)
	return string(b)
}

func TestDecodeGameDefaults(t *testing.T) {
	t.Parallel()
	g := mustDecode(t, `{"version":1,"players":["A","B"],"future_field":{"x":1},
		"rounds":[[null,{"pool":["X1"],"coins":1,"note":"ignored"}]]}`)
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"R3.2 missing achievements are the default", g.Achievements, DefaultAchievements()},
		{"null entry stays nil", g.Rounds[0][0] == nil, true},
		{"entry read despite unknown field", g.Rounds[0][1].Coins, 1},
		{"final absent is nil", g.Final == nil, true},
		{"zero counts default off", g.ZeroCounts, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !reflect.DeepEqual(tt.got, tt.want) {
				t.Errorf("got %v, want %v", tt.got, tt.want)
			}
		})
	}
}

func TestDecodeGameErrors(t *testing.T) {
	t.Parallel()
	const head = `"version":1,"players":["A","B"],`
	tests := []struct {
		name        string
		in          string
		wantField   string
		wantMessage string
	}{
		{"not JSON", `{"version":1,`, "", "not valid JSON"},
		{"not an object", `[1]`, "", "must be an object"},
		{"null document", `null`, "", "a game file is a JSON object"},
		{"missing version", `{"players":["A","B"]}`, "version", "missing version"},
		{"version as text", `{"version":"1"}`, "version", "whole number"},
		{"players not a list", `{"version":1,"players":"Lucy"}`, "players", "must be a list"},
		{"player name not text", `{"version":1,"players":["A",2]}`, "players[1]", "must be text"},
		{"start player fraction", `{` + head + `"start_player":1.5}`, "start_player", "whole number"},
		{"achievement not text", `{` + head + `"achievements":["richest",1]}`, "achievements[1]", "must be text"},
		{"zero counts not boolean", `{` + head + `"zero_counts":"yes"}`, "zero_counts", "true or false"},
		{"rounds not a list", `{` + head + `"rounds":{}}`, "rounds", "must be a list"},
		{"round not a list", `{` + head + `"rounds":[{}]}`, "rounds[0]", "must be a list"},
		{"entry not an object", `{` + head + `"rounds":[[1]]}`, "rounds[0][0]", "must be an object"},
		{"R0 unknown card", `{` + head + `"rounds":[[null,{"pool":["H1","Z9"]}]]}`, "rounds[0][1].pool[1]", `unknown card "Z9"`},
		{"R1.5 mark on a non-Captain", `{` + head + `"rounds":[[{"pool":["H3*"]},null]]}`, "rounds[0][0].pool[0]", "Captain"},
		{"coins as text", `{` + head + `"rounds":[[null,{"pool":[],"coins":"3"}]]}`, "rounds[0][1].coins", "whole number"},
		{"final not a list", `{` + head + `"final":3}`, "final", "must be a list"},
		{"final entry null", `{` + head + `"final":[null,{}]}`, "final[0]", "missing"},
		{"R0 unknown card in buried pirates", `{` + head + `"final":[{},{"buried_pirates":["AC","A0"]}]}`, "final[1].buried_pirates[1]", `unknown card "A0"`},
		{"final coins fraction", `{` + head + `"final":[{"coins":2.5}]}`, "final[0].coins", "whole number"},
		{"banner as text", `{` + head + `"final":[{"loot_banner_kept":"7"}]}`, "final[0].loot_banner_kept", "whole number"},
		{"parley not boolean", `{` + head + `"final":[{"parley_used":1}]}`, "final[0].parley_used", "true or false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeGame(strings.NewReader(tt.in))
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("DecodeGame: got %v, want a *FieldError", err)
			}
			if fe.Field != tt.wantField {
				t.Errorf("field = %q, want %q", fe.Field, tt.wantField)
			}
			if !strings.Contains(fe.Message, tt.wantMessage) {
				t.Errorf("message = %q, want it to contain %q", fe.Message, tt.wantMessage)
			}
			// json.Unmarshal into a Game goes through the same decoder.
			var g Game
			err = json.Unmarshal([]byte(tt.in), &g)
			if tt.wantField != "" && (!errors.As(err, &fe) || fe.Field != tt.wantField) {
				t.Errorf("json.Unmarshal: got %v, want a *FieldError at %q", err, tt.wantField)
			}
		})
	}
}
