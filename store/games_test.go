package store

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"ruthless/scoring"
)

func TestCreateGameRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	partial := setup("Lucy", "Craig", "Julie")
	partial.StartPlayer = 2
	partial.ZeroCounts = true
	partial.Rounds = [][]*scoring.Entry{
		{entry(t, 3, "H2", "H3", "A4", "S6", "K6"), entry(t, 1, "S1", "S7", "SP"), entry(t, 0, "HQ", "S5")},
		{nil, entry(t, 0), nil}, // an empty pool is an entry, unlike null
		{nil, nil, nil},         // started, nobody has entered yet
	}

	finished := setup("Ann", "Bob")
	finished.Achievements = []string{"shipshape", "mutineer", "recruiter"}
	for r := 0; r < 6; r++ {
		finished.Rounds = append(finished.Rounds, []*scoring.Entry{
			entry(t, r, "HC*", "H7", "HP"), // a flagged Captain keeps its *
			entry(t, 99, "AQ"),
		})
	}
	finished.Final = []scoring.FinalEntry{
		finalEntry(t, 4, "HC*", "H7", "HP"),
		finalEntry(t, 7, "AQ"),
	}

	defaults := setup("Zoë", "<b>Craig</b>")
	defaults.Achievements = nil // null in the file: the default achievements

	dated := setup("Lucy", "Craig")
	dated.Played = "2024-05-01T20:00:00.50+02:00" // kept as written, offset and zero

	tests := []struct {
		name string
		file scoring.Game
		// entryVersions and finalVersions are what a fresh load must show:
		// 1 for everything the file held, 0 for the gaps.
		entryVersions [][]int
		finalVersions []int
	}{
		{"setup only", setup("Lucy", "Craig", "Julie", "Alex"), [][]int{}, []int{0, 0, 0, 0}},
		{"partial rounds with nulls", partial, [][]int{{1, 1, 1}, {0, 1, 0}, {0, 0, 0}}, []int{0, 0, 0}},
		{"finished two-player game", finished,
			[][]int{{1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}}, []int{1, 1}},
		{"default achievements", defaults, [][]int{}, []int{0, 0}},
		{"played time", dated, [][]int{}, []int{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, path := openTest(t)
			id, err := s.CreateGame(ctx, tt.file)
			if err != nil {
				t.Fatalf("CreateGame: %v", err)
			}
			check := func(t *testing.T, s *Store) {
				t.Helper()
				g := load(t, s, id)
				if g.ID != id {
					t.Errorf("ID = %q, want %q", g.ID, id)
				}
				// A file without a played time is dated by its creation,
				// which its file then says; one with a time keeps it.
				want := tt.file
				if want.Played == "" {
					if g.Created.IsZero() || !g.Updated.Equal(g.Created) {
						t.Errorf("Created, Updated = %v, %v, want equal non-zero times", g.Created, g.Updated)
					}
					want.Played = g.Created.Format(time.RFC3339Nano)
				} else if played, _ := time.Parse(time.RFC3339, want.Played); !g.Created.Equal(played) || g.Updated.Equal(g.Created) {
					t.Errorf("Created, Updated = %v, %v, want the played time and the time it was stored", g.Created, g.Updated)
				}
				if !reflect.DeepEqual(g.File, want) {
					t.Errorf("File = %s, want %s", mustJSON(t, g.File), mustJSON(t, want))
				}
				// The JSON is what export and the API hand out, so compare
				// it byte for byte too.
				if got, want := mustJSON(t, g.File), mustJSON(t, want); got != want {
					t.Errorf("JSON = %s, want %s", got, want)
				}
				if !reflect.DeepEqual(g.EntryVersions, tt.entryVersions) {
					t.Errorf("EntryVersions = %v, want %v", g.EntryVersions, tt.entryVersions)
				}
				if !reflect.DeepEqual(g.FinalVersions, tt.finalVersions) {
					t.Errorf("FinalVersions = %v, want %v", g.FinalVersions, tt.finalVersions)
				}
				var wantFinals []*scoring.FinalEntry
				for i := range tt.file.Players {
					if i < len(tt.file.Final) {
						wantFinals = append(wantFinals, &tt.file.Final[i])
					} else {
						wantFinals = append(wantFinals, nil)
					}
				}
				if !reflect.DeepEqual(g.Finals, wantFinals) {
					t.Errorf("Finals = %s, want %s", mustJSON(t, g.Finals), mustJSON(t, wantFinals))
				}
			}
			t.Run("same store", func(t *testing.T) { check(t, s) })
			t.Run("reopened", func(t *testing.T) {
				again, err := Open(path)
				if err != nil {
					t.Fatalf("Open: %v", err)
				}
				defer again.Close()
				check(t, again)
			})
		})
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	return string(b)
}

