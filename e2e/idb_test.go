package e2e

import (
	"context"
	"fmt"
	"io/fs"
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
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	loader, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
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

	tab, _ := startBrowser(t)
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

// idbTestBinary puts the idb test binary at dst: the one idbWasmEnv names
// when it is newer than every Go file of the module (else it could test
// old code), or one built now.
func idbTestBinary(t *testing.T, dst string) {
	t.Helper()
	if pre := os.Getenv(idbWasmEnv); pre != "" {
		fresh, why := builtAfterSources(pre, "..")
		if fresh {
			if err := copyFile(pre, dst); err != nil {
				t.Fatalf("%s=%s: %v", idbWasmEnv, pre, err)
			}
			return
		}
		t.Logf("%s=%s not used (%s): building the idb tests here", idbWasmEnv, pre, why)
	}
	build := exec.Command("go", "test", "-c", "-o", dst, "ruthless/store/memstore/idb")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the idb tests for the browser: %v\n%s", err, out)
	}
}

// builtAfterSources reports whether the file bin was written after every
// .go file and go.mod/go.sum under root changed, and if not, why.
func builtAfterSources(bin, root string) (bool, string) {
	info, err := os.Stat(bin)
	if err != nil {
		return false, err.Error()
	}
	built := info.ModTime()
	var newer string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || newer != "" {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "dist") {
				return filepath.SkipDir
			}
			return nil
		}
		if name := d.Name(); !strings.HasSuffix(name, ".go") && name != "go.mod" && name != "go.sum" {
			return nil
		}
		if fi, err := d.Info(); err == nil && fi.ModTime().After(built) {
			newer = path
		}
		return nil
	})
	if err != nil {
		return false, err.Error()
	}
	if newer != "" {
		return false, newer + " changed after it was built"
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
