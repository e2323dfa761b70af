package scoring

import (
	"reflect"
	"slices"
	"testing"
)

func TestRoundsFor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		players int
		want    int
	}{
		{"R2.1 two players play 6 rounds", 2, 6},
		{"R2.1 three players play 5 rounds", 3, 5},
		{"R2.1 four players play 5 rounds", 4, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RoundsFor(tt.players); got != tt.want {
				t.Errorf("RoundsFor(%d) = %d, want %d", tt.players, got, tt.want)
			}
		})
	}
}

func TestStartPlayerOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		players int
		start   int
		round   int
		want    int
	}{
		{"R2.1 round 1 is the chosen seat", 3, 1, 1, 1},
		{"R2.1 token passes to the next seat", 3, 1, 2, 2},
		{"R2.1 token wraps round the table", 3, 1, 3, 0},
		{"R2.1 two players alternate", 2, 0, 6, 1},
		{"R2.1 four players round 5", 4, 3, 5, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Game{Players: make([]string, tt.players), StartPlayer: tt.start}
			if got := StartPlayerOf(g, tt.round); got != tt.want {
				t.Errorf("StartPlayerOf(start %d, round %d) = %d, want %d", tt.start, tt.round, got, tt.want)
			}
		})
	}
}

func TestStack(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		players   int
		round     int
		wantToken string
		want      []int
	}{
		{"R2.2 port stack has one token per player", 3, 1, TokenPort, []int{1, 1, 1}},
		{"R2.2 round 2 is still port", 4, 2, TokenPort, []int{1, 1, 1, 1}},
		{"R2.2 piracy stack for 2 players", 2, 3, TokenPiracy, []int{6, 3}},
		{"R2.2 piracy stack for 3 players", 3, 4, TokenPiracy, []int{6, 3, 2}},
		{"R2.2 piracy stack for 4 players", 4, 5, TokenPiracy, []int{6, 3, 2, 1}},
		{"R2.2 two-player round 6 is piracy", 2, 6, TokenPiracy, []int{6, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Stack(tt.players, tt.round); !slices.Equal(got, tt.want) {
				t.Errorf("Stack(%d, %d) = %v, want %v", tt.players, tt.round, got, tt.want)
			}
			if got := TokenFor(tt.round); got != tt.wantToken {
				t.Errorf("TokenFor(%d) = %q, want %q", tt.round, got, tt.wantToken)
			}
		})
	}
}

// hand is a hand-made party: only what the ranking looks at.
type handMade struct{ strength, unused int }

func handParties(hs ...handMade) []Party {
	ps := make([]Party, len(hs))
	for i, h := range hs {
		ps[i] = Party{Strength: h.strength, Unused: h.unused}
	}
	return ps
}

// places flattens the Place pointers: 0 stands for null.
func placesOf(rs []PlayerResult) []int {
	out := make([]int, len(rs))
	for i, r := range rs {
		if r.Place != nil {
			out[i] = *r.Place
		}
	}
	return out
}

func prizesOf(rs []PlayerResult) []int {
	out := make([]int, len(rs))
	for i, r := range rs {
		out[i] = r.Prize
	}
	return out
}

