package views_test

import (
	"strconv"
	"strings"
	"testing"

	"ruthless/scoring"
	"ruthless/views"
)

// TestSumText checks the strength sums the dispute pages show: R1.2's
// additions written out, each ending in what scoring.SetStrength gives.
func TestSumText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind scoring.SetKind
		n    int
		want string
	}{
		{scoring.Group, 2, "4"},
		{scoring.Group, 3, "4 + 6 = 10"},
		{scoring.Group, 5, "4 + 3 × 6 = 22"},
		{scoring.Straight, 3, "6"},
		{scoring.Straight, 4, "6 + 2 = 8"},
		{scoring.Straight, 9, "6 + 6 × 2 = 18"},
		{scoring.Flush, 3, "8"},
		{scoring.Flush, 4, "8 + 3 = 11"},
		{scoring.StraightFlush, 4, "12 + 4 = 16"},
		{scoring.StraightFlush, 5, "12 + 2 × 4 = 20"},
		{scoring.FullShip, 9, "25"},
		{scoring.NoPattern, 3, "0"},
	}
	for _, tt := range tests {
		t.Run(string(tt.kind)+"/"+strconv.Itoa(tt.n), func(t *testing.T) {
			got := views.SumText(tt.kind, tt.n)
			if got != tt.want {
				t.Errorf("views.SumText(%s, %d) = %q, want %q", tt.kind, tt.n, got, tt.want)
			}
			total := got[strings.LastIndex(got, " ")+1:]
			if want := strconv.Itoa(scoring.SetStrength(tt.kind, tt.n)); total != want {
				t.Errorf("views.SumText(%s, %d) = %q comes to %s, scoring.SetStrength says %s", tt.kind, tt.n, got, total, want)
			}
		})
	}
}
