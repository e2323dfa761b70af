package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// DecodeGame reads a game file (docs/api.md, version 1). Every error is a
// *FieldError naming the JSON path of the bad value (rounds[0][1].pool[2]
// for an unknown card code), or Field "" when the text is not JSON at all.
// Unknown fields are ignored so newer files still load. A missing version
// is an error at "version"; a missing achievements list means the R3.2
// default. A played time must be RFC 3339 (CheckPlayed), and the rest of
// the play's record within its bounds (CheckPlayRecord). Only the shape,
// card codes and the time are checked here: Validate checks the rules.
func DecodeGame(r io.Reader) (Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Game{}, fmt.Errorf("scoring: reading game file: %w", err)
	}
	return decodeGame(data)
}

// EncodeGame writes a game file that DecodeGame reads back to the same
// game: card codes upper-case, empty lists as [], indented for people.
func EncodeGame(w io.Writer, g Game) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(g)
}

// MarshalJSON writes the game file, with empty lists as [] rather than
// null (a null entry in a round still means "not entered yet").
func (g Game) MarshalJSON() ([]byte, error) {
	type plain Game // no methods, so no recursion
	if g.Players == nil {
		g.Players = []string{}
	}
	if g.Achievements == nil {
		g.Achievements = []string{}
	}
	rounds := make([][]*Entry, len(g.Rounds))
	for i, r := range g.Rounds {
		if r == nil {
			r = []*Entry{}
		}
		rounds[i] = r
	}
	g.Rounds = rounds
	return json.Marshal(plain(g))
}

// UnmarshalJSON reads a game file exactly as DecodeGame does, so errors
// name the field wherever the game is decoded.
func (g *Game) UnmarshalJSON(data []byte) error {
	game, err := decodeGame(data)
	if err != nil {
		return err
	}
	*g = game
	return nil
}

// MarshalJSON writes the entry with an empty pool as [].
func (e Entry) MarshalJSON() ([]byte, error) {
	type plain Entry
	if e.Pool == nil {
		e.Pool = []Card{}
	}
	return json.Marshal(plain(e))
}

// MarshalJSON writes the collection with empty card lists as [].
func (f FinalEntry) MarshalJSON() ([]byte, error) {
	type plain FinalEntry
	if f.Pirates == nil {
		f.Pirates = []Card{}
	}
	if f.BuriedPirates == nil {
		f.BuriedPirates = []Card{}
	}
	return json.Marshal(plain(f))
}

// decodeGame walks the document one level at a time through
// json.RawMessage, so that every error knows the full path of the value,
// array indexes included (encoding/json's own errors do not give those).
func decodeGame(data []byte) (Game, error) {
	var probe any
	if err := json.Unmarshal(data, &probe); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return Game{}, refusal("", "", &FieldError{Code: CodeJSONSyntax, Value: int(syn.Offset), Text: syn.Error()})
		}
		return Game{}, refusal("", "", &FieldError{Code: CodeJSON, Text: err.Error()})
	}
	top, err := decodeObject(data, loc{})
	if err != nil {
		return Game{}, err
	}
	if top == nil {
		return Game{}, refusal("", "", &FieldError{Code: CodeFileNotObject})
	}

	var g Game
	raw, ok := top["version"]
	if !ok || isNull(raw) {
		return Game{}, refusal("version", "", &FieldError{Code: CodeVersionMissing})
	}
	if g.Version, err = decodeInt(raw, loc{path: "version"}); err != nil {
		return Game{}, err
	}
	if g.Players, err = decodeStrings(top["players"], placed(namePlace(-1))); err != nil {
		return Game{}, err
	}
	if g.StartPlayer, err = decodeInt(top["start_player"], loc{path: "start_player"}); err != nil {
		return Game{}, err
	}
	if raw, ok := top["achievements"]; ok && !isNull(raw) {
		if g.Achievements, err = decodeStrings(raw, loc{path: "achievements"}); err != nil {
			return Game{}, err
		}
	} else {
		g.Achievements = DefaultAchievements()
	}
	if raw, ok := top["zero_counts"]; ok && !isNull(raw) {
		if err := json.Unmarshal(raw, &g.ZeroCounts); err != nil {
			return Game{}, refusal("zero_counts", "", &FieldError{Code: CodeNotBool})
		}
	}

	if raw, ok := top["played"]; ok && !isNull(raw) {
		if err := json.Unmarshal(raw, &g.Played); err != nil {
			return Game{}, playedError(string(raw))
		}
		if err := CheckPlayed(g.Played); err != nil {
			return Game{}, err
		}
	}

	if err := decodePlayRecord(top, &g); err != nil {
		return Game{}, err
	}

	rounds, err := decodeArray(top["rounds"], loc{path: "rounds"})
	if err != nil {
		return Game{}, err
	}
	g.Rounds = make([][]*Entry, len(rounds))
	for r, rawRound := range rounds {
		round := placed(roundPlace(r+1, -1))
		entries, err := decodeArray(rawRound, round)
		if err != nil {
			return Game{}, err
		}
		g.Rounds[r] = make([]*Entry, len(entries))
		for p, rawEntry := range entries {
			if g.Rounds[r][p], err = decodeEntry(rawEntry, round.at(p)); err != nil {
				return Game{}, err
			}
		}
	}

	if raw, ok := top["final"]; ok && !isNull(raw) {
		final := placed(finalPlace(-1))
		finals, err := decodeArray(raw, final)
		if err != nil {
			return Game{}, err
		}
		g.Final = make([]FinalEntry, len(finals))
		for p, rawFinal := range finals {
			if g.Final[p], err = decodeFinal(rawFinal, final.at(p)); err != nil {
				return Game{}, err
			}
		}
	}
	return g, nil
}

