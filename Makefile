# One command runs every test: `make test`. It installs what the tests need
# (Chromium for the browser tests, Caddy for the reverse-proxy test,
# axe-core for the accessibility test) on a fresh machine, checks that
# generated and formatted code is up to date, vets and lints, runs every
# package's tests but the browser tests with the race detector, and beside
# them the big solver cross-check without it, the WebAssembly tests and
# the offline site's browser test, then the other browser tests without
# the race detector, and beside them builds
# the release binaries and checks them (make deps installs the cross
# compilers and qemu they need; make release itself never installs
# anything). It prints how long each phase took. CI (.ci/run) calls
# exactly this.

GO ?= go
CHROMIUM ?= $(shell command -v chromium || command -v chromium-browser || command -v google-chrome)

# Every `go test` gets an explicit -timeout, about five times what its
# phase takes on a quiet 2-core machine and well over what one loaded by
# make test-busy needs, so that only a hung test ever reaches it (go's
# default is 10 minutes for a whole package).
RACE_TIMEOUT ?= 25m
E2E_TIMEOUT ?= 30m
TEST_TIMEOUT ?= 10m

# Phases named a+b run their parts side by side (scripts/side-by-side.sh).
TEST_PHASES = deps check-generated check-fmt vet+lint test-race+offline test-reference+wasm+release test-e2e-parallel

.PHONY: test test-busy $(TEST_PHASES) test-race test-reference test-wasm test-e2e test-e2e-parallel test-release test-offline deps-axe offline generate check-generated check-fmt vet lint run bench fuzz build pagesize lighthouse load attack release image

# test runs the phases in order, stops at the first that fails, and prints
# each phase's time in seconds.
test:
	@total=$$(date +%s); times=""; \
	for phase in $(TEST_PHASES); do \
		start=$$(date +%s); \
		echo "== $$phase"; \
		if ! $(MAKE) --no-print-directory $$phase; then \
			echo "make test: FAILED in $$phase after $$(( $$(date +%s) - start ))s"; exit 1; \
		fi; \
		took=$$(( $$(date +%s) - start )); times="$$times, $$phase $${took}s"; \
		echo "== $$phase took $${took}s"; \
	done; \
	echo "make test: passed in $$(( $$(date +%s) - total ))s ($${times#, })"

# test-busy runs make test three times in a row while four busy loops
# keep both cores of a 2-core machine loaded, and prints each run's
# result: the suite must pass on a busy machine, not only on a quiet one.
# The loops end with it however it ends: killed on exit, and each also
# stops by itself once the shell that started it is gone (kill -0 fails),
# even if that shell was killed outright.
test-busy:
	@loops=""; log=$$(mktemp); \
	trap 'kill $$loops 2>/dev/null; rm -f "$$log" "$$log.rc"' EXIT; trap 'exit 130' INT TERM; \
	for i in 1 2 3 4; do (while kill -0 $$$$ 2>/dev/null; do :; done) & loops="$$loops $$!"; done; \
	echo "make test-busy: four busy loops running (pids$$loops)"; \
	results=""; failed=0; \
	for run in 1 2 3; do \
		echo "== make test, run $$run of 3, under load"; \
		{ $(MAKE) --no-print-directory test; echo $$? >"$$log.rc"; } 2>&1 | tee "$$log"; \
		line=$$(grep -E '^make test: (passed|FAILED)' "$$log" | tail -1); \
		if [ "$$(cat "$$log.rc")" != 0 ]; then failed=$$((failed + 1)); line="$${line:-make test: FAILED (exit $$(cat "$$log.rc"))}"; fi; \
		results="$$results\nrun $$run: $$line"; \
	done; \
	printf 'make test-busy: the three runs under load:%b\n' "$$results"; \
	if [ $$failed -gt 0 ]; then echo "make test-busy: $$failed of 3 runs failed"; exit 1; fi; \
	echo "make test-busy: all 3 runs passed"

# RACE_PACKAGES are every package but the browser tests' (e2e), which
# runs in its own phase, test-e2e.
RACE_PACKAGES = $(filter-out ruthless/e2e,$(shell $(GO) list -e ./...))

