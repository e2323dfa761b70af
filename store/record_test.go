package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"ruthless/scoring"
)

// recordFile is a game file with the whole play's record, as export
// writes it.
const recordFile = `{
  "version": 1,
  "players": [
    "Ann",
    "Bob"
  ],
  "start_player": 1,
  "achievements": [
    "richest",
    "merciless"
  ],
  "zero_counts": false,
  "played": "2024-05-01T20:00:00+02:00",
  "duration_min": 47,
  "location": "The Anchor, upstairs",
  "notes": "Bob's first game.\nRematch owed.",
  "rounds": [
    [
      {
        "pool": [
          "H1",
          "H2",
          "H3"
        ],
        "coins": 2
      },
      {
        "pool": [
          "S4"
        ],
        "coins": 0
      }
    ]
  ]
}
`

// TestRecordSurvivesExportImport: a file with every field of the play's
// record, and an older file with only played, come out of export → import
// → export byte for byte, on a fresh server too; the record is no part of
// the fingerprint, so importing the export again finds the stored game.
func TestRecordSurvivesExportImport(t *testing.T) {
	t.Parallel()
	oldFile := strings.Replace(recordFile, `  "duration_min": 47,
  "location": "The Anchor, upstairs",
  "notes": "Bob's first game.\nRematch owed.",
`, "", 1)
	if oldFile == recordFile {
		t.Fatal("the older file still has the record: the test is broken")
	}
	for name, file := range map[string]string{"every field": recordFile, "played alone": oldFile} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := openTest(t)
			s.now = new(stepClock).now
			ids, err := s.ImportGames(ctx, []scoring.Game{parseOne(t, file)})
			if err != nil {
				t.Fatalf("ImportGames: %v", err)
			}
			first := exportOf(t, s, ids[0])
			if first != file {
				t.Errorf("export after import:\ngot  %s\nwant %s", first, file)
			}
			other, _ := openTest(t)
			again, err := other.ImportGames(ctx, []scoring.Game{parseOne(t, first)})
			if err != nil {
				t.Fatalf("ImportGames on another store: %v", err)
			}
			if got := exportOf(t, other, again[0]); got != file {
				t.Errorf("export from another store:\ngot  %s\nwant %s", got, file)
			}
			same, err := s.Import(ctx, []scoring.Game{parseOne(t, first)})
			if err != nil || !same[0].Existing || same[0].ID != ids[0] {
				t.Errorf("import of the export = %+v, %v; want the stored game %s", same, err, ids[0])
			}
		})
	}
}

