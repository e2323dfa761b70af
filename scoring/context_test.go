package scoring

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// contextGame has two complete rounds and one still being entered.
const contextGame = `{"version": 1, "players": ["Lucy", "Craig", "Julie"], "start_player": 0,
 "achievements": ["richest", "merciless"],
 "rounds": [
  [{"pool": ["H2", "H3", "A4", "S6", "K6"], "coins": 3}, {"pool": ["S1", "S7", "SP"], "coins": 1}, {"pool": ["HQ", "S5"], "coins": 0}],
  [{"pool": ["A1", "A2", "A3"], "coins": 0}, {"pool": [], "coins": 2}, {"pool": ["XC*", "X5", "K5"], "coins": 1}],
  [{"pool": ["H1"], "coins": 0}, null, null]
 ]}`

var errGaveUp = errors.New("gave up")

func TestScoreContext(t *testing.T) {
	t.Parallel()
	g, err := DecodeGame(strings.NewReader(contextGame))
	if err != nil {
		t.Fatalf("DecodeGame: %v", err)
	}
	want, err := Score(g)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	calls := 0
	failSecond := func(ctx context.Context, pool []Card, opt Options) (Party, error) {
		calls++
		if calls == 2 {
			return Party{}, errGaveUp
		}
		return SolveContext(ctx, pool, opt)
	}
	bad := g
	bad.Players = []string{"Lucy"}
	tests := []struct {
		name    string
		ctx     context.Context
		game    Game
		solve   SolverContext
		wantErr error  // nil: the result must be Score's
		wantMsg string // in the error's text
	}{
		{"nil solver is SolveContext", context.Background(), g, nil, nil, ""},
		{"a solver of the caller's", context.Background(), g, SolveContext, nil, ""},
		{"the first solver error ends it", context.Background(), g, failSecond, errGaveUp, "round 1, seat 1: gave up"},
		{"a done context", cancelled, g, nil, context.Canceled, "round 1, seat 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ScoreContext(tt.ctx, tt.game, tt.solve)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("ScoreContext: %v", err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("ScoreContext = %+v, want Score's %+v", got, want)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) || !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("ScoreContext: err = %v, want %v with %q", err, tt.wantErr, tt.wantMsg)
			}
			if !reflect.DeepEqual(got, Result{}) {
				t.Errorf("ScoreContext gave up with a result: %+v", got)
			}
		})
	}
	t.Run("a bad game is Validate's error", func(t *testing.T) {
		_, err := ScoreContext(context.Background(), bad, nil)
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != "players" {
			t.Errorf("ScoreContext(one player): err = %v, want a *FieldError on players", err)
		}
	})
}

func TestCheckContext(t *testing.T) {
	t.Parallel()
	claim := func(line string) []Claim {
		t.Helper()
		var set []Claim
		for _, code := range SplitCodes(line) {
			cl, err := ParseClaim(code)
			if err != nil {
				t.Fatalf("ParseClaim(%q): %v", code, err)
			}
			set = append(set, cl)
		}
		return set
	}
	sets := [][]Claim{claim("H1 H2 H3"), claim("A6 SP")}
	unused, err := ParseCards([]string{"HQ", "X6"})
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Players: 3}
	want, err := Check(sets, unused, opt)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	fail := func(context.Context, []Card, Options) (Party, error) { return Party{}, errGaveUp }
	tests := []struct {
		name    string
		ctx     context.Context
		sets    [][]Claim
		solve   SolverContext
		wantErr error  // nil: the result must be Check's
		wantMsg string // in the error's text
	}{
		{"nil solver is SolveContext", context.Background(), sets, nil, nil, ""},
		{"a solver of the caller's", context.Background(), sets, SolveContext, nil, ""},
		{"the solver gives up", context.Background(), sets, fail, errGaveUp, "best party for the pool: gave up"},
		{"a done context", cancelled, sets, nil, context.Canceled, "best party"},
		{"bad input is Check's error first", cancelled, [][]Claim{claim("H1 H2"), {}}, fail, nil, "set 2 is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CheckContext(tt.ctx, tt.sets, unused, opt, tt.solve)
			switch {
			case tt.wantMsg == "" && err != nil:
				t.Fatalf("CheckContext: %v", err)
			case tt.wantMsg == "":
				if !reflect.DeepEqual(got, want) {
					t.Errorf("CheckContext = %+v, want Check's %+v", got, want)
				}
			case err == nil || !strings.Contains(err.Error(), tt.wantMsg) || (tt.wantErr != nil && !errors.Is(err, tt.wantErr)):
				t.Errorf("CheckContext: err = %v, want %v with %q", err, tt.wantErr, tt.wantMsg)
			}
		})
	}
}
