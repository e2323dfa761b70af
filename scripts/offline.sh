#!/usr/bin/env bash
# offline.sh builds the offline site (make offline): the whole app as
# WebAssembly, run by a service worker, as static files any web server can
# serve at the root of a site (docs/offline.md). Run from anywhere:
#   bash scripts/offline.sh
# OUT changes the output directory (default dist/offline); VERSION
# overrides the version (else `git describe --tags --always --dirty`).
# The site is built beside OUT, in OUT.new, and moved in file by file at
# the end (sw.js last), so that a host serving OUT meanwhile never answers
# 404 for a file of the site. It fails when the files a first visit
# downloads weigh more than 4.5 MiB gzip-compressed in all (MAX_BYTES
# overrides the bound; the aim is 4 MiB, docs/offline.md). WASM_OPT=1 shrinks the code with wasm-opt -Oz
# (Debian's binaryen): 12% off the raw file but under 2% off the download,
# for minutes of build time, so it is not done by default.
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
OUT=${OUT:-dist/offline}
MAX_BYTES=${MAX_BYTES:-$((9 << 19))}
version=${VERSION:-$(git describe --tags --always --dirty)}
site=cmd/offline/site
# nomsgpack leaves out gin's MessagePack codec (a third of the code),
# nometrics the Prometheus client (and with it protobuf's runtime, whose
# reflection would keep every exported method of the program): neither is
# any use on a phone.
tags=nomsgpack,nometrics
stage="$OUT.new"

rm -rf "$stage"
mkdir -p "$stage" "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$stage"' EXIT

# Built with the name section (no -s), which the size report reads; the
# report's -strip writes the copy the site ships, without it.
echo "building $stage/app.wasm.gz (tags $tags)"
GOOS=js GOARCH=wasm "$GO" build -trimpath -tags "$tags" -ldflags "-X main.version=$version" -o "$tmp/named.wasm" ./cmd/offline
GOOS=js GOARCH=wasm "$GO" list -deps -tags "$tags" ./cmd/offline >"$tmp/packages"
"$GO" run ./scripts/wasmsize -pkgs "$tmp/packages" -top 20 -strip "$tmp/app.wasm" "$tmp/named.wasm"
if [ "${WASM_OPT:-0}" = 1 ]; then
  # -Oz: smaller code, which is also less for the phone to compile.
  before=$(stat -c %s "$tmp/app.wasm")
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$tmp/app.wasm" -o "$tmp/opt.wasm"
  mv "$tmp/opt.wasm" "$tmp/app.wasm"
  echo "wasm-opt -Oz: $before -> $(stat -c %s "$tmp/app.wasm") bytes"
fi
gzip -9 -n -c "$tmp/app.wasm" >"$stage/app.wasm.gz"

cp "$(GOOS=js GOARCH=wasm "$GO" env GOROOT)/lib/wasm/wasm_exec.js" "$stage/"
cp "$site/index.html" "$site/start.js" "$site/manifest.webmanifest" "$stage/"
cp static/icon.svg static/icon-192.png static/icon-512.png "$stage/"
# The worker names its version (the build's, and the file's own hash, so
# that any change to the app makes a new worker the browser installs) and
# the compressed file's size, for the start page's progress.
sum=$(sha256sum "$stage/app.wasm.gz" | cut -c1-10)
sed -e "s/__VERSION__/$version-$sum/" -e "s/__GZ_BYTES__/$(stat -c %s "$stage/app.wasm.gz")/" \
  "$site/sw.js" >"$stage/sw.js"

# The size check: every file as a first visit downloads it, compressed
# with gzip as a static host would (the .gz file as it is).
raw=$(stat -c %s "$tmp/app.wasm")
total=0
for f in "$stage"/*; do
  case $f in
  *.gz | *.png) n=$(stat -c %s "$f") ;;
  *) n=$(gzip -9 -n -c "$f" | wc -c) ;;
  esac
  total=$((total + n))
done
# The start page says how big the download is.
sed -i "s/__DOWNLOAD_BYTES__/$total/" "$stage/start.js"
echo "offline site: app.wasm $raw bytes raw, $(stat -c %s "$stage/app.wasm.gz") gzipped; first visit $total bytes in all (bound $MAX_BYTES)"
if [ "$total" -gt "$MAX_BYTES" ]; then
  echo "offline: the first visit would download $total bytes, more than $MAX_BYTES: trim the WebAssembly build (the sizes by package above)" >&2
  exit 1
fi

# The swap: each file replaced by rename (never absent), sw.js last so
# that a browser that sees the new worker finds the new files; then the
# old build's files the new one does not have.
new_files=$(cd "$stage" && ls)
for f in $new_files; do
  [ "$f" = sw.js ] || mv -f "$stage/$f" "$OUT/"
done
mv -f "$stage/sw.js" "$OUT/"
for f in $(cd "$OUT" && ls); do
  grep -qxF "$f" <<<"$new_files" || rm -rf "${OUT:?}/$f"
done
echo "offline site in $OUT"
