package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// idbPage runs a Go test binary built for the browser: wasm_exec.js (Go's
// own loader) starts it with the arguments below (%s is its -test.timeout),
// and what it prints and its exit code are kept on window for the test to
// read.
const idbPage = `<!doctype html>
<meta charset="utf-8">
<title>idb tests</title>
<script src="wasm_exec.js"></script>
<script>
window.testOut = [];
const log = console.log.bind(console);
console.log = (...args) => { window.testOut.push(args.join(" ")); log(...args); };
const go = new Go();
go.argv = ["idb.test", "-test.v", "-test.timeout=%s"];
go.exit = (code) => { window.testExit = code; };
fetch("idb.test.wasm")
  .then((r) => r.arrayBuffer())
  .then((b) => WebAssembly.instantiate(b, go.importObject))
  .then((r) => go.run(r.instance))
  .catch((e) => { window.testOut.push("loading failed: " + e); window.testExit = -1; });
</script>
`

// idbWasmEnv names the idb test binary built beforehand (make test-wasm
// builds it, and make test-race passes its path): compiling it for
// WebAssembly inside the test took minutes on a busy machine.
const idbWasmEnv = "RUTHLESS_IDB_WASM"

// idbTestRun bounds the suite's run in the page.
const idbTestRun = 150 * time.Second

// TestIndexedDBStore runs the store conformance suite (store/storetest)
// on the offline build's store over the browser's IndexedDB
// (store/memstore/idb) in headless Chromium, which Node, running the rest
// of the WebAssembly tests (make test-wasm), cannot: the suite's test
// binary is built for GOOS=js GOARCH=wasm (or taken from idbWasmEnv),
// served from loopback and run in a page.
func TestIndexedDBStore(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	dir := t.TempDir()
	idbTestBinary(t, filepath.Join(dir, "idb.test.wasm"))
	loader, err := os.ReadFile(goWasmLoader(t))
	if err != nil {
		t.Fatalf("Go's wasm_exec.js: %v", err)
	}
	page := fmt.Sprintf(idbPage, scaled(idbTestRun))
	for name, body := range map[string]string{"wasm_exec.js": string(loader), "index.html": page} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)

	browser, _ := startBrowser(t)
	tab := tabDeadline(t, browser)
	if err := chromedp.Do(tab, chromedp.Navigate(srv.URL+"/index.html")); err != nil {
		t.Fatalf("opening the test page: %v", err)
	}
	// The suite's own -test.timeout ends it first; this is for a page
	// that never starts it.
	run, cancel := context.WithTimeout(tab, scaled(idbTestRun+30*time.Second))
	defer cancel()
	_, err = chromedp.Run(run, chromedp.Poll[bool](`window.testExit !== undefined`,
		chromedp.WithPollingInterval(200*time.Millisecond), chromedp.WithPollingTimeout(0)))
	out, rerr := chromedp.Run(tab, chromedp.Evaluate[[]string](`window.testOut`))
	if rerr != nil {
		t.Errorf("reading the output: %v", rerr)
	}
	text := strings.Join(out, "\n")
	if err != nil {
		t.Fatalf("the tests did not finish: %v\n%s", err, text)
	}
	exit, err := chromedp.Run(tab, chromedp.Evaluate[int](`window.testExit`))
	if err != nil || exit != 0 {
		t.Fatalf("the idb tests failed in Chromium (exit %d, %v):\n%s", exit, err, text)
	}
	// A skip would pass without testing anything: IndexedDB must have
	// been there, and every case run on it.
	for _, want := range []string{"--- PASS: TestConformance/one_store/", "--- PASS: TestConformance/reloaded/", "\nPASS"} {
		if !strings.Contains(text, want) {
			t.Errorf("the output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "--- SKIP") {
		t.Errorf("a case was skipped in Chromium:\n%s", text)
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "--- PASS: TestConformance/") && strings.Count(line, "/") == 1 {
			t.Logf("in Chromium: %s", strings.TrimSpace(line))
		}
	}
}

// goWasmLoader is the path of wasm_exec.js, the script that runs a Go
// program built for GOOS=js GOARCH=wasm, in the Go that runs the tests.
func goWasmLoader(t *testing.T) string {
	t.Helper()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
}

// idbTestBinary puts the idb test binary at dst: the one idbWasmEnv names
// when no file it is built from changed since (else it could test old
// code), or one built now.
func idbTestBinary(t *testing.T, dst string) {
	t.Helper()
	if pre := os.Getenv(idbWasmEnv); pre != "" {
		fresh, why := idbBinaryFresh(pre)
		if fresh {
			if err := copyFile(pre, dst); err != nil {
				t.Fatalf("%s=%s: %v", idbWasmEnv, pre, err)
			}
			return
		}
		t.Logf("%s=%s not used (%s): building the idb tests here", idbWasmEnv, pre, why)
	}
	build := exec.Command("go", "test", "-c", "-o", dst, idbPackage)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the idb tests for the browser: %v\n%s", err, out)
	}
}

const idbPackage = "ruthless/store/memstore/idb"

// idbBinaryFresh reports whether the file bin was written after every
// file of the module's packages its test binary is built from (as go list
// finds them for WebAssembly) and go.mod and go.sum changed, and if not,
// why.
func idbBinaryFresh(bin string) (bool, string) {
	info, err := os.Stat(bin)
	if err != nil {
		return false, err.Error()
	}
	list := exec.Command("go", "list", "-deps", "-test", "-f", "{{if .Module}}{{if .Module.Main}}{{.Dir}}{{end}}{{end}}", idbPackage)
	list.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := list.Output()
	if err != nil {
		return false, fmt.Sprintf("go list: %v", err)
	}
	files := []string{filepath.Join("..", "go.mod"), filepath.Join("..", "go.sum")}
	for _, dir := range strings.Fields(string(out)) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return false, err.Error()
		}
		for _, e := range entries {
			if !e.IsDir() {
				files = append(files, filepath.Join(dir, e.Name()))
			}
		}
	}
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			return false, err.Error()
		}
		if fi.ModTime().After(info.ModTime()) {
			return false, f + " changed after it was built"
		}
	}
	return true, ""
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}

// TestIndexedDBBinaryFresh: a prebuilt idb test binary older than a file
// it is built from is not used; one written after them all is.
func TestIndexedDBBinaryFresh(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "idb.test.wasm")
	if err := os.WriteFile(bin, []byte("not run"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(bin, old, old); err != nil {
		t.Fatal(err)
	}
	if fresh, why := idbBinaryFresh(bin); fresh || !strings.Contains(why, "changed after it was built") {
		t.Errorf("a binary of 2000: fresh=%t (%s), want stale", fresh, why)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(bin, later, later); err != nil {
		t.Fatal(err)
	}
	if fresh, why := idbBinaryFresh(bin); !fresh {
		t.Errorf("a binary newer than its sources: stale (%s), want fresh", why)
	}
}
