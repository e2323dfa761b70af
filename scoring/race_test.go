//go:build race

package scoring

// raceEnabled lets the slowest cross-checks run fewer pools under the race
// detector; `make test` runs them in full without it as well.
const raceEnabled = true
