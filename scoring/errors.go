package scoring

import "strings"

// FieldError is invalid input, named by the path of the offending field in
// the game file (players[3], rounds[1][0].pool[2], final[0].coins …) so the
// API can answer {"error", "field"} and pages can put the message next to
// the field.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"error"`
	// Rule is the docs/rules.md ID the input breaks, when one does.
	Rule string `json:"rule,omitempty"`
	// Players are the seats involved, e.g. both holders of one card (R4.1).
	Players []int `json:"players,omitempty"`
	// OtherField is the path of the other value in a conflict (the first
	// holder of a card for R4.1, the round entry behind an R4.4 error), so a
	// form editing either value can show the message next to it.
	OtherField string `json:"other_field,omitempty"`
}

func (e *FieldError) Error() string {
	var b strings.Builder
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	return b.String()
}