# test-race runs every test of RACE_PACKAGES with the race detector. The
# server's concurrency is exercised here: live streams, parallel saves,
# solves in flight, a backup of a live server. RUTHLESS_REQUIRE_BROWSER
# makes a missing Caddy fail cmd/ruthless's reverse-proxy test rather
# than skip it. GORACE's atexit_sleep_ms=0: by default a binary built
# with -race sleeps a second before it exits (for races reported by
# goroutines still running then), a second of each package's test run,
# 6.5 s of the phase in all. A race found while a test runs fails that
# test (the testing package checks after each); only one found after the
# last test had ended would go unseen.
test-race:
	GORACE=atexit_sleep_ms=0 RUTHLESS_REQUIRE_BROWSER=1 $(GO) test -race -count=1 -timeout $(RACE_TIMEOUT) $(RACE_PACKAGES)

# E2E_PARALLEL is how many browser tests (and pages of the page walk) run
# at once. A browser test mostly waits, on pages loading and conditions
# to hold: with go's default (GOMAXPROCS, two tests on a 2-core machine)
# the browser tests used under half of the two cores. Each test has a
# browser context of its own, and its deadlines grow with the machine's
# load (docs/design.md, Testing).
E2E_PARALLEL ?= 4

# test-e2e runs the browser tests (e2e) in headless Chromium, the
# offline site's (TestOfflineSite) among them, without the race detector:
# it would slow the server several times and cannot see into the browser
# or the WebAssembly it runs, while test-race already runs the server's
# concurrent paths under it. A missing browser fails rather than skips.
# It comes after test-wasm, which builds what TestIndexedDBStore runs.
# TestOfflineSite runs as make test-offline, in a test process of its own beside
# the rest (test-e2e-parallel): it builds the offline site (compiler work)
# and is a serial test, which go would run alone before any parallel one
# starts. Each half's output is printed whole when both are done, with its
# own time (scripts/side-by-side.sh); test-e2e fails if either does.
test-e2e:
	@bash scripts/side-by-side.sh test-e2e-parallel test-offline

# test-e2e-parallel is every browser test but TestOfflineSite, E2E_PARALLEL
# at a time.
test-e2e-parallel:
	RUTHLESS_REQUIRE_BROWSER=1 RUTHLESS_IDB_WASM=$(CURDIR)/$(IDB_WASM) $(GO) test -count=1 -timeout $(E2E_TIMEOUT) \
		-parallel $(E2E_PARALLEL) -skip '^TestOfflineSite$$' ./e2e

# WASM_TEST_PACKAGES are the packages whose tests also run as the
# offline build runs them, GOOS=js GOARCH=wasm, in Node (go_js_wasm_exec,
# Go's own runner, needs node on the PATH: make deps installs it): the
# browser's store and the conformance suite it passes there as the
# SQLite store passes it natively. store/memstore/idb is compiled with
# them; its tests skip in Node, which has no IndexedDB (e2e's
# TestIndexedDBStore runs them in Chromium).
WASM_TEST_PACKAGES = ./store/memstore/... ./store/storetest

# WASM_APP_TESTS are handlers' tests of the whole app over the browser's
# store, and cmd/offline's own (the pages it draws to warm itself up),
# which test-wasm also runs as the offline build runs, in WebAssembly
# (built as the offline build is, -tags nomsgpack,nometrics).
WASM_APP_TESTS = TestHandlersOnMemstore|TestOfflineStorageWords|TestWarmDrawsEveryPage|TestWarmSpeaksThePhonesLanguage|TestWarmWaitsForTheWorkersRequests

# IDB_WASM is the test binary of store/memstore/idb for WebAssembly, built
# once by test-wasm for e2e's TestIndexedDBStore (which runs it in
# Chromium, and builds it itself when the file is missing or older than
# the sources): test-wasm must run before test-e2e to spare it that.
IDB_WASM = dist/e2e/idb.test.wasm

