//go:build !race

package e2e

// raceOn is set when the tests run with the race detector.
const raceOn = false
