package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWasmCodeCacheProbe asks whether the browser the tests drive keeps
// compiled WebAssembly between its starts at all, in the case every guide
// describes: a page on http://127.0.0.1 compiling with
// instantiateStreaming(fetch(…)) a file the HTTP cache keeps for a year,
// then running it hot. It is a measurement (docs/measurements.md,
// "Compiled once, the last look"), run with RUTHLESS_OFFLINE_MEASURE=1:
// it logs the profile's two code caches after each of three starts, and
// fails only when the JavaScript one never grows, since then the probe
// itself measured nothing.
func TestWasmCodeCacheProbe(t *testing.T) {
	if os.Getenv("RUTHLESS_OFFLINE_MEASURE") == "" {
		t.Skip("a measurement: RUTHLESS_OFFLINE_MEASURE=1 runs it")
	}
	dir := t.TempDir()
	wasm := filepath.Join(dir, "hot.wasm")
	build := exec.Command("go", "build", "-o", wasm, "./testdata/hotwasm")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building testdata/hotwasm: %v\n%s", err, b)
	}
	loader := goWasmLoader(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Kept a year by the HTTP cache, as the code cache requires.
		w.Header().Set("Cache-Control", "public, max-age=31536000")
		switch r.URL.Path {
		case "/hot.wasm":
			w.Header().Set("Content-Type", "application/wasm")
			http.ServeFile(w, r, wasm)
		case "/wasm_exec.js":
			http.ServeFile(w, r, loader)
		default:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, probePage)
		}
	}))
	defer srv.Close()

	exe, root := offlineBrowser(t), t.TempDir()
	ctx, cancel := offlineContext(t)
	defer cancel()
	caches := filepath.Join(root, "profile", "Default", "Code Cache")
	var jsGrew bool
	for start := 1; start <= 3; start++ {
		b := startProfile(t, ctx, exe, root)
		if _, err := chromedp.Run(b, chromedp.Navigate(srv.URL+"/")); err != nil {
			t.Fatal(err)
		}
		said, err := chromedp.Run(b, chromedp.Poll[string](`window.probe`, chromedp.WithPollingTimeout(startTimeout())))
		if err != nil {
			t.Fatalf("start %d: the page did not run its WebAssembly: %v", start, err)
		}
		// V8 writes the code a few seconds after the last function moved
		// to the optimising compiler.
		time.Sleep(5 * time.Second)
		if stop, ok := browsers.LoadAndDelete(b); ok {
			stop.(func())() // waits for the browser to exit: its caches are on disk
		}
		js, wasm := dirBytes(filepath.Join(caches, "js")), dirBytes(filepath.Join(caches, "wasm"))
		jsGrew = jsGrew || js > 1024
		t.Logf("measured: code cache probe, start %d: %s; the profile's JavaScript code cache %d bytes, WebAssembly code cache %d bytes", start, said, js, wasm)
	}
	if !jsGrew {
		t.Errorf("the JavaScript code cache never grew over three starts: the probe measured nothing")
	}
}

// probePage compiles and runs testdata/hotwasm, and loads Go's loader
// script, which the JavaScript code cache keeps from its second load.
const probePage = `<!doctype html><title>code cache probe</title>
<script src="/wasm_exec.js"></script>
<script>
(async () => {
  const go = new Go();
  const t0 = performance.now();
  const { instance } = await WebAssembly.instantiateStreaming(fetch("/hot.wasm"), go.importObject);
  const compiled = Math.round(performance.now() - t0);
  await go.run(instance);
  window.probe = "compiled and instantiated in " + compiled + " ms, then ran 2 s";
})().catch((e) => { window.probe = "failed: " + e; });
</script>`
