// Package lang holds the languages the pages speak: one catalogue file
// per language (catalogues/en.json, de.json, …), how a request picks its
// language, and how a message, a count, a number or a date is worded in
// it. Only views words things; handlers pick the language and pass it
// down in the request's context.
//
// A catalogue is a flat JSON object from key to message. A message is a
// string, or for a count an object of CLDR plural forms ("one", "other",
// and whatever else the language needs). Messages name their values in
// braces: "{n} Runden", "{name} is next". The keys starting with "lang."
// describe the language itself: its own name and its date and number
// conventions.
package lang

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Lang is one language the pages speak, with its catalogue.
type Lang struct {
	code string
	tag  language.Tag
	book *book
}

// book is one language's catalogue, read from its file the first time a
// page needs it rather than at the program's start: the phone's app
// (cmd/offline) starts on every cold start of its worker, where reading
// all four took about a quarter of a second, and a phone speaks one
// language (docs/measurements.md, "The app's start").
type book struct {
	once sync.Once
	cat  catalogue
}

// messages is the language's catalogue (none for the zero Lang).
func (l Lang) messages() catalogue {
	if l.book == nil {
		return nil
	}
	l.book.once.Do(func() {
		b, err := files.ReadFile("catalogues/" + l.code + ".json")
		if err != nil {
			panic(err) // the catalogues are built into the binary
		}
		if err := json.Unmarshal(b, &l.book.cat); err != nil {
			// Checked by the package's tests, so a developer's mistake.
			panic(fmt.Sprintf("lang: catalogues/%s.json: %v", l.code, err))
		}
	})
	return l.book.cat
}

// catalogue is one language's messages by key.
type catalogue map[string]message

// message is one catalogue entry: Text, or for a count the forms by CLDR
// plural category ("one", "other", …).
type message struct {
	Text  string
	Forms map[string]string
}

func (m *message) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &m.Text)
	}
	return json.Unmarshal(b, &m.Forms)
}

//go:embed catalogues/*.json
var files embed.FS

// codes are the languages in the order the language switch lists them;
// English first, as the fallback for a key a catalogue lacks.
var codes = []string{"en", "de", "fr", "es"}

var (
	all     []Lang
	byCode  = map[string]Lang{}
	matcher language.Matcher
)

// English is the language of the command line, the logs, and of a page
// whose reader's language is unknown.
var English Lang

func init() {
	tags := make([]language.Tag, len(codes))
	for i, code := range codes {
		l := Lang{code: code, tag: language.MustParse(code), book: &book{}}
		all = append(all, l)
		byCode[code] = l
		tags[i] = l.tag
	}
	English = all[0]
	matcher = language.NewMatcher(tags)
}

// All is every language the pages speak, English first.
func All() []Lang { return all }

// Find is the language with the given code ("de"), or false for one the
// pages do not speak.
func Find(code string) (Lang, bool) {
	l, ok := byCode[strings.ToLower(strings.TrimSpace(code))]
	return l, ok
}

// FromAcceptLanguage is the language that best suits a browser's
// Accept-Language header, English when none of the pages' languages does.
func FromAcceptLanguage(header string) Lang {
	if header == "" {
		return English
	}
	want, _, err := language.ParseAcceptLanguage(header)
	if err != nil || len(want) == 0 {
		return English
	}
	_, i, confidence := matcher.Match(want...)
	if confidence == language.No {
		return English
	}
	return all[i]
}

// Code is the language's BCP 47 code, as <html lang> and the ?lang=
// parameter write it.
func (l Lang) Code() string {
	if l.code == "" {
		return "en"
	}
	return l.code
}

// Name is the language's name in itself (Deutsch, Français).
func (l Lang) Name() string { return l.T("lang.name") }

type ctxKey struct{}

// With is ctx carrying the language of the page being drawn.
func With(ctx context.Context, l Lang) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// From is the language ctx carries, English when it carries none.
func From(ctx context.Context) Lang {
	if l, ok := ctx.Value(ctxKey{}).(Lang); ok && l.code != "" {
		return l
	}
	return English
}

// lookup is the message for key: this language's, else English's.
func (l Lang) lookup(key string) (message, bool) {
	if m, ok := l.messages()[key]; ok {
		return m, true
	}
	m, ok := English.messages()[key]
	return m, ok
}

// T is the message for key with its values filled in. args name the
// values in pairs: T("next.turn", "name", "Zoë") fills "{name}". A key
// no catalogue has comes out as itself, so a missing word shows on the
// page (and the catalogue tests name it) instead of vanishing.
func (l Lang) T(key string, args ...any) string {
	m, ok := l.lookup(key)
	if !ok {
		return key
	}
	text := m.Text
	if m.Forms != nil {
		text = m.Forms["other"]
	}
	return l.fill(text, args)
}

