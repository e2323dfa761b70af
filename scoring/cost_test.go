package scoring

import "testing"

func TestExpensive(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		pool string
		want bool
	}{
		{"empty pool", "", false},
		{"R1.8 worked example", "H2 H3 A4 S6 K6", false},
		{"15 pirates and 3 wilds", "H1 H2 H3 H4 H5 H6 H7 A1 A2 A3 A4 A5 A6 X1 X2 SP KP HC*", false},
		{"unflagged Captains are pirates", "H1 H2 H3 H4 H5 H6 H7 A1 A2 A3 A4 A5 AC XC SC SP KP HC*", false},
		{"16 pirates", "H1 H2 H3 H4 H5 H6 H7 A1 A2 A3 A4 A5 A6 X1 X2 X3", true},
		{"4 wilds", "H1 SP KP HC* XC*", true},
		{"the slowest pool known", "KP SP HC* HP XP AP KC* SC* S5 SQ K5 K6 X4 H2 XC A4 H7 KQ S1 K2 H6 H3 AQ X3 X5", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pool, err := ParseCards(SplitCodes(tt.pool))
			if err != nil {
				t.Fatalf("ParseCards(%q): %v", tt.pool, err)
			}
			if got := Expensive(pool); got != tt.want {
				t.Errorf("Expensive(%s) = %v, want %v", tt.pool, got, tt.want)
			}
		})
	}
}