// TestRecordDefaults: a game made here is dated by its first round entry
// (not its setup), its duration runs from that entry to the last
// end-of-game save, and once set by hand both stay as set; clearing the
// played time goes back to the first entry's.
func TestRecordDefaults(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	now := clockStart
	s.now = func() time.Time { return now }
	id := create(t, s, setup("Ann", "Bob"))

	now = clockStart.Add(30 * time.Minute)
	put(t, s, id, 1, 0, entry(t, 1, "H1"), 0)
	firstEntry := now
	now = now.Add(10 * time.Minute)
	put(t, s, id, 1, 1, entry(t, 1, "S2"), 0)
	g := load(t, s, id)
	if !g.Created.Equal(firstEntry) || g.File.Played != firstEntry.Format(time.RFC3339Nano) {
		t.Errorf("dated %v, played %q; want the first entry's time %v", g.Created, g.File.Played, firstEntry)
	}
	if g.File.DurationMin != 0 {
		t.Errorf("duration of a game not over = %d, want 0 (not known)", g.File.DurationMin)
	}

	now = firstEntry.Add(52*time.Minute + 20*time.Second)
	if _, err := s.putFinal(ctx, id, 0, finalEntry(t, 1, "H1"), 0); err != nil {
		t.Fatalf("SaveFinal: %v", err)
	}
	if got := load(t, s, id).File.DurationMin; got != 0 {
		t.Errorf("duration with one final of two = %d, want 0", got)
	}
	now = firstEntry.Add(61*time.Minute + 40*time.Second)
	if _, err := s.putFinal(ctx, id, 1, finalEntry(t, 1, "S2"), 0); err != nil {
		t.Fatalf("SaveFinal: %v", err)
	}
	if got := load(t, s, id).File.DurationMin; got != 62 {
		t.Errorf("derived duration = %d, want 62 (61 min 40 s, rounded)", got)
	}

	set := Record{Played: "2025-05-31T21:15:00+02:00", DurationMin: 75, Location: "Kitchen", Notes: "a\nb"}
	before := load(t, s, id)
	now = now.Add(time.Hour)
	if err := s.SetRecord(ctx, id, set); err != nil {
		t.Fatalf("SetRecord: %v", err)
	}
	g = load(t, s, id)
	f := g.File
	if f.Played != set.Played || f.DurationMin != 75 || f.Location != "Kitchen" || f.Notes != "a\nb" || g.Record != set {
		t.Errorf("after SetRecord: %q %d %q %q (%+v), want %+v", f.Played, f.DurationMin, f.Location, f.Notes, g.Record, set)
	}
	if want := time.Date(2025, 5, 31, 19, 15, 0, 0, time.UTC); !g.Created.Equal(want) {
		t.Errorf("dated %v, want %v", g.Created, want)
	}
	if !g.Updated.After(before.Updated) {
		t.Errorf("updated %v, want later than %v: a record is a write", g.Updated, before.Updated)
	}

	if err := s.SetRecord(ctx, id, Record{}); err != nil {
		t.Fatalf("SetRecord(cleared): %v", err)
	}
	g = load(t, s, id)
	if !g.Created.Equal(firstEntry) || g.File.DurationMin != 62 || g.File.Location != "" || g.File.Notes != "" {
		t.Errorf("cleared: dated %v, duration %d, %q, %q; want the defaults again", g.Created, g.File.DurationMin, g.File.Location, g.File.Notes)
	}
}

// TestSetRecordRefuses: a bad record is refused at its field and writes
// nothing; an unknown game is ErrNotFound.
func TestSetRecordRefuses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	id := create(t, s, setup("Ann", "Bob"))
	for _, tt := range []struct {
		rec   Record
		field string
	}{
		{Record{Played: "yesterday"}, "played"},
		{Record{DurationMin: -1}, "duration_min"},
		{Record{Location: strings.Repeat("x", 81)}, "location"},
		{Record{Notes: "\x00"}, "notes"},
	} {
		err := s.SetRecord(ctx, id, tt.rec)
		var fe *scoring.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("SetRecord(%+v) = %v, want a field error at %s", tt.rec, err, tt.field)
		}
	}
	if got := load(t, s, id).Record; got != (Record{}) {
		t.Errorf("record after refusals = %+v, want none", got)
	}
	if err := s.SetRecord(ctx, "nosuchgame", Record{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetRecord(unknown) = %v, want ErrNotFound", err)
	}
}

// TestRematchLink: a rematch names the game it follows, and that game
// names its newest rematch; a rematch of a game that is gone is refused.
func TestRematchLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	s.now = new(stepClock).now
	old := create(t, s, setup("Ann", "Bob"))
	first, _, err := s.CreateRematchOnce(ctx, setup("Ann", "Bob"), "", old)
	if err != nil {
		t.Fatalf("CreateRematchOnce: %v", err)
	}
	second, _, err := s.CreateRematchOnce(ctx, setup("Bob", "Ann"), "", first)
	if err != nil {
		t.Fatalf("CreateRematchOnce of the rematch: %v", err)
	}
	tests := []struct {
		id, rematchOf, rematch string
	}{
		{old, "", first},
		{first, old, second},
		{second, first, ""},
	}
	for _, tt := range tests {
		g := load(t, s, tt.id)
		if g.RematchOf != tt.rematchOf || g.Rematch != tt.rematch {
			t.Errorf("game %s: rematch of %q, rematch %q; want %q, %q", tt.id, g.RematchOf, g.Rematch, tt.rematchOf, tt.rematch)
		}
	}
	if _, _, err := s.CreateRematchOnce(ctx, setup("Ann", "Bob"), "", "gone"); !errors.Is(err, ErrNotFound) {
		t.Errorf("rematch of an unknown game = %v, want ErrNotFound", err)
	}
	if got := countGames(t, s); got != 3 {
		t.Errorf("games stored = %d, want 3 (the refused rematch rolled back)", got)
	}
}
