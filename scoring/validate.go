package scoring

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of R4.5.
const (
	MinPlayers    = 2
	MaxPlayers    = 4
	MaxNameLength = 40 // characters, after trimming spaces
	MaxCount      = 99 // coins and banner totals
)

// MaxNewPirates is how many pirates a player can recruit in one round
// (R4.3).
const MaxNewPirates = 3

// StartingPowderMonkeys is how many Powder Monkeys each player starts with
// (R0): 6 with 2–3 players, 4 with 4. It bounds the buried ones (R4.5).
func StartingPowderMonkeys(players int) int {
	if players >= 4 {
		return 4
	}
	return 6
}

// sighting is where a pirate was first entered: who holds it and the
// place of that value, for the R4.1 message and OtherField.
type sighting struct {
	player int
	at     Place // at.Round is 0 for a final collection
}

// Validate checks a whole game file, complete or in progress, against R2.1,
// R3.2 and R4. It stops at the first impossible value and returns it as a
// *FieldError whose Field is that value's JSON path (rounds[1][0].pool[2])
// and whose Rule names the rule broken. Doubtful but possible input gives
// warnings (R4.3) and no error.
//
// A form editing one entry can validate the whole candidate game (see
// WithEntry): the error's Place, or OtherPlace for a conflict with another
// value (the same places as Field and OtherField, read into their parts),
// then tells whether the entry being edited is at fault.
func Validate(g Game) ([]Warning, error) {
	if err := validateSetup(g); err != nil {
		return nil, err
	}
	n := len(g.Players)
	if len(g.Rounds) > RoundsFor(n) {
		return nil, refusal("rounds", "R2.1", &FieldError{Code: CodeTooManyRounds, Seats: n, Max: RoundsFor(n), Value: len(g.Rounds)})
	}
	owners := ownership{game: g, owner: map[Card]sighting{}}
	if err := owners.rounds(); err != nil {
		return nil, err
	}
	if g.Over() {
		if err := owners.finals(); err != nil {
			return nil, err
		}
		if err := checkCollections(g); err != nil {
			return nil, err
		}
	}
	return newPirateWarnings(g), nil
}

// ownership walks the pirates entered in a game, rounds first, then the
// final collections, remembering who first held each (R4.1).
type ownership struct {
	game  Game
	owner map[Card]sighting
}

// claim records that player p holds card c (seen at at), refusing a card
// that another player already holds (R4.1).
func (o *ownership) claim(c Card, p int, at Place) *FieldError {
	cell := c.Cell()
	s, ok := o.owner[cell]
	if !ok {
		o.owner[cell] = sighting{player: p, at: at}
		return nil
	}
	if s.player == p {
		return nil
	}
	players := o.game.Players
	fe := &FieldError{Card: cell}
	switch round := at.Round; {
	case round > 0 && s.at.Round == round:
		fe.Code, fe.Names, fe.Round = CodeCardInTwoPools, []string{players[s.player], players[p]}, round
	case s.at.Round > 0:
		fe.Code, fe.Names, fe.Round = CodeCardHeldEarlier, []string{players[p], players[s.player]}, s.at.Round
	default:
		fe.Code, fe.Names = CodeCardInOtherFinal, []string{players[p], players[s.player]}
	}
	fe.Players, fe.OtherField, fe.OtherPlace = []int{s.player, p}, s.at.String(), &s.at
	return at.refuse("R4.1", fe)
}

// take applies the checks every entered pirate gets: the rules of one
// list of cards (CardSet: in the game, R4.2, and not twice, R0), then
// one owner (R4.1).
func (o *ownership) take(list *CardSet, c Card, p int, at Place) error {
	if fe := list.Take(c); fe != nil {
		rule := "R0"
		if fe.Code == CodeKrakenTwoPlayers {
			rule = "R4.2"
		}
		return at.refuse(rule, fe)
	}
	if fe := o.claim(c, p, at); fe != nil {
		return fe
	}
	return nil
}

