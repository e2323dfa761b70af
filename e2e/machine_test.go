package e2e

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// The browser tests' deadlines are base figures for a quiet machine
// multiplied by deadlineScale, so that a machine loaded by other builds
// waits longer instead of failing: a wait ends early when its condition
// holds, so a long deadline costs nothing unless something is wrong.
const (
	baseTestTimeout = 3 * time.Minute
	baseStepTimeout = 20 * time.Second
	// maxDerivedScale caps the scale read off the load average: past it a
	// machine is too busy for any deadline to mean much, and a hung test
	// should still fail within the go test -timeout.
	maxDerivedScale = 8
	// scaleEnv overrides the derived scale (a number, at least 1).
	scaleEnv = "RUTHLESS_E2E_SCALE"
	// shotsEnv, set to anything, keeps a screenshot of every page a test
	// reaches, as the tests once always did; unset, screens are saved only
	// when a check fails.
	shotsEnv = "RUTHLESS_E2E_SHOTS"
)

var (
	// fixedScale is scaleEnv's value when it is set (TestMain reads it):
	// then every deadline is that multiple of its base, whatever the load.
	fixedScale float64
	// startScale is the scale read off the load when the tests began.
	startScale = 1.0
	// keepShots is set by shotsEnv.
	keepShots = false
)

func TestMain(m *testing.M) {
	flag.Parse()
	env := os.Getenv(scaleEnv)
	scale, how, err := machineScale(env, loadPerCore())
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
		os.Exit(2)
	}
	if env != "" {
		fixedScale = scale
	}
	startScale = scale
	keepShots = os.Getenv(shotsEnv) != ""
	if testing.Verbose() {
		fmt.Printf("e2e: deadlines ×%.1f at the start (%s): a step %s, a test %s\n", scale, how, stepTimeout(), testTimeout())
	}
	code := m.Run()
	if err := shared.stop(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: stopping the shared browser: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// deadlineScale is the multiple of its base that a deadline starting now
// gets: scaleEnv's value when set, else the larger of the scale at the
// start and the one the load gives now. The browser tests load the
// machine themselves (a load of 8 per core on two cores, four at a time),
// as can whatever else starts while they run, so a scale read only once
// at the start would leave later waits as short as on a machine at rest.
func deadlineScale() float64 {
	if fixedScale > 0 {
		return fixedScale
	}
	now, _, _ := machineScale("", loadPerCore())
	return max(startScale, now)
}

// testTimeout bounds a whole test's tab, from when the tab opens.
func testTimeout() time.Duration { return scaled(baseTestTimeout) }

// stepTimeout bounds one action, so a tap that goes nowhere fails in
// seconds with a screenshot instead of hanging until testTimeout.
func stepTimeout() time.Duration { return scaled(baseStepTimeout) }

// scaled is a base deadline on this machine, now.
func scaled(d time.Duration) time.Duration {
	return time.Duration(float64(d) * deadlineScale())
}

// machineScale is the deadline scale: the value of scaleEnv when it is
// set, else the one-minute load average per core (a machine at rest is
// below 1: deadlines as given; four busy loops on two cores make about 3),
// from 1 to maxDerivedScale. It also says where the figure came from.
func machineScale(env string, perCore float64) (float64, string, error) {
	if env != "" {
		f, err := strconv.ParseFloat(env, 64)
		if err != nil || f < 1 || f > 1000 {
			return 0, "", fmt.Errorf("%s=%q: want a number from 1 to 1000", scaleEnv, env)
		}
		return f, scaleEnv, nil
	}
	return min(max(1, perCore), maxDerivedScale), fmt.Sprintf("load %.1f per core", perCore), nil
}

// loadPerCore is the one-minute load average per core, 0 where the
// system does not tell it (only Linux's /proc is read).
func loadPerCore() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f, err := strconv.ParseFloat(strings.Fields(string(b) + " 0")[0], 64)
	if err != nil {
		return 0
	}
	return f / float64(runtime.NumCPU())
}

// sharedBrowser is the one Chromium every test of the package uses: each
// test gets a browser context of its own in it (startBrowser), with its
// own cookies, storage and cache, as a separate browser would have, for a
// fraction of a browser's start.
type sharedBrowser struct {
	once   sync.Once
	ctx    context.Context // its first tab, which holds the browser
	cancel func()
	root   string
	err    error
}

