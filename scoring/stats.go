package scoring

import (
	"sort"
	"strings"
)

// Player statistics: what a group's history says about each player,
// worked out from the game files and their results alone. Players are
// told apart by name (SameName, as NameKey writes it), so every spelling
// of one name is one player, shown in its most common spelling.

// PlayedGame is one game of a history as the statistics read it.
type PlayedGame struct {
	// ID names the game; the statistics hand it back (a player's best
	// game, their history).
	ID string
	// Played is when the game was played, in Unix nanoseconds (scoring
	// reads no clock and holds no time.Time); the statistics hand it back.
	Played int64
	// File is the game file.
	File Game
	// Result is the scored game, for a finished game (File.Final set);
	// nil for a game in progress. A finished game without a Result (one
	// that did not score) counts nowhere.
	Result *Result
}

// NameKey is the key every spelling of one player's name shares: trimmed,
// lower case in any alphabet. It is the one folding of names: SameName
// compares keys, and the store compares them in SQL too (a function the
// store registers with SQLite, whose own lower() knows ASCII only).
func NameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// spellings counts how each player's name was typed, to show the most
// common spelling (ties: the first in string order).
type spellings map[string]map[string]int

// add counts one spelling of the player whose key is k.
func (sp spellings) add(k, name string) {
	n := strings.TrimSpace(name)
	if sp[k] == nil {
		sp[k] = map[string]int{}
	}
	sp[k][n]++
}

// nameKeys remembers each spelling's NameKey: a long history repeats a
// few spellings thousands of times, and a key worked out afresh each time
// is a string made each time.
type nameKeys map[string]string

func (nk nameKeys) of(name string) string {
	k, ok := nk[name]
	if !ok {
		k = NameKey(name)
		nk[name] = k
	}
	return k
}

func (sp spellings) best(key string) string {
	out, most := key, 0
	for n, c := range sp[key] {
		if c > most || (c == most && n < out) {
			out, most = n, c
		}
	}
	return out
}

// PlayerStats is everything a player's page shows, from the finished
// games' files and results and the games in progress.
type PlayerStats struct {
	Name                    string
	Games, Wins, SharedWins int
	Playing                 int // games in progress
	TotalNP, BestNP         int
	BestNPGame              string
	Sources                 [4]int // prizes, achievements, crew, parley: totals
	TableSources            [4]int // the same over every seat of those games
	TableSeats              int
	BestParty               *PlayerResult
	BestPartyGame           string
	BestPartyRound          int
	Patterns                map[SetKind]int
	AchFirst, AchSecond     map[string]int
	H2H                     map[string]*HeadToHead
	History                 []GameLine
	DisplayNames            map[string]string // key → most common spelling of opponents
}

// HeadToHead is one player's record against another in the games both
// finished: ahead means a better place, level a shared victory.
type HeadToHead struct {
	Games, Ahead, Behind, Level int
}

// GameLine is one finished game of a player.
type GameLine struct {
	ID     string
	Played int64 // Unix nanoseconds, as PlayedGame.Played
	NP     int
	Place  int
	Won    bool
	Shared bool
}

// PlayerStatsBuilder gathers one player's statistics a game at a time,
// from summaries, oldest first: a history read in order, never held.
type PlayerStatsBuilder struct {
	st        PlayerStats
	name      string
	sp        spellings
	keys      nameKeys
	playingAs string
	// best is the strength of the best party so far, once found.
	best  int
	found bool
}

// NewPlayerStats starts the statistics of the player called name.
func NewPlayerStats(name string) *PlayerStatsBuilder {
	return &PlayerStatsBuilder{name: name, sp: spellings{}, keys: nameKeys{}, st: PlayerStats{Name: strings.TrimSpace(name), Patterns: map[SetKind]int{},
		AchFirst: map[string]int{}, AchSecond: map[string]int{}, H2H: map[string]*HeadToHead{}, DisplayNames: map[string]string{}}}
}

// Add counts the next game.
func (b *PlayerStatsBuilder) Add(gs GameSummary) {
	p := -1
	for i, s := range gs.Seats {
		if SameName(s.Name, b.name) {
			p = i
			break
		}
	}
	if p < 0 {
		return
	}
	switch gs.State {
	case InProgress:
		b.st.Playing++
		b.playingAs = strings.TrimSpace(gs.Seats[p].Name)
		return
	case Unscored:
		return
	}
	for _, s := range gs.Seats {
		b.sp.add(b.keys.of(s.Name), s.Name)
	}
	b.addGame(gs, p)
}

