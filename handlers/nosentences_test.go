package handlers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// Handlers build no sentence a player reads: they hand views codes and
// values, and views words them (docs/design.md, "Facts in scoring, words
// in views"). TestHandlersWordNothing keeps it so. It reads every
// non-test Go file of the package and fails on any string literal that
// looks like words (a space followed by a letter) unless it is one of the
// machine words below, which never reach a page as they are:
//
//   - log messages (the arguments of a logger's Debug, Info, Warn, Error),
//   - the JSON API's and the plain answers' "error" strings (the message
//     of a refusal, a problem or a bad request, apiError.Error, a gin.H's
//     "error"), and errors made with errors.New or fmt.Errorf, which are
//     the same machine words (docs/api.md: the API stays English),
//   - HTTP header values and content types, time layouts, and the help
//     text of metrics,
//
// or it is listed in stillWorded: English that has not moved to views
// yet, each entry with its reason. A sentence that comes back into a
// handler fails this test; one that moves out must leave the list too.
// It also fails on a handler that capitalises (strings.ToUpper,
// views.UpperFirst …): the one capitaliser is views', and only views
// words a sentence.
func TestHandlersWordNothing(t *testing.T) {
	t.Parallel()
	found := map[string][]string{} // file → its worded literals
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		found[name] = append(found[name], wordedLiterals(f)...)
		// The one capitaliser is views.UpperFirst: a handler that
		// capitalises is wording a sentence.
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					pkg, _ := sel.X.(*ast.Ident)
					if pkg != nil && slices.Contains([]string{"strings", "unicode", "views"}, pkg.Name) &&
						slices.Contains([]string{"ToUpper", "ToTitle", "Title", "UpperFirst"}, sel.Sel.Name) {
						t.Errorf("%s: %s.%s capitalises; views words (and capitalises) what a page says", fset.Position(sel.Pos()), pkg.Name, sel.Sel.Name)
					}
				}
			}
			return true
		})
	}
	for file, lits := range found {
		allowed := stillWorded[file]
		for _, s := range lits {
			if !slices.Contains(allowed.literals, s) {
				t.Errorf("%s words %q for a page: hand views a code or the values, and word it there (views)", file, s)
			}
		}
	}
	for file, allowed := range stillWorded {
		for _, s := range allowed.literals {
			if !slices.Contains(found[file], s) {
				t.Errorf("stillWorded lists %q in %s, which no longer holds it: take it off the list", s, file)
			}
		}
	}
}

// wording is the English a file still holds, and why.
type wording struct {
	why      string
	literals []string
}

// wordedLiterals are the string literals of f that look like words and
// are not machine words (see TestHandlersWordNothing).
func wordedLiterals(f *ast.File) []string {
	var out []string
	skip := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.CallExpr:
			if machineCall(n) {
				for _, arg := range n.Args {
					markLits(arg, skip)
				}
			}
		case *ast.KeyValueExpr:
			if machineKey(n.Key) {
				markLits(n.Value, skip)
			}
		case *ast.BasicLit:
			if n.Kind != token.STRING || skip[n] {
				return true
			}
			s, err := strconv.Unquote(n.Value)
			if err == nil && looksWorded(s) && !machineText.MatchString(s) {
				out = append(out, s)
			}
		}
		return true
	})
	return out
}

// markLits marks every string literal in e as machine words.
func markLits(e ast.Expr, skip map[*ast.BasicLit]bool) {
	ast.Inspect(e, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok {
			skip[lit] = true
		}
		return true
	})
}

// machineCall reports whether call's arguments are machine words: a log
// line, an error, a header, a metric.
func machineCall(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg := ""
	if id, ok := sel.X.(*ast.Ident); ok {
		pkg = id.Name
	}
	switch sel.Sel.Name {
	case "Debug", "Info", "Warn", "DebugContext", "InfoContext", "WarnContext", "ErrorContext", "Log", "LogAttrs":
		return true
	case "Error":
		return pkg != "c" // a logger's Error; gin's c.Error takes no text
	case "New":
		return pkg == "errors"
	case "Errorf":
		return pkg == "fmt"
	case "Header", "Set", "Add", "Data", "Gauge":
		return true
	}
	return false
}

