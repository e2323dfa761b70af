package scoring

import (
	"slices"
	"strings"
	"testing"
)

// cards parses a line of card codes, failing the test on a bad one.
func parseLine(t *testing.T, line string) []Card {
	t.Helper()
	cs, err := ParseCards(SplitCodes(line))
	if err != nil {
		t.Fatalf("parseLine(%q): %v", line, err)
	}
	return cs
}

func TestAchievementList(t *testing.T) {
	t.Parallel()
	got := AchievementList()
	wantIDs := []string{Richest, Merciless, BuriedTreasure, Mutineer, Recruiter, Shipshape, Commander}
	wantNames := []string{"Richest", "Merciless", "Buried Treasure", "Mutineer", "Recruiter", "Shipshape", "Commander"}
	if len(got) != len(wantIDs) {
		t.Fatalf("len(AchievementList()) = %d, want %d", len(got), len(wantIDs))
	}
	for i, a := range got {
		t.Run("R3.2 "+wantIDs[i], func(t *testing.T) {
			if a.ID != wantIDs[i] || a.Name != wantNames[i] {
				t.Errorf("got %q %q, want %q %q", a.ID, a.Name, wantIDs[i], wantNames[i])
			}
			if a.Summary == "" || strings.Contains(a.Summary, "\n") {
				t.Errorf("summary = %q, want one non-empty line", a.Summary)
			}
			info, ok := AchievementByID(a.ID)
			if !ok || info != a {
				t.Errorf("AchievementByID(%q) = %+v, %v, want %+v, true", a.ID, info, ok, a)
			}
		})
	}
	t.Run("R3.2 default is richest and merciless", func(t *testing.T) {
		if got, want := DefaultAchievements(), []string{Richest, Merciless}; !slices.Equal(got, want) {
			t.Errorf("DefaultAchievements() = %v, want %v", got, want)
		}
	})
	t.Run("R3.2 unknown id", func(t *testing.T) {
		if _, ok := AchievementByID("bravest"); ok {
			t.Errorf("AchievementByID(bravest) ok = true, want false")
		}
	})
}

func TestAchievementCount(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		id      string
		pirates string
		buried  string
		monkeys int
		kept    int
		loot    int
		want    int
	}{
		{"R3.2 richest counts loot kept only", Richest, "H1", "H2", 2, 7, 9, 7},
		{"R3.2 merciless counts buried pirates and powder monkeys", Merciless, "H1 H2", "A3 AQ", 3, 0, 0, 5},
		{"R3.2 buried treasure counts loot buried only", BuriedTreasure, "", "", 0, 7, 9, 9},
		{"R3.2 mutineer counts buried Qtr and Cpt", Mutineer, "HQ HC", "AQ XC* S5 SP", 0, 0, 0, 2},
		{"R3.2 recruiter counts pirates buried or not but no powder monkeys", Recruiter, "H1 H2 HP", "A3", 4, 0, 0, 4},
		{"R3.1 a pirate is owned whether buried or not", Recruiter, "", "H1 H2", 0, 0, 0, 2},
		{"R3.1 owned pirates fill shipshape from kept and buried", Shipshape, "H1 H2 H3 H4 H5", "A6 A7 AQ AC", 0, 0, 0, 1},
		{"R3.2 shipshape with every rank", Shipshape, "H1 A2 X3 S4 K5 H6", "H7 AQ XC", 0, 0, 0, 1},
		{"R3.2 shipshape ruling Parrots do not fill a rank", Shipshape, "H1 A2 X3 S4 K5 H6 HP", "H7 AQ", 0, 0, 0, 0},
		{"R3.2 commander longest straight flush", Commander, "H2 H3 H4 H5 A1 A2", "A3", 0, 0, 0, 4},
		{"R3.2 commander across kept and buried", Commander, "S5", "S6 S7 SQ", 0, 0, 0, 4},
		{"R3.2 commander ruling Parrot fills a gap of its own suit", Commander, "H2 H3 H5 H6 HP", "", 0, 0, 0, 5},
		{"R3.2 commander ruling Parrot fills only one gap", Commander, "H1 H3 H5 HP", "", 0, 0, 0, 3},
		{"R3.2 commander ruling Parrot extends an end", Commander, "XQ XC XP", "", 0, 0, 0, 3},
		{"R3.2 commander ruling Parrot of another suit does not fill", Commander, "H2 H3 AP", "", 0, 0, 0, 0},
		{"R3.2 commander ruling Captains are not wild", Commander, "H6 H7 SC*", "", 0, 0, 0, 0},
		{"R3.2 commander no wrap around", Commander, "HQ HC H1", "", 0, 0, 0, 0},
		{"R3.2 commander below 3 cards is 0", Commander, "H2 H3", "", 0, 0, 0, 0},
		{"R3.2 commander whole suit", Commander, "A1 A2 A3 A4 A5 A6 A7 AQ AC AP", "", 0, 0, 0, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := FinalEntry{
				Pirates: parseLine(t, tt.pirates), BuriedPirates: parseLine(t, tt.buried),
				BuriedPowderMonkeys: tt.monkeys, LootBannerKept: tt.kept, LootBannerBuried: tt.loot,
			}
			if got := AchievementCount(tt.id, f); got != tt.want {
				t.Errorf("AchievementCount(%s) = %d, want %d", tt.id, got, tt.want)
			}
		})
	}
}