// rounds checks every round entry: its shape, its pool and its coins.
func (o *ownership) rounds() error {
	n := len(o.game.Players)
	for r, round := range o.game.Rounds {
		if len(round) != n {
			return roundPlace(r+1, -1).refuse("", &FieldError{Code: CodeRoundEntries, Round: r + 1, Value: len(round), Seats: n})
		}
		for p, e := range round {
			if e == nil {
				continue
			}
			list := NewCardSet(n)
			at := roundPlace(r+1, p)
			for i, c := range e.Pool {
				if err := o.take(list, c, p, at.in("pool").at(i)); err != nil {
					return err
				}
			}
			if err := checkCount(at.in("coins"), "coins", e.Coins, MaxCount); err != nil {
				return err
			}
		}
	}
	return nil
}

// finals checks every final collection: its pirates, kept and buried,
// and its counts.
func (o *ownership) finals() error {
	g := o.game
	n := len(g.Players)
	if len(g.Final) != n {
		return finalPlace(-1).refuse("", &FieldError{Code: CodeFinalCount, Value: len(g.Final), Seats: n})
	}
	for p, f := range g.Final {
		list := NewCardSet(n)
		lists := []struct {
			name  string
			cards []Card
		}{{"pirates", f.Pirates}, {"buried_pirates", f.BuriedPirates}}
		for _, l := range lists {
			for i, c := range l.cards {
				if err := o.take(list, c, p, finalPlace(p).in(l.name).at(i)); err != nil {
					return err
				}
			}
		}
		counts := []struct {
			name  string
			what  string
			value int
			max   int
		}{
			{"buried_powder_monkeys", "buried Powder Monkeys", f.BuriedPowderMonkeys, StartingPowderMonkeys(n)},
			{"loot_banner_kept", "banner total", f.LootBannerKept, MaxCount},
			{"loot_banner_buried", "banner total", f.LootBannerBuried, MaxCount},
			{"coins", "coins", f.Coins, MaxCount},
		}
		for _, c := range counts {
			if err := checkCount(finalPlace(p).in(c.name), c.what, c.value, c.max); err != nil {
				return err
			}
		}
	}
	return nil
}

// validateSetup checks what is fixed at setup: version, played time,
// players, start player and achievements.
func validateSetup(g Game) error {
	if g.Version != 1 {
		return refusal("version", "", &FieldError{Code: CodeVersion, Value: g.Version})
	}
	// DecodeGame checks it already; a Game built in Go has not been.
	if g.Played != "" {
		if err := CheckPlayed(g.Played); err != nil {
			return err
		}
	}
	if err := CheckPlayRecord(g); err != nil {
		return err
	}
	n := len(g.Players)
	if n < MinPlayers || n > MaxPlayers {
		return namePlace(-1).refuse("R4.5", &FieldError{Code: CodePlayerCount, Min: MinPlayers, Max: MaxPlayers, Value: n})
	}
	for i, name := range g.Players {
		at := namePlace(i)
		l := utf8.RuneCountInString(strings.TrimSpace(name))
		if l < 1 || l > MaxNameLength {
			return at.refuse("R4.5", &FieldError{Code: CodeNameLength, Max: MaxNameLength, Text: name})
		}
		if fe := checkName(name); fe != nil {
			return at.refuse("R4.5", fe)
		}
		for j := range i {
			if SameName(g.Players[j], name) {
				other := namePlace(j)
				return at.refuse("R4.5", &FieldError{Code: CodeNameTwice, Text: strings.TrimSpace(name),
					Players: []int{j, i}, OtherField: other.String(), OtherPlace: &other})
			}
		}
	}
	if g.StartPlayer < 0 || g.StartPlayer >= n {
		return refusal("start_player", "R2.1", &FieldError{Code: CodeStartPlayer, Max: n - 1, Value: g.StartPlayer})
	}
	if k := len(g.Achievements); k < 2 || k > 3 {
		return refusal("achievements", "R3.2", &FieldError{Code: CodeAchievementCount, Value: k})
	}
	for i, id := range g.Achievements {
		field := fmt.Sprintf("achievements[%d]", i)
		if _, ok := AchievementByID(id); !ok {
			return refusal(field, "R3.2", &FieldError{Code: CodeUnknownAchievement, Text: id})
		}
		if slices.Contains(g.Achievements[:i], id) {
			return refusal(field, "R3.2", &FieldError{Code: CodeAchievementTwice, Text: id})
		}
		// Shipshape and Commander are the two faces of one card.
		if (id == Shipshape && slices.Contains(g.Achievements[:i], Commander)) ||
			(id == Commander && slices.Contains(g.Achievements[:i], Shipshape)) {
			return refusal(field, "R3.2", &FieldError{Code: CodeTwoFaces})
		}
	}
	return nil
}

