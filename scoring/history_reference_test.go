package scoring

// The statistics over whole games, oldest first: the reference the pages'
// statistics over summaries (NewPlayers, NewPlayerStats, NewRecords) are
// held to. Only tests call them, so they live here, not in the product.

// PlayerStatsOf gathers the statistics of the player called name from
// games, oldest first: the finished ones count, the ones in progress only
// in Playing. A player with no finished game keeps the spelling of the
// latest game in progress they sit in.
func PlayerStatsOf(games []PlayedGame, name string) PlayerStats {
	b := NewPlayerStats(name)
	for _, pg := range games {
		b.Add(SummarizeGame(pg))
	}
	st := b.Stats()
	for _, pg := range games {
		if pg.ID == st.BestPartyGame && st.BestPartyGame != "" {
			if pr, ok := PartyOf(pg, name, st.BestPartyRound); ok {
				st.BestParty = &pr
			}
			break
		}
	}
	return st
}

// SummarizePlayers lists every player of every game, finished or in
// progress, the most finished games first (then by key).
func SummarizePlayers(games []PlayedGame) []PlayerSummary {
	b := NewPlayers()
	for _, pg := range games {
		b.Add(SummarizeGame(pg))
	}
	return b.List()
}

// GroupRecords works out the group records of games, which must be
// oldest first (as a history is); unfinished or unscored games count
// nowhere.
func GroupRecords(games []PlayedGame) Records {
	b := NewRecords()
	for _, pg := range games {
		b.add(SummarizeGame(pg), &pg)
	}
	return b.Records()
}
