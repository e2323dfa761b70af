# One command runs every test: `make test`. It installs what the tests need
# (Chromium for the browser tests) on a fresh machine, checks that generated
# and formatted code is up to date, vets, and runs all tests with the race
# detector, then the big solver cross-check without it. It prints how long
# each phase took. CI (.ci/run) calls exactly this.

GO ?= go
CHROMIUM ?= $(shell command -v chromium || command -v chromium-browser || command -v google-chrome)

# Every `go test` gets an explicit -timeout, far above what a busy 2-core
# machine needs, so that only a hung test ever reaches it (go's default is
# 10 minutes for a whole package).
RACE_TIMEOUT ?= 20m
TEST_TIMEOUT ?= 15m

TEST_PHASES = deps check-generated check-fmt vet test-race test-reference

.PHONY: test $(TEST_PHASES) generate check-generated check-fmt vet run bench fuzz build pagesize load attack

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

# test-race runs every test of every package with the race detector,
# browser tests included (a missing browser fails rather than skips).
test-race:
	RUTHLESS_REQUIRE_BROWSER=1 $(GO) test -race -count=1 -timeout $(RACE_TIMEOUT) ./...

# test-reference runs in full, without the race detector, the solver checks
# that take only a sample under -race: the brute-force cross-check (200,000
# pools, in parallel shards), the one-goroutine solve against the two, the
# relaxed and priced bounds, the adversarial corpus and the shared pass
# (which the race detector would make take minutes).
test-reference:
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) -run 'TestSolveMatchesReference|TestSolveManyCaptains|TestSolveContextAnswersLikeSolve|TestRelaxedNeverBelowBest|TestSolveAdversarialPools|TestCorpusSolveBothWays|TestPricedBoundHoldsAtAnyPrices|TestPricedSolveMatchesTheWalk|TestSharedStepsKeepTheParty' ./scoring

# deps installs Debian's chromium when it is missing and we are root;
# otherwise it says what to install and fails.
deps:
	@if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then \
		exit 0; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "installing chromium (browser tests need it)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "the browser tests need Chromium: install Debian's 'chromium' package (sudo apt-get install chromium)"; \
		exit 1; \
	fi

generate:
	$(GO) tool templ generate

# check-generated regenerates the templ code and fails if it differs from
# what is committed.
check-generated: generate
	@git diff --exit-code -- '*_templ.go' || { echo "generated templ code was stale: commit the regenerated files"; exit 1; }

check-fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed: $$out"; exit 1; fi

vet:
	$(GO) vet ./...

build:
	$(GO) build -o ruthless ./cmd/ruthless

run:
	$(GO) run ./cmd/ruthless

# bench prints the figures quoted in docs/measurements.md.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 30m ./...

pagesize:
	bash scripts/pagesize.sh

load:
	bash scripts/load.sh

# attack runs the hostile clients' scenarios (docs/operations.md, Hostile clients).
attack:
	bash scripts/attack.sh

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzSolve -fuzztime 60s -timeout 10m ./scoring
	$(GO) test -run '^$$' -fuzz FuzzParseCard -fuzztime 30s -timeout 10m ./scoring
