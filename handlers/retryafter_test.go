package handlers

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"ruthless/store"
)

// TestRetryAfterSetInOnePlace: every refusal reaches the client through
// answerError (errors.go), the one place a Retry-After header is written;
// a handler or middleware that set it itself would bypass classify, and
// its wait would drift from the message's. So the header's name may
// appear, as Go code, only in answerError: this reads every product file
// of the packages that answer requests and fails on any other use.
func TestRetryAfterSetInOnePlace(t *testing.T) {
	t.Parallel()
	var files []string
	for _, dir := range []string{".", "../edge"} {
		found, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	if len(files) < 20 {
		t.Fatalf("found %d Go files, want the packages' whole source", len(files))
	}
	want := http.CanonicalHeaderKey("Retry-After")
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, use := range literalUses(f, want) {
			if filepath.Base(path) == "errors.go" && filepath.Dir(path) == "." && use.fn == "answerError" {
				continue
			}
			t.Errorf("%s: %q in %s: only answerError (errors.go) writes it; hand the refusal, with its retryAfter, to fail or answerError",
				fset.Position(use.pos), want, use.fn)
		}
	}
}

// literalUse is a string literal found in a file, and the function it is
// in ("" at package level).
type literalUse struct {
	pos token.Pos
	fn  string
}

// literalUses are the string literals of f whose value is header (in any
// case).
func literalUses(f *ast.File, header string) []literalUse {
	var out []literalUse
	check := func(n ast.Node, fn string) {
		ast.Inspect(n, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if v, err := strconv.Unquote(lit.Value); err == nil && http.CanonicalHeaderKey(v) == header {
				out = append(out, literalUse{pos: lit.Pos(), fn: fn})
			}
			return true
		})
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			check(fd, fd.Name.Name)
			continue
		}
		check(d, "")
	}
	return out
}

// TestHealthzRefusalThroughTheErrorPath: /healthz's 503 goes through
// answerError like every refusal, and still answers as it always did:
// its JSON body, Retry-After 5, no caching, and no log line of its own
// (a monitor asks every few seconds; the store logs the fault).
func TestHealthzRefusalThroughTheErrorPath(t *testing.T) {
	t.Parallel()
	st, err := store.Open(filepath.Join(t.TempDir(), "health.db"))
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	var log bytes.Buffer
	h := NewWithOptions(st, slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug})), Options{Version: "v0.0.0-test"})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil))
	for _, c := range []struct{ what, got, want string }{
		{"status", strconv.Itoa(rec.Code), "503"},
		{"Retry-After", rec.Header().Get("Retry-After"), "5"},
		{"Cache-Control", rec.Header().Get("Cache-Control"), "no-store"},
		{"Content-Type", rec.Header().Get("Content-Type"), "application/json; charset=utf-8"},
	} {
		if c.got != c.want {
			t.Errorf("healthz with the database closed: %s %q, want %q", c.what, c.got, c.want)
		}
	}
	var body map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("healthz body %q: %v", rec.Body.String(), err)
	}
	if body["status"] != "unavailable" || body["version"] != "v0.0.0-test" || body["check"] == nil || body["reason"] == nil {
		t.Errorf("healthz body %v: want status unavailable, the version, the check and its reason", body)
	}
	if _, ok := body["error"]; ok {
		t.Errorf("healthz body %v carries the API's error shape; it keeps its own", body)
	}
	if strings.Contains(log.String(), "request refused") {
		t.Errorf("healthz's 503 was logged as a refusal:\n%s", log.String())
	}
}
