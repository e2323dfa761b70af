package store

import (
	"testing"

	"ruthless/scoring"
)

func TestFinalsProgress(t *testing.T) {
	t.Parallel()
	saved := &scoring.FinalEntry{}
	tests := []struct {
		name         string
		finals       []*scoring.FinalEntry
		entered      []bool // FinalEntered for seats -1 to 3
		any          bool
		firstMissing int
	}{
		{"none saved", nil, []bool{false, false, false, false, false}, false, 0},
		{"the first seat saved", []*scoring.FinalEntry{saved}, []bool{false, true, false, false, false}, true, 1},
		{"a seat in the middle missing", []*scoring.FinalEntry{saved, nil, saved}, []bool{false, true, false, true, false}, true, 1},
		{"every seat saved", []*scoring.FinalEntry{saved, saved, saved}, []bool{false, true, true, true, false}, true, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := StoredGame{File: scoring.Game{Players: []string{"Lucy", "Craig", "Julie"}}, Finals: tt.finals}
			for p := -1; p <= 3; p++ {
				if got := g.FinalEntered(p); got != tt.entered[p+1] {
					t.Errorf("FinalEntered(%d) = %v, want %v", p, got, tt.entered[p+1])
				}
			}
			if got := g.AnyFinal(); got != tt.any {
				t.Errorf("AnyFinal() = %v, want %v", got, tt.any)
			}
			if got := g.FirstMissingFinal(); got != tt.firstMissing {
				t.Errorf("FirstMissingFinal() = %d, want %d", got, tt.firstMissing)
			}
		})
	}
}
