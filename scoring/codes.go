package scoring

import "fmt"

// Code names a kind of invalid input (a FieldError's Code). Codes are
// stable: pages word them (views.FieldProblem), so a new kind of problem
// is a new code, and a code's meaning does not change. The comment of each
// says which of FieldError's values it sets.
type Code string

// Reading a game file (DecodeGame).
const (
	CodeJSONSyntax     Code = "json_syntax"      // Text: the parser's words; Value: the byte offset
	CodeJSON           Code = "json"             // Text: the parser's words
	CodeFileNotObject  Code = "file_not_object"  // the whole file is not an object
	CodeVersionMissing Code = "version_missing"  // no version field
	CodeNotBool        Code = "not_bool"         // a yes/no field holds something else
	CodeNotObject      Code = "not_object"       // a value that must be an object
	CodeNotList        Code = "not_list"         // a value that must be a list
	CodeNotWholeNumber Code = "not_whole_number" // Text: the value as written
	CodeNotText        Code = "not_text"         // an item that must be text
	CodeFinalMissing   Code = "final_missing"    // a player's final collection is null
)

// Cards (R0, R4.2), as read by ParseCard and ReadCards.
const (
	CodeUnknownCard      Code = "unknown_card"        // Text: the code
	CodeMarkNotCaptain   Code = "mark_not_captain"    // Text: the code
	CodeCardTwice        Code = "card_twice"          // Card
	CodeKrakenTwoPlayers Code = "kraken_two_players"  // Card
	CodeNoIdentity       Code = "no_identity"         // Text: the claimed code
	CodeEmptySet         Code = "empty_set"           // Value: the set, 1-based
	CodePlayersOption    Code = "players_option"      // Value: the players asked for
	CodeTavernSize       Code = "tavern_size"         // Value: cards given; Max
	CodeRecruitedRange   Code = "recruited_out_range" // Value; Max
)

// The setup of a game (R2.1, R3.2, R4.5) and its version.
const (
	CodeVersion            Code = "version"              // Value: the version given
	CodePlayerCount        Code = "player_count"         // Value; Min; Max
	CodeNameLength         Code = "name_length"          // Text: the name; Max
	CodeNameNotUTF8        Code = "name_not_utf8"        // Text: the name
	CodeNameEscape         Code = "name_escape"          // Text: the name; Char; At
	CodeNameControl        Code = "name_control"         // as CodeNameEscape
	CodeNameDirection      Code = "name_direction"       // as CodeNameEscape
	CodeNameInvisible      Code = "name_invisible"       // as CodeNameEscape
	CodeNameFormatting     Code = "name_formatting"      // as CodeNameEscape
	CodeNameLineBreak      Code = "name_line_break"      // as CodeNameEscape
	CodeNameNoForm         Code = "name_no_form"         // as CodeNameEscape
	CodeNameTwice          Code = "name_twice"           // Text: the name, trimmed
	CodeStartPlayer        Code = "start_player"         // Value; Max: the last seat
	CodeAchievementCount   Code = "achievement_count"    // Value
	CodeUnknownAchievement Code = "unknown_achievement"  // Text: the id
	CodeAchievementTwice   Code = "achievement_twice"    // Text: the id
	CodeTwoFaces           Code = "shipshape_commander"  // Shipshape with Commander
	CodeTooManyRounds      Code = "too_many_rounds"      // Seats; Max: the rounds it has; Value: given
	CodeRoundNotOpen       Code = "round_not_open"       // Round; Value: rounds so far; Max: the game's rounds
	CodeNoSeat             Code = "no_seat"              // Value: the seat; Seats
	CodeRoundEntries       Code = "round_entries"        // Round; Value: entries given; Seats
	CodeFinalCount         Code = "final_count"          // Value: collections given; Seats
	CodeCountRange         Code = "count_out_of_range"   // Text: "coins", "buried Powder Monkeys" or "banner total"; Value; Max
	CodeCardInTwoPools     Code = "card_in_two_pools"    // Card; Names: the first holder, then this one; Round
	CodeCardHeldEarlier    Code = "card_held_earlier"    // Card; Names: this player, then the holder; Round: the holder's
	CodeCardInOtherFinal   Code = "card_in_other_final"  // Card; Names: this player, then the holder
	CodeNotInFinal         Code = "entered_not_in_final" // Card; Names: the player; Round
)

// The play's record (played, duration_min, location, notes).
const (
	CodePlayedYear       Code = "played_year"        // Value: the year; Min; Max
	CodePlayedFormat     Code = "played_format"      // Text: the value as written
	CodeDuration         Code = "duration"           // Value; Max
	CodeRecordNotText    Code = "record_not_text"    // Text: the field's name
	CodeRecordNotUTF8    Code = "record_not_utf8"    // Text: the field's name
	CodeRecordTooLong    Code = "record_too_long"    // Text: the field's name; Value: characters; Max
	CodeRecordOnlySpaces Code = "record_only_spaces" // Text: the field's name
	CodeRecordControl    Code = "record_control"     // Text: the field's name; Char; At
	CodeRecordDirection  Code = "record_direction"   // as CodeRecordControl
	CodeNotesSeparator   Code = "notes_separator"    // as CodeRecordControl
	CodeLineSeparator    Code = "line_separator"     // as CodeRecordControl
)

