package scoring

import (
	"slices"
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

// finished reports whether the game is over and scored.
func (pg PlayedGame) finished() bool { return pg.File.Final != nil && pg.Result != nil }

// NameKey is the key every spelling of one player's name shares: trimmed,
// lower case.
func NameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// spellings counts how each player's name was typed, to show the most
// common spelling (ties: the first in string order).
type spellings map[string]map[string]int

func (sp spellings) add(name string) {
	k, n := NameKey(name), strings.TrimSpace(name)
	if sp[k] == nil {
		sp[k] = map[string]int{}
	}
	sp[k][n]++
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

// PlayerStatsOf gathers the statistics of the player called name from
// games, oldest first: the finished ones count, the ones in progress only
// in Playing. A player with no finished game keeps the spelling of the
// latest game in progress they sit in.
func PlayerStatsOf(games []PlayedGame, name string) PlayerStats {
	st := PlayerStats{Name: strings.TrimSpace(name), Patterns: map[SetKind]int{},
		AchFirst: map[string]int{}, AchSecond: map[string]int{}, H2H: map[string]*HeadToHead{}, DisplayNames: map[string]string{}}
	sp := spellings{}
	playingAs := ""
	for _, pg := range games {
		f := pg.File
		p := f.SeatNamed(name)
		if p < 0 {
			continue
		}
		if f.Final == nil {
			st.Playing++
			playingAs = strings.TrimSpace(f.Players[p])
			continue
		}
		if !pg.finished() {
			continue
		}
		for _, n := range f.Players {
			sp.add(n)
		}
		st.addGame(pg, p)
	}
	if len(sp[NameKey(name)]) > 0 {
		st.Name = sp.best(NameKey(name))
	}
	for k := range st.DisplayNames {
		st.DisplayNames[k] = sp.best(k)
	}
	if st.Games == 0 && playingAs != "" {
		st.Name = playingAs
	}
	return st
}

// addGame counts finished game pg, where the player sits at seat p.
func (st *PlayerStats) addGame(pg PlayedGame, p int) {
	f, res := pg.File, pg.Result
	t := res.Totals[p]
	st.Games++
	won := slices.Contains(res.Winners, p)
	shared := won && len(res.Winners) > 1
	switch {
	case shared:
		st.SharedWins++
	case won:
		st.Wins++
	}
	st.TotalNP += t.NP
	if st.Games == 1 || t.NP > st.BestNP {
		st.BestNP, st.BestNPGame = t.NP, pg.ID
	}
	for i, v := range []int{t.Prizes, t.Achievements, t.Crew, t.Parley} {
		st.Sources[i] += v
	}
	for _, tt := range res.Totals {
		for i, v := range []int{tt.Prizes, tt.Achievements, tt.Crew, tt.Parley} {
			st.TableSources[i] += v
		}
		st.TableSeats++
	}
	for _, r := range res.Rounds {
		pr := r.Results[p]
		for _, s := range pr.Sets {
			st.Patterns[s.Kind]++
		}
		if st.BestParty == nil || pr.Strength > st.BestParty.Strength {
			cp := pr
			st.BestParty, st.BestPartyGame, st.BestPartyRound = &cp, pg.ID, r.Round
		}
	}
	for _, ar := range res.Achievements {
		switch ar.NP[p] {
		case 4:
			st.AchFirst[ar.ID]++
		case 2:
			st.AchSecond[ar.ID]++
		}
	}
	mine := res.FinishingPlace(p)
	for q, other := range f.Players {
		if q == p {
			continue
		}
		k := NameKey(other)
		st.DisplayNames[k] = strings.TrimSpace(other)
		h := st.H2H[k]
		if h == nil {
			h = &HeadToHead{}
			st.H2H[k] = h
		}
		h.Games++
		switch theirs := res.FinishingPlace(q); {
		case mine < theirs:
			h.Ahead++
		case mine > theirs:
			h.Behind++
		default:
			h.Level++
		}
	}
	st.History = append(st.History, GameLine{ID: pg.ID, Played: pg.Played, NP: t.NP, Place: mine, Won: won, Shared: shared})
}

// PlayerSummary is one line of the players list.
type PlayerSummary struct {
	Key, Name               string
	Games, Wins, SharedWins int
	Playing                 int
	Last                    int64 // the latest game's Played
}

// SummarizePlayers lists every player of every game, finished or in
// progress, the most finished games first (then by key).
func SummarizePlayers(games []PlayedGame) []PlayerSummary {
	by := map[string]*PlayerSummary{}
	sp := spellings{}
	get := func(name string, at int64) *PlayerSummary {
		k := NameKey(name)
		sp.add(name)
		ps := by[k]
		if ps == nil {
			ps = &PlayerSummary{Key: k, Last: at}
			by[k] = ps
		}
		ps.Last = max(ps.Last, at)
		return ps
	}
	for _, pg := range games {
		switch {
		case pg.File.Final == nil:
			for _, n := range pg.File.Players {
				get(n, pg.Played).Playing++
			}
		case pg.finished():
			for p, n := range pg.File.Players {
				ps := get(n, pg.Played)
				ps.Games++
				if slices.Contains(pg.Result.Winners, p) {
					if len(pg.Result.Winners) > 1 {
						ps.SharedWins++
					} else {
						ps.Wins++
					}
				}
			}
		}
	}
	out := make([]PlayerSummary, 0, len(by))
	for k, ps := range by {
		ps.Name = sp.best(k)
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
