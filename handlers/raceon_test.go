//go:build race

package handlers

// raceEnabled lets the tests that only measure skip their repeats under
// the race detector, whose times say nothing of the server's.
const raceEnabled = true
