package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"ruthless/scoring"
	"ruthless/views"
)

// writeJSON writes v indented by two spaces, as docs/api.md shows it.
// HTML characters are left alone: the output is for files and scripts.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// printer writes text for people and keeps the first write error, so the
// printing code reads as a list of lines and checks once at the end.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

// table writes rows with columns padded to the widest cell, measured in
// terminal columns: suit symbols such as 🐙 and ⚓ take two, which
// text/tabwriter would count as one and so misalign. The last column is
// not padded.
func (p *printer) table(indent string, rows [][]string) {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		b.WriteString(indent)
		for i, cell := range row {
			b.WriteString(cell)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-displayWidth(cell)+2))
			}
		}
		p.printf("%s\n", strings.TrimRight(b.String(), " "))
	}
}

// displayWidth is how many terminal columns s takes: emoji and East Asian
// wide characters take two, combining marks and variation selectors none.
// It covers what the app prints (suit symbols, player names), not all of
// Unicode.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r == 0x200D, r >= 0xFE00 && r <= 0xFE0F, r >= 0x0300 && r <= 0x036F:
		case r == 0x2693, // ⚓ is drawn as an emoji
			r >= 0x1F300 && r <= 0x1FAFF,
			r >= 0x1100 && r <= 0x115F,
			r >= 0x2E80 && r <= 0xA4CF,
			r >= 0xAC00 && r <= 0xD7A3,
			r >= 0xF900 && r <= 0xFAFF,
			r >= 0xFE30 && r <= 0xFE4F,
			r >= 0xFF00 && r <= 0xFF60,
			r >= 0xFFE0 && r <= 0xFFE6:
			n += 2
		default:
			n++
		}
	}
	return n
}

// kindName is a set's pattern for people.
func kindName(k scoring.SetKind) string {
	if k == scoring.NoPattern {
		return "no pattern"
	}
	return k.Name()
}

// setCards draws a set's cards with suit symbols, showing what each wild
// became (P⚔→5⚔). A set that fits no pattern gave its wilds no identity.
func setCards(s scoring.Set) string {
	labels := make([]string, len(s.Cards))
	for i, pc := range s.Cards {
		labels[i] = pc.Card.Label()
		if pc.Card.IsWild() && s.Kind != scoring.NoPattern && pc.As.Rank != scoring.Parrot {
			labels[i] += "→" + pc.As.Label()
		}
	}
	return strings.Join(labels, " ")
}

func cardLabels(cards []scoring.Card) string {
	labels := make([]string, len(cards))
	for i, c := range cards {
		labels[i] = c.Label()
	}
	return strings.Join(labels, " ")
}

// setRow is one set as a table row: pattern, cards, strength.
func setRow(s scoring.Set) []string {
	return []string{kindName(s.Kind), setCards(s), fmt.Sprintf("= %d", s.Strength)}
}

// printParty writes a raiding party: one line per set, then the strength
// and the unused pirates.
func printParty(w io.Writer, indent string, party scoring.Party) error {
	p := &printer{w: w}
	writeParty(p, indent, party)
	return p.err
}

func writeParty(p *printer, indent string, party scoring.Party) {
	if len(party.Sets) == 0 {
		p.printf("%sno sets\n", indent)
	}
	rows := make([][]string, len(party.Sets))
	for i, s := range party.Sets {
		rows[i] = setRow(s)
	}
	p.table(indent, rows)
	p.printf("%sstrength %d, unused %d", indent, party.Strength, party.Unused)
	if len(party.UnusedCards) > 0 {
		p.printf(": %s", cardLabels(party.UnusedCards))
	}
	p.printf("\n")
}

// printCheck writes the verdict on a claimed party: each set, the
// problems with their rules, and the comparison with the best party.
func printCheck(w io.Writer, res scoring.CheckResult) error {
	p := &printer{w: w}
	rows := make([][]string, len(res.Sets))
	for i, s := range res.Sets {
		rows[i] = append([]string{fmt.Sprintf("set %d", i+1)}, setRow(s)...)
	}
	p.table("", rows)
	if len(res.Problems) > 0 {
		p.printf("problems:\n")
		for _, pr := range res.Problems {
			where := "party"
			if pr.Set > 0 {
				where = fmt.Sprintf("set %d", pr.Set)
			}
			p.printf("  %s: %s (%s)\n", where, pr.Message, pr.Rule)
		}
	}
	if res.Legal {
		p.printf("LEGAL: claimed strength %d\n", res.Strength)
	} else {
		p.printf("NOT LEGAL: %d %s, so the claim is worth nothing\n", len(res.Problems), views.Plural(len(res.Problems), "problem", "problems"))
	}
	switch d := res.Best.Strength - res.Strength; {
	case res.Legal && d == 0:
		p.printf("best for this pool: strength %d, so the claim is as strong as it gets\n", res.Best.Strength)
	case res.Legal:
		p.printf("best for this pool: strength %d, %d more than claimed\n", res.Best.Strength, d)
	default:
		p.printf("best for this pool: strength %d\n", res.Best.Strength)
	}
	p.printf("best party:\n")
	writeParty(p, "  ", res.Best)
	return p.err
}

