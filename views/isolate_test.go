package views

import (
	"bytes"
	"context"
	"testing"
)

// TestIsolated: every player's name in a sentence is drawn in a <bdi> of
// its own, the longest name first, only as a whole word, and escaped.
func TestIsolated(t *testing.T) {
	tests := []struct {
		name, text string
		names      []string
		want       string
	}{
		{"a right-to-left name before a count", "سارة القحطاني: 3 pirates", []string{"سارة القحطاني", "Ann"}, "<bdi>سارة القحطاني</bdi>: 3 pirates"},
		{"a phone named after its player", "Ben's phone at 21:04", []string{"Ann", "Ben"}, "<bdi>Ben</bdi>&#39;s phone at 21:04"},
		{"longest name first", "Ann Lee and Ann", []string{"Ann", "Ann Lee"}, "<bdi>Ann Lee</bdi> and <bdi>Ann</bdi>"},
		{"not inside a longer word", "Anna ahead of Ann", []string{"Ann"}, "Anna ahead of <bdi>Ann</bdi>"},
		{"escaped", "<b>x</b> wins", []string{"<b>x</b>"}, "<bdi>&lt;b&gt;x&lt;/b&gt;</bdi> wins"},
		{"no names", "nobody", nil, "nobody"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Isolated(tt.text, tt.names).Render(context.Background(), &b); err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