// Codes lists every code, so a wording of them can be held to covering
// them all.
func Codes() []Code {
	return []Code{
		CodeJSONSyntax, CodeJSON, CodeFileNotObject, CodeVersionMissing, CodeNotBool, CodeNotObject,
		CodeNotList, CodeNotWholeNumber, CodeNotText, CodeFinalMissing,
		CodeUnknownCard, CodeMarkNotCaptain, CodeCardTwice, CodeKrakenTwoPlayers, CodeNoIdentity,
		CodeEmptySet, CodePlayersOption, CodeTavernSize, CodeRecruitedRange,
		CodeVersion, CodePlayerCount, CodeNameLength, CodeNameNotUTF8, CodeNameEscape, CodeNameControl,
		CodeNameDirection, CodeNameInvisible, CodeNameFormatting, CodeNameLineBreak, CodeNameNoForm,
		CodeNameTwice, CodeStartPlayer, CodeAchievementCount, CodeUnknownAchievement, CodeAchievementTwice,
		CodeTwoFaces, CodeTooManyRounds, CodeRoundNotOpen, CodeNoSeat, CodeRoundEntries, CodeFinalCount,
		CodeCountRange, CodeCardInTwoPools, CodeCardHeldEarlier, CodeCardInOtherFinal, CodeNotInFinal,
		CodePlayedYear, CodePlayedFormat, CodeDuration, CodeRecordNotText, CodeRecordNotUTF8,
		CodeRecordTooLong, CodeRecordOnlySpaces, CodeRecordControl, CodeRecordDirection,
		CodeNotesSeparator, CodeLineSeparator,
	}
}

// nameCharKinds is how the machine English names each kind of unwanted
// character in a player's name.
func nameCharKind(c Code) string {
	switch c {
	case CodeNameEscape:
		return "an escape character"
	case CodeNameControl:
		return "a control character"
	case CodeNameDirection:
		return "a text direction control"
	case CodeNameInvisible:
		return "an invisible character"
	case CodeNameFormatting:
		return "an invisible formatting character"
	case CodeNameLineBreak:
		return "a line break"
	}
	return "a character with no agreed form"
}

// machineWords is the English of a FieldError for the machine
// interfaces: the command line, the API's "error" and the logs. Scripts
// read it (docs/api.md promises it), so a sentence here changes only
// with that promise; pages word the code in views instead.
func machineWords(e *FieldError) string {
	if s, ok := cardWords(e); ok {
		return s
	}
	if s, ok := setupWords(e); ok {
		return s
	}
	if s, ok := recordWords(e); ok {
		return s
	}
	return fileWords(e)
}

// fileWords words the problems of reading a game file.
func fileWords(e *FieldError) string {
	switch e.Code {
	case CodeJSONSyntax:
		return fmt.Sprintf("not valid JSON (at byte %d): %s", e.Value, e.Text)
	case CodeJSON:
		return "not valid JSON: " + e.Text
	case CodeFileNotObject:
		return "a game file is a JSON object"
	case CodeVersionMissing:
		return "missing version (this app reads version 1)"
	case CodeNotBool:
		return "must be true or false"
	case CodeNotObject:
		return "must be an object"
	case CodeNotList:
		return "must be a list"
	case CodeNotWholeNumber:
		return "must be a whole number, not " + e.Text
	case CodeNotText:
		return "must be text"
	case CodeFinalMissing:
		return "a player's final collection is missing"
	}
	return string(e.Code)
}

// cardWords words the problems of cards.
func cardWords(e *FieldError) (string, bool) {
	switch e.Code {
	case CodeUnknownCard:
		return fmt.Sprintf("unknown card %q", e.Text), true
	case CodeMarkNotCaptain:
		return fmt.Sprintf("only a Captain can carry the Captain-power mark *: %q", e.Text), true
	case CodeCardTwice:
		return fmt.Sprintf("card %q given twice", e.Card.String()), true
	case CodeKrakenTwoPlayers:
		return fmt.Sprintf("Kraken cards are not in a 2-player game: %q", e.Card.String()), true
	case CodeNoIdentity:
		return fmt.Sprintf("no identity after \"=\" in %q", e.Text), true
	case CodeEmptySet:
		return fmt.Sprintf("set %d is empty", e.Value), true
	case CodePlayersOption:
		return fmt.Sprintf("players must be 2, 3 or 4: %d", e.Value), true
	case CodeTavernSize:
		return fmt.Sprintf("the Tavern Row has %d cards, not %d", e.Max, e.Value), true
	case CodeRecruitedRange:
		return fmt.Sprintf("recruits already this round must be 0 to %d, not %d", e.Max, e.Value), true
	case CodeCardInTwoPools:
		return fmt.Sprintf("card %q is in both %s's and %s's pools in round %d", e.Card.String(), name(e, 0), name(e, 1), e.Round), true
	case CodeCardHeldEarlier:
		return fmt.Sprintf("card %q is entered for %s but %s already had it in round %d; a pirate belongs to one player for the whole game", e.Card.String(), name(e, 0), name(e, 1), e.Round), true
	case CodeCardInOtherFinal:
		return fmt.Sprintf("card %q is entered for %s but is already in %s's final collection; a pirate belongs to one player for the whole game", e.Card.String(), name(e, 0), name(e, 1)), true
	case CodeNotInFinal:
		return fmt.Sprintf("%s entered %q in round %d but it is not in their final collection (kept or buried)", name(e, 0), e.Card.String(), e.Round), true
	}
	return "", false
}

