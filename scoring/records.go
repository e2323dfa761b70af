package scoring

import (
	"cmp"
	"slices"
	"strings"
)

// Group records: the best figures of the whole group, worked out from the
// game files and their results alone (as the player statistics are).
// Only finished, scored games count. A shared victory (R3.5: players still
// tied share it) is a victory: it counts as a win, keeps a streak going
// and is a win in the win rate. Every record lists all its holders when
// several tie.

// MinGamesForRate is how many finished games a player needs before their
// win rate competes: one lucky game is not a record.
const MinGamesForRate = 3

// RecentGames is how many of the latest finished games Records.Recent
// keeps for the chart of NP over time: enough to see a trend, few enough
// for a phone's chart.
const RecentGames = 20

// Records are a history's group records.
type Records struct {
	// Games is how many finished, scored games they come from.
	Games int
	// Players are everyone who finished a game, the most games first
	// (then by key): the head-to-head and the chart take them in this order.
	Players []RecordPlayer
	// MostGames and MostWins count finished games and victories (shared
	// ones included).
	MostGames, MostWins CountRecord
	// BestRate is the highest share of victories among players with at
	// least MinGamesForRate games; no holder when nobody has that many.
	BestRate RateRecord
	// HighestNP is the most NP a player finished a game with; MostPrizeNP
	// the most NP from prize tokens (R2) in one game.
	HighestNP, MostPrizeNP GameRecord
	// BestParty is the strongest raiding party of any round (R1.3).
	BestParty PartyRecord
	// LongestStreak is the most victories in a row, in the order each
	// player played their games.
	LongestStreak StreakRecord
	// Achievements holds, for each Legendary Achievement (in R3.2 order)
	// that anyone took, who took its 4 NP the most times.
	Achievements []AchievementRecord
	// HeadToHead is, for each pair of players who met, how they finished
	// against each other: HeadToHead[Pair{a, b}] is a's record against b
	// (keys as NameKey writes them).
	HeadToHead map[Pair]HeadToHead
	// Recent are the latest finished games (at most RecentGames), oldest
	// first, with every seat's NP.
	Recent []RecentGame
}

// RecordPlayer is one player in the records: their key (NameKey), the
// most common spelling of their name, and their totals.
type RecordPlayer struct {
	Key, Name   string
	Games, Wins int
}

// Pair names two players by key: A's record against B.
type Pair struct{ A, B string }

// CountRecord is a count and the players who reach it.
type CountRecord struct {
	Value   int
	Holders []string // names, in key order
}

// RateRecord is the best win rate and those who have it.
type RateRecord struct {
	Holders []RateHolder
}

// RateHolder is a player's wins out of their games.
type RateHolder struct {
	Name        string
	Wins, Games int
}

// GameRecord is a figure reached in one game, and every game and player
// that reached it.
type GameRecord struct {
	Value   int
	Holders []GameHolder // oldest first, then by seat
}

// GameHolder is a player and the game where they set a record.
type GameHolder struct {
	Name   string
	GameID string
	Played int64 // as PlayedGame.Played
}

// PartyRecord is the strongest party and where each party of that
// strength was entered.
type PartyRecord struct {
	Strength int
	Holders  []PartyHolder // oldest first, then by round and seat
}

// PartyHolder is one party of record strength.
type PartyHolder struct {
	GameHolder
	Round int
	Party PlayerResult
}

// StreakRecord is the longest run of victories and each player who had
// one that long.
type StreakRecord struct {
	Length  int
	Holders []StreakHolder // in key order
}

// StreakHolder is a player's first run of record length: from the game
// that started it to the one that ended it.
type StreakHolder struct {
	Name           string
	First, Last    string // game ids
	Played, Closed int64  // when First and Last were played
}

// AchievementRecord is the player(s) who took one achievement's 4 NP the
// most times.
type AchievementRecord struct {
	ID, Name string
	CountRecord
}

// RecentGame is one game of the chart of NP over time.
type RecentGame struct {
	ID     string
	Played int64
	Seats  []RecentSeat
}

// RecentSeat is one seat's NP in a recent game.
type RecentSeat struct {
	Key string
	NP  int
	Won bool
}

// recordKeeper gathers the records game by game.
type recordKeeper struct {
	rec      Records
	sp       spellings
	keys     nameKeys
	seatKeys []string // the keys of the game being added, by seat
	// recent are the latest finished games, oldest first, made into
	// Records.Recent at the end.
	recent    []GameSummary
	players   map[string]*RecordPlayer
	streak    map[string]*StreakHolder // the run each player is on
	bestRun   map[string]StreakHolder  // each player's first longest run
	runLength map[string]int
	bestLen   map[string]int
	achCounts map[string]map[string]int // achievement id → key → times first
}

// RecordsBuilder gathers the group records a game at a time, from
// summaries, oldest first: what it holds grows with the players (and
// the pairs of them who met), not with the games.
type RecordsBuilder struct {
	k recordKeeper
}

