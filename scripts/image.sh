#!/usr/bin/env bash
# image.sh builds the container image (Containerfile) with podman from the
# linux binaries `make release` left in dist/, for ARCH (amd64, the
# default, or arm64), tagged ruthless:VERSION (the file VERSION's) and
# ruthless:latest (IMAGE names one tag instead). The build context is a
# directory holding only what the image copies, so nothing else of the
# checkout is sent. It installs nothing: without podman it says so in one
# line and stops.
#   bash scripts/image.sh                (make image)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/need.sh

DIST=${DIST:-dist}
ARCH=${ARCH:-amd64}
version=$(tr -d '[:space:]' <VERSION)
need_commands podman=podman

bin="$DIST/ruthless-$version-linux-$ARCH"
[ -f "$bin" ] || { echo "image.sh: no $bin: run make release first (TARGETS=linux/$ARCH is enough)" >&2; exit 1; }

ctx=$(mktemp -d)
trap 'rm -rf "$ctx"' EXIT
cp "$bin" "$ctx/ruthless-linux-$ARCH"
mkdir "$ctx/empty"

# --no-cache --layers=false: the image is a few small layers, no build
# leaves intermediate images behind, and buildah 1.28 (Debian 12)
# was seen to reuse a cached COPY layer after its --chown had changed.
# --format docker: the OCI image format has no HEALTHCHECK, and podman
# drops the Containerfile's (with a warning) unless the image is built in
# Docker's format.
tags=(-t "${IMAGE:-ruthless:$version}")
[ -n "${IMAGE:-}" ] || tags+=(-t ruthless:latest)
podman build --format docker --no-cache --layers=false --arch "$ARCH" --build-arg TARGETARCH="$ARCH" --build-arg VERSION="$version" \
  "${tags[@]}" -f Containerfile "$ctx"