// checkName applies the rest of R4.5's "a name is 1–40 characters": they
// are characters a person can see. A name is shown on every page, printed
// by the command line and read aloud at the table, so it may not hold
// bytes that are not UTF-8, control characters (C0 such as NUL, BEL and
// ESC, which starts the terminal's ANSI sequences; DEL; C1), format
// characters (Unicode category Cf: the bidi controls U+202A–U+202E,
// U+2066–U+2069, U+200E, U+200F and U+061C, the zero-width U+200B–U+200D
// and U+2060, U+FEFF, the soft hyphen U+00AD …), line and paragraph
// separators, private-use code points or noncharacters, or other
// characters that draw nothing (Hangul fillers, U+034F …). The one
// exception is the joiner U+200D between two emoji, where it makes one
// picture (the pirate flag 🏴‍☠️ is a flag, a joiner and a skull). It
// returns the error for the first bad character (its Field to be set),
// nil for a good name.
// Spaces, accents and emoji (variation selectors included) are fine, and
// so are code points Go's Unicode tables do not know yet: most likely
// newer emoji.
func checkName(name string) *FieldError {
	if !utf8.ValidString(name) {
		return &FieldError{Code: CodeNameNotUTF8, Text: name}
	}
	runes := []rune(name)
	for i, r := range runes {
		if r == zwj && i > 0 && i+1 < len(runes) && emojiBefore(runes[i-1]) && unicode.Is(unicode.So, runes[i+1]) {
			continue // inside an emoji sequence such as the pirate flag 🏴‍☠️
		}
		if why := badNameRune(r); why != "" {
			return &FieldError{Code: why, Char: r, At: i + 1, Text: name}
		}
	}
	return nil
}

// zwj is the zero-width joiner, which glues emoji into one picture.
const zwj = 0x200D

// emojiBefore reports whether r can end the emoji before a joiner: a
// symbol, the emoji variation selector, or a skin tone.
func emojiBefore(r rune) bool {
	return unicode.Is(unicode.So, r) || r == 0xFE0F || (r >= 0x1F3FB && r <= 0x1F3FF)
}

// badNameRune says what kind of unwanted character r is (its code), or "".
func badNameRune(r rune) Code {
	switch {
	case r == 0x1B:
		return CodeNameEscape
	case unicode.IsControl(r):
		return CodeNameControl
	case unicode.In(r, unicode.Bidi_Control):
		return CodeNameDirection
	case r == 0x200B, r == 0x200C, r == 0x200D, r == 0x2060, r == 0xFEFF, r == 0x00AD:
		return CodeNameInvisible
	case unicode.Is(unicode.Cf, r), unicode.In(r, unicode.Other_Default_Ignorable_Code_Point):
		return CodeNameFormatting
	case unicode.In(r, unicode.Zl, unicode.Zp):
		return CodeNameLineBreak
	case unicode.In(r, unicode.Co, unicode.Noncharacter_Code_Point):
		return CodeNameNoForm
	}
	return ""
}

// SameName reports whether two player names count as the same (R4.5):
// equal after trimming spaces, ignoring case in any alphabet ("Ёлка" is
// "ёлка"). It compares NameKeys, the one folding of names: the store's
// filters and the statistics use the same key.
func SameName(a, b string) bool { return NameKey(a) == NameKey(b) }

func checkCount(at Place, what string, v, maxValue int) error {
	if v < 0 || v > maxValue {
		return at.refuse("R4.5", &FieldError{Code: CodeCountRange, Text: what, Max: maxValue, Value: v})
	}
	return nil
}