var shared sharedBrowser

// get starts the browser on the first call.
func (s *sharedBrowser) get(exe string) (context.Context, string, error) {
	s.once.Do(func() { s.ctx, s.cancel, s.root, s.err = launch(context.Background(), exe) })
	return s.ctx, s.root, s.err
}

// stop closes the browser, if one was started, and removes its folder.
func (s *sharedBrowser) stop() error {
	if s.cancel == nil {
		return nil
	}
	s.cancel()
	return removeFolder(s.root)
}

// launch starts headless Chromium with a fresh profile in a folder of its
// own and returns the context of its first tab, the function that stops
// it (waiting for it to exit) and the folder, which the caller removes.
// The browser lives as long as parent.
func launch(parent context.Context, exe string) (context.Context, func(), string, error) {
	root, err := os.MkdirTemp("", "ruthless-e2e-browser-*")
	if err != nil {
		return nil, nil, "", err
	}
	profile, tmp := filepath.Join(root, "profile"), filepath.Join(root, "tmp")
	for _, dir := range []string{profile, tmp} {
		if err := os.Mkdir(dir, 0o700); err != nil {
			return nil, nil, root, err
		}
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox, // tests run as root in CI containers
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// Tabs of tests running side by side are all in the background:
		// their timers and frames must run as in a tab in front.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		// Every page the tests open is on 127.0.0.1: isolating sites
		// from each other buys nothing here, and without it a new tab
		// cost Chromium about a quarter less CPU (12 tabs: 18 s against
		// 25 s), which the tests, opening some 150 tabs, spend in full.
		// The features chromedp's defaults turn off stay off.
		chromedp.Flag("disable-site-isolation-trials", true),
		chromedp.Flag("disable-features", featuresOff("site-per-process", "IsolateOrigins")),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(screenWidth, screenHeight),
		// Chromium's shared-memory and crash files go here, not loose in /tmp.
		chromedp.Env("TMPDIR="+tmp),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(parent, opts...)
	tabCtx, cancelTab := chromedp.NewContext(allocCtx)
	stop := func() { cancelTab(); cancelAlloc() }
	if err := chromedp.Do(tabCtx); err != nil {
		stop()
		return nil, nil, root, fmt.Errorf("starting %s: %w", exe, err)
	}
	return tabCtx, stop, root, nil
}

// featuresOff is the value of Chromium's --disable-features flag for the
// tests' browsers: the features chromedp's defaults turn off, the
// browser's own omnibox popup, and more.
//
// Chromium 156 loads its omnibox popup as a web page of its own in every
// window and every browser context, headless or not, though a headless
// browser never shows it: two chrome://omnibox-popup.top-chrome/ pages in
// a renderer process of their own, about 2.5 s of CPU each time. The
// tests open a browser context for nearly every test, some 100 in all:
// with the popup turned off, TestWholeGameOnFourPhones used 52–56 s of
// CPU against 72–74 s (docs/measurements.md, "The browser's own pages").
func featuresOff(more ...string) string {
	return strings.Join(append([]string{"Translate", "BlinkGenPropertyTrees",
		"WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"}, more...), ",")
}

// startBrowser returns a browser context of the shared browser for one
// test, and the shared browser's folder. The context is closed when the
// test ends, with every tab opened in it (so their event streams end
// before a server started earlier is closed). It has no deadline of its
// own: each tab opened in it gets testTimeout from the moment it opens
// (tabDeadline), not from here, since a parallel subtest can wait
// minutes for its turn after its parent called startBrowser, and a
// deadline running meanwhile once failed such subtests within a second
// of their start. A test that uses the returned context itself as its
// tab bounds it with tabDeadline.
func startBrowser(t *testing.T) (context.Context, string) {
	t.Helper()
	exe := findBrowser(t)
	browser, root, err := shared.get(exe)
	if err != nil {
		t.Fatalf("the shared browser: %v", err)
	}
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a browser context: %v", err)
	}
	return ctx, root
}

// tabDeadline bounds a tab's context by testTimeout from now, the moment
// its test (or subtest) is running, and ends the bound with the test.
func tabDeadline(t *testing.T, tab context.Context) context.Context {
	ctx, cancel := context.WithTimeout(tab, testTimeout())
	t.Cleanup(cancel)
	return ctx
}

