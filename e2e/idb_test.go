package e2e

import (
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
// own loader) starts it with the arguments below, and what it prints and
// its exit code are kept on window for the test to read.
const idbPage = `<!doctype html>
<meta charset="utf-8">
<title>idb tests</title>
<script src="wasm_exec.js"></script>
<script>
window.testOut = [];
const log = console.log.bind(console);
console.log = (...args) => { window.testOut.push(args.join(" ")); log(...args); };
const go = new Go();
go.argv = ["idb.test", "-test.v", "-test.timeout=150s"];
go.exit = (code) => { window.testExit = code; };
fetch("idb.test.wasm")
  .then((r) => r.arrayBuffer())
  .then((b) => WebAssembly.instantiate(b, go.importObject))
  .then((r) => go.run(r.instance))
  .catch((e) => { window.testOut.push("loading failed: " + e); window.testExit = -1; });
</script>
`

// TestIndexedDBStore runs the store conformance suite (store/storetest)
// on the offline build's store over the browser's IndexedDB
// (store/memstore/idb) in headless Chromium, which Node, running the rest
// of the WebAssembly tests (make test-wasm), cannot: the suite's test
// binary is built for GOOS=js GOARCH=wasm, served from loopback and run
// in a page.
func TestIndexedDBStore(t *testing.T) {
	findBrowser(t)
	dir := t.TempDir()
	build := exec.Command("go", "test", "-c", "-o", filepath.Join(dir, "idb.test.wasm"), "ruthless/store/memstore/idb")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the idb tests for the browser: %v\n%s", err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	loader, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatalf("Go's wasm_exec.js: %v", err)
	}
	for name, body := range map[string]string{"wasm_exec.js": string(loader), "index.html": idbPage} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)

	tab, _ := startBrowser(t)
	if err := chromedp.Do(tab, chromedp.Navigate(srv.URL+"/index.html")); err != nil {
		t.Fatalf("opening the test page: %v", err)
	}
	_, err = chromedp.Run(tab, chromedp.Poll[bool](`window.testExit !== undefined`,
		chromedp.WithPollingInterval(200*time.Millisecond), chromedp.WithPollingTimeout(150*time.Second)))
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