// N is the message for key counting n: the plural form the language
// uses for n, with "{n}" written as a number of the language.
func (l Lang) N(key string, n int, args ...any) string {
	m, ok := l.lookup(key)
	if !ok {
		return key
	}
	text := m.Text
	if m.Forms != nil {
		form, ok := m.Forms[l.PluralForm(n)]
		if !ok {
			form = m.Forms["other"]
		}
		text = form
	}
	return l.fill(text, append([]any{"n", n}, args...))
}

// PluralForm is the CLDR plural category of the whole number n in this
// language: "one" for 1 in English and German, for 0 and 1 in French.
func (l Lang) PluralForm(n int) string {
	abs := n
	if abs < 0 {
		abs = -abs
	}
	switch plural.Cardinal.MatchPlural(l.tag, abs, 0, 0, 0, 0) {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}

// fill writes args' values into text's {name} places. An int is written
// as a number of the language; anything else as fmt prints it. A place
// named twice in args takes the first value; a place args do not name
// stays as it is. It scans text once and builds only the result: pages
// call it for every card of a grid, and the offline build's garbage
// collector makes every allocation dear (issue 42).
func (l Lang) fill(text string, args []any) string {
	if len(args) < 2 || !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 16*len(args))
	for {
		open := strings.IndexByte(text, '{')
		if open < 0 {
			break
		}
		b.WriteString(text[:open])
		text = text[open:]
		end := strings.IndexByte(text[1:], '}')
		if end < 0 {
			break
		}
		value, ok := l.placeValue(text[1:end+1], args)
		if !ok {
			// Not a place of args: the brace is text, and a place may
			// still start after it ("{{n}").
			b.WriteByte('{')
			text = text[1:]
			continue
		}
		b.WriteString(value)
		text = text[end+2:]
	}
	b.WriteString(text)
	return b.String()
}

// placeValue is the value args give the place called name, written as
// fill writes it; false when args do not name it.
func (l Lang) placeValue(name string, args []any) (string, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if argName(args[i]) != name {
			continue
		}
		switch v := args[i+1].(type) {
		case int:
			return l.Number(v), true
		case string:
			return v, true
		default:
			return fmt.Sprint(v), true
		}
	}
	return "", false
}

// argName is a place's name as args give it: a string, else as fmt
// prints it.
func argName(a any) string {
	if s, ok := a.(string); ok {
		return s
	}
	return fmt.Sprint(a)
}

// Number writes a whole number the language's way: 1,234 in English,
// 1.234 in German.
func (l Lang) Number(n int) string {
	digits := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	}
	group := l.T("lang.group")
	if len(digits) <= 3 || group == "lang.group" {
		return sign + digits
	}
	var b strings.Builder
	lead := len(digits) % 3
	if lead > 0 {
		b.WriteString(digits[:lead])
	}
	for i := lead; i < len(digits); i += 3 {
		if b.Len() > 0 {
			b.WriteString(group)
		}
		b.WriteString(digits[i : i+3])
	}
	return sign + b.String()
}

// Date writes a day the language's way (28 Nov 2026; 28.11.2026).
func (l Lang) Date(t time.Time) string { return l.layout(t, "lang.date") }

// DateTime writes a day and a time the language's way.
func (l Lang) DateTime(t time.Time) string { return l.layout(t, "lang.datetime") }

// Time writes a time of day the language's way (21:04).
func (l Lang) Time(t time.Time) string { return l.layout(t, "lang.time") }

// layout formats t by the Go layout the catalogue keeps under key. Month
// names are the catalogue's ("lang.months": "Jan Feb …"), since Go's
// layouts only know English ones.
func (l Lang) layout(t time.Time, key string) string {
	s := t.Format(l.T(key))
	if months := strings.Fields(l.T("lang.months")); len(months) == 12 {
		english := t.Format("Jan")
		s = strings.Replace(s, english, months[t.Month()-1], 1)
	}
	return s
}

// Keys is every key of the language's own catalogue, sorted: for the
// catalogue tests.
func (l Lang) Keys() []string {
	cat := l.messages()
	keys := make([]string, 0, len(cat))
	for k := range cat {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Messages is every message whose key starts with prefix, by the rest of
// its key, in this language (English where it lacks one): the words a
// page hands to its scripts. A counted message gives its "other" form.
func (l Lang) Messages(prefix string) map[string]string {
	out := map[string]string{}
	for _, cat := range []catalogue{English.messages(), l.messages()} {
		for k, m := range cat {
			if rest, ok := strings.CutPrefix(k, prefix); ok {
				if m.Forms != nil {
					out[rest] = m.Forms["other"]
				} else {
					out[rest] = m.Text
				}
			}
		}
	}
	return out
}
