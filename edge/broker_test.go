package edge

import "testing"

// TestBroker: a publish wakes every stream of its topic and no other, a
// burst of publishes is one wake carrying the latest version, and a
// cancelled subscription is gone from the broker.
func TestBroker(t *testing.T) {
	t.Parallel()
	b := NewBroker()
	s1, cancel1 := b.Subscribe("g1")
	s2, cancel2 := b.Subscribe("g1")
	s3, cancel3 := b.Subscribe("g2")
	if got, want := b.waiting(), 3; got != want {
		t.Fatalf("waiting() = %d, want %d", got, want)
	}
	if !b.Watched("g1") || !b.Watched("g2") || b.Watched("nobody") {
		t.Errorf("watched g1, g2, nobody = %t, %t, %t; want true, true, false", b.Watched("g1"), b.Watched("g2"), b.Watched("nobody"))
	}
	b.Publish("g1", "v1")
	b.Publish("g1", "v2") // coalesces with v1: the channel holds one wake
	b.Publish("nobody", "v9")
	for name, s := range map[string]*Subscriber{"s1": s1, "s2": s2} {
		select {
		case <-s.Wake():
		default:
			t.Errorf("%s: no wake after publish", name)
		}
		select {
		case <-s.Wake():
			t.Errorf("%s: a second wake queued; want bursts coalesced", name)
		default:
		}
		if got, want := b.Version(s), "v2"; got != want {
			t.Errorf("%s: version %q, want %q", name, got, want)
		}
	}
	select {
	case <-s3.Wake():
		t.Error("s3 (topic g2) woken by a publish for g1")
	default:
	}
	if got := b.Version(s3); got != "" {
		t.Errorf("s3: version %q, want none", got)
	}
	cancel1()
	cancel2()
	if _, ok := b.subs["g1"]; ok {
		t.Error("topic g1 still in the broker after its last stream left")
	}
	if _, ok := b.latest["g1"]; ok {
		t.Error("topic g1's version still kept after its last stream left")
	}
	if b.Watched("g1") {
		t.Error("g1 still watched after its streams left")
	}
	cancel3()
	if got := b.waiting(); got != 0 {
		t.Errorf("waiting() = %d after every cancel, want 0", got)
	}
}

// waiting is how many streams are open, over all topics: a count only
// the tests ask for.
func (b *Broker) waiting() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, m := range b.subs {
		n += len(m)
	}
	return n
}
