#!/usr/bin/env bash
# attack.sh runs the hostile clients' scenarios of scripts/loadtest against
# the real binary, each on a fresh server and database, on 127.0.0.x only:
# a flush of the party cache, a flood of "why not more?" on /solve, a
# flood of event streams, uploads past the import caps, bodies that stall,
# formula names in the CSV, a second server on the database, a full and a
# read-only disk (mounts a tmpfs: needs root, else skipped) and a password
# guesser beside the table, a crowd of 16 guessing addresses beside a
# fresh phone with the right password, and 8 addresses importing while a
# phone saves. Each prints GET /'s latency alone and under
# attack, the server's RSS and CPU, and what the attackers got; each takes
# under a minute, all about four. Run from the repo root:
#   bash scripts/attack.sh [flush,explain,streams,import,slowbody,csv,second,disk,lockout,crowd,writes]
set -euo pipefail

only=${1:-flush,explain,streams,import,slowbody,csv,second,disk,lockout,crowd,writes}
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

"$tmp/loadtest" attack -bin "$tmp/ruthless" -dir "$tmp" -only "$only" &
pid=$!
wait "$pid"