// playerName is seat i's name, or "seat i+1" if the file lacks it.
func playerName(g scoring.Game, i int) string {
	if i >= 0 && i < len(g.Players) {
		return g.Players[i]
	}
	return fmt.Sprintf("seat %d", i+1)
}

// tieBreakLine says in words who a tie-break put first and why.
func tieBreakLine(g scoring.Game, tb scoring.TieBreak) string {
	names := make([]string, len(tb.Players))
	for i, pl := range tb.Players {
		names[i] = playerName(g, pl)
	}
	return views.TieBreakLine(names, tb)
}

// prizeText is the token a player took in a round, or a dash.
func prizeText(token string, prize int) string {
	if prize == 0 {
		return "-"
	}
	return fmt.Sprintf("%s %d NP", token, prize)
}

// printResult writes a scored game for people: each round's table, sets
// and tie-breaks, then the achievements, totals and winners.
func printResult(w io.Writer, g scoring.Game, res scoring.Result) error {
	p := &printer{w: w}
	if len(res.Rounds) == 0 {
		p.printf("no complete round yet\n")
	}
	for _, r := range res.Rounds {
		writeRound(p, g, r)
	}
	if len(res.Achievements) > 0 {
		p.printf("Legendary Achievements\n")
		head := []string{"achievement"}
		for i := range g.Players {
			head = append(head, playerName(g, i))
		}
		head = append(head, "rule")
		rows := [][]string{head}
		for _, a := range res.Achievements {
			row := []string{a.Name}
			for i := range g.Players {
				cell := "-"
				if i < len(a.Counts) && i < len(a.NP) {
					cell = fmt.Sprintf("%d → %d NP", a.Counts[i], a.NP[i])
				}
				row = append(row, cell)
			}
			rows = append(rows, append(row, a.Rule))
		}
		p.table("  ", rows)
		for _, a := range res.Achievements {
			if a.Why != "" {
				p.printf("  %s: %s\n", a.Name, a.Why)
			}
		}
		p.printf("\n")
	}
	if len(res.Totals) > 0 {
		p.printf("Totals (R3.4)\n")
		rows := [][]string{{"player", "prizes", "achievements", "crew", "parley", "NP", "coins"}}
		for _, t := range res.Totals {
			rows = append(rows, []string{playerName(g, t.Player),
				fmt.Sprint(t.Prizes), fmt.Sprint(t.Achievements), fmt.Sprint(t.Crew),
				fmt.Sprint(t.Parley), fmt.Sprint(t.NP), fmt.Sprint(t.Coins)})
		}
		p.table("  ", rows)
	}
	if len(res.Winners) > 0 {
		names := make([]string, len(res.Winners))
		for i, wi := range res.Winners {
			names[i] = playerName(g, wi)
		}
		if len(names) == 1 {
			p.printf("Winner: %s\n", names[0])
		} else {
			p.printf("Winners, sharing the victory (R3.5): %s\n", strings.Join(names, ", "))
		}
		for _, tb := range res.WinnerTieBreaks {
			p.printf("  %s\n", tieBreakLine(g, tb))
		}
	} else if len(res.Rounds) > 0 {
		p.printf("the game is not over: no final collections yet\n")
	}
	for _, wa := range res.Warnings {
		p.printf("warning (%s): round %d, %s: %s\n", wa.Rule, wa.Round, playerName(g, wa.Player), wa.Message)
	}
	return p.err
}

func writeRound(p *printer, g scoring.Game, r scoring.RoundResult) {
	p.printf("Round %d: start player %s, %s tokens\n", r.Round, playerName(g, r.StartPlayer), r.Token)
	rows := [][]string{{"player", "strength", "unused", "coins", "prize", "place"}}
	for _, pr := range r.Results {
		place := "-"
		if pr.Place != nil {
			place = fmt.Sprint(*pr.Place)
		}
		rows = append(rows, []string{playerName(g, pr.Player), fmt.Sprint(pr.Strength),
			fmt.Sprint(pr.Unused), fmt.Sprint(pr.Coins), prizeText(r.Token, pr.Prize), place})
	}
	p.table("  ", rows)
	var sets [][]string
	for _, pr := range r.Results {
		for i, s := range pr.Sets {
			name := ""
			if i == 0 {
				name = playerName(g, pr.Player)
			}
			sets = append(sets, append([]string{name}, setRow(s)...))
		}
		if len(pr.UnusedCards) > 0 {
			name := ""
			if len(pr.Sets) == 0 {
				name = playerName(g, pr.Player)
			}
			sets = append(sets, []string{name, "unused", cardLabels(pr.UnusedCards)})
		}
	}
	if len(sets) > 0 {
		p.printf("  sets:\n")
		p.table("    ", sets)
	}
	for _, tb := range r.TieBreaks {
		p.printf("  %s\n", tieBreakLine(g, tb))
	}
	if len(r.Returned) > 0 {
		vals := make([]string, len(r.Returned))
		for i, v := range r.Returned {
			vals[i] = fmt.Sprintf("%d NP", v)
		}
		p.printf("  back to the box (R2.5): %s\n", strings.Join(vals, ", "))
	}
	p.printf("\n")
}
