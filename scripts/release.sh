#!/usr/bin/env bash
# release.sh builds the binaries a player downloads: one file each for
# linux/amd64, linux/arm64 (a 64-bit Raspberry Pi) and windows/amd64, with
# SQLite compiled in and linked statically, so nothing but the file is
# needed to run it. They go to dist/ (emptied first, so SHA256SUMS lists
# exactly one release) with a SHA256SUMS file, named by the version in the
# file VERSION (ruthless-v0.6.0-linux-amd64). Run from anywhere:
#   bash scripts/release.sh                         (make release)
#   TARGETS=linux/amd64 bash scripts/release.sh     (one target)
# TARGETS is a space- or comma-separated list of the three (default all);
# SOURCE_DATE_EPOCH fixes the build date (else now); DIST changes the
# output directory. It installs nothing: a missing C compiler is one line
# naming it and how to get it (make deps).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/need.sh

GO=${GO:-go}
DIST=${DIST:-dist}
ALL_TARGETS="linux/amd64 linux/arm64 windows/amd64"
version=$(tr -d '[:space:]' <VERSION)
commit=$(git rev-parse HEAD)
date=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" +%Y-%m-%dT%H:%M:%SZ)

# The C compiler of each target (CC_… overrides one) and its Debian package.
declare -A cc=(
  [linux/amd64]=${CC_LINUX_AMD64:-gcc}
  [linux/arm64]=${CC_LINUX_ARM64:-aarch64-linux-gnu-gcc}
  [windows/amd64]=${CC_WINDOWS_AMD64:-x86_64-w64-mingw32-gcc}
)
declare -A package=(
  [linux/amd64]=gcc
  [linux/arm64]=gcc-aarch64-linux-gnu
  [windows/amd64]=gcc-mingw-w64-x86-64
)

# The targets asked for, in the order given, each once; an
# unknown one is a usage error naming it.
targets=()
for item in ${TARGETS:-$ALL_TARGETS}; do
  for t in ${item//,/ }; do
    if [ -z "${cc[$t]:-}" ]; then
      echo "release.sh: unknown target \"$t\" in TARGETS (example: TARGETS=\"${ALL_TARGETS// /,}\")" >&2
      exit 2
    fi
    [[ " ${targets[*]} " == *" $t "* ]] || targets+=("$t")
  done
done
[ ${#targets[@]} -gt 0 ] || { echo "release.sh: TARGETS names no target (example: TARGETS=linux/amd64)" >&2; exit 2; }

tools=()
for t in "${targets[@]}"; do tools+=("${cc[$t]}=${package[$t]}"); done
need_commands "${tools[@]}"

# netgo and osusergo keep the resolver and user lookups in Go, so the
# static binary never calls glibc's getaddrinfo or getpwnam (which would
# need the machine's own glibc at run time); SQLite's extension loading
# would need dlopen, which a static binary cannot do well, so it is left out.
tags="osusergo netgo sqlite_omit_load_extension"

# build GOOS GOARCH CC OUTPUT compiles one binary, linked statically by the
# C linker, and fails on any warning the linker prints: a warning there
# (glibc's "requires at runtime the shared libraries") means the binary
# would not run on a machine with another glibc.
build() {
  local goos=$1 goarch=$2 cc=$3 out=$4 log
  log=$(mktemp)
  # The version is compiled in from VERSION (the ruthless package).
  local ldflags="-s -w -X main.commit=$commit -X main.date=$date"
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
# The targets build at once: most of a cold build is SQLite's one C file,
# compiled by one C compiler process per target, so side by side they
# keep every core busy where one after another they kept one. Each
# build's output is printed whole when it ends; any failure fails the
# release.
pids=()
logs=()
for t in "${targets[@]}"; do
  goos=${t%/*} goarch=${t#*/} ext=""
  [ "$goos" = windows ] && ext=.exe
  log=$(mktemp)
  build "$goos" "$goarch" "${cc[$t]}" "$DIST/ruthless-$version-$goos-$goarch$ext" >"$log" 2>&1 &
  pids+=($!)
  logs+=("$log")
done
failed=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || failed=1
  cat "${logs[$i]}"
  rm -f "${logs[$i]}"
done
[ "$failed" = 0 ] || { echo "release: a build failed (above)" >&2; exit 1; }

(cd "$DIST" && sha256sum ruthless-* >SHA256SUMS)
echo "release $version (commit $commit, built $date) in $DIST/:"
(cd "$DIST" && ls -l ruthless-* | awk '{printf "  %-44s %9d bytes\n", $NF, $5}' && sed 's/^/  /' SHA256SUMS)
