#!/usr/bin/env bash
# attack.sh runs the hostile clients' scenarios of scripts/loadtest against
# the real binary, each on a fresh server and database, on 127.0.x.y only:
# a flush of the party cache, a flood of "why not more?" on /solve, a
# flood of event streams, uploads past the import caps, bodies that stall,
# formula names in the CSV, a second server on the database, a full and a
# read-only disk (mounts a tmpfs: needs root, else skipped) and a password
# guesser beside the table; then issue 33's crowds of many addresses:
#   crowd      16 addresses guessing passwords beside the right one
#   writes     8 addresses importing while a phone saves
#   draw       40 addresses fetching the share images of 200 games
#   history    imports from ever new addresses, then a restart and the
#              players list and records
#   slowloris  15,000 then 22,000 stalled connections from 500 addresses
#              beside fresh phones (held by helper processes)
#   exports    five downloads of a 9,000-game history at once, read slowly
#   hardlink   a second server on a hard link of the database, and the
#              acknowledged saves read back
#   v6         30 clients of one IPv6 /64 making games (behind a trusted
#              proxy: the loopback has ::1 alone)
#   bidi       direction controls and line separators in location and notes
#   rematch    8 phones sending "Change first" at once
#   flood      one address flooding pages and API beside ten phones
# Each prints GET /'s latency calm and under attack in the same run, the
# server's RSS and CPU, and what the attackers got; each takes under a
# minute, all about fourteen. Run from the repo root:
#   bash scripts/attack.sh [PHASES] [BEFORE]
# PHASES is a comma-separated list (default: all). BEFORE, a commit such as
# aff82da, is built too and every phase runs against it first, then
# against the working tree, so the same run prints before and after.
set -euo pipefail

only=${1:-flush,explain,streams,import,slowbody,csv,second,disk,lockout,crowd,writes,draw,history,slowloris,exports,hardlink,v6,bidi,rematch,flood}
before=${2:-}
tmp=$(mktemp -d)
pid=
# loadtest stops its servers itself (and the kernel kills them if it dies);
# here we only stop loadtest if we are interrupted, and remove the scratch
# files.
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  # loadtest unmounts the disk scenario's tmpfs itself; should it have
  # died first, nothing mounted under $tmp may outlive the run.
  awk -v t="$tmp/" 'index($2, t) == 1 {print $2}' /proc/mounts 2>/dev/null | sort -r |
    while read -r m; do umount -l "$m" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

go build -o "$tmp/ruthless" ./cmd/ruthless
go build -o "$tmp/loadtest" ./scripts/loadtest
args=()
if [ -n "$before" ]; then
  # The older tree is unpacked, not checked out: the repository's
  # worktrees stay as they are.
  mkdir "$tmp/before-src"
  git archive "$before" | tar -x -C "$tmp/before-src"
  (cd "$tmp/before-src" && go build -o "$tmp/ruthless-before" ./cmd/ruthless)
  args=(-bin-before "$tmp/ruthless-before")
fi

"$tmp/loadtest" attack -bin "$tmp/ruthless" -dir "$tmp" -only "$only" "${args[@]}" &
pid=$!
wait "$pid"
