package scoring

import (
	"maps"
	"testing"
)

// TestOwnersBesidesR41 (R4.1, R3.1): every pirate another seat entered, in
// a round or in a collection saved so far, belongs to that seat; the
// seat's own cards are not listed, and a used Captain is its plain card.
func TestOwnersBesidesR41(t *testing.T) {
	t.Parallel()
	c := func(code string) Card { return mustCard(t, code) }
	g := Game{Players: []string{"Ann", "Bob", "Cid"}, Rounds: [][]*Entry{
		{{Pool: []Card{c("H2"), c("SC*")}}, {Pool: []Card{c("A3")}}, nil},
		{{Pool: []Card{c("H2")}}, nil, {Pool: []Card{c("X5")}}},
	}}
	finals := []*FinalEntry{nil, {Pirates: []Card{c("A3")}, BuriedPirates: []Card{c("K7")}}, nil}
	tests := []struct {
		name string
		seat int
		want map[Card]int
	}{
		{"Ann sees Bob's rounds and collection and Cid's round", 0, map[Card]int{c("A3"): 1, c("K7"): 1, c("X5"): 2}},
		{"Bob sees Ann's cards, the Captain as its card", 1, map[Card]int{c("H2"): 0, c("SC"): 0, c("X5"): 2}},
		{"Cid sees Ann's and Bob's", 2, map[Card]int{c("H2"): 0, c("SC"): 0, c("A3"): 1, c("K7"): 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := OwnersBesides(g, finals, tt.seat); !maps.Equal(got, tt.want) {
				t.Errorf("OwnersBesides(seat %d) = %v, want %v", tt.seat, got, tt.want)
			}
		})
	}
}

// TestMinSetSizeR12 (R1.2): the least set of each kind, and SetStrength
// of it is the table's base strength.
func TestMinSetSizeR12(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind       SetKind
		size, base int
	}{
		{Group, 2, 4}, {Straight, 3, 6}, {Flush, 3, 8}, {StraightFlush, 3, 12}, {FullShip, 9, 25},
	}
	for _, tt := range tests {
		t.Run(string(tt.kind), func(t *testing.T) {
			if got := MinSetSize(tt.kind); got != tt.size {
				t.Errorf("MinSetSize(%s) = %d, want %d", tt.kind, got, tt.size)
			}
			if got := SetStrength(tt.kind, tt.size); got != tt.base {
				t.Errorf("SetStrength(%s, %d) = %d, want %d", tt.kind, tt.size, got, tt.base)
			}
		})
	}
}

// mustCard is the card of a code the test knows is good.
func mustCard(t *testing.T, code string) Card {
	t.Helper()
	c, err := ParseCard(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
