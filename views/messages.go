package views

import (
	"strconv"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// The messages of forms and pages that handlers hand on: each is a
// function of the values it names, so that no handler words a sentence.
// A form's messages go into its Errors under the field they concern.

// Each message has an In form that words it in the page's language and
// a plain form in English, which the pages not yet passing their
// language call.

// TavernHoldsPoolCard refuses a Tavern Row card that is also in the pool.
func TavernHoldsPoolCard(c scoring.Card) string { return TavernHoldsPoolCardIn(lang.English, c) }

// TavernHoldsPoolCardIn is TavernHoldsPoolCard in l.
func TavernHoldsPoolCardIn(l lang.Lang, c scoring.Card) string {
	return l.T("form.tavern_holds_pool_card", "card", CardPart(c).Words())
}

// TavernTooMany refuses a Tavern Row of n cards.
func TavernTooMany(n int) string { return TavernTooManyIn(lang.English, n) }

// TavernTooManyIn is TavernTooMany in l.
func TavernTooManyIn(l lang.Lang, n int) string {
	return l.T("form.tavern_too_many", "most", scoring.MaxTavern, "n", n)
}

// RecruitsRange refuses a count of recruits out of range.
func RecruitsRange() string { return RecruitsRangeIn(lang.English) }

// RecruitsRangeIn is RecruitsRange in l.
func RecruitsRangeIn(l lang.Lang) string {
	return l.T("form.recruits_range", "most", scoring.MaxNewPirates)
}

// RecruitLimitNote says why the recruit advisor offers no more, for
// left recruits this round and tavern cards in the row; "" when it does.
func RecruitLimitNote(left, tavern int) string { return RecruitLimitNoteIn(lang.English, left, tavern) }

// RecruitLimitNoteIn is RecruitLimitNote in l.
func RecruitLimitNoteIn(l lang.Lang, left, tavern int) string {
	switch {
	case left == 0:
		return l.T("form.recruited_all", "n", scoring.MaxNewPirates)
	case left == 1 && tavern > 1:
		return l.T("form.one_recruit_left")
	}
	return ""
}

// PlayersRange refuses a number of players that is not 2, 3 or 4; v is
// the value sent.
func PlayersRange(v string) string { return PlayersRangeIn(lang.English, v) }

// PlayersRangeIn is PlayersRange in l.
func PlayersRangeIn(l lang.Lang, v string) string { return l.T("form.players_range", "value", v) }

// DurationRange refuses a game's duration out of range.
func DurationRange() string { return DurationRangeIn(lang.English) }

// DurationRangeIn is DurationRange in l.
func DurationRangeIn(l lang.Lang) string {
	return l.T("form.duration_range", "most", strconv.Itoa(scoring.MaxDurationMin))
}

// PlayedNotATime refuses a game's date and time that cannot be read; v
// is the value sent.
func PlayedNotATime(v string) string { return PlayedNotATimeIn(lang.English, v) }

// PlayedNotATimeIn is PlayedNotATime in l.
func PlayedNotATimeIn(l lang.Lang, v string) string {
	return l.T("form.played_not_a_time", "value", v)
}

// PlayedYearRange refuses a game's date out of the years it may have.
func PlayedYearRange() string { return PlayedYearRangeIn(lang.English) }

// PlayedYearRangeIn is PlayedYearRange in l. The years are written
// without a thousands mark.
func PlayedYearRangeIn(l lang.Lang) string {
	return l.T("form.played_year_range", "from", strconv.Itoa(scoring.MinPlayedYear), "to", strconv.Itoa(scoring.MaxPlayedYear))
}

// WholeMinutes is a duration in minutes alone: "95 min".
func WholeMinutes(n int) string { return WholeMinutesIn(lang.English, n) }

// WholeMinutesIn is WholeMinutes in l.
func WholeMinutesIn(l lang.Lang, n int) string { return l.T("form.minutes", "n", n) }

// RenameClash refuses a rename that would seat one name twice in game id
// (played by players), which has a player called other already.
func RenameClash(l lang.Lang, id string, players []string, other string) string {
	return l.T("rename.clash", "id", id, "names", JoinNames(l, players), "other", other)
}

// RenameNobody refuses to rename a player no game has.
func RenameNobody(l lang.Lang, name string) string {
	return l.T("rename.nobody", "name", name)
}
