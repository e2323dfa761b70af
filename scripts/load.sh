#!/usr/bin/env bash
# load.sh measures requests per second of the game scoreboard page
# (GET /games/{id} of a finished 3-player game) beside a bare gin handler,
# and the real server's resident memory (VmRSS) under that load. Everything
# runs on 127.0.0.1. Run from the repo root:
#   bash scripts/load.sh [seconds per server, default 10]
#   BEFORE=aff82da ROUNDS=3 bash scripts/load.sh 10
# Both servers run as separate processes (see scripts/loadtest), so the
# figures are the real binary's, not a test harness's. BEFORE, a commit,
# adds that build's scoreboard to the same run (built from git archive);
# ROUNDS measures every server that many times in turn, so that what
# else the machine does falls on each alike.
set -euo pipefail

secs=${1:-10}
case $secs in '' | *[!0-9]* | 0) echo "usage: bash scripts/load.sh [seconds ≥ 1]" >&2; exit 2 ;; esac

tmp=$(mktemp -d)
pid=
# loadtest stops its servers itself (and the kernel kills them if it dies);
# here we only stop loadtest if we are interrupted, and remove the scratch
# files: binaries, database and server logs.
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

go build -o "$tmp/ruthless" ./cmd/ruthless
go build -o "$tmp/loadtest" ./scripts/loadtest
args=(-bin "$tmp/ruthless" -dir "$tmp" -d "${secs}s" -rounds "${ROUNDS:-1}")
if [ -n "${BEFORE:-}" ]; then
  mkdir "$tmp/before-src"
  git archive "$BEFORE" | tar -x -C "$tmp/before-src"
  (cd "$tmp/before-src" && go build -o "$tmp/ruthless-before" ./cmd/ruthless)
  args+=(-before "$tmp/ruthless-before")
fi

"$tmp/loadtest" run "${args[@]}" &
pid=$!
wait "$pid"