func TestCreateGameRefuses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sixRounds := setup("A", "B", "C")
	for r := 0; r < 6; r++ {
		sixRounds.Rounds = append(sixRounds.Rounds, []*scoring.Entry{nil, nil, nil})
	}
	shortRound := setup("A", "B", "C")
	shortRound.Rounds = [][]*scoring.Entry{{nil, nil}}
	longRound := setup("A", "B")
	longRound.Rounds = [][]*scoring.Entry{{nil, nil, entry(t, 0)}}
	tooManyFinals := setup("A", "B")
	tooManyFinals.Final = make([]scoring.FinalEntry, 3)

	tests := []struct {
		name string
		file scoring.Game
		want error
	}{
		{"six rounds for three players", sixRounds, ErrBadRound},
		{"round short of a player", shortRound, ErrBadPlayer},
		{"round with an extra player", longRound, ErrBadPlayer},
		{"more finals than players", tooManyFinals, ErrBadPlayer},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := openTest(t)
			id, err := s.CreateGame(ctx, tt.file)
			if !errors.Is(err, tt.want) {
				t.Errorf("CreateGame = %q, %v; want error %v", id, err, tt.want)
			}
			games, err := s.Games(ctx)
			if err != nil {
				t.Fatalf("Games: %v", err)
			}
			if len(games) != 0 {
				t.Errorf("after a refused create, %d games stored, want 0", len(games))
			}
		})
	}
}

func TestCreateGameIDsDiffer(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t)
	a := create(t, s, setup("A", "B"))
	b := create(t, s, setup("A", "B"))
	if a == b {
		t.Errorf("two games got the same id %q", a)
	}
}

func TestGamesOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	var clock stepClock
	s.now = clock.now

	if games, err := s.Games(ctx); err != nil || games == nil || len(games) != 0 {
		t.Fatalf("Games on an empty store = %v, %v; want an empty list", games, err)
	}
	a := create(t, s, setup("A1", "A2")) // t+1
	b := create(t, s, setup("B1", "B2")) // t+2
	c := create(t, s, setup("C1", "C2")) // t+3

	tests := []struct {
		name  string
		write func(t *testing.T)
		want  []string
		// wantUpdated is the seconds after clockStart of each game's
		// Updated, in the order of want.
		wantUpdated []int
	}{
		{"newest created first", func(t *testing.T) {}, []string{c, b, a}, []int{3, 2, 1}},
		{"an entry moves a game up", func(t *testing.T) { put(t, s, a, 1, 0, entry(t, 0), 0) },
			[]string{a, c, b}, []int{4, 3, 2}},
		{"a final moves a game up", func(t *testing.T) {
			if _, err := s.putFinal(ctx, b, 1, finalEntry(t, 0), 0); err != nil {
				t.Fatalf("SaveFinal: %v", err)
			}
		}, []string{b, a, c}, []int{5, 4, 3}},
		{"revealing a round moves a game up", func(t *testing.T) {
			put(t, s, c, 1, 0, entry(t, 0), 0) // t+6
			put(t, s, a, 2, 1, entry(t, 0), 0) // t+7
			if err := s.RevealRound(ctx, c, 1); err != nil {
				t.Fatalf("RevealRound: %v", err)
			}
		}, []string{c, a, b}, []int{8, 7, 5}},
		{"a conflict changes nothing", func(t *testing.T) {
			if _, err := s.putEntry(ctx, b, 1, 0, *entry(t, 0), 7); err == nil {
				t.Fatal("SaveEntry on a stale version succeeded")
			}
		}, []string{c, a, b}, []int{8, 7, 5}},
		{"a deleted game drops out", func(t *testing.T) {
			if err := s.DeleteGame(ctx, a); err != nil {
				t.Fatalf("DeleteGame: %v", err)
			}
		}, []string{c, b}, []int{8, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.write(t)
			games, err := s.Games(ctx)
			if err != nil {
				t.Fatalf("Games: %v", err)
			}
			var got []string
			var gotUpdated []int
			for _, g := range games {
				got = append(got, g.ID)
				gotUpdated = append(gotUpdated, int(g.Updated.Sub(clockStart)/time.Second))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Games order = %v, want %v", got, tt.want)
			}
			if !slices.Equal(gotUpdated, tt.wantUpdated) {
				t.Errorf("Updated = %v s, want %v s", gotUpdated, tt.wantUpdated)
			}
		})
	}
}

func TestPlayerNames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	var clock stepClock
	s.now = clock.now

	got, err := s.playerNames(ctx)
	if err != nil || got == nil || len(got) != 0 {
		t.Fatalf("PlayerNames on an empty store = %q, %v; want an empty list", got, err)
	}
	first := create(t, s, setup("Lucy", "Craig"))
	second := create(t, s, setup("Julie", "Lucy", "lucy"))

	tests := []struct {
		name  string
		write func(t *testing.T)
		want  []string
	}{
		{"newest game's names first, then by name", func(t *testing.T) {},
			[]string{"Julie", "Lucy", "lucy", "Craig"}},
		{"playing an old game brings its names up", func(t *testing.T) { put(t, s, first, 1, 1, entry(t, 0), 0) },
			[]string{"Craig", "Lucy", "Julie", "lucy"}},
		{"names of a deleted game go", func(t *testing.T) {
			if err := s.DeleteGame(ctx, second); err != nil {
				t.Fatalf("DeleteGame: %v", err)
			}
		}, []string{"Craig", "Lucy"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.write(t)
			got, err := s.playerNames(ctx)
			if err != nil {
				t.Fatalf("PlayerNames: %v", err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("PlayerNames = %q, want %q", got, tt.want)
			}
		})
	}
}
