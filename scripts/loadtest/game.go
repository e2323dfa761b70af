//go:build linux

package main

import (
	"fmt"
	"math/rand/v2"

	"ruthless/scoring"
)

// sampleGame builds a finished three-player game that looks like one played
// at a table: every player's pool grows by a card a round, from 5 pirates in
// round 1 to 9 in round 5, with coins that vary, then a final collection
// where a couple of pirates were buried. The scoreboard page solves every
// pool on each read, so pool size is what makes the page expensive; a game
// with tiny pools would flatter the server.
//
// The deal is shuffled with a fixed seed so every run loads the same page.
func sampleGame() (scoring.Game, error) {
	players := []string{"Lucy", "Craig", "Julie"}
	n := len(players)
	rounds := scoring.RoundsFor(n)

	// A pirate belongs to one player for the whole game (R4.1), so each
	// player draws from their own slice of one shuffled deck.
	deck := scoring.Deck(n)
	rng := rand.New(rand.NewPCG(7, 11))
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	const perPlayer = 9 // the largest pool, round 5
	hands := make([][]scoring.Card, n)
	for p := range hands {
		hands[p] = deck[p*perPlayer : (p+1)*perPlayer]
	}

	g := scoring.Game{
		Version:      1,
		Players:      players,
		StartPlayer:  0,
		Achievements: scoring.DefaultAchievements(),
	}
	for r := range rounds {
		row := make([]*scoring.Entry, n)
		for p := range row {
			row[p] = &scoring.Entry{
				Pool:  hands[p][:5+r], // 5, 6, 7, 8, 9 pirates
				Coins: (r + 2*p) % 5,
			}
		}
		g.Rounds = append(g.Rounds, row)
	}
	// Every pirate entered in a round must end up kept or buried (R4.4):
	// bury the first two, keep the rest.
	for p := range players {
		g.Final = append(g.Final, scoring.FinalEntry{
			Pirates:             hands[p][2:],
			BuriedPirates:       hands[p][:2],
			BuriedPowderMonkeys: p + 1,
			LootBannerKept:      3 + p,
			LootBannerBuried:    2,
			Coins:               4 + 2*p,
		})
	}

	// Refuse to measure a game the server would reject. Warnings are fine:
	// five new pirates in round 1 is more than a player can recruit (R4.3),
	// which the page shows, as it would for a game entered part way through.
	if _, err := scoring.Validate(g); err != nil {
		return scoring.Game{}, fmt.Errorf("sample game is invalid: %w", err)
	}
	return g, nil
}
