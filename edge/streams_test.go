package edge

import (
	"net/http"
	"testing"
)

// TestStreamGate: streams are capped per client (429) and in all (503);
// a phone's second stream for a game replaces its first, which is told
// and counts no more; an event gives the phone one refetch.
func TestStreamGate(t *testing.T) {
	t.Parallel()
	g := NewStreamGate(2, 3)
	a1, status := g.Enter("a", "p1 g1")
	if a1 == nil || status != 0 {
		t.Fatalf("first stream: status %d", status)
	}
	if s, _ := g.Enter("a", "p2 g1"); s == nil {
		t.Fatal("a's second stream refused within its cap of 2")
	}
	if s, status := g.Enter("a", "p3 g1"); s != nil || status != http.StatusTooManyRequests {
		t.Errorf("a's third stream: let in %v, status %d; want 429", s != nil, status)
	}
	if s, _ := g.Enter("b", "p4 g1"); s == nil {
		t.Fatal("b's stream refused with 3 open of 3")
	}
	if s, status := g.Enter("c", "p5 g1"); s != nil || status != http.StatusServiceUnavailable {
		t.Errorf("a fourth stream in all: let in %v, status %d; want 503", s != nil, status)
	}
	// p1 opens g1 again: the old one is told, and its place is the new one's.
	again, _ := g.Enter("a", "p1 g1")
	if again == nil {
		t.Fatal("p1's new stream for g1 refused")
	}
	select {
	case <-a1.Replaced():
	default:
		t.Error("p1's first stream was not told it was replaced")
	}
	if got := g.Open(); got != 3 {
		t.Errorf("Open %d after a replacement, want 3", got)
	}
	g.Leave(a1) // the replaced stream ends: it counts no more already
	if got := g.Open(); got != 3 {
		t.Errorf("Open %d after the replaced stream left, want 3", got)
	}
	if g.TakeRefetch("p1 g1") {
		t.Error("a refetch before any event")
	}
	g.GaveEvent(again)
	if !g.TakeRefetch("p1 g1") || g.TakeRefetch("p1 g1") {
		t.Error("an event gives exactly one refetch")
	}
	g.Leave(again)
	if got := g.Open(); got != 2 {
		t.Errorf("Open %d after a stream left, want 2", got)
	}
	if unlimited := NewStreamGate(-1, -1); unlimited.perClient != 0 || unlimited.total != 0 {
		t.Errorf("caps below 0: %d per client, %d in all; want none", unlimited.perClient, unlimited.total)
	}
	if def := NewStreamGate(0, 0); def.perClient != DefaultStreamsPerClient || def.total != DefaultStreams {
		t.Errorf("caps of 0: %d per client, %d in all; want the defaults", def.perClient, def.total)
	}
}
