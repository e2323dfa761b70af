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
# downloads weigh more than 4 MiB gzip-compressed in all (MAX_BYTES
# overrides the bound; docs/offline.md). WASM_OPT=1 shrinks the code with wasm-opt -Oz
# (Debian's binaryen): 12% off the raw file but under 2% off the download,
# for minutes of build time, so it is not done by default.
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
OUT=${OUT:-dist/offline}
MAX_BYTES=${MAX_BYTES:-$((4 << 20))}
version=${VERSION:-$(git describe --tags --always --dirty)}
site=cmd/offline/site
# nomsgpack leaves out gin's MessagePack codec (a third of the code),
# nometrics the Prometheus client (and with it protobuf's runtime, whose
# reflection would keep every exported method of the program),
# noshareimage the result card's picture (fonts, PNG encoder: no messenger
# asks a phone for a link preview), noqrcode the invite's QR code (no other
# phone can join this one): none is any use on a phone.
tags=nomsgpack,nometrics,noshareimage,noqrcode
stage="$OUT.new"

rm -rf "$stage"
mkdir -p "$stage" "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$stage"' EXIT

# gin, trimmed: a copy of the gin module the build uses, with the files
# under cmd/offline/_gin in place of its BSON, TOML, YAML and protobuf
# bindings and renders and its validator (the app uses none of them, but
# gin's package variables keep them linked: some 0.4 MB of the download).
# The build points at the copy with a go.mod of its own (-modfile) that
# replaces gin; the project's go.mod is untouched. The stand-ins are
# written for one gin version: with another, the build goes on untrimmed
# and says so (the size check below then tells whether that matters).
gin_trimmed_for=v1.12.0
modflags=()
gin_version=$("$GO" list -m -f '{{.Version}}' github.com/gin-gonic/gin)
if [ "$gin_version" = "$gin_trimmed_for" ]; then
  gin_dir=$("$GO" list -m -f '{{.Dir}}' github.com/gin-gonic/gin)
  cp -r "$gin_dir" "$tmp/gin"
  chmod -R u+w "$tmp/gin"
  rm "$tmp/gin/binding/"{bson,toml,yaml,protobuf,default_validator}.go "$tmp/gin/render/"{bson,toml,yaml,protobuf}.go
  cp cmd/offline/_gin/binding/*.go "$tmp/gin/binding/"
  cp cmd/offline/_gin/render/*.go "$tmp/gin/render/"
  cp go.mod "$tmp/go.mod"
  cp go.sum "$tmp/go.sum"
  echo "replace github.com/gin-gonic/gin => $tmp/gin" >>"$tmp/go.mod"
  modflags=(-modfile "$tmp/go.mod")
else
  echo "offline: gin is $gin_version, cmd/offline/_gin is for $gin_trimmed_for: gin not trimmed" >&2
fi

# DEPS=file writes the build's packages there and stops: the test that
# checks what the build leaves out (e2e TestOfflineBuildLeavesOut).
if [ -n "${DEPS:-}" ]; then
  GOOS=js GOARCH=wasm "$GO" list "${modflags[@]}" -deps -tags "$tags" ./cmd/offline >"$DEPS"
  exit 0
fi

# Built with the name section (no -s), which the size report reads; the
# report's -strip writes the copy the site ships, without it.
echo "building $stage/app.wasm.gz (tags $tags)"
GOOS=js GOARCH=wasm "$GO" build "${modflags[@]}" -trimpath -tags "$tags" -ldflags "-X main.version=$version" -o "$tmp/named.wasm" ./cmd/offline
GOOS=js GOARCH=wasm "$GO" list "${modflags[@]}" -deps -tags "$tags" ./cmd/offline >"$tmp/packages"
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