func TestRankRound(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		round        int
		start        int
		parties      []Party
		coins        []int
		wantPlaces   []int // 0 = no token
		wantPrizes   []int
		wantTies     []TieBreak
		wantReturned []int
	}{
		{
			name: "R2.3 strength below 4 takes nothing", round: 3, start: 0,
			parties: handParties(handMade{3, 0}, handMade{4, 0}, handMade{0, 2}), coins: []int{9, 0, 0},
			wantPlaces: []int{0, 1, 0}, wantPrizes: []int{0, 6, 0},
			wantTies: []TieBreak{}, wantReturned: []int{3, 2},
		},
		{
			name: "R2.4 every party of 4 or more takes a port token", round: 1, start: 2,
			parties: handParties(handMade{10, 0}, handMade{4, 1}, handMade{4, 0}, handMade{2, 3}), coins: []int{0, 0, 0, 0},
			wantPlaces: []int{1, 2, 3, 0}, wantPrizes: []int{1, 1, 1, 0},
			wantTies: []TieBreak{}, wantReturned: []int{1},
		},
		{
			name: "R2.4 port round records no tie-breaks", round: 2, start: 1,
			parties: handParties(handMade{6, 0}, handMade{6, 0}), coins: []int{1, 1},
			wantPlaces: []int{2, 1}, wantPrizes: []int{1, 1},
			wantTies: []TieBreak{}, wantReturned: nil,
		},
		{
			name: "R2.5 strongest takes the most valuable token", round: 3, start: 0,
			parties: handParties(handMade{4, 0}, handMade{12, 0}, handMade{10, 0}, handMade{8, 0}), coins: []int{0, 0, 0, 0},
			wantPlaces: []int{4, 1, 2, 3}, wantPrizes: []int{1, 6, 3, 2},
			wantTies: []TieBreak{}, wantReturned: nil,
		},
		{
			name: "R2.5 tie broken by unused pirates", round: 4, start: 0,
			parties: handParties(handMade{10, 1}, handMade{10, 2}, handMade{0, 0}), coins: []int{5, 0, 0},
			wantPlaces: []int{2, 1, 0}, wantPrizes: []int{3, 6, 0},
			wantTies:     []TieBreak{{Players: []int{1, 0}, DecidedBy: ByUnused, Rule: "R2.5"}},
			wantReturned: []int{2},
		},
		{
			name: "R2.5 tie broken by coins", round: 3, start: 0,
			parties: handParties(handMade{8, 1}, handMade{8, 1}, handMade{8, 1}), coins: []int{2, 7, 4},
			wantPlaces: []int{3, 1, 2}, wantPrizes: []int{2, 6, 3},
			wantTies: []TieBreak{
				{Players: []int{1, 2}, DecidedBy: ByCoins, Rule: "R2.5"},
				{Players: []int{2, 0}, DecidedBy: ByCoins, Rule: "R2.5"},
			},
			wantReturned: nil,
		},
		{
			name: "R2.5 tie broken by seat from the start player, start player first", round: 5, start: 2,
			parties: handParties(handMade{6, 0}, handMade{6, 0}, handMade{6, 0}, handMade{6, 0}), coins: []int{3, 3, 3, 3},
			wantPlaces: []int{3, 4, 1, 2}, wantPrizes: []int{2, 1, 6, 3},
			wantTies: []TieBreak{
				{Players: []int{2, 3}, DecidedBy: BySeat, Rule: "R2.5"},
				{Players: []int{3, 0}, DecidedBy: BySeat, Rule: "R2.5"},
				{Players: []int{0, 1}, DecidedBy: BySeat, Rule: "R2.5"},
			},
			wantReturned: nil,
		},
		{
			name: "R2.5 unused outranks coins and seat", round: 3, start: 1,
			parties: handParties(handMade{10, 3}, handMade{10, 0}), coins: []int{0, 9},
			wantPlaces: []int{1, 2}, wantPrizes: []int{6, 3},
			wantTies:     []TieBreak{{Players: []int{0, 1}, DecidedBy: ByUnused, Rule: "R2.5"}},
			wantReturned: nil,
		},
		{
			name: "R2.5 nobody strong enough returns every token", round: 6, start: 1,
			parties: handParties(handMade{0, 1}, handMade{0, 0}), coins: []int{0, 0},
			wantPlaces: []int{0, 0}, wantPrizes: []int{0, 0},
			wantTies: []TieBreak{}, wantReturned: []int{6, 3},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := RankRound(tt.round, tt.start, tt.parties, tt.coins)
			if got.Round != tt.round || got.StartPlayer != tt.start {
				t.Errorf("round, start = %d, %d, want %d, %d", got.Round, got.StartPlayer, tt.round, tt.start)
			}
			if want := TokenFor(tt.round); got.Token != want {
				t.Errorf("token = %q, want %q", got.Token, want)
			}
			if g := placesOf(got.Results); !slices.Equal(g, tt.wantPlaces) {
				t.Errorf("places = %v, want %v", g, tt.wantPlaces)
			}
			if g := prizesOf(got.Results); !slices.Equal(g, tt.wantPrizes) {
				t.Errorf("prizes = %v, want %v", g, tt.wantPrizes)
			}
			if !reflect.DeepEqual(got.TieBreaks, tt.wantTies) {
				t.Errorf("tie-breaks = %+v, want %+v", got.TieBreaks, tt.wantTies)
			}
			if !slices.Equal(got.Returned, tt.wantReturned) {
				t.Errorf("returned = %v, want %v", got.Returned, tt.wantReturned)
			}
			for p, r := range got.Results {
				if r.Player != p || r.Strength != tt.parties[p].Strength || r.Unused != tt.parties[p].Unused || r.Coins != tt.coins[p] {
					t.Errorf("results[%d] = %+v, want player %d strength %d unused %d coins %d",
						p, r, p, tt.parties[p].Strength, tt.parties[p].Unused, tt.coins[p])
				}
				if r.Sets == nil || r.UnusedCards == nil {
					t.Errorf("results[%d]: sets %v, unused cards %v, want non-nil (JSON [])", p, r.Sets, r.UnusedCards)
				}
			}
		})
	}
}
