# One command runs every test: `make test`. It installs what the tests need
# (Chromium for the browser tests) on a fresh machine, checks that generated
# and formatted code is up to date, vets, and runs all tests with the race
# detector. CI (.ci/run) calls exactly this.

GO ?= go
CHROMIUM ?= $(shell command -v chromium || command -v chromium-browser || command -v google-chrome)

.PHONY: test deps generate check-generated check-fmt vet run bench fuzz build pagesize load

test: deps check-generated check-fmt vet
	RUTHLESS_REQUIRE_BROWSER=1 $(GO) test -race -count=1 ./...
	@echo "the full solver-against-brute-force check (200,000 pools; too slow under -race):"
	$(GO) test -count=1 -run 'TestSolveMatchesReference|TestSolveManyCaptains' ./scoring

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

# bench prints the figures quoted in the README.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

pagesize:
	bash scripts/pagesize.sh

load:
	bash scripts/load.sh

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzSolve -fuzztime 60s ./scoring
	$(GO) test -run '^$$' -fuzz FuzzParseCard -fuzztime 30s ./scoring