// Stats are the statistics of the games added. BestParty is left nil:
// it is the party of round BestPartyRound of game BestPartyGame (set when
// the player had a round scored), which a summary does not hold; PartyOf
// finds it in that game.
func (b *PlayerStatsBuilder) Stats() PlayerStats {
	st := b.st
	if len(b.sp[NameKey(b.name)]) > 0 {
		st.Name = b.sp.best(NameKey(b.name))
	}
	for k := range st.DisplayNames {
		st.DisplayNames[k] = b.sp.best(k)
	}
	if st.Games == 0 && b.playingAs != "" {
		st.Name = b.playingAs
	}
	return st
}

// addGame counts finished game gs, where the player sits at seat p.
func (b *PlayerStatsBuilder) addGame(gs GameSummary, p int) {
	st := &b.st
	me := gs.Seats[p]
	st.Games++
	shared := me.Won && gs.winners() > 1
	switch {
	case shared:
		st.SharedWins++
	case me.Won:
		st.Wins++
	}
	st.TotalNP += me.NP
	if st.Games == 1 || me.NP > st.BestNP {
		st.BestNP, st.BestNPGame = me.NP, gs.ID
	}
	for i, v := range me.Sources {
		st.Sources[i] += v
	}
	for _, s := range gs.Seats {
		for i, v := range s.Sources {
			st.TableSources[i] += v
		}
		st.TableSeats++
	}
	for i, k := range PatternKinds {
		if me.Patterns[i] > 0 {
			st.Patterns[k] += me.Patterns[i]
		}
	}
	for ri, round := range gs.Rounds {
		if ri >= len(me.Strengths) {
			break
		}
		if !b.found || me.Strengths[ri] > b.best {
			b.found, b.best = true, me.Strengths[ri]
			st.BestPartyGame, st.BestPartyRound = gs.ID, round
		}
	}
	for _, a := range me.Achievements {
		switch a.NP {
		case 4:
			st.AchFirst[a.ID]++
		case 2:
			st.AchSecond[a.ID]++
		}
	}
	for q, other := range gs.Seats {
		if q == p {
			continue
		}
		k := b.keys.of(other.Name)
		st.DisplayNames[k] = strings.TrimSpace(other.Name)
		h := st.H2H[k]
		if h == nil {
			h = &HeadToHead{}
			st.H2H[k] = h
		}
		h.Games++
		switch {
		case me.Place < other.Place:
			h.Ahead++
		case me.Place > other.Place:
			h.Behind++
		default:
			h.Level++
		}
	}
	st.History = append(st.History, GameLine{ID: gs.ID, Played: gs.Played, NP: me.NP, Place: me.Place, Won: me.Won, Shared: shared})
}

// PlayerSummary is one line of the players list.
type PlayerSummary struct {
	Key, Name               string
	Games, Wins, SharedWins int
	Playing                 int
	Last                    int64 // the latest game's Played
}

// PlayersBuilder gathers the players list a game at a time, from
// summaries: what it holds grows with the players, not the games.
type PlayersBuilder struct {
	by   map[string]*PlayerSummary
	sp   spellings
	keys nameKeys
}

// NewPlayers starts an empty players list.
func NewPlayers() *PlayersBuilder {
	return &PlayersBuilder{by: map[string]*PlayerSummary{}, sp: spellings{}, keys: nameKeys{}}
}

// Add counts the next game.
func (b *PlayersBuilder) Add(gs GameSummary) {
	if gs.State == Unscored {
		return
	}
	shared := gs.winners() > 1
	for _, s := range gs.Seats {
		k := b.keys.of(s.Name)
		b.sp.add(k, s.Name)
		ps := b.by[k]
		if ps == nil {
			ps = &PlayerSummary{Key: k, Last: gs.Played}
			b.by[k] = ps
		}
		ps.Last = max(ps.Last, gs.Played)
		if gs.State == InProgress {
			ps.Playing++
			continue
		}
		ps.Games++
		switch {
		case s.Won && shared:
			ps.SharedWins++
		case s.Won:
			ps.Wins++
		}
	}
}

// List is the players list: the most finished games first (then by key).
func (b *PlayersBuilder) List() []PlayerSummary {
	out := make([]PlayerSummary, 0, len(b.by))
	for k, ps := range b.by {
		ps.Name = b.sp.best(k)
		out = append(out, *ps)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return out[i].Key < out[j].Key
	})
	return out
}
