package handlers

import "testing"

// TestCSVCell covers the formula starts a player name cannot have (tab,
// carriage return: R4.5 refuses control characters) along with those it
// can, and numbers, which must stay numbers.
func TestCSVCell(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"=1+1", "'=1+1"},
		{"+1", "'+1"},
		{"-1+1", "'-1+1"},
		{"@A1", "'@A1"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"-3", "-3"},
		{"12", "12"},
		{"", ""},
		{"Lucy", "Lucy"},
		{"Ann-Marie", "Ann-Marie"},
	} {
		if got := csvCell(tc.in); got != tc.want {
			t.Errorf("csvCell(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