// The years a played time may fall in. A game file's date comes from
// people and other servers; the bounds catch a slip (a year 0001 or 9999)
// and keep every date within what the store can hold (Unix nanoseconds,
// 1678 to 2262).
const (
	MinPlayedYear = 1900
	MaxPlayedYear = 2199
)

// CheckPlayed checks a game file's played time: an RFC 3339 date and time,
// 2024-05-01T20:00:00+02:00, with "Z" or an offset and at most nine digits
// of a second, in a year from MinPlayedYear to MaxPlayedYear. The error is
// a *FieldError at "played".
//
// It reads the text by hand, as scoring reads no clock (package time is
// not imported here), and it accepts only what time.Parse(time.RFC3339)
// accepts too, so whoever stores the game can read the instant.
func CheckPlayed(s string) error {
	bad := playedError(fmt.Sprintf("%q", s))
	// num reads the digits s[i:j] as a number, -1 if any is not a digit.
	num := func(i, j int) int {
		n := 0
		for _, c := range []byte(s[i:j]) {
			if c < '0' || c > '9' {
				return -1
			}
			n = n*10 + int(c-'0')
		}
		return n
	}
	const head = len("2006-01-02T15:04:05")
	if len(s) < head+1 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return bad
	}
	year, month, day := num(0, 4), num(5, 7), num(8, 10)
	hour, minute, second := num(11, 13), num(14, 16), num(17, 19)
	if year < 0 || month < 1 || month > 12 || day < 1 || day > daysIn(month, year) ||
		hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 {
		return bad
	}
	rest := s[head:]
	if rest[0] == '.' {
		digits := 1
		for digits < len(rest) && rest[digits] >= '0' && rest[digits] <= '9' {
			digits++
		}
		if digits == 1 || digits > 10 {
			return bad
		}
		rest = rest[digits:]
	}
	switch {
	case rest == "Z":
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		if h, m := num(len(s)-5, len(s)-3), num(len(s)-2, len(s)); h < 0 || h > 23 || m < 0 || m > 59 {
			return bad
		}
	default:
		return bad
	}
	if year < MinPlayedYear || year > MaxPlayedYear {
		return refusal("played", "", &FieldError{Code: CodePlayedYear, Value: year, Min: MinPlayedYear, Max: MaxPlayedYear})
	}
	return nil
}

// daysIn is the number of days of a month (1-12) of the Gregorian
// calendar.
func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// playedError is the error for a played value that is not an RFC 3339
// time; value is how the file wrote it.
func playedError(value string) *FieldError {
	return refusal("played", "", &FieldError{Code: CodePlayedFormat, Text: value})
}

// decodeEntry reads one round entry; null is a player who has not entered
// yet.
func decodeEntry(raw json.RawMessage, at loc) (*Entry, error) {
	obj, err := decodeObject(raw, at)
	if err != nil || obj == nil {
		return nil, err
	}
	var e Entry
	if e.Pool, err = decodeCards(obj["pool"], at.in("pool")); err != nil {
		return nil, err
	}
	if e.Coins, err = decodeInt(obj["coins"], at.in("coins")); err != nil {
		return nil, err
	}
	return &e, nil
}