# test-wasm runs WASM_TEST_PACKAGES' tests under WebAssembly in Node, and
# builds IDB_WASM.
#
# Every step is built with -trimpath, as make offline builds the site:
# the packages they share (the standard library above all) are then
# compiled once for both, where test-offline builds the site. From an
# empty build cache the site's build took 33 s instead of 66.
test-wasm:
	GOOS=js GOARCH=wasm $(GO) build -trimpath ./...
	GOOS=js GOARCH=wasm $(GO) test -trimpath -c -timeout $(TEST_TIMEOUT) -o $(IDB_WASM) ./store/memstore/idb
	GOOS=js GOARCH=wasm $(GO) test -trimpath -count=1 -timeout $(TEST_TIMEOUT) \
		-exec "$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" $(WASM_TEST_PACKAGES)
	GOOS=js GOARCH=wasm $(GO) test -trimpath -count=1 -timeout $(TEST_TIMEOUT) -tags nomsgpack,nometrics \
		-exec "$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" -run '$(WASM_APP_TESTS)' ./handlers ./cmd/offline

# REFERENCE_TESTS are the solver checks that take only a sample under -race
# and run in full in test-reference: the brute-force cross-check (200,000
# pools, in parallel shards), the one-goroutine solve against the two, the
# relaxed and priced bounds, the adversarial corpus and the shared pass
# (which the race detector would make take minutes).
REFERENCE_TESTS = TestSolveMatchesReference TestSolveManyCaptains \
	TestSolveContextAnswersLikeSolve TestRelaxedNeverBelowBest \
	TestSolveAdversarialPools TestCorpusSolveBothWays \
	TestPricedBoundHoldsAtAnyPrices TestPricedSolveMatchesTheWalk \
	TestSharedStepsKeepTheParty

# test-reference runs REFERENCE_TESTS in full, without the race detector,
# with RUTHLESS_REFERENCE=1 (which tells scoring's tests to take their full
# size), and TestReferenceSwitch, which checks that switch from inside the
# package: it runs where it exists (until it lands in scoring the pattern
# matches nothing more; once it has, it may join REFERENCE_TESTS). A check
# renamed or deleted would simply stop matching the -run pattern and the
# phase would still pass, so the recipe also reads the -v output and fails
# unless every one of REFERENCE_TESTS passed. The output goes to a file,
# not a pipe, so that the test run's own failure fails the phase too; on
# success only the tests' result lines are printed.
#
# space is one space, to join REFERENCE_TESTS with | into REFERENCE_RUN.
space := $(subst ,, )
REFERENCE_RUN = ^($(subst $(space),|,$(strip $(REFERENCE_TESTS)))|TestReferenceSwitch)$$

test-reference:
	@out=$$(mktemp); trap 'rm -f "$$out"' EXIT; \
	echo "RUTHLESS_REFERENCE=1 $(GO) test -v -count=1 -timeout $(TEST_TIMEOUT) -run '$(REFERENCE_RUN)' ./scoring"; \
	if ! RUTHLESS_REFERENCE=1 $(GO) test -v -count=1 -timeout $(TEST_TIMEOUT) -run '$(REFERENCE_RUN)' ./scoring >"$$out" 2>&1; then \
		cat "$$out"; echo "test-reference: a reference check failed (output above)"; exit 1; \
	fi; \
	grep -E '^(--- |ok|FAIL)' "$$out"; \
	missing=""; \
	for name in $(REFERENCE_TESTS); do \
		grep -q "^--- PASS: $$name " "$$out" || missing="$$missing $$name"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "test-reference: these reference checks did not run and pass:$$missing"; \
		echo "(renamed, deleted or skipped? keep REFERENCE_TESTS in the Makefile in step with scoring's tests)"; \
		exit 1; \
	fi; \
	echo "test-reference: all $(words $(REFERENCE_TESTS)) reference checks passed"