// machineKey reports whether a composite literal's key names machine
// words: the API's error message, a metric's help.
func machineKey(key ast.Expr) bool {
	switch k := key.(type) {
	case *ast.Ident:
		return k.Name == "message" || k.Name == "Error" || k.Name == "Help"
	case *ast.BasicLit:
		return k.Value == `"error"`
	}
	return false
}

// machineText matches literals that are syntax, not words: content types,
// header values, time layouts.
var machineText = regexp.MustCompile(`^(application|text|image)/|charset=|^attachment;|^private, no-cache$|realm=|default-src|2006|\b2 Jan\b|15:04`)

// looksWorded reports whether s has a space followed by a letter.
func looksWorded(s string) bool {
	r := []rune(s)
	for i := 0; i+1 < len(r); i++ {
		if r[i] == ' ' && unicode.IsLetter(r[i+1]) {
			return true
		}
	}
	return false
}

// stillWorded is the English that handlers still hold, by file, and why.
// Machine words the rules of TestHandlersWordNothing cannot tell apart
// come first; then the page words not moved to views yet, each group
// with the reason. Nothing may be added here without a reason; moving a
// group to views takes it off.
var stillWorded = map[string]wording{
	// Machine words: log attributes, JSON values and API messages given
	// through a helper, key-derivation and hash labels, the SSE comment, a
	// metric's label, a shell command shown as code, solve slot names.
	"api.go": {why: "JSON type names inside the API's error strings", literals: []string{
		"a whole number", "a list", "true or false",
	}},
	"bgstats.go": {why: "the app's name in the BG Stats JSON", literals: []string{"Ruthless scorer"}},
	"health.go":  {why: "/healthz's JSON reason", literals: []string{"the database does not answer"}},
	"live.go":    {why: "an event stream's comment line", literals: []string{": ping\n\n"}},
	"metrics.go": {why: "a metric's route label", literals: []string{"before routing"}},
	"solving.go": {why: "a solve slot's name in logs", literals: []string{"expensive solve"}},
	"invite.go":  {why: "a command shown as code, and a hash label", literals: []string{"ruthless serve -addr :", "ruthless join code v2\x00"}},
	"errors.go": {why: "the API's error strings (docs/api.md), given through busy() and storageFault; their pages take views' words", literals: []string{
		"the server is busy saving other games, so nothing was saved; send it again in a few seconds",
		"the server is busy solving other big pools; try again in a few seconds",
		"a pool here takes longer to solve than the server allows; try again later",
		"working out every game's results takes longer than one page may; what was done is kept, so try again in a few seconds",
		"the server cannot save: its disk is full",
		"the server cannot save: its database is read-only",
		"the server's database file is damaged and must be restored from a backup",
		"the server cannot save: its database file was deleted, moved or replaced",
		"the server cannot read or write its database file",
		"{\"error\":\"internal error\",\"field\":\"\"}",
	}},

	// Page words of the HTTP plumbing (login, rate limits, the host
	// check, live streams, busy slots): issue 39 moves that plumbing out
	// of handlers (h39p), and its words go to views after the move.
	"auth.go": {why: "key-derivation labels of the session key", literals: []string{
		"ruthless table password: session cookie key, v1", "securecookie hash key",
	}},
	"bounds.go": {why: "the busy slots' API message", literals: []string{
		"with other downloads of the whole history",
	}},
	"shareimage.go": {why: "a hash label, and the busy API message (bounds.go)", literals: []string{
		"ruthless card image v1\x00", "drawing other pictures",
	}},
	"host.go": {why: "plumbing: the host check's answer", literals: []string{
		"this server does not answer to the name ", "; if that is really this machine, start the server with -host ",
	}},
	"ratelimit.go": {why: "the new-game limit's log and error text", literals: []string{
		"too many new games from this client",
	}},
	"streams.go": {why: "plumbing: the live streams' caps (plain text to the page's script)", literals: []string{
		"too many live streams from this address: this page checks for changes every few seconds instead",
		"the server holds as many live streams as it allows: this page checks for changes every few seconds instead",
	}},
}
