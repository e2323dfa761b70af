package handlers

// What the tests count inside the app and the server never asks: kept
// here, out of the build, so that every function of the server is one it
// calls.

// waiters counts the requests waiting for expensive solves.
func (s *solveSlots) waiters() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, f := range s.flights {
		n += f.waiters
	}
	return n
}
