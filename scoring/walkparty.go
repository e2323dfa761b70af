package scoring

import "sort"

// Turning the walk's roles back into the sets of a party.

// cellPick is a card standing on a cell in the party.
type cellPick struct {
	card Card
	as   Card
}

// build turns the walk's roles into sets, giving each filled empty cell a
// wild the same way the walk spent them (the row's Parrot first, then
// flagged Captains in card order).
func (s *solver) build(steps []step, roles []uint8) Party {
	parrotUsed := [NumSuits]bool{}
	captainsUsed := 0
	groups := make([][]cellPick, NumRanks)
	straights := make([][]cellPick, NumRanks)
	fulls := make([][]cellPick, NumRanks)
	sfRows := make([][]cellPick, NumSuits) // in rank order; runs split below
	sfRanks := make([][]int, NumSuits)
	flushes := make([][]cellPick, NumSuits)
	var unused []Card
	for i, st := range steps {
		kind := s.cells[st.suit][st.rank]
		role := roles[i]
		at := Card{Suit: st.suit, Rank: Rank(st.rank + 1)}
		var pick cellPick
		switch {
		case kind == cellFixed:
			pick = cellPick{card: at, as: at}
		case kind == cellEmpty && role != roleNone:
			if s.parrot[st.suit] && !parrotUsed[st.suit] {
				parrotUsed[st.suit] = true
				pick = cellPick{card: Card{Suit: st.suit, Rank: Parrot}, as: at}
			} else {
				pick = cellPick{card: s.captains[captainsUsed], as: at}
				captainsUsed++
			}
		default:
			continue
		}
		switch role {
		case roleNone, roleFlushWild:
			flushes[st.suit] = append(flushes[st.suit], pick)
		case roleGroup:
			groups[st.rank] = append(groups[st.rank], pick)
		case roleSF:
			sfRows[st.suit] = append(sfRows[st.suit], pick)
			sfRanks[st.suit] = append(sfRanks[st.suit], st.rank)
		case roleStraight:
			straights[st.rank] = append(straights[st.rank], pick)
		case roleFull:
			fulls[st.rank] = append(fulls[st.rank], pick)
		}
	}
	var sets [][]cellPick
	for _, g := range groups {
		if len(g) > 0 {
			sets = append(sets, g)
		}
	}
	for suit := range sfRows {
		var run []cellPick
		for j, p := range sfRows[suit] {
			if j > 0 && sfRanks[suit][j] != sfRanks[suit][j-1]+1 {
				sets = append(sets, run)
				run = nil
			}
			run = append(run, p)
		}
		if len(run) > 0 {
			sets = append(sets, run)
		}
	}
	sets = append(sets, chains(straights)...)
	sets = append(sets, chains(fulls)...)
	for _, f := range flushes {
		if len(f) >= 3 {
			sets = append(sets, f)
			continue
		}
		for _, p := range f {
			unused = append(unused, p.card)
		}
	}
	for suit, used := range parrotUsed {
		if s.parrot[suit] && !used {
			unused = append(unused, Card{Suit: Suit(suit), Rank: Parrot})
		}
	}
	unused = append(unused, s.captains[captainsUsed:]...)
	sets, unused = preferParrots(sets, unused)
	return assemble(sets, unused)
}

// chains splits the straight (or full ship) cards of each column into
// chains of consecutive columns, the way the walk counted them: chains of
// 1 or 2 cards go on first, then longer ones, then new ones start.
func chains(byColumn [][]cellPick) [][]cellPick {
	var open, done [][]cellPick
	for _, cards := range byColumn {
		sort.SliceStable(open, func(a, b int) bool { return len(open[a]) < len(open[b]) })
		var next [][]cellPick
		for _, ch := range open {
			if len(cards) > 0 {
				next = append(next, append(ch, cards[0]))
				cards = cards[1:]
			} else {
				done = append(done, ch)
			}
		}
		for _, c := range cards {
			next = append(next, []cellPick{c})
		}
		open = next
	}
	return append(done, open...)
}
