package views_test

import (
	"strings"
	"testing"

	"ruthless/views"
)

// TestEntryBarMarkup checks the bar at the end of the entry form: coins, the
// live line's hooks and Save, with "Save & next" only when a seat is
// named (escaped like every name), and Save the main button without it.
func TestEntryBarMarkup(t *testing.T) {
	t.Parallel()
	base := views.EntryView{GameID: "g", Round: 2, Player: 0, PlayerName: "Lucy", Action: "/games/g/rounds/2/players/0", Coins: "3", SolveHref: "/games/g/solve", Errors: views.Errors{}}
	withNext := base
	withNext.NextName = "<b>Craig</b>"
	cleared := base
	cleared.Cleared = true
	own := withNext
	own.Own = true
	tests := []struct {
		name    string
		vm      views.EntryView
		want    []string
		wantNot []string
	}{
		{"shared phone, a seat left", withNext,
			[]string{`data-testid="save-next"`, `Save &amp; next:&nbsp;<span class="who"><bdi>&lt;b&gt;Craig&lt;/b&gt;</bdi>`, `class="save" name="save"`, `data-solve="/games/g/solve"`, `formaction="/games/g/rounds/2/players/0#at-coins"`, `id="at-coins"`, `value="3"`},
			[]string{"<b>Craig</b>", `data-testid="cleared"`}},
		{"the phone's own entry: Save is the big button", own,
			[]string{`class="save primary"`, `class="savenext"`},
			nil},
		{"no seat left, or a seat's phone", base,
			[]string{`class="save primary"`, `data-testid="live-party" hidden`},
			[]string{`data-testid="save-next"`}},
		{"cleared without JavaScript", cleared,
			[]string{`data-testid="cleared"`},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html := render(t, views.Entry(tt.vm))
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("page lacks %s", w)
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(html, w) {
					t.Errorf("page has %s", w)
				}
			}
		})
	}
}
