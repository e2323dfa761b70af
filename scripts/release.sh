#!/usr/bin/env bash
# release.sh builds the binaries a player downloads: one file each for
# linux/amd64, linux/arm64 (a 64-bit Raspberry Pi) and windows/amd64, with
# SQLite compiled in and linked statically, so nothing but the file is
# needed to run it. They go to dist/ (emptied first, so SHA256SUMS lists
# exactly one release) with a SHA256SUMS file. Run from anywhere:
#   bash scripts/release.sh              (make release)
# VERSION overrides the version (else `git describe --tags --always
# --dirty`); SOURCE_DATE_EPOCH fixes the build date (else now); DIST
# changes the output directory.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/need.sh

GO=${GO:-go}
DIST=${DIST:-dist}
version=${VERSION:-$(git describe --tags --always --dirty)}
commit=$(git rev-parse HEAD)
date=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" +%Y-%m-%dT%H:%M:%SZ)

# netgo and osusergo keep the resolver and user lookups in Go, so the
# static binary never calls glibc's getaddrinfo or getpwnam (which would
# need the machine's own glibc at run time); SQLite's extension loading
# would need dlopen, which a static binary cannot do well, so it is left out.
tags="osusergo netgo sqlite_omit_load_extension"

need_commands gcc=gcc \
  aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu \
  x86_64-w64-mingw32-gcc=gcc-mingw-w64-x86-64

# build GOOS GOARCH CC OUTPUT compiles one binary, linked statically by the
# C linker, and fails on any warning the linker prints: a warning there
# (glibc's "requires at runtime the shared libraries") means the binary
# would not run on a machine with another glibc.
build() {
  local goos=$1 goarch=$2 cc=$3 out=$4 log
  log=$(mktemp)
  local ldflags="-s -w -X main.version=$version -X main.commit=$commit -X main.date=$date"
  ldflags+=" -linkmode external -extldflags -static"
  echo "building $out"
  if ! CGO_ENABLED=1 GOOS=$goos GOARCH=$goarch CC=$cc \
    "$GO" build -trimpath -tags "$tags" -ldflags "$ldflags" -o "$out" ./cmd/ruthless 2>"$log"; then
    cat "$log"; rm -f "$log"; return 1
  fi
  if grep -qi 'warning' "$log"; then
    cat "$log"; rm -f "$log"
    echo "release: the linker warned while building $out (above)" >&2
    return 1
  fi
  rm -f "$log"
}

rm -rf "$DIST"
mkdir -p "$DIST"
build linux amd64 gcc "$DIST/ruthless-$version-linux-amd64"
build linux arm64 aarch64-linux-gnu-gcc "$DIST/ruthless-$version-linux-arm64"
build windows amd64 x86_64-w64-mingw32-gcc "$DIST/ruthless-$version-windows-amd64.exe"

(cd "$DIST" && sha256sum ruthless-* >SHA256SUMS)
echo "release $version (commit $commit, built $date) in $DIST/:"
(cd "$DIST" && ls -l ruthless-* | awk '{printf "  %-44s %9d bytes\n", $NF, $5}' && sed 's/^/  /' SHA256SUMS)
