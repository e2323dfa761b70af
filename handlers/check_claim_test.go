package handlers_test

import (
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCheckDrawsIllegalSetAsClaimed: a set the claim gets wrong is drawn
// as it was claimed, each card once, a wild with the identity its owner
// stated or none, and its problem beside it; it shows no pattern or
// strength the claim did not earn, even when scoring found that the same
// cards, wilded otherwise, would fit one (the JSON keeps that). A legal
// set beside it is drawn as before.
func TestCheckDrawsIllegalSetAsClaimed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		path string
		set  int
		// cards are the set's cards, each to be drawn exactly once, with
		// the text of its face: the card, then "as …" for a stated wild.
		cards []string
		faces []string
		rules []string // the rules cited next to the set
		note  string   // the first problem beside the set, as read
		// legal is another set of the claim, drawn with its pattern.
		legal, legalName, legalStrength string
	}{
		{name: "a Parrot stated in another suit", path: "/check?players=4&pool=K2,K3,K4,KP,X1,X4,X5,X6,X7,SC&set=K2,K3,K4,KP=A5&set=X4,X5,X6,X7", set: 1,
			cards: []string{"K2", "K3", "K4", "KP"},
			faces: []string{"2 of Kraken", "3 of Kraken", "4 of Kraken", "Parrot of Kraken as 5 of Anchor"},
			rules: []string{"R1.4"}, note: "Parrot of Kraken is stated as 5 of Anchor, but a Parrot keeps its own suit, Kraken. R1.4",
			legal: "2", legalName: "Straight flush of 4", legalStrength: "16"},
		{name: "a wild with nothing stated in a set that fits nothing", path: "/check?players=4&set=H3,H4,H5&set=SP,H2,A7", set: 2,
			cards: []string{"H2", "A7", "SP"},
			faces: []string{"2 of Heart", "7 of Anchor", "Parrot of Swords"},
			rules: []string{"R1.2"}, note: "This set is no group, straight, flush, straight flush or full ship, whatever its wilds become. R1.2",
			legal: "1", legalName: "Straight flush of 3", legalStrength: "12"},
		{name: "a Captain stated as another card without its power", path: "/check?players=4&set=SC=A7,A5,A6", set: 1,
			cards: []string{"A5", "A6", "SC"},
			faces: []string{"5 of Anchor", "6 of Anchor", "C of Swords as 7 of Anchor"},
			rules: []string{"R1.5", "R1.2"}, note: "C of Swords is stated as 7 of Anchor, but without the Captain-power mark (*) it is only the Swords Captain. R1.5"},
		{name: "a card from outside the round's pool", path: "/check?players=3&pool=H2,H3,H4,X6,S6&set=H2,H3,H4,H5&set=X6,S6", set: 1,
			cards: []string{"H2", "H3", "H4", "H5"},
			faces: []string{"2 of Heart", "3 of Heart", "4 of Heart", "5 of Heart"},
			rules: []string{"R1.1"}, note: "5 of Heart is not in this pool: only the pirates in the Ship and New Recruits Areas take part. R1.1",
			legal: "2", legalName: "Pair", legalStrength: "4"},
	}
	a := newApp(t)
	face := regexp.MustCompile(`<span class="face `)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.get(t, tt.path)
			if res.status != http.StatusOK {
				t.Fatalf("GET %s: status %d, want 200", tt.path, res.status)
			}
			if v := textOf(res.body, "verdict"); !strings.HasPrefix(v, "Not legal") {
				t.Fatalf("verdict %q, want Not legal", v)
			}
			id := "claim-set-" + strconv.Itoa(tt.set)
			set := innerHTML(res.body, id)
			if set == "" {
				t.Fatalf("no %s on the page", id)
			}
			// The set as drawn, without the choices of its "stands as"
			// menus, which list every card a wild may be stated as.
			text := plain(regexp.MustCompile(`(?s)<select .*?</select>`).ReplaceAllString(set, ""))
			if got := len(face.FindAllString(set, -1)); got != len(tt.cards) {
				t.Errorf("%s draws %d card faces, want %d, one per card: %s", id, got, len(tt.cards), text)
			}
			for i, c := range tt.cards {
				if n := strings.Count(set, `data-testid="claim-card-`+c+`"`); n != 1 {
					t.Errorf("%s is drawn %d times in %s, want once", c, n, id)
				}
				if got := textOf(res.body, "claim-card-"+c); got != tt.faces[i] {
					t.Errorf("face of %s reads %q, want %q", c, got, tt.faces[i])
				}
			}
			if got := textOf(res.body, id+"-name"); got != "Not a legal set" {
				t.Errorf("%s is named %q, want %q", id, got, "Not a legal set")
			}
			if got := textOf(res.body, id+"-strength"); got != "0" {
				t.Errorf("%s has strength %q, want 0: an illegal set adds nothing", id, got)
			}
			for _, no := range []string{"Straight flush", "Straight", "Flush", "Pair", "No pattern", " = ", "16", "12"} {
				if strings.Contains(text, no) {
					t.Errorf("%s says %q, a pattern, strength or identity the claim does not have: %s", id, no, text)
				}
			}
			if strings.Contains(set, `class="wildnote"`) {
				t.Errorf("%s says what its wilds stood for, but nothing stood for anything in an illegal set: %s", id, text)
			}
			var rules []string
			for i := 1; ; i++ {
				p := innerHTML(res.body, id+"-problem-"+strconv.Itoa(i))
				if p == "" {
					break
				}
				m := regexp.MustCompile(`<a class="rule" href="/rules#(R[0-9.]+)">`).FindStringSubmatch(p)
				if m == nil {
					t.Errorf("problem %d of %s cites no rule: %s", i, id, p)
					continue
				}
				rules = append(rules, m[1])
			}
			if !slices.Equal(rules, tt.rules) {
				t.Errorf("%s cites %v next to it, want %v: %s", id, rules, tt.rules, text)
			}
			if got := textOf(res.body, id+"-problem-1"); got != tt.note {
				t.Errorf("beside %s: %q, want %q", id, got, tt.note)
			}
			if tt.legal != "" {
				lid := "claim-set-" + tt.legal
				if got := textOf(res.body, lid+"-name"); got != tt.legalName {
					t.Errorf("%s is named %q, want %q", lid, got, tt.legalName)
				}
				if got := textOf(res.body, lid+"-strength"); got != tt.legalStrength {
					t.Errorf("%s has strength %q, want %s", lid, got, tt.legalStrength)
				}
			}
		})
	}
}
