#!/usr/bin/env bash
# pagesize.sh measures the weight of the round-entry page as a phone loads
# it: first load (HTML plus every linked asset, gzip-compressed as served)
# and repeat load (HTML only; the hashed assets are cached for a year).
# Targets: first load ≤ 60 KB, repeat load ≤ 15 KB. Run from the repo root:
#   bash scripts/pagesize.sh
set -euo pipefail

tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT

go build -o "$tmp/ruthless" ./cmd/ruthless
port=$((20000 + RANDOM % 20000))
base="http://127.0.0.1:$port"
"$tmp/ruthless" serve -addr "127.0.0.1:$port" -db "$tmp/p.db" >"$tmp/out" 2>"$tmp/log" &
pid=$!
for _ in $(seq 50); do curl -fs "$base/rules" >/dev/null 2>&1 && break; sleep 0.1; done

# A four-player game one round in, so the grid shows held cards and the
# next round's form is pre-filled.
id=$(curl -fs -X POST "$base/api/games" -H 'Content-Type: application/json' -d '{
 "version":1,"players":["Lucy","Craig","Julie","Sam"],"start_player":0,"rounds":[[
 {"pool":["H2","H3","A4","S6","K6"],"coins":3},{"pool":["S1","S7","SP"],"coins":1},
 {"pool":["HQ","S5"],"coins":0},{"pool":["XC","X2","X3"],"coins":2}]]}' | sed 's/.*"id":"\([^"]*\)".*/\1/')
page="$base/games/$id/rounds/2/players/0"

size() { curl -fs -H 'Accept-Encoding: gzip' -o /dev/null -w '%{size_download}' "$1"; }

html=$(size "$page")
assets=0
for a in $(curl -fs "$page" | grep -o '/static/[^"#]*' | sort -u); do
  n=$(size "$base$a")
  printf '  %-32s %6d bytes gzip\n' "$a" "$n"
  assets=$((assets + n))
done
printf '  %-32s %6d bytes gzip\n' "round-entry HTML" "$html"
first=$((html + assets))
printf 'first load:  %6d bytes (target ≤ 61440)\n' "$first"
printf 'repeat load: %6d bytes (target ≤ 15360)\n' "$html"
status=0
[ "$first" -le 61440 ] || { echo "first load over target"; status=1; }
[ "$html" -le 15360 ] || { echo "repeat load over target"; status=1; }
exit $status