# deps installs what the tests run besides Go when it is missing and we
# are root: Debian's chromium-headless-shell (the browser tests run in
# it) and chromium (the full browser, TestInTheFullBrowser), caddy (the test
# behind a real reverse proxy, cmd/ruthless/proxy_test.go), nodejs (the
# WebAssembly tests, test-wasm), the Noto
# fonts for Chinese, Arabic and the other scripts (Chromium draws long
# names in every script with them, and the share image borrows them:
# views/sharefonts.go), and what make release and test-release need: the
# C cross compilers for linux/arm64 and windows/amd64, qemu-user-static
# (the arm64 binary is run under it), file, curl and jq; otherwise it
# says what to install and fails. It is the only target that installs:
# make release and make image say what is missing and stop. Podman is
# not installed (test-release runs the image only where podman is). It then installs axe-core (the browser
# tests' accessibility check) from npm, as e2e/axe's lock file pins it,
# when it is missing; its install scripts are not run.
deps: deps-axe
	@missing=""; \
	if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then missing=" chromium"; fi; \
	if ! command -v chromium-headless-shell >/dev/null 2>&1; then missing="$$missing chromium-headless-shell"; fi; \
	if ! command -v caddy >/dev/null 2>&1; then missing="$$missing caddy"; fi; \
	if ! command -v node >/dev/null 2>&1; then missing="$$missing nodejs"; fi; \
	if [ ! -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; then missing="$$missing fonts-noto-cjk"; fi; \
	if [ ! -f /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ]; then missing="$$missing fonts-noto-core"; fi; \
	if ! command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then missing="$$missing gcc-aarch64-linux-gnu"; fi; \
	if ! command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then missing="$$missing gcc-mingw-w64-x86-64"; fi; \
	if ! command -v qemu-aarch64-static >/dev/null 2>&1; then missing="$$missing qemu-user-static"; fi; \
	for tool in file curl jq; do command -v $$tool >/dev/null 2>&1 || missing="$$missing $$tool"; done; \
	if [ -z "$$missing" ]; then \
		exit 0; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "installing$$missing (the browser, font, reverse-proxy, WebAssembly and release tests need them)"; \
		apt-get -o DPkg::Lock::Timeout=600 update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq $$missing >/dev/null; \
	else \
		echo "the browser, font, reverse-proxy, WebAssembly and release tests need Debian's packages:$$missing (sudo apt-get install$$missing)"; \
		exit 1; \
	fi

deps-axe:
	@if [ -f e2e/axe/node_modules/axe-core/axe.min.js ]; then \
		exit 0; \
	elif command -v npm >/dev/null 2>&1; then \
		echo "installing axe-core (the accessibility test needs it)"; \
		npm ci --ignore-scripts --no-audit --no-fund --prefix e2e/axe >/dev/null; \
	else \
		echo "the accessibility test needs axe-core from npm: install Node.js's npm, then run make deps"; \
		exit 1; \
	fi

generate:
	$(GO) tool templ generate

# check-generated regenerates the templ code and fails if it differs from
# what is committed.
check-generated: generate
	@git diff --exit-code -- '*_templ.go' || { echo "generated templ code was stale: commit the regenerated files"; exit 1; }

# check-fmt fails on Go code gofmt would change, on a merge's
# conflict markers left in any tracked file (a CSS file keeps working
# with them, silently dropping every rule after the marker), and on a
# tracked or staged executable binary (scripts/check-binaries.sh: a
# build output committed by mistake).
check-fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed: $$out"; exit 1; fi
	@if git grep -nE '^(<<<<<<<|>>>>>>>) '; then echo "merge conflict markers left in the files above"; exit 1; fi
	@bash scripts/check-binaries.sh

vet:
	$(GO) vet ./...

# lint runs staticcheck, pinned in go.mod as a tool (like templ), over
# every package: bugs vet does not look for, unused code, and style.
# A finding that is right to keep says why with a //lint:ignore comment.
lint:
	$(GO) tool staticcheck ./...

build:
	$(GO) build -o ruthless ./cmd/ruthless

run:
	$(GO) run ./cmd/ruthless

# test-offline is issue 34's browser test of the offline site
# (e2e/offline_test.go) alone: it builds the site, installs it in
# Chromium, cuts the network and plays a whole game on the phone alone.
# make test runs it beside test-race (test-race+offline);
# make test-e2e beside the other browser tests.
test-offline:
	RUTHLESS_REQUIRE_BROWSER=1 $(GO) test -count=1 -timeout $(E2E_TIMEOUT) -run '^TestOfflineSite$$' ./e2e

# offline builds the offline site into dist/offline/ (beside it, then
# swapped in): the app as WebAssembly, run on the phone by a service
# worker, for any static web host (docs/offline.md). It prints the
# WebAssembly's size by Go package (scripts/wasmsize) and fails past
# 4 MiB gzip-compressed in all (WASM_OPT=1 adds wasm-opt, from binaryen).
offline:
	bash scripts/offline.sh

# release builds the binaries players download (linux/amd64, linux/arm64,
# windows/amd64, static, SQLite included) and SHA256SUMS into dist/,
# named by the version in the file VERSION; TARGETS=linux/amd64 (a space-
# or comma-separated list) builds fewer. It installs nothing: a missing
# compiler is one line saying how to get it (make deps). See docs/install.md.
release:
	TARGETS="$(TARGETS)" bash scripts/release.sh

# test-release builds a release dated at the last commit (so that the
# test knows the date to expect) and checks its binaries: amd64 here,
# arm64 under qemu, the Windows one by its PE headers, and the container
# image when podman is installed (make deps does not install it), run
# when podman can run a container on this host (else one line says why
# not; RUTHLESS_REQUIRE_CONTAINER=1 makes that a failure). From
# cold caches it took 10m39s on a 2-core machine shared with other
# builds (434 s of CPU), 19 s with warm ones.
test-release:
	@epoch=$$(git log -1 --format=%ct); \
	SOURCE_DATE_EPOCH=$$epoch bash scripts/release.sh && \
	SOURCE_DATE_EPOCH=$$epoch bash scripts/release-test.sh

# vet+lint runs vet and lint side by side: each spends part of its time
# on one core (loading, one package's analysis at a time).
vet+lint:
	@bash scripts/side-by-side.sh vet lint

# test-race+offline is make test's first test phase: the race run and,
# beside it, the offline site's browser test (test-offline), one story on
# one browser profile with waits in it that use no CPU (the browser reads a
# storage quota again only every 30 s), which the race run fills.
#
# On two cores, parts side by side cost more CPU than the same parts one
# after another (caches and memory shared; the race detector's most of
# all): with the race run, the reference checks, test-wasm and the offline
# test all four together the phase used 501 CPU seconds in 260 s, against
# 423 s of CPU for the four alone. So make test pairs a part that waits
# with one that computes, and no more: this phase, then
# test-reference+wasm+release, then the browser tests alone
# (docs/testing.md, "The phases paired").
test-race+offline:
	@bash scripts/side-by-side.sh test-race test-offline

# test-reference+wasm+release is make test's second test phase: the
# reference checks (one shard per core), the WebAssembly tests (one Node
# process at a time) and the release check (mostly one linker or emulator
# at a time). test-wasm builds what test-e2e-parallel runs, so it comes
# before. The release goes to dist/release, so that its emptying of its
# folder never touches dist/e2e, where test-wasm leaves the IndexedDB test
# binary.
test-reference+wasm+release:
	@bash scripts/side-by-side.sh test-reference test-wasm "DIST=dist/release test-release"

# image builds the container image (Containerfile) with podman from the
# linux binary in dist/ (ARCH=arm64 for a Raspberry Pi). It installs
# nothing: without podman it says so in one line and stops.
image:
	bash scripts/image.sh

# bench prints the figures quoted in docs/measurements.md.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 30m ./...

pagesize:
	bash scripts/pagesize.sh

# lighthouse scores the accessibility of the main pages (docs/measurements.md).
lighthouse:
	bash scripts/lighthouse.sh

# load measures the scoreboard's requests a second beside bare gin;
# BEFORE=commit adds that build's in the same run, ROUNDS=n repeats them
# in turn: make load BEFORE=aff82da ROUNDS=3.
load:
	BEFORE="$(BEFORE)" ROUNDS="$(or $(ROUNDS),1)" bash scripts/load.sh

# attack runs the hostile clients' scenarios (docs/operations.md, Hostile clients).
# PHASES (default all) and BEFORE (a commit to run each phase against
# first) are passed on: make attack PHASES=crowd,writes BEFORE=aff82da
attack:
	bash scripts/attack.sh "$(PHASES)" "$(BEFORE)"

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzSolve -fuzztime 60s -timeout 10m ./scoring
	$(GO) test -run '^$$' -fuzz FuzzParseCard -fuzztime 30s -timeout 10m ./scoring
