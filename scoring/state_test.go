package scoring

import (
	"slices"
	"testing"
)

// progress builds a game's rounds from rows such as "x.x": an x for a
// seat that has entered the round, a dot for one that has not.
func progress(rows ...string) [][]*Entry {
	out := make([][]*Entry, len(rows))
	for r, row := range rows {
		out[r] = make([]*Entry, len(row))
		for p, c := range row {
			if c == 'x' {
				out[r][p] = &Entry{Pool: []Card{}}
			}
		}
	}
	return out
}

func TestGameProgress(t *testing.T) {
	t.Parallel()
	six := []string{"xx", "xx", "xx", "xx", "xx", "xx"}
	tests := []struct {
		name           string
		players, start int
		rounds         []string
		current, last  int
		// complete, started and firstMissing are the answers for rounds
		// 1 to len(rounds)+1, the round after the last started included.
		complete, started []bool
		firstMissing      []int
	}{
		{"a new game", 3, 1, nil, 1, 0,
			[]bool{false}, []bool{false}, []int{1}},
		{"R2.1 round 1 half entered: its start player first", 3, 1, []string{"x.."}, 1, 0,
			[]bool{false, false}, []bool{true, false}, []int{1, 2}},
		{"round 1 complete, round 2 not started", 3, 1, []string{"xxx"}, 2, 1,
			[]bool{true, false}, []bool{true, false}, []int{-1, 2}},
		{"R2.1 round 2 waits for a seat after its start player", 3, 1, []string{"xxx", "x.x"}, 2, 1,
			[]bool{true, false, false}, []bool{true, true, false}, []int{-1, 1, 0}},
		{"a hole in an earlier round keeps it current", 3, 1, []string{"x.x", "xxx"}, 1, 2,
			[]bool{false, true, false}, []bool{true, true, false}, []int{1, -1, 0}},
		{"R2.1 two players, all six rounds entered", 2, 0, six, 0, 6,
			[]bool{true, true, true, true, true, true, false}, []bool{true, true, true, true, true, true, false}, []int{-1, -1, -1, -1, -1, -1, 0}},
		{"a round row shorter than the table counts by its seats", 3, 1, []string{"xx"}, 2, 1,
			[]bool{true, false}, []bool{true, false}, []int{2, 2}},
		{"a round row with no seats is neither started nor complete", 3, 1, []string{""}, 1, 0,
			[]bool{false, false}, []bool{false, false}, []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Game{Players: make([]string, tt.players), StartPlayer: tt.start, Rounds: progress(tt.rounds...)}
			if got := g.CurrentRound(); got != tt.current {
				t.Errorf("CurrentRound() = %d, want %d", got, tt.current)
			}
			if got := g.LastComplete(); got != tt.last {
				t.Errorf("LastComplete() = %d, want %d", got, tt.last)
			}
			var complete, started []bool
			var missing []int
			for r := 1; r <= len(tt.rounds)+1; r++ {
				complete = append(complete, g.Complete(r))
				started = append(started, g.Started(r))
				missing = append(missing, g.FirstMissing(r))
			}
			if !slices.Equal(complete, tt.complete) {
				t.Errorf("Complete(1…%d) = %v, want %v", len(tt.rounds)+1, complete, tt.complete)
			}
			if !slices.Equal(started, tt.started) {
				t.Errorf("Started(1…%d) = %v, want %v", len(tt.rounds)+1, started, tt.started)
			}
			if !slices.Equal(missing, tt.firstMissing) {
				t.Errorf("FirstMissing(1…%d) = %v, want %v", len(tt.rounds)+1, missing, tt.firstMissing)
			}
			// Round 0 is no round.
			if g.Complete(0) || g.Started(0) {
				t.Errorf("Complete(0), Started(0) = %v, %v, want false, false", g.Complete(0), g.Started(0))
			}
		})
	}
}

func TestGameSeats(t *testing.T) {
	t.Parallel()
	g := Game{Players: []string{"Lucy", "Craig", "Julie", "Ann"}, Rounds: progress("x.xx")}
	tests := []struct {
		name        string
		round, seat int
		entered     bool
		next        int
	}{
		{"an entered seat; the next one has not", 1, 0, true, 1},
		{"a seat still to enter; every other has", 1, 1, false, -1},
		{"the next seat wraps round the table", 1, 3, true, 1},
		{"a round not started: the seat after", 2, 2, false, 3},
		{"round 0 is no round", 0, 0, false, 1},
		{"no seat -1", 1, -1, false, 1},
		{"no seat past the table", 1, 4, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := g.HasEntered(tt.round, tt.seat); got != tt.entered {
				t.Errorf("HasEntered(%d, %d) = %v, want %v", tt.round, tt.seat, got, tt.entered)
			}
			if got := g.NextSeat(tt.round, tt.seat); got != tt.next {
				t.Errorf("NextSeat(%d, %d) = %d, want %d", tt.round, tt.seat, got, tt.next)
			}
		})
	}
}

func TestSeatNamed(t *testing.T) {
	t.Parallel()
	g := Game{Players: []string{"Lucy", "Craig", "Julie"}}
	tests := []struct {
		name, player string
		want         int
	}{
		{"as written", "Craig", 1},
		{"R4.5 spaces and case do not count", "  jULIE ", 2},
		{"nobody of that name", "Ann", -1},
		{"an empty name", "", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := g.SeatNamed(tt.player); got != tt.want {
				t.Errorf("SeatNamed(%q) = %d, want %d", tt.player, got, tt.want)
			}
		})
	}
}
