#!/usr/bin/env bash
# lighthouse.sh scores the accessibility of the main pages of a game with
# Lighthouse (npm's lighthouse@12.2.3, installed with its scripts off into
# a temporary folder, driving Debian's chromium), at its mobile settings.
# The aim is 100 on every page. Run from the repo root:
#   bash scripts/lighthouse.sh
# It prints one line per page: its score and the audits that failed.
set -euo pipefail

chrome=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chrome" ] || { echo "lighthouse.sh needs Debian's chromium (make deps installs it)"; exit 1; }

tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
pid=0

echo "installing lighthouse@12.2.3 (scripts off, no browser download)"
npm install --silent --ignore-scripts --no-audit --no-fund --prefix "$tmp/lh" lighthouse@12.2.3 >/dev/null

go build -o "$tmp/ruthless" ./cmd/ruthless
port=$((20000 + RANDOM % 20000))
base="http://127.0.0.1:$port"
"$tmp/ruthless" serve -addr "127.0.0.1:$port" -db "$tmp/l.db" >"$tmp/out" 2>"$tmp/log" &
pid=$!
for _ in $(seq 50); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

# A four-player game two rounds in, and the same game played to its end.
rounds='[[{"pool":["H2","H3","A4","S6","K6"],"coins":3},{"pool":["S1","S7","SP"],"coins":1},{"pool":["HQ","S5"],"coins":0},{"pool":["XC","X2","X3"],"coins":2}],
[{"pool":["H2","H3","A4","S6","K6","H4"],"coins":3},{"pool":["S1","S7","SP","S2"],"coins":1},{"pool":["HQ","S5","S4"],"coins":0},{"pool":["XC","X2","X3","X4"],"coins":2}]]'
create() { curl -fs -X POST "$base/api/games" -H 'Content-Type: application/json' -d "$1" | sed 's/.*"id":"\([^"]*\)".*/\1/'; }
open=$(create '{"version":1,"players":["Lucy","Craig","Julie","Sam"],"start_player":0,"rounds":'"$rounds"'}')

pages=(
  "home /"
  "new-game /games/new"
  "scoreboard /games/$open"
  "entry /games/$open/rounds/3/players/0"
  "results /games/$open/rounds/2"
  "invite /games/$open/invite"
  "solve /solve?cards=H2,H3,H4,K5,S6,X6,AC,SP&players=4&tavern=H5,K6,A2,X2,AP&advise=1"
  "check /check"
  "players /players"
  "records /records"
  "rules /rules"
)
worst=100
for entry in "${pages[@]}"; do
  name=${entry%% *}; path=${entry#* }
  CHROME_PATH="$chrome" node "$tmp/lh/node_modules/lighthouse/cli/index.js" "$base$path" \
    --quiet --only-categories=accessibility --output=json --output-path="$tmp/$name.json" \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run" >/dev/null 2>&1 \
    || { echo "$name: lighthouse failed"; worst=0; continue; }
  node -e '
    const r = require(process.argv[1]);
    const score = Math.round(r.categories.accessibility.score * 100);
    const failed = Object.values(r.audits).filter(a => a.score === 0 && a.scoreDisplayMode === "binary").map(a => a.id);
    console.log(process.argv[2].padEnd(12) + " " + score + (failed.length ? "  failed: " + failed.join(", ") : ""));' "$tmp/$name.json" "$name"
  s=$(node -e 'console.log(Math.round(require(process.argv[1]).categories.accessibility.score*100))' "$tmp/$name.json")
  [ "$s" -lt "$worst" ] && worst=$s
done
echo "lowest accessibility score: $worst"
[ "$worst" = 100 ]
