#!/usr/bin/env bash
# offline.sh builds the offline site (make offline): the whole app as
# WebAssembly, run by a service worker, as static files any web server can
# serve at the root of a site (docs/offline.md). Run from anywhere:
#   bash scripts/offline.sh
# OUT changes the output directory (default dist/offline, emptied first);
# VERSION overrides the version (else `git describe --tags --always
# --dirty`). It fails when the files a first visit downloads weigh more
# than 8 MiB gzip-compressed in all (MAX_BYTES overrides the bound).
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
OUT=${OUT:-dist/offline}
MAX_BYTES=${MAX_BYTES:-$((8 << 20))}
version=${VERSION:-$(git describe --tags --always --dirty)}
site=cmd/offline/site

rm -rf "$OUT"
mkdir -p "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# -s -w drop the symbol table and DWARF, -trimpath the build paths: about
# a third off the file, and nothing the browser uses.
echo "building $OUT/app.wasm.gz"
GOOS=js GOARCH=wasm "$GO" build -trimpath -ldflags "-s -w -X main.version=$version" -o "$tmp/app.wasm" ./cmd/offline
gzip -9 -n -c "$tmp/app.wasm" >"$OUT/app.wasm.gz"

cp "$(GOOS=js GOARCH=wasm "$GO" env GOROOT)/lib/wasm/wasm_exec.js" "$OUT/"
cp "$site/index.html" "$site/start.js" "$site/manifest.webmanifest" "$OUT/"
cp static/icon.svg static/icon-192.png static/icon-512.png "$OUT/"
# The worker names its version: the build's, and the file's own hash, so
# that any change to the app makes a new worker the browser installs.
sum=$(sha256sum "$OUT/app.wasm.gz" | cut -c1-10)
sed "s/__VERSION__/$version-$sum/" "$site/sw.js" >"$OUT/sw.js"

# The size check: every file as a first visit downloads it, compressed
# with gzip as a static host would (the .gz file as it is).
raw=$(stat -c %s "$tmp/app.wasm")
total=0
for f in "$OUT"/*; do
  case $f in
  *.gz | *.png) n=$(stat -c %s "$f") ;;
  *) n=$(gzip -9 -n -c "$f" | wc -c) ;;
  esac
  total=$((total + n))
done
echo "offline site in $OUT: app.wasm $raw bytes raw, $(stat -c %s "$OUT/app.wasm.gz") gzipped; first visit $total bytes in all (bound $MAX_BYTES)"
if [ "$total" -gt "$MAX_BYTES" ]; then
  echo "offline: the first visit would download $total bytes, more than $MAX_BYTES: trim the WebAssembly build" >&2
  exit 1
fi