// checkCollections applies R4.4: every pirate a player entered in a round
// is in their final collection.
func checkCollections(g Game) error {
	for p, f := range g.Final {
		have := map[Card]bool{}
		for _, c := range owned(f) {
			have[c.Cell()] = true
		}
		for r, round := range g.Rounds {
			e := round[p]
			if e == nil {
				continue
			}
			for i, c := range e.Pool {
				if !have[c.Cell()] {
					other := roundPlace(r+1, p).in("pool").at(i)
					return finalPlace(p).in("pirates").refuse("R4.4", &FieldError{Code: CodeNotInFinal,
						Names: []string{g.Players[p]}, Card: c.Cell(), Round: r + 1,
						Players: []int{p}, OtherField: other.String(), OtherPlace: &other})
				}
			}
		}
	}
	return nil
}

// newPirateWarnings applies R4.3: a pirate is new for a player in the first
// round it appears in their pool, and nobody recruits more than 3 a round.
// The starting deck has no pirates, so round 1 counts too. A warning holds
// the facts (who, which round, which cards); views words them.
func newPirateWarnings(g Game) []Warning {
	warnings := []Warning{}
	for p := range g.Players {
		seen := map[Card]bool{}
		for r, round := range g.Rounds {
			if p >= len(round) || round[p] == nil {
				continue
			}
			var fresh []Card
			for _, c := range round[p].Pool {
				if !seen[c.Cell()] {
					seen[c.Cell()] = true
					fresh = append(fresh, c.Cell())
				}
			}
			if len(fresh) <= MaxNewPirates {
				continue
			}
			warnings = append(warnings, Warning{Player: p, Round: r + 1, Cards: fresh, Rule: "R4.3"})
		}
	}
	return warnings
}

// EnteredPirates lists every pirate a player entered in any round, once
// each and in card order, without the Captain mark: what the end-of-game
// form starts with (R4.4).
func EnteredPirates(g Game, player int) []Card {
	seen := map[Card]bool{}
	cards := []Card{}
	for _, round := range g.Rounds {
		if player < 0 || player >= len(round) || round[player] == nil {
			continue
		}
		for _, c := range round[player].Pool {
			if !seen[c.Cell()] {
				seen[c.Cell()] = true
				cards = append(cards, c.Cell())
			}
		}
	}
	slices.SortFunc(cards, func(a, b Card) int { return a.index() - b.index() })
	return cards
}

// ValidateChange validates a game as a change (one entry saved) leaves
// it, given the game before the change. A game that was already invalid
// (an old database, a hand-edited file) must still take the saves that
// repair it, and the saves of players its problem does not concern, so
// only a change that turns a valid game invalid is refused.
func ValidateChange(before, after Game) ([]Warning, error) {
	ws, err := Validate(after)
	if err != nil {
		if _, was := Validate(before); was != nil {
			return ws, nil
		}
	}
	return ws, err
}

// WithEntry returns a copy of the game with one player's entry for a round
// (1-based) set, starting the round when it is the one after the last.
// The original game is not changed. It checks only that the place exists;
// validate the result with Validate before storing it.
func WithEntry(g Game, round, player int, e *Entry) (Game, error) {
	n := len(g.Players)
	if round < 1 || round > len(g.Rounds)+1 || round > RoundsFor(n) {
		return Game{}, refusal("rounds", "R2.1", &FieldError{Code: CodeRoundNotOpen, Round: round, Value: len(g.Rounds), Max: RoundsFor(n)})
	}
	if player < 0 || player >= n {
		return Game{}, roundPlace(round, -1).refuse("", &FieldError{Code: CodeNoSeat, Value: player, Seats: n})
	}
	rounds := slices.Clone(g.Rounds)
	if round > len(rounds) {
		rounds = append(rounds, nil)
	}
	// A fresh row of at least n seats, so a short stored row cannot make
	// the assignment panic (Validate reports its length afterwards).
	row := make([]*Entry, max(n, len(rounds[round-1])))
	copy(row, rounds[round-1])
	rounds[round-1] = row
	rounds[round-1][player] = e
	g.Rounds = rounds
	return g, nil
}
