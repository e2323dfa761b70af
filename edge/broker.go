package edge

import "sync"

// Broker fans out the latest version of each topic (a game) to the
// streams waiting on it. A waiter is woken, never queued: however many
// versions come while it is busy, it reads the latest one when it looks.
// Only topics someone waits on are kept.
type Broker struct {
	mu     sync.Mutex
	subs   map[string]map[*Subscriber]struct{}
	latest map[string]string // the last version published per topic with subscribers
}

// Subscriber is one waiting stream. Its wake channel holds at most one
// signal: a burst of versions while the stream is busy becomes one event
// carrying the latest, never a queue.
type Subscriber struct {
	topic string
	wake  chan struct{}
}

// Wake is signalled when a version is published for the subscriber's
// topic; Broker.Version then says which.
func (s *Subscriber) Wake() <-chan struct{} { return s.wake }

// NewBroker is a broker with no one waiting.
func NewBroker() *Broker {
	return &Broker{subs: map[string]map[*Subscriber]struct{}{}, latest: map[string]string{}}
}

// Subscribe registers a stream for topic; cancel removes it.
func (b *Broker) Subscribe(topic string) (s *Subscriber, cancel func()) {
	s = &Subscriber{topic: topic, wake: make(chan struct{}, 1)}
	b.mu.Lock()
	m := b.subs[topic]
	if m == nil {
		m = map[*Subscriber]struct{}{}
		b.subs[topic] = m
	}
	m[s] = struct{}{}
	b.mu.Unlock()
	return s, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		delete(b.subs[topic], s)
		if len(b.subs[topic]) == 0 {
			delete(b.subs, topic)
			delete(b.latest, topic)
		}
	}
}

// Publish records topic's new version and wakes its streams. It never
// blocks: a stream already woken will read the latest version anyway.
func (b *Broker) Publish(topic, version string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.subs[topic]
	if len(m) == 0 {
		return
	}
	b.latest[topic] = version
	for s := range m {
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
}

// Version is the last version published for the subscriber's topic, ""
// if none since it subscribed.
func (b *Broker) Version(s *Subscriber) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.latest[s.topic]
}

// Watched reports whether any stream waits on topic.
func (b *Broker) Watched(topic string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.subs[topic]) > 0
}
