package lang

import (
	"fmt"
	"strings"
	"testing"
)

// replacerFill is how fill filled places before issue 42: a
// strings.Replacer of every "{name}" and its value, built on each call.
// fill must still write exactly what it wrote.
func replacerFill(l Lang, text string, args []any) string {
	if len(args) < 2 || !strings.Contains(text, "{") {
		return text
	}
	var pairs []string
	for i := 0; i+1 < len(args); i += 2 {
		var value string
		switch v := args[i+1].(type) {
		case int:
			value = l.Number(v)
		case string:
			value = v
		default:
			value = fmt.Sprint(v)
		}
		pairs = append(pairs, "{"+fmt.Sprint(args[i])+"}", value)
	}
	return strings.NewReplacer(pairs...).Replace(text)
}

// TestFillAsReplacer: fill writes what a strings.Replacer of the places
// wrote, for the texts that test its edges (stray braces, a place twice,
// places args do not name, a value that looks like a place, numbers in
// the language's way).
func TestFillAsReplacer(t *testing.T) {
	texts := []string{
		"", "plain", "{name}", "{name} and {name}", "{n} cards of {name}",
		"{", "}", "{}", "{{name}", "{name}}", "{{name}}", "a {b c} d", "{unknown} {name}",
		"{nam}{name}{names}", "x{n", "{n}{", "héllo {name}, 欧阳 {n}", "{ name}",
	}
	argLists := [][]any{
		nil,
		{"name"},
		{"name", "Zoë"},
		{"name", "Zoë", "n", 1234},
		{"n", 7, "name", "{n}"},
		{"name", "first", "name", "second"},
		{"name", 3.5, "n", -12345},
		{"", "empty"},
		{1, "one", "n", "x"},
	}
	for _, l := range []Lang{English, mustGet(t, "de")} {
		for _, text := range texts {
			for _, args := range argLists {
				want := replacerFill(l, text, args)
				if got := l.fill(text, args); got != want {
					t.Errorf("%s: fill(%q, %v) = %q, want %q", l.Code(), text, args, got, want)
				}
			}
		}
	}
}

// TestFillAllocates checks that filling a message with names allocates
// only its result, as fill is called for every card of a card grid
// (issue 42: the offline build's garbage collector is slow).
func TestFillAllocates(t *testing.T) {
	args := []any{"card", "Captain of Hearts", "name", "Анастасия"}
	n := testing.AllocsPerRun(100, func() {
		_ = English.fill("{card}: held by {name}", args)
	})
	if n > 1 {
		t.Errorf("fill allocates %v times a call, want 1 (the result)", n)
	}
}

func mustGet(t *testing.T, code string) Lang {
	t.Helper()
	for _, l := range All() {
		if l.Code() == code {
			return l
		}
	}
	t.Fatalf("no language %q", code)
	return Lang{}
}