func TestAwardAchievement(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		id     string
		counts []int
		zero   bool
		wantNP []int
	}{
		{
			name: "R3.3 first takes 4 and second 2 with 3 players", id: Merciless,
			counts: []int{5, 3, 1}, wantNP: []int{4, 2, 0},
		},
		{
			name: "R3.3 several second places each take 2", id: Richest,
			counts: []int{2, 9, 2, 1}, wantNP: []int{2, 4, 2, 0},
		},
		{
			name: "R3.3 tie for first gives no second place", id: Recruiter,
			counts: []int{6, 6, 4}, wantNP: []int{4, 4, 0},
		},
		{
			name: "R3.3 two players have no second place", id: Mutineer,
			counts: []int{1, 3}, wantNP: []int{0, 4},
		},
		{
			name: "R3.3 two players tied for first both take 4", id: Recruiter,
			counts: []int{3, 3}, wantNP: []int{4, 4},
		},
		{
			name: "R3.3 a count of 0 never places", id: BuriedTreasure,
			counts: []int{0, 0, 0}, wantNP: []int{0, 0, 0},
		},
		{
			name: "R3.3 a count of 0 is not second", id: Commander,
			counts: []int{0, 4, 0}, wantNP: []int{0, 4, 0},
		},
		{
			name: "R3.3 zero counts option lets 0 be second", id: Commander, zero: true,
			counts: []int{0, 4, 0}, wantNP: []int{2, 4, 2},
		},
		{
			name: "R3.3 zero counts option lets everyone at 0 share first", id: Merciless, zero: true,
			counts: []int{0, 0}, wantNP: []int{4, 4},
		},
		{
			name: "R3.3 shipshape gives 4 to everyone who has it and no second", id: Shipshape,
			counts: []int{1, 0, 1, 1}, wantNP: []int{4, 0, 4, 4},
		},
		{
			name: "R3.3 shipshape nobody", id: Shipshape,
			counts: []int{0, 0, 0}, wantNP: []int{0, 0, 0},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := AwardAchievement(tt.id, tt.counts, tt.zero)
			info, _ := AchievementByID(tt.id)
			if got.ID != tt.id || got.Name != info.Name || got.Rule != "R3.3" {
				t.Errorf("id, name, rule = %q, %q, %q, want %q, %q, R3.3", got.ID, got.Name, got.Rule, tt.id, info.Name)
			}
			if !slices.Equal(got.Counts, tt.counts) {
				t.Errorf("counts = %v, want %v", got.Counts, tt.counts)
			}
			if !slices.Equal(got.NP, tt.wantNP) {
				t.Errorf("np = %v, want %v", got.NP, tt.wantNP)
			}
			if got.Why != "" {
				t.Errorf("why = %q, want none: views words it", got.Why)
			}
		})
	}
}

func TestScoreAchievements(t *testing.T) {
	t.Parallel()
	g := Game{
		Players:      []string{"Lucy", "Craig", "Julie"},
		Achievements: []string{Merciless, Richest, Commander},
		Final: []FinalEntry{
			{BuriedPirates: parseLine(t, "H1 H2"), BuriedPowderMonkeys: 1, LootBannerKept: 4},
			{BuriedPowderMonkeys: 6, LootBannerKept: 4, Pirates: parseLine(t, "S1 S2 SP")},
			{LootBannerKept: 1},
		},
	}
	got := ScoreAchievements(g)
	want := []struct {
		id     string
		counts []int
		np     []int
	}{
		{Merciless, []int{3, 6, 0}, []int{2, 4, 0}},
		{Richest, []int{4, 4, 1}, []int{4, 4, 0}},
		{Commander, []int{0, 3, 0}, []int{0, 4, 0}},
	}
	if len(got) != len(want) {
		t.Fatalf("len = %d, want %d", len(got), len(want))
	}
	for i, w := range want {
		t.Run("R3.3 in game order "+w.id, func(t *testing.T) {
			if got[i].ID != w.id || !slices.Equal(got[i].Counts, w.counts) || !slices.Equal(got[i].NP, w.np) {
				t.Errorf("got %s %v %v, want %s %v %v", got[i].ID, got[i].Counts, got[i].NP, w.id, w.counts, w.np)
			}
		})
	}
}
