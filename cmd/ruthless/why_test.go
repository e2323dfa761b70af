package main

import (
	"strings"
	"testing"
)

// TestSolveWhy is `solve --why` for people: each unused pirate's best use
// and its cost, the most unused, the other best parties. It needs the real
// solver.
func TestSolveWhy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{name: "a card no set can hold and one that costs 4", args: []string{"solve", "--why", "H2 H3 H4 K5 S6 X6 AC"},
			want: []string{"strength 16, unused 2: C⚓ 5🐙", "why not more?", "C⚓: no set from this pool can hold it",
				"putting 5🐙 to use: best is 12, 4 less", "straight  2♥ 3♥ 4♥ 5🐙  = 8", "strength 12, unused 1: C⚓",
				"no party of strength 16 leaves more than 2 pirates unused", "no other party of strength 16 leaves 2 unused"}},
		{name: "another best party", args: []string{"solve", "A1 H2 S2 K3", "--why"},
			want: []string{"putting 2⚔ to use: best is 6 too, leaving 2♥ unused instead", "also strength 6, leaving 2♥ unused:", "straight  1⚓ 2⚔ 3🐙  = 6"}},
		{name: "the same strength with fewer unused", args: []string{"solve", "--why", "A1 H1 K1 X1 A2 S3 K5 H5 H6 S6 H7 XQ AC HC XC"},
			want: []string{"strength 38, unused 5", "putting 2⚓ to use: best is 38 too, but with 3 unused instead of 5", "putting 5🐙 to use: best is 36, 2 less"}},
		{name: "nothing unused", args: []string{"solve", "--why", "H2 H3 H4"},
			want: []string{"strength 12, unused 0", "every pirate is in a set"}},
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

// TestSolveWhyLeavesSolveAlone: without --why the output is exactly what
// it was, for people and in JSON.
func TestSolveWhyLeavesSolveAlone(t *testing.T) {
	t.Parallel()
	_, plain, _ := runMain(t, "", "solve", "H2", "H3", "H4", "K5", "S6", "X6", "AC")
	if want := "straight flush  2♥ 3♥ 4♥  = 12\ngroup           6☠ 6⚔     = 4\nstrength 16, unused 2: C⚓ 5🐙\n"; plain != want {
		t.Errorf("solve without --why:\n%s\nwant:\n%s", plain, want)
	}
	_, js, _ := runMain(t, "", "solve", "--json", "H2", "H3", "H4", "K5")
	if strings.Contains(js, `"why"`) {
		t.Errorf("solve --json without --why has a why field:\n%s", js)
	}
}

func TestSolveWhyJSON(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runMain(t, "", "solve", "--json", "--why", "H2 H3 H4 K5 S6 X6 AC")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var got struct {
		partyJSON
		Why struct {
			Uses []struct {
				Card     string    `json:"card"`
				Possible bool      `json:"possible"`
				Party    partyJSON `json:"party"`
				Cost     int       `json:"cost"`
			} `json:"uses"`
			MostUnused   int         `json:"most_unused"`
			Alternatives []partyJSON `json:"alternatives"`
		} `json:"why"`
	}
	decodeStrict(t, stdout, &got)
	if got.Strength != 16 || got.Unused != 2 {
		t.Errorf("party %d/%d, want 16/2", got.Strength, got.Unused)
	}
	w := got.Why
	if len(w.Uses) != 2 || w.MostUnused != 2 || w.Alternatives == nil || len(w.Alternatives) != 0 {
		t.Fatalf("why = %+v, want 2 uses, most unused 2, alternatives []", w)
	}
	if u := w.Uses[0]; u.Card != "AC" || u.Possible || u.Cost != 0 || len(u.Party.Sets) != 0 || u.Party.Sets == nil {
		t.Errorf("use 0 = %+v, want AC impossible with no sets ([])", u)
	}
	u := w.Uses[1]
	if u.Card != "K5" || !u.Possible || u.Cost != 4 || u.Party.Strength != 12 {
		t.Errorf("use 1 = %+v, want K5 possible, cost 4, strength 12", u)
	}
	if g, want := strings.Join(u.Party.summary(), " "), "straight=8:H2,H3,H4,K5 group=4:X6,S6"; g != want {
		t.Errorf("K5's party = %s, want %s", g, want)
	}
}

func TestSolveWhyTooBig(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runMain(t, "", "solve", "--why", "A1 A2 A3 A4 A5 A6 A7 AQ H1 H2 H3 H4 H5 H6 H7 HQ")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "--why takes pools of up to 15 pirates") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and the limit named", code, stdout, stderr)
	}
}