// NewRecords starts the records of an empty history.
func NewRecords() *RecordsBuilder {
	b := &RecordsBuilder{k: recordKeeper{sp: spellings{}, keys: nameKeys{}, players: map[string]*RecordPlayer{}, streak: map[string]*StreakHolder{},
		bestRun: map[string]StreakHolder{}, runLength: map[string]int{}, bestLen: map[string]int{}, achCounts: map[string]map[string]int{}}}
	b.k.rec.HeadToHead = map[Pair]HeadToHead{}
	return b
}

// Add counts the next game; unfinished or unscored ones count nowhere.
func (b *RecordsBuilder) Add(gs GameSummary) { b.add(gs, nil) }

// add counts gs; pg, when given, is the whole game, whose parties the
// strongest party's holders then carry.
func (b *RecordsBuilder) add(gs GameSummary, pg *PlayedGame) {
	if gs.State != Finished {
		return
	}
	k := &b.k
	k.add(gs, pg)
	k.rec.Games++
	// recent keeps the latest RecentGames, oldest first.
	if len(k.recent) == RecentGames {
		k.recent = append(k.recent[:0], k.recent[1:]...)
	}
	k.recent = append(k.recent, gs)
}

// Records are the records of the games added. Of the strongest party's
// holders, only those of games added whole (the tests' GroupRecords) carry their
// Party; PartyOf finds the others' in their game.
func (b *RecordsBuilder) Records() Records {
	for _, gs := range b.k.recent {
		b.k.rec.Recent = append(b.k.rec.Recent, b.k.recentGame(gs))
	}
	b.k.recent = nil
	b.k.finish()
	return b.k.rec
}

// add counts one finished game.
func (k *recordKeeper) add(gs GameSummary, pg *PlayedGame) {
	k.seatKeys = k.seatKeys[:0]
	for _, seat := range gs.Seats {
		k.seatKeys = append(k.seatKeys, k.keys.of(seat.Name))
	}
	for p, seat := range gs.Seats {
		key := k.seatKeys[p]
		k.sp.add(key, seat.Name)
		pl := k.players[key]
		if pl == nil {
			pl = &RecordPlayer{Key: key}
			k.players[key] = pl
		}
		pl.Games++
		if seat.Won {
			pl.Wins++
		}
		k.countRun(key, gs, seat.Won)
		at := GameHolder{Name: key, GameID: gs.ID, Played: gs.Played}
		k.rec.HighestNP.offer(seat.NP, at)
		k.rec.MostPrizeNP.offer(seat.Sources[0], at)
		for q, other := range gs.Seats {
			if q != p {
				k.meet(key, k.seatKeys[q], seat.Place, other.Place)
			}
		}
	}
	for ri, round := range gs.Rounds {
		for p, seat := range gs.Seats {
			if ri >= len(seat.Strengths) {
				continue
			}
			if len(k.rec.BestParty.Holders) > 0 && seat.Strengths[ri] < k.rec.BestParty.Strength {
				continue
			}
			ph := PartyHolder{GameHolder: GameHolder{Name: k.seatKeys[p], GameID: gs.ID, Played: gs.Played}, Round: round}
			ph.Party.Strength = seat.Strengths[ri]
			if pg != nil {
				if pr, ok := partyOf(*pg, round, p); ok {
					ph.Party = pr
				}
			}
			k.rec.BestParty.offer(ph)
		}
	}
	for p, seat := range gs.Seats {
		for _, a := range seat.Achievements {
			if a.NP != 4 {
				continue
			}
			if k.achCounts[a.ID] == nil {
				k.achCounts[a.ID] = map[string]int{}
			}
			k.achCounts[a.ID][k.seatKeys[p]]++
		}
	}
}

// countRun extends or ends the player's run of victories, keeping the
// first run of their longest length.
func (k *recordKeeper) countRun(key string, pg GameSummary, won bool) {
	if !won {
		k.runLength[key] = 0
		return
	}
	k.runLength[key]++
	if k.runLength[key] == 1 {
		k.streak[key] = &StreakHolder{First: pg.ID, Played: pg.Played}
	}
	run := k.streak[key]
	run.Last, run.Closed = pg.ID, pg.Played
	if k.runLength[key] > k.bestLen[key] {
		k.bestLen[key] = k.runLength[key]
		k.bestRun[key] = *run
	}
}

// meet counts one finish of player a against player b (FinishingPlace:
// lower is better, equal only for a shared victory).
func (k *recordKeeper) meet(a, b string, placeA, placeB int) {
	h := k.rec.HeadToHead[Pair{a, b}]
	h.Games++
	switch {
	case placeA < placeB:
		h.Ahead++
	case placeA > placeB:
		h.Behind++
	default:
		h.Level++
	}
	k.rec.HeadToHead[Pair{a, b}] = h
}