// startOwnBrowser starts a browser for the test alone (TestBrowserFolderRemoved
// checks what a browser leaves behind) and returns its first tab and its
// folder, which is removed when the test ends.
func startOwnBrowser(t *testing.T) (context.Context, string) {
	t.Helper()
	return startBrowserOf(t, findBrowser(t))
}

// startBrowserOf starts the browser exe for the test alone, as
// startOwnBrowser does.
func startBrowserOf(t *testing.T, exe string) (context.Context, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout())
	t.Cleanup(cancel)
	tab, stop, root, err := launch(ctx, exe)
	if root != "" {
		t.Cleanup(func() {
			if err := removeFolder(root); err != nil {
				t.Error(err)
			}
		})
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return tab, root
}

// removeFolder removes a folder the browser used. Its helper processes can
// still be writing for a moment after it exits, so a failure is retried for
// a few seconds before it counts.
func removeFolder(dir string) error {
	var err error
	for range 50 {
		if err = os.RemoveAll(dir); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("leftover browser folder %s: %w", dir, err)
}

// shotRun numbers the screenshot folders of one run.
var shotRun atomic.Int64

// shotDir names the folder for one test's screenshots. It is made only
// when a screenshot is taken (on a failure, or every page with shotsEnv
// set) and is kept after the test, so a failure can be looked at.
func shotDir(t *testing.T) string {
	t.Helper()
	name := regexp.MustCompile(`[^A-Za-z0-9]+`).ReplaceAllString(t.Name(), "-")
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("ruthless-e2e-shots-%d-%d-%s", os.Getpid(), shotRun.Add(1), name))
	if keepShots {
		t.Logf("screenshots of every page: %s", dir)
	}
	return dir
}

// TestMachineScale: the deadlines follow the load per core, from 1 to
// maxDerivedScale, unless scaleEnv sets them; a bad value is refused.
func TestMachineScale(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		env     string
		perCore float64
		want    float64
	}{
		{"", 0, 1}, {"", 0.4, 1}, {"", 3.2, 3.2}, {"", 14, maxDerivedScale},
		{"2.5", 14, 2.5}, {"1", 0.1, 1}, {"12", 0, 12},
	} {
		got, how, err := machineScale(c.env, c.perCore)
		if err != nil || got != c.want || how == "" {
			t.Errorf("machineScale(%q, %.1f) = %.1f, %q, %v; want %.1f", c.env, c.perCore, got, how, err, c.want)
		}
	}
	for _, bad := range []string{"0.5", "0", "-2", "fast", "1e9"} {
		if got, _, err := machineScale(bad, 1); err == nil {
			t.Errorf("machineScale(%q) = %.1f, want an error", bad, got)
		}
	}
}

// TestNoBrowserPagesBesideTheTests: a browser context of the tests'
// browser holds no page of the browser's own (chrome://…, such as the
// omnibox popup featuresOff turns off), only the tabs the tests open. A
// Chromium that renames the popup's feature fails here, not by a slower
// suite.
func TestNoBrowserPagesBesideTheTests(t *testing.T) {
	t.Parallel()
	browser, _ := startBrowser(t)
	tab, cancel := chromedp.NewContext(tabDeadline(t, browser))
	t.Cleanup(cancel)
	if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	var infos []*target.Info
	err := chromedp.Do(tab, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		// An empty entry matches every type, the browser's own pages
		// (type browser_ui) among them.
		r, err := chromedp.Call(ctx, target.GetTargets, target.GetTargetsParams{Filter: target.Filter{{}}})
		infos = r.TargetInfos
		return err
	}))
	if err != nil {
		t.Fatalf("listing the browser's targets: %v", err)
	}
	pages := 0
	for _, i := range infos {
		if strings.HasPrefix(i.URL, "chrome://") || i.Type == "browser_ui" {
			t.Errorf("the browser runs a page of its own: %s %s (%q): turn its feature off in featuresOff", i.Type, i.URL, i.Title)
		}
		if i.Type == "page" {
			pages++
		}
	}
	if pages == 0 {
		t.Errorf("no page among the browser's %d targets: the list cannot be read this way", len(infos))
	}
}
