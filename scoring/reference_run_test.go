package scoring

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// The reference run: the solver checks that take only a sample in a plain
// `go test` (and under -short or the race detector), run in full. The
// switch is the environment, and only the environment:
//
//	RUTHLESS_REFERENCE=1 go test -run 'TestSolveMatchesReference|…' ./scoring
//
// With RUTHLESS_REFERENCE=1 each of referenceTests runs its full size, and
// the run must run every one of them: a test renamed, or left out of the
// -run pattern, fails the run (TestMain, TestReferenceSwitch) instead of
// silently dropping out of it. Without the switch each runs its sample, so
// that a plain `go test ./...` takes a minute or two rather than ten (the
// full sizes take minutes of CPU; make test runs them once, in its
// test-reference phase).

// referenceTests are the tests of the reference run. Each calls
// referenceRun first.
var referenceTests = []string{
	"TestSolveMatchesReference",
	"TestSolveManyCaptains",
	"TestSolveContextAnswersLikeSolve",
	"TestRelaxedNeverBelowBest",
	"TestSolveAdversarialPools",
	"TestCorpusSolveBothWays",
	"TestPricedBoundHoldsAtAnyPrices",
	"TestPricedSolveMatchesTheWalk",
	"TestSharedStepsKeepTheParty",
}

// referenceOn reports whether this is the reference run.
func referenceOn() bool { return os.Getenv("RUTHLESS_REFERENCE") == "1" }

// referenceRan holds the names of the tests that called referenceRun in
// this run, for TestMain to count.
var referenceRan = struct {
	sync.Mutex
	names map[string]bool
}{names: map[string]bool{}}

// referenceRun is what a test of the reference run calls first: it notes
// that the test ran, and reports whether it runs its full size (true in
// the reference run only) or its sample.
func referenceRun(t *testing.T) bool {
	t.Helper()
	referenceRan.Lock()
	referenceRan.names[t.Name()] = true
	referenceRan.Unlock()
	return referenceFull()
}

// referenceFull reports whether the tests of the reference run take their
// full size: with the switch on, whatever -short or -race say, and never
// without it.
func referenceFull() bool { return referenceOn() }

// TestMain fails the reference run unless every one of referenceTests ran:
// a test cannot see which others run, but the run as a whole can.
func TestMain(m *testing.M) {
	code := m.Run()
	if referenceOn() && flag.Lookup("test.list").Value.String() == "" {
		if missing := referenceMissing(); len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "RUTHLESS_REFERENCE=1: the reference run ran %d of its %d tests; not run (renamed, or not selected by -run): %s\n",
				len(referenceTests)-len(missing), len(referenceTests), strings.Join(missing, ", "))
			code = 1
		}
	}
	os.Exit(code)
}

// referenceMissing lists the tests of referenceTests that did not call
// referenceRun in this run.
func referenceMissing() []string {
	referenceRan.Lock()
	defer referenceRan.Unlock()
	var missing []string
	for _, name := range referenceTests {
		if !referenceRan.names[name] {
			missing = append(missing, name)
		}
	}
	return missing
}

// TestReferenceSwitch holds the list to the tests: every name in
// referenceTests is a test of the package that calls referenceRun first,
// and every test that calls referenceRun is listed; and the switch alone
// sets their size, full with RUTHLESS_REFERENCE=1 and the sample without
// it, in a plain run as under -short or -race. In the reference run it
// also checks that -run selects every one of them and -skip none.
func TestReferenceSwitch(t *testing.T) {
	for _, tc := range []struct {
		env  string
		full bool
	}{{"", false}, {"0", false}, {"yes", false}, {"1", true}} {
		t.Run("RUTHLESS_REFERENCE="+tc.env, func(t *testing.T) {
			t.Setenv("RUTHLESS_REFERENCE", tc.env)
			if got := referenceFull(); got != tc.full {
				t.Errorf("RUTHLESS_REFERENCE=%q (race detector %t, -short %t): full size %t, want %t", tc.env, raceEnabled, testing.Short(), got, tc.full)
			}
		})
	}
	tests := testFuncs(t)
	for _, name := range referenceTests {
		fn, ok := tests[name]
		switch {
		case !ok:
			t.Errorf("%s is in referenceTests but is no test of the package", name)
		case !callsReferenceRun(fn.Body.List[:min(1, len(fn.Body.List))]):
			t.Errorf("%s does not call referenceRun(t) first", name)
		}
	}
	for name, fn := range tests {
		if callsReferenceRun(fn.Body.List) && !slices.Contains(referenceTests, name) {
			t.Errorf("%s calls referenceRun but is not in referenceTests", name)
		}
	}
	if !referenceOn() {
		return
	}
	run, skip := flag.Lookup("test.run").Value.String(), flag.Lookup("test.skip").Value.String()
	for _, name := range referenceTests {
		if !topLevelMatch(t, run, name, true) {
			t.Errorf("RUTHLESS_REFERENCE=1: -run %q does not select %s", run, name)
		}
		if topLevelMatch(t, skip, name, false) {
			t.Errorf("RUTHLESS_REFERENCE=1: -skip %q skips %s", skip, name)
		}
	}
}

// testFuncs parses the package's test files and returns their Test
// functions by name.
func testFuncs(t *testing.T) map[string]*ast.FuncDecl {
	t.Helper()
	files, err := filepath.Glob("*_test.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("the package's test files: %v (found %d)", err, len(files))
	}
	out := map[string]*ast.FuncDecl{}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") && fn.Body != nil {
				out[fn.Name.Name] = fn
			}
		}
	}
	return out
}

// callsReferenceRun reports whether the statements call referenceRun.
func callsReferenceRun(stmts []ast.Stmt) bool {
	found := false
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "referenceRun" {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// topLevelMatch reports whether a -run pattern (run set) selects, or a
// -skip pattern skips, the top-level test name, as go test reads the
// pattern: split at each slash outside brackets and parentheses, the
// first part matching top-level names. An empty pattern selects every
// test and skips none; a -skip pattern of several parts skips only
// subtests.
func topLevelMatch(t *testing.T, pattern, name string, run bool) bool {
	t.Helper()
	if pattern == "" {
		return run
	}
	first := pattern
	depth, inClass := 0, false
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '\\':
			i++
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '(' && !inClass:
			depth++
		case c == ')' && !inClass:
			depth--
		case c == '/' && !inClass && depth == 0:
			first = pattern[:i]
			i = len(pattern)
		}
	}
	if !run && first != pattern {
		return false
	}
	re, err := regexp.Compile(first)
	if err != nil {
		t.Fatalf("pattern %q: %v", pattern, err)
	}
	return re.MatchString(name)
}
