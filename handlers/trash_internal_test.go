package handlers

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// TestPurgeLoop drives the server's daily purge with ticks the test
// sends and a store clock the test moves: no waiting a day.
func TestPurgeLoop(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var mu sync.Mutex
	at := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return at }
	st, err := store.OpenWith(filepath.Join(t.TempDir(), "test.db"), store.Options{Now: now})
	if err != nil {
		t.Fatalf("store.OpenWith: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	id, err := st.CreateGame(ctx, scoring.Game{Version: 1, Players: []string{"Ann", "Bob"}, Achievements: scoring.DefaultAchievements()})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.DeleteGame(ctx, id); err != nil {
		t.Fatal(err)
	}

	ticks := make(chan time.Time)
	reports := make(chan int)
	loopCtx, stop := context.WithCancel(ctx)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		purgeOnTicks(loopCtx, st, ticks, func(n int, err error) {
			if err != nil {
				t.Errorf("purge: %v", err)
			}
			reports <- n
		})
	}()
	steps := []struct {
		name    string
		advance time.Duration
		want    int
	}{
		{"at start", 0, 0},
		{"a day later", 24 * time.Hour, 0},
		{"29 days 23 hours after the delete", 28*24*time.Hour + 23*time.Hour, 0},
		{"30 days after the delete", time.Hour, 1},
		{"a day after that", 24 * time.Hour, 0},
	}
	for i, s := range steps {
		mu.Lock()
		at = at.Add(s.advance)
		mu.Unlock()
		if i > 0 {
			ticks <- now()
		}
		if got := <-reports; got != s.want {
			t.Errorf("%s: purged %d games, want %d", s.name, got, s.want)
		}
	}
	stop()
	<-ended
	if err := st.RestoreGame(ctx, id); err == nil {
		t.Errorf("the purged game could still be restored")
	}
}