// offer keeps at as a holder when its figure reaches the record.
func (r *GameRecord) offer(v int, at GameHolder) {
	switch {
	case len(r.Holders) == 0 || v > r.Value:
		r.Value, r.Holders = v, []GameHolder{at}
	case v == r.Value:
		r.Holders = append(r.Holders, at)
	}
}

// offer keeps a party when it reaches the record strength.
func (r *PartyRecord) offer(ph PartyHolder) {
	switch {
	case len(r.Holders) == 0 || ph.Party.Strength > r.Strength:
		r.Strength, r.Holders = ph.Party.Strength, []PartyHolder{ph}
	case ph.Party.Strength == r.Strength:
		r.Holders = append(r.Holders, ph)
	}
}

// recentGame is gs as the chart of NP over time reads it.
func (k *recordKeeper) recentGame(gs GameSummary) RecentGame {
	rg := RecentGame{ID: gs.ID, Played: gs.Played}
	for _, seat := range gs.Seats {
		rg.Seats = append(rg.Seats, RecentSeat{Key: k.keys.of(seat.Name), NP: seat.NP, Won: seat.Won})
	}
	return rg
}

// finish picks the holders of the per-player records and writes every
// name in its most common spelling.
func (k *recordKeeper) finish() {
	rec := &k.rec
	for _, pl := range k.players {
		pl.Name = k.sp.best(pl.Key)
		rec.Players = append(rec.Players, *pl)
	}
	slices.SortFunc(rec.Players, func(x, y RecordPlayer) int {
		return cmp.Or(cmp.Compare(y.Games, x.Games), strings.Compare(x.Key, y.Key))
	})
	rec.MostGames = k.most(func(pl RecordPlayer) int { return pl.Games })
	rec.MostWins = k.most(func(pl RecordPlayer) int { return pl.Wins })
	rec.BestRate = k.bestRate()
	rec.LongestStreak = k.longestStreak()
	for _, info := range AchievementList() {
		counts := k.achCounts[info.ID]
		if len(counts) == 0 {
			continue
		}
		rec.Achievements = append(rec.Achievements, AchievementRecord{ID: info.ID, Name: info.Name,
			CountRecord: k.most(func(pl RecordPlayer) int { return counts[pl.Key] })})
	}
	for i := range rec.HighestNP.Holders {
		rec.HighestNP.Holders[i].Name = k.sp.best(rec.HighestNP.Holders[i].Name)
	}
	for i := range rec.MostPrizeNP.Holders {
		rec.MostPrizeNP.Holders[i].Name = k.sp.best(rec.MostPrizeNP.Holders[i].Name)
	}
	for i := range rec.BestParty.Holders {
		rec.BestParty.Holders[i].Name = k.sp.best(rec.BestParty.Holders[i].Name)
	}
}

// byKey is the players in key order, the order ties are listed in.
func (k *recordKeeper) byKey() []RecordPlayer {
	out := slices.Clone(k.rec.Players)
	slices.SortFunc(out, func(x, y RecordPlayer) int { return strings.Compare(x.Key, y.Key) })
	return out
}

// most is the highest figure over the players and who reaches it; a
// figure of 0 is no record.
func (k *recordKeeper) most(figure func(RecordPlayer) int) CountRecord {
	var r CountRecord
	for _, pl := range k.byKey() {
		switch v := figure(pl); {
		case v <= 0 || v < r.Value:
		case v > r.Value:
			r.Value, r.Holders = v, []string{pl.Name}
		default:
			r.Holders = append(r.Holders, pl.Name)
		}
	}
	return r
}

// bestRate compares win rates exactly (wins·games crosswise), so 2 of 4
// and 3 of 6 tie.
func (k *recordKeeper) bestRate() RateRecord {
	var r RateRecord
	for _, pl := range k.byKey() {
		if pl.Games < MinGamesForRate {
			continue
		}
		h := RateHolder{Name: pl.Name, Wins: pl.Wins, Games: pl.Games}
		if len(r.Holders) == 0 {
			r.Holders = []RateHolder{h}
			continue
		}
		best := r.Holders[0]
		switch c := cmp.Compare(h.Wins*best.Games, best.Wins*h.Games); {
		case c > 0:
			r.Holders = []RateHolder{h}
		case c == 0:
			r.Holders = append(r.Holders, h)
		}
	}
	return r
}

// longestStreak is the longest run of victories and each player's first
// run of that length.
func (k *recordKeeper) longestStreak() StreakRecord {
	var r StreakRecord
	for _, pl := range k.byKey() {
		n := k.bestLen[pl.Key]
		if n == 0 || n < r.Length {
			continue
		}
		run := k.bestRun[pl.Key]
		run.Name = pl.Name
		if n > r.Length {
			r.Length, r.Holders = n, nil
		}
		r.Holders = append(r.Holders, run)
	}
	return r
}
