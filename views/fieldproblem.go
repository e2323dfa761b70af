package views

import (
	"fmt"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// FieldProblem words a refused value for a page, from its code and values
// (scoring.FieldError), never from its Message: the Message is the
// machine interfaces' English, and this is where a page's language is
// chosen. Every code has a wording here (TestFieldProblemCoversEveryCode);
// today's page words are the same English as the machine's.
func FieldProblem(fe *scoring.FieldError) string {
	if fe == nil {
		return ""
	}
	if s, ok := cardProblem(fe); ok {
		return s
	}
	if s, ok := setupProblem(fe); ok {
		return s
	}
	if s, ok := recordProblem(fe); ok {
		return s
	}
	if s, ok := fileProblem(fe); ok {
		return s
	}
	// A code this file does not know yet: the machine's English beats
	// saying nothing.
	return fe.Message
}

// problemName is the i-th name of fe's Names, "" when there are fewer.
func problemName(fe *scoring.FieldError, i int) string {
	if i < len(fe.Names) {
		return fe.Names[i]
	}
	return ""
}

func fileProblem(fe *scoring.FieldError) (string, bool) {
	switch fe.Code {
	case scoring.CodeJSONSyntax:
		return fmt.Sprintf("not valid JSON (at byte %d): %s", fe.Value, fe.Text), true
	case scoring.CodeJSON:
		return "not valid JSON: " + fe.Text, true
	case scoring.CodeFileNotObject:
		return "a game file is a JSON object", true
	case scoring.CodeVersionMissing:
		return "missing version (this app reads version 1)", true
	case scoring.CodeNotBool:
		return "must be true or false", true
	case scoring.CodeNotObject:
		return "must be an object", true
	case scoring.CodeNotList:
		return "must be a list", true
	case scoring.CodeNotWholeNumber:
		return "must be a whole number, not " + fe.Text, true
	case scoring.CodeNotText:
		return "must be text", true
	case scoring.CodeFinalMissing:
		return "a player's final collection is missing", true
	}
	return "", false
}

func cardProblem(fe *scoring.FieldError) (string, bool) {
	card := fe.Card.String()
	switch fe.Code {
	case scoring.CodeUnknownCard:
		return fmt.Sprintf("unknown card %q", fe.Text), true
	case scoring.CodeMarkNotCaptain:
		return fmt.Sprintf("only a Captain can carry the Captain-power mark *: %q", fe.Text), true
	case scoring.CodeCardTwice:
		return fmt.Sprintf("card %q given twice", card), true
	case scoring.CodeKrakenTwoPlayers:
		return fmt.Sprintf("Kraken cards are not in a 2-player game: %q", card), true
	case scoring.CodeNoIdentity:
		return fmt.Sprintf("no identity after \"=\" in %q", fe.Text), true
	case scoring.CodeEmptySet:
		return fmt.Sprintf("set %d is empty", fe.Value), true
	case scoring.CodePlayersOption:
		return fmt.Sprintf("players must be 2, 3 or 4: %d", fe.Value), true
	case scoring.CodeTavernSize:
		return fmt.Sprintf("the Tavern Row has %d cards, not %d", fe.Max, fe.Value), true
	case scoring.CodeRecruitedRange:
		return fmt.Sprintf("recruits already this round must be 0 to %d, not %d", fe.Max, fe.Value), true
	case scoring.CodeCardInTwoPools:
		return fmt.Sprintf("card %q is in both %s's and %s's pools in round %d", card, problemName(fe, 0), problemName(fe, 1), fe.Round), true
	case scoring.CodeCardHeldEarlier:
		return fmt.Sprintf("card %q is entered for %s but %s already had it in round %d; a pirate belongs to one player for the whole game",
			card, problemName(fe, 0), problemName(fe, 1), fe.Round), true
	case scoring.CodeCardInOtherFinal:
		return fmt.Sprintf("card %q is entered for %s but is already in %s's final collection; a pirate belongs to one player for the whole game",
			card, problemName(fe, 0), problemName(fe, 1)), true
	case scoring.CodeNotInFinal:
		return fmt.Sprintf("%s entered %q in round %d but it is not in their final collection (kept or buried)", problemName(fe, 0), card, fe.Round), true
	}
	return "", false
}

// nameCharWords names the kind of unwanted character of a name's code.
func nameCharWords(c scoring.Code) (string, bool) {
	switch c {
	case scoring.CodeNameEscape:
		return "an escape character", true
	case scoring.CodeNameControl:
		return "a control character", true
	case scoring.CodeNameDirection:
		return "a text direction control", true
	case scoring.CodeNameInvisible:
		return "an invisible character", true
	case scoring.CodeNameFormatting:
		return "an invisible formatting character", true
	case scoring.CodeNameLineBreak:
		return "a line break", true
	case scoring.CodeNameNoForm:
		return "a character with no agreed form", true
	}
	return "", false
}

func setupProblem(fe *scoring.FieldError) (string, bool) {
	if kind, ok := nameCharWords(fe.Code); ok {
		return fmt.Sprintf("a player's name cannot hold %s (U+%04X, character %d of %q)", kind, fe.Char, fe.At, fe.Text), true
	}
	switch fe.Code {
	case scoring.CodeVersion:
		return fmt.Sprintf("unsupported game file version %d (this app reads version 1)", fe.Value), true
	case scoring.CodePlayerCount:
		return fmt.Sprintf("a game has %d to %d players, not %d", fe.Min, fe.Max, fe.Value), true
	case scoring.CodeNameLength:
		return fmt.Sprintf("a player's name has 1 to %d characters: %q", fe.Max, fe.Text), true
	case scoring.CodeNameNotUTF8:
		return fmt.Sprintf("a player's name must be UTF-8 text: %q", fe.Text), true
	case scoring.CodeNameTwice:
		return fmt.Sprintf("two players are called %q", fe.Text), true
	case scoring.CodeStartPlayer:
		return fmt.Sprintf("the start player is a seat from 0 to %d, not %d", fe.Max, fe.Value), true
	case scoring.CodeAchievementCount:
		return fmt.Sprintf("a game has 2 or 3 Legendary Achievements, not %d", fe.Value), true
	case scoring.CodeUnknownAchievement:
		return fmt.Sprintf("unknown achievement %q", fe.Text), true
	case scoring.CodeAchievementTwice:
		return fmt.Sprintf("achievement %q given twice", fe.Text), true
	case scoring.CodeTwoFaces:
		return "Shipshape and Commander are two sides of one card: only one can be in play", true
	case scoring.CodeTooManyRounds:
		return fmt.Sprintf("a %d-player game has %d rounds, not %d", fe.Seats, fe.Max, fe.Value), true
	case scoring.CodeRoundNotOpen:
		return fmt.Sprintf("round %d cannot be entered now (rounds so far: %d of %d)", fe.Round, fe.Value, fe.Max), true
	case scoring.CodeNoSeat:
		return fmt.Sprintf("no seat %d in a %d-player game", fe.Value, fe.Seats), true
	case scoring.CodeRoundEntries:
		return fmt.Sprintf("round %d has %d entries for %d players", fe.Round, fe.Value, fe.Seats), true
	case scoring.CodeFinalCount:
		return fmt.Sprintf("the end of the game has %d collections for %d players", fe.Value, fe.Seats), true
	case scoring.CodeCountRange:
		return fmt.Sprintf("%s must be a whole number from 0 to %d, not %d", fe.Text, fe.Max, fe.Value), true
	}
	return "", false
}

func recordProblem(fe *scoring.FieldError) (string, bool) {
	switch fe.Code {
	case scoring.CodePlayedYear:
		return fmt.Sprintf("played must be in a year from %d to %d, not %d", fe.Min, fe.Max, fe.Value), true
	case scoring.CodePlayedFormat:
		return fmt.Sprintf(`played must be a date and time in RFC 3339 form, like "2024-05-01T20:00:00+02:00", not %s`, fe.Text), true
	case scoring.CodeDuration:
		return fmt.Sprintf("duration_min must be a whole number of minutes from 1 to %d, not %d", fe.Max, fe.Value), true
	case scoring.CodeRecordNotText:
		return fe.Text + " must be text", true
	case scoring.CodeRecordNotUTF8:
		return fe.Text + " must be UTF-8 text", true
	case scoring.CodeRecordTooLong:
		return fmt.Sprintf("%s has at most %d characters, not %d", fe.Text, fe.Max, fe.Value), true
	case scoring.CodeRecordOnlySpaces:
		return fe.Text + " cannot be only spaces: leave it out instead", true
	case scoring.CodeRecordControl:
		return fmt.Sprintf("%s cannot hold a control character (U+%04X, character %d)", fe.Text, fe.Char, fe.At), true
	case scoring.CodeRecordDirection:
		return fmt.Sprintf("%s cannot hold a text direction control (U+%04X, character %d)", fe.Text, fe.Char, fe.At), true
	case scoring.CodeNotesSeparator:
		return fmt.Sprintf("%s cannot hold a line or paragraph separator (U+%04X, character %d): use a plain line break", fe.Text, fe.Char, fe.At), true
	case scoring.CodeLineSeparator:
		return fmt.Sprintf("%s is one line: it cannot hold a line or paragraph separator (U+%04X, character %d)", fe.Text, fe.Char, fe.At), true
	}
	return "", false
}

// FieldProblemIn words a refused value for a page in language l, from its
// code and values: the catalogue's "field.<code>" message. A code the
// catalogue lacks falls back to the English of FieldProblem.
func FieldProblemIn(l lang.Lang, fe *scoring.FieldError) string {
	if fe == nil {
		return ""
	}
	key := "field." + string(fe.Code)
	if l.T(key) == key {
		return FieldProblem(fe)
	}
	return l.T(key, "card", fe.Card.String(), "text", fieldText(l, fe), "value", fe.Value, "min", fe.Min, "max", fe.Max,
		"round", fe.Round, "seats", fe.Seats, "name", problemName(fe, 0), "other", problemName(fe, 1),
		"char", fmt.Sprintf("U+%04X", fe.Char), "at", fe.At)
}

// fieldText is fe's Text for a page: the counts a range refusal names
// ("coins") in language l, anything else as it was typed.
func fieldText(l lang.Lang, fe *scoring.FieldError) string {
	if fe.Code != scoring.CodeCountRange {
		return fe.Text
	}
	switch fe.Text {
	case "coins":
		return l.T("field.what.coins")
	case "buried Powder Monkeys":
		return l.T("field.what.monkeys")
	case "banner total":
		return l.T("field.what.banner")
	}
	return fe.Text
}
