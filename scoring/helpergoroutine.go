package scoring

import (
	"runtime"
	"sync/atomic"
)

// The helper: a second goroutine that Solve's grid walk shares its big
// steps with. SolveContext (the server's) never starts one: there other
// requests need the other core more than one big pool does.

// helper is a second goroutine that stays for a whole descent and takes
// the second half of each big step. It waits for its share spinning, not
// blocked: a goroutine started (or woken) for each step cost tens of
// microseconds before it ran, as much as sharing the smaller steps saved.
type helper struct {
	posted, finished atomic.Uint64
	task             func() bool
	ok               bool
	quit             atomic.Bool
}

// startHelper starts a helper; stop ends it.
func startHelper() *helper {
	h := new(helper)
	go h.run()
	return h
}

func (h *helper) stop() { h.quit.Store(true) }

func (h *helper) run() {
	var done uint64
	for !h.quit.Load() {
		if h.posted.Load() == done {
			spin()
			continue
		}
		done++
		h.ok = h.task()
		h.finished.Store(done)
	}
}

// post hands the helper a task and returns its number for wait.
func (h *helper) post(task func() bool) uint64 {
	h.task = task
	return h.posted.Add(1)
}

// wait waits for task n to finish and returns what it returned.
func (h *helper) wait(n uint64) bool {
	for h.finished.Load() != n {
		spin()
	}
	return h.ok
}

// spin lets other goroutines run while one waits for the other.
func spin() { runtime.Gosched() }