func decodeFinal(raw json.RawMessage, at loc) (FinalEntry, error) {
	obj, err := decodeObject(raw, at)
	if err != nil {
		return FinalEntry{}, err
	}
	if obj == nil {
		return FinalEntry{}, at.refuse("", &FieldError{Code: CodeFinalMissing})
	}
	var f FinalEntry
	if f.Pirates, err = decodeCards(obj["pirates"], at.in("pirates")); err != nil {
		return FinalEntry{}, err
	}
	if f.BuriedPirates, err = decodeCards(obj["buried_pirates"], at.in("buried_pirates")); err != nil {
		return FinalEntry{}, err
	}
	ints := []struct {
		name string
		dst  *int
	}{
		{"buried_powder_monkeys", &f.BuriedPowderMonkeys},
		{"loot_banner_kept", &f.LootBannerKept},
		{"loot_banner_buried", &f.LootBannerBuried},
		{"coins", &f.Coins},
	}
	for _, v := range ints {
		if *v.dst, err = decodeInt(obj[v.name], at.in(v.name)); err != nil {
			return FinalEntry{}, err
		}
	}
	if raw, ok := obj["parley_used"]; ok && !isNull(raw) {
		if err := json.Unmarshal(raw, &f.ParleyUsed); err != nil {
			return FinalEntry{}, at.in("parley_used").refuse("", &FieldError{Code: CodeNotBool})
		}
	}
	return f, nil
}

func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(bytes.TrimSpace(raw)) == "null"
}

// decodeObject returns nil for an absent or null value.
func decodeObject(raw json.RawMessage, at loc) (map[string]json.RawMessage, error) {
	if isNull(raw) {
		return nil, nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, at.refuse("", &FieldError{Code: CodeNotObject})
	}
	return obj, nil
}

// decodeArray returns nil for an absent or null value.
func decodeArray(raw json.RawMessage, at loc) ([]json.RawMessage, error) {
	if isNull(raw) {
		return nil, nil
	}
	var arr []json.RawMessage
	if err := json.Unmarshal(raw, &arr); err != nil {
		return nil, at.refuse("", &FieldError{Code: CodeNotList})
	}
	return arr, nil
}

// decodeInt reads a whole number; absent or null is 0.
func decodeInt(raw json.RawMessage, at loc) (int, error) {
	if isNull(raw) {
		return 0, nil
	}
	var n int
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, at.refuse("", &FieldError{Code: CodeNotWholeNumber, Text: string(raw)})
	}
	return n, nil
}

func decodeStrings(raw json.RawMessage, at loc) ([]string, error) {
	arr, err := decodeArray(raw, at)
	if err != nil || arr == nil {
		return nil, err
	}
	out := make([]string, len(arr))
	for i, v := range arr {
		if err := json.Unmarshal(v, &out[i]); err != nil || isNull(v) {
			return nil, at.at(i).refuse("", &FieldError{Code: CodeNotText})
		}
	}
	return out, nil
}

// decodeCards reads card codes; an absent or null list is empty. A
// list's own rules (R4.2, no card twice) are Validate's, which knows the
// players; here only the codes are read.
func decodeCards(raw json.RawMessage, at loc) ([]Card, error) {
	codes, err := decodeStrings(raw, at)
	if err != nil {
		return nil, err
	}
	cards := make([]Card, len(codes))
	for i, code := range codes {
		if cards[i], err = ParseCard(code); err != nil {
			return nil, at.at(i).refuse("R0", err.(*FieldError))
		}
	}
	return cards, nil
}

// loc is where a value being decoded is: its path and, for a value in a
// round entry, a final collection or the players' names, its Place.
type loc struct {
	path  string
	place *Place
}

// placed is the loc of a place.
func placed(p Place) loc { return loc{path: p.String(), place: &p} }

// in is the loc of the value name within l.
func (l loc) in(name string) loc {
	if l.place != nil {
		return placed(l.place.in(name))
	}
	return loc{path: l.path + "." + name}
}

// at is the loc of item i of the list at l.
func (l loc) at(i int) loc {
	if l.place != nil {
		return placed(l.place.at(i))
	}
	return loc{path: l.path + "[" + strconv.Itoa(i) + "]"}
}

// refuse is e, worded, at l under a rule ("" for none).
func (l loc) refuse(rule string, e *FieldError) *FieldError {
	if l.place != nil {
		return l.place.refuse(rule, e)
	}
	return refusal(l.path, rule, e)
}
