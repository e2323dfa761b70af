#!/usr/bin/env bash
# taptime.sh times tap → page in one phone-sized Chromium tab
# (scripts/taptime) for the same pages of the same four-player game (four
# rounds scored, the fifth being entered) on this checkout's server and,
# with BEFORE set to a commit, on that commit's, visited in turn so that
# what else the machine does falls on both alike. Run from the repo root:
#   bash scripts/taptime.sh                 # this checkout only
#   BEFORE=7562335 N=10 bash scripts/taptime.sh
set -euo pipefail

tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

go build -o "$tmp/ruthless" ./cmd/ruthless
go build -o "$tmp/taptime" ./scripts/taptime
builds=(ruthless)
if [ -n "${BEFORE:-}" ]; then
  mkdir "$tmp/before-src"
  git archive "$BEFORE" | tar -x -C "$tmp/before-src"
  (cd "$tmp/before-src" && go build -o "$tmp/ruthless-before" ./cmd/ruthless)
  builds+=(ruthless-before)
fi

# Each player keeps the pirates of earlier rounds (R1.1): the pools grow
# round by round; in round 5 the first seat has not entered yet.
game='{"version":1,"players":["Zoë","Анастасия","李小龍","عبد الرحمن"],"start_player":0,
"rounds":[
[{"pool":["H1","H2","A3"],"coins":0},{"pool":["S1","S2","K3"],"coins":0},{"pool":["A1","A2","X3"],"coins":0},{"pool":["K1","K2","S3"],"coins":0}],
[{"pool":["H1","H2","A3","H4"],"coins":1},{"pool":["S1","S2","K3","S4"],"coins":1},{"pool":["A1","A2","X3","A4"],"coins":1},{"pool":["K1","K2","S3","K4"],"coins":1}],
[{"pool":["H1","H2","A3","H4","X5"],"coins":2},{"pool":["S1","S2","K3","S4","H5"],"coins":2},{"pool":["A1","A2","X3","A4","K5"],"coins":2},{"pool":["K1","K2","S3","K4","A5"],"coins":2}],
[{"pool":["H1","H2","A3","H4","X5","H6"],"coins":3},{"pool":["S1","S2","K3","S4","H5","S6"],"coins":3},{"pool":["A1","A2","X3","A4","K5","A6"],"coins":3},{"pool":["K1","K2","S3","K4","A5","K6"],"coins":3}],
[null,{"pool":["S1","S2","K3","S4","H5","S6","SQ","S7"],"coins":1},{"pool":["A1","A2","X3","A4","K5","A6","AQ","A7"],"coins":1},{"pool":["K1","K2","S3","K4","A5","K6","KQ","K7"],"coins":1}]
]}'

entry=() board=() results=()
port=18470
for b in "${builds[@]}"; do
  port=$((port + 1))
  "$tmp/$b" serve -addr "127.0.0.1:$port" -db "$tmp/$b.db" >"$tmp/$b.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
  id=$(curl -fs -X POST "http://127.0.0.1:$port/api/games" -H 'Content-Type: application/json' -d "$game" | sed 's/.*"id":"\([^"]*\)".*/\1/')
  base="http://127.0.0.1:$port/games/$id"
  entry+=("$base/rounds/5/players/0") board+=("$base") results+=("$base/rounds/4")
  echo "$b: http://127.0.0.1:$port (round 5's entry, the scoreboard, round 4's results)"
done
# A page on one build, then the same page on the other: the builds' visits
# alternate, so neither runs while the machine is busier.
"$tmp/taptime" -n "${N:-10}" "${entry[@]}" "${board[@]}" "${results[@]}"