// name is the i-th of e's Names, "" when there are fewer.
func name(e *FieldError, i int) string {
	if i < len(e.Names) {
		return e.Names[i]
	}
	return ""
}

// setupWords words the problems of a game's setup and shape.
func setupWords(e *FieldError) (string, bool) {
	switch e.Code {
	case CodeVersion:
		return fmt.Sprintf("unsupported game file version %d (this app reads version 1)", e.Value), true
	case CodePlayerCount:
		return fmt.Sprintf("a game has %d to %d players, not %d", e.Min, e.Max, e.Value), true
	case CodeNameLength:
		return fmt.Sprintf("a player's name has 1 to %d characters: %q", e.Max, e.Text), true
	case CodeNameNotUTF8:
		return fmt.Sprintf("a player's name must be UTF-8 text: %q", e.Text), true
	case CodeNameEscape, CodeNameControl, CodeNameDirection, CodeNameInvisible, CodeNameFormatting, CodeNameLineBreak, CodeNameNoForm:
		return fmt.Sprintf("a player's name cannot hold %s (U+%04X, character %d of %q)", nameCharKind(e.Code), e.Char, e.At, e.Text), true
	case CodeNameTwice:
		return fmt.Sprintf("two players are called %q", e.Text), true
	case CodeStartPlayer:
		return fmt.Sprintf("the start player is a seat from 0 to %d, not %d", e.Max, e.Value), true
	case CodeAchievementCount:
		return fmt.Sprintf("a game has 2 or 3 Legendary Achievements, not %d", e.Value), true
	case CodeUnknownAchievement:
		return fmt.Sprintf("unknown achievement %q", e.Text), true
	case CodeAchievementTwice:
		return fmt.Sprintf("achievement %q given twice", e.Text), true
	case CodeTwoFaces:
		return "Shipshape and Commander are two sides of one card: only one can be in play", true
	case CodeTooManyRounds:
		return fmt.Sprintf("a %d-player game has %d rounds, not %d", e.Seats, e.Max, e.Value), true
	case CodeRoundNotOpen:
		return fmt.Sprintf("round %d cannot be entered now (rounds so far: %d of %d)", e.Round, e.Value, e.Max), true
	case CodeNoSeat:
		return fmt.Sprintf("no seat %d in a %d-player game", e.Value, e.Seats), true
	case CodeRoundEntries:
		return fmt.Sprintf("round %d has %d entries for %d players", e.Round, e.Value, e.Seats), true
	case CodeFinalCount:
		return fmt.Sprintf("the end of the game has %d collections for %d players", e.Value, e.Seats), true
	case CodeCountRange:
		return fmt.Sprintf("%s must be a whole number from 0 to %d, not %d", e.Text, e.Max, e.Value), true
	}
	return "", false
}

// recordWords words the problems of a play's record.
func recordWords(e *FieldError) (string, bool) {
	switch e.Code {
	case CodePlayedYear:
		return fmt.Sprintf("played must be in a year from %d to %d, not %d", e.Min, e.Max, e.Value), true
	case CodePlayedFormat:
		return fmt.Sprintf(`played must be a date and time in RFC 3339 form, like "2024-05-01T20:00:00+02:00", not %s`, e.Text), true
	case CodeDuration:
		return fmt.Sprintf("duration_min must be a whole number of minutes from 1 to %d, not %d", e.Max, e.Value), true
	case CodeRecordNotText:
		return e.Text + " must be text", true
	case CodeRecordNotUTF8:
		return e.Text + " must be UTF-8 text", true
	case CodeRecordTooLong:
		return fmt.Sprintf("%s has at most %d characters, not %d", e.Text, e.Max, e.Value), true
	case CodeRecordOnlySpaces:
		return e.Text + " cannot be only spaces: leave it out instead", true
	case CodeRecordControl:
		return fmt.Sprintf("%s cannot hold a control character (U+%04X, character %d)", e.Text, e.Char, e.At), true
	case CodeRecordDirection:
		return fmt.Sprintf("%s cannot hold a text direction control (U+%04X, character %d)", e.Text, e.Char, e.At), true
	case CodeNotesSeparator:
		return fmt.Sprintf("%s cannot hold a line or paragraph separator (U+%04X, character %d): use a plain line break", e.Text, e.Char, e.At), true
	case CodeLineSeparator:
		return fmt.Sprintf("%s is one line: it cannot hold a line or paragraph separator (U+%04X, character %d)", e.Text, e.Char, e.At), true
	}
	return "", false
}
