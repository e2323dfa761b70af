// Package e2e holds the real-browser tests: headless Chromium, driven with
// chromedp, plays games through the pages of the real server at a phone's
// 390 × 844 viewport. The package has no code of its own; everything is in
// its _test.go files. Without a browser a plain `go test ./...` skips these
// tests, and with RUTHLESS_REQUIRE_BROWSER=1 (as `make test` sets it) a
// missing browser fails them.
package e2e
