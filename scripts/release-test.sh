#!/usr/bin/env bash
# release-test.sh checks the binaries scripts/release.sh left in dist/ as a
# player would meet them: the checksums hold; the linux/amd64 binary (here)
# and the linux/arm64 one (under qemu-user-static) are static, say their
# version (the file VERSION's), solve a pool, and serve the home page and
# a stored game from their own SQLite; the Windows one is a console PE for
# amd64 that needs no MinGW DLL and carries its version (and runs under
# wine when wine is installed). It measures the time from starting the
# linux/amd64 binary to its printed address. First it checks release.sh
# itself: TARGETS builds one target, a bad one is refused, and a missing
# compiler is one line that installs nothing. Last it builds the container
# image when podman is there and runs it when podman can run a container
# on this host (RELEASE_TEST_IMAGE=0 skips the image,
# RUTHLESS_REQUIRE_CONTAINER=1 makes a missing podman or one that cannot
# run containers a failure).
#   bash scripts/release-test.sh         (make test-release builds first)
# SOURCE_DATE_EPOCH, when set, must be the one the release was built
# with; the date is then checked exactly, else only its form. Like
# release.sh it installs nothing (make deps does).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/need.sh

GO=${GO:-go}
DIST=${DIST:-dist}
STARTS=${STARTS:-10}
version=$(tr -d '[:space:]' <VERSION)
commit=$(git rev-parse HEAD)
date_re='[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z'
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
  date_re=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%dT%H:%M:%SZ)
fi

need_commands file=file qemu-aarch64-static=qemu-user-static curl=curl jq=jq

tmp=$(mktemp -d)
server=""
stop_server() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  server=""
}
ctr=""
image=""
trap 'stop_server; remove_container; [ -z "$image" ] || podman image rm "$image" >/dev/null 2>&1; rm -rf "$tmp"' EXIT

fail() {
  echo "release-test: FAIL: $*" >&2
  if [ -s "$tmp/serve.log" ]; then echo "the server's last log lines:" >&2; tail -5 "$tmp/serve.log" >&2; fi
  exit 1
}
pass() { echo "  ok: $*"; }

bin_amd64="$DIST/ruthless-$version-linux-amd64"
bin_arm64="$DIST/ruthless-$version-linux-arm64"
bin_win="$DIST/ruthless-$version-windows-amd64.exe"

# check_release_script checks release.sh itself: TARGETS=linux/amd64
# builds that one binary (named by VERSION) and a SHA256SUMS of it alone;
# an unknown target is exit status 2 and one line naming it; a missing C
# compiler is exit status 1 and one line saying how to get it, with
# apt-get and sudo never called (a stub of each, first on the PATH, would
# leave a mark) and the output folder untouched.
check_release_script() {
  echo "== scripts/release.sh"
  local out="$tmp/one" status=0 got
  DIST=$out TARGETS=linux/amd64 bash scripts/release.sh >"$tmp/one.log" 2>&1 ||
    { cat "$tmp/one.log"; fail "TARGETS=linux/amd64 make release failed"; }
  got=$(cd "$out" && ls | tr '\n' ' ')
  [ "$got" = "SHA256SUMS ruthless-$version-linux-amd64 " ] || fail "TARGETS=linux/amd64 left $got"
  [ "$(awk '{print $2}' "$out/SHA256SUMS")" = "ruthless-$version-linux-amd64" ] || fail "TARGETS=linux/amd64: SHA256SUMS lists $(cat "$out/SHA256SUMS")"
  pass "TARGETS=linux/amd64 built ruthless-$version-linux-amd64 and its SHA256SUMS only"

  DIST=$out TARGETS="linux/amd64,plan9/386" bash scripts/release.sh >"$tmp/bad.out" 2>"$tmp/bad.err" || status=$?
  [ "$status" = 2 ] && [ "$(wc -l <"$tmp/bad.err")" = 1 ] && grep -q '"plan9/386"' "$tmp/bad.err" ||
    fail "TARGETS=linux/amd64,plan9/386: exit $status, stderr: $(cat "$tmp/bad.err")"
  pass "an unknown target: exit 2, $(cat "$tmp/bad.err")"

  mkdir -p "$tmp/stubs"
  for stub in apt-get apt sudo; do
    printf '#!/bin/sh\necho "$0 $*" >>"%s/installed"\n' "$tmp" >"$tmp/stubs/$stub"
    chmod +x "$tmp/stubs/$stub"
  done
  status=0
  PATH="$tmp/stubs:$PATH" CC_WINDOWS_AMD64=no-such-mingw-gcc DIST=$out TARGETS=windows/amd64 \
    bash scripts/release.sh >"$tmp/missing.out" 2>"$tmp/missing.err" || status=$?
  [ "$status" = 1 ] && [ "$(wc -l <"$tmp/missing.err")" = 1 ] && grep -q 'missing no-such-mingw-gcc: run make deps' "$tmp/missing.err" ||
    fail "a missing compiler: exit $status, stderr: $(cat "$tmp/missing.err")"
  [ ! -e "$tmp/installed" ] || fail "a missing compiler made release.sh call: $(cat "$tmp/installed")"
  [ -f "$out/ruthless-$version-linux-amd64" ] || fail "a missing compiler emptied the output folder"
  pass "a missing compiler: exit 1, nothing installed, $(cat "$tmp/missing.err")"
  rm -rf "$out"
}

check_sums() {
  echo "== checksums"
  (cd "$DIST" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match $DIST/"
  local listed
  listed=$(awk '{print $2}' "$DIST/SHA256SUMS" | sort | tr '\n' ' ')
  [ "$listed" = "$(cd "$DIST" && ls ruthless-* | sort | tr '\n' ' ')" ] ||
    fail "SHA256SUMS lists $listed, not every file in $DIST/"
  pass "SHA256SUMS matches all $(wc -l <"$DIST/SHA256SUMS") files"
}

# check_static BIN ARCH: `file` must call it statically linked for ARCH.
check_static() {
  echo "== $1"
  local what
  what=$(file -b "$1")
  [[ $what == *"statically linked"* && $what == *"$2"* ]] || fail "$1 is not a static $2 binary: $what"
  pass "file: ${what%%, BuildID*}"
}

# check_version RUN...: `version` prints the version, commit and date
# the release was built with, and the database schema it writes.
check_version() {
  local got
  got=$("$@" version) || true
  [[ $got =~ ^ruthless\ ${version//./\\.},\ commit\ $commit,\ built\ $date_re,\ database\ schema\ [0-9]+$ ]] ||
    fail "version printed \"$got\", not version $version, commit $commit, date $date_re, database schema N"
  pass "$got"
}

# check_solve RUN...: the pool of the solve example in docs/api.md has a party of
# strength 10, the wild's pool shows what the wild became, and a card that
# does not exist is refused with status 2.
check_solve() {
  local got status=0
  got=$("$@" solve --json H2 H3 A4 S6 K6 | jq -c '[.strength, .unused, [.sets[].kind]]') || true
  [ "$got" = '[10,0,["straight","group"]]' ] || fail "solve H2 H3 A4 S6 K6 gave $got"
  got=$("$@" solve --json --players 2 S4 S6 SP | jq -c '[.strength, [.sets[].cards[] | .as // empty]]') || true
  [ "$got" = '[12,["S5"]]' ] || fail "solve --players 2 S4 S6 SP gave $got"
  "$@" solve Z9 >/dev/null 2>"$tmp/err" || status=$?
  [ "$status" = 2 ] && grep -q Z9 "$tmp/err" || fail "solve Z9 exited $status: $(cat "$tmp/err")"
  pass "solve: strength 10 for H2 H3 A4 S6 K6, SP becomes S5, Z9 refused"
}

# start_server RUN...: starts serve on a free loopback port with a fresh
# database, waits for its printed address and sets base and server.
start_server() {
  rm -f "$tmp"/db*
  exec 3< <(exec "$@" serve -addr 127.0.0.1:0 -db "$tmp/db" 2>>"$tmp/serve.log")
  server=$!
  local line=""
  read -r -t 60 line <&3 || true
  # Keep reading what it prints next: a Go program that writes to a
  # closed pipe dies of SIGPIPE (seen under qemu, where it is slower).
  cat <&3 >>"$tmp/serve.out" &
  exec 3<&-
  [[ $line =~ (http://127\.0\.0\.1:[0-9]+) ]] || fail "serve printed \"$line\", not its address (log: $(tail -3 "$tmp/serve.log"))"
  base=${BASH_REMATCH[1]}
}

# check_serve RUN...: the server answers /healthz, serves the home page,
# and stores a game and gives it back (SQLite works in this build).
check_serve() {
  start_server "$@"
  local code id
  code=$(curl -s -o /dev/null -w '%{http_code}' "$base/healthz") || true
  [ "$code" = 200 ] || fail "GET /healthz answered $code"
  curl -fs "$base/" | grep -q 'data-testid="new-game"' || fail "GET / did not serve the home page"
  id=$(curl -fs -X POST "$base/api/games" -H 'Content-Type: application/json' \
    -d '{"version":1,"players":["Lucy","Craig"],"start_player":0,"rounds":[]}' | jq -r .id) || true
  [ -n "$id" ] && [ "$id" != null ] || fail "POST /api/games stored no game"
  [ "$(curl -fs "$base/api/games/$id" | jq -c .players || true)" = '["Lucy","Craig"]' ] ||
    fail "GET /api/games/$id did not give back the stored game"
  stop_server
  pass "serve: $base printed; /healthz 200, home page, game $id stored and read back"
}

# time_start RUN...: starts the server STARTS times and prints the time
# from starting the process to reading its address, in milliseconds.
time_start() {
  local i t0 t1 ms=()
  for ((i = 0; i < STARTS; i++)); do
    t0=$(date +%s%N)
    start_server "$@"
    t1=$(date +%s%N)
    stop_server
    ms+=($(((t1 - t0) / 1000000)))
  done
  printf '%s\n' "${ms[@]}" | sort -n | awk -v what="$*" '{a[NR]=$1} END {
    printf "  start to printed address (%d starts of %s): min %d ms, median %d ms, max %d ms\n",
      NR, what, a[1], (NR % 2 ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)), a[NR]}'
}

check_linux() {
  check_version "$@"
  check_solve "$@"
  check_serve "$@"
  time_start "$@"
}

check_windows() {
  echo "== $bin_win"
  local what
  what=$(file -b "$bin_win")
  [[ $what == "PE32+ executable (console) x86-64"* ]] || fail "$bin_win is $what"
  pass "file: $what"
  "$GO" run ./scripts/pecheck "$bin_win" "$version" "$commit" >"$tmp/pe" || fail "the Windows binary (above)"
  sed 's/^/  ok: /' "$tmp/pe"
  check_wine
}

# check_wine runs the Windows binary's `version` under wine when wine is
# installed. Go (since 1.22) needs bcryptprimitives.dll, which Debian 12's
# wine 8.0 lacks: that wine is reported, not failed.
check_wine() {
  local wine got
  wine=$(command -v wine || command -v wine64 || ls /usr/lib/wine/wine64 2>/dev/null || true)
  if [ -z "$wine" ]; then
    echo "  (wine is not installed: the Windows binary was not run)"
    return
  fi
  got=$(WINEPREFIX="$tmp/wine" WINEDEBUG=-all timeout 300 "$wine" "$bin_win" version 2>&1 | tr -d '\r') || true
  if [[ $got == *"bcryptprimitives.dll not found"* ]]; then
    echo "  (this wine lacks bcryptprimitives.dll, which Go programs need: the Windows binary was not run)"
    return
  fi
  [[ $got == "ruthless $version, commit $commit, built "* ]] || fail "under wine, version printed \"$got\""
  pass "under wine: $got"
}

# check_image builds the image and checks its configuration (that needs
# no container runtime), then runs it (check_container) when podman can
# run a container on this host at all (can_run_containers): a host whose
# runtime cannot (crun on a cgroups v1 or hybrid host) is reported in one
# line and skipped, unless RUTHLESS_REQUIRE_CONTAINER=1. An image that
# runs but whose app fails always fails.
check_image() {
  if [ "${RELEASE_TEST_IMAGE:-}" = 0 ]; then return; fi
  if ! command -v podman >/dev/null 2>&1; then
    require_container && fail "podman is not installed (RUTHLESS_REQUIRE_CONTAINER=1)"
    echo "== (podman is not installed: the container image was not built or run)"
    return
  fi
  echo "== container image"
  image=ruthless:release-test
  IMAGE=$image bash scripts/image.sh >"$tmp/image.log" 2>&1 ||
    { cat "$tmp/image.log"; fail "podman build failed"; }
  local got
  got=$(podman image inspect ruthless:release-test --format \
    '{{.Config.User}} {{json .Config.Entrypoint}} {{json .Config.ExposedPorts}} {{json .Config.Volumes}}')
  [ "$got" = '65532:65532 ["/ruthless","serve"] {"8080/tcp":{}} {"/data":{}}' ] || fail "image config: $got"
  pass "image: user, entrypoint, port and volume: $got"
  got=$(podman image inspect ruthless:release-test --format '{{json .HealthCheck.Test}}')
  [ "$got" = '["CMD","/ruthless","healthcheck","-timeout","8s"]' ] || fail "image: HEALTHCHECK is $got"
  pass "image: HEALTHCHECK $got"
  # The server's user must own /data (a new volume takes its owner) and
  # /tmp; read the owners from the image's layers.
  podman save --format oci-dir -o "$tmp/oci" ruthless:release-test >/dev/null 2>&1
  local owners
  owners=$(for layer in "$tmp"/oci/blobs/sha256/*; do tar -tvf "$layer" 2>/dev/null || true; done |
    awk '$6 ~ /^(data|tmp)\/$/ {print $6, $2}' | sort | tr '\n' ' ')
  [ "$owners" = "data/ 65532/65532 tmp/ 65532/65532 " ] || fail "image: owners of /data and /tmp: $owners"
  pass "image: /data and /tmp belong to 65532"
  set_limits
  check_runtime_fallback
  if can_run_containers; then
    check_container ruthless:release-test
  elif require_container; then
    fail "podman cannot run a container here ($runtime_error)"
  else
    echo "== (podman cannot run a container here: $runtime_error; the image was built but not run; RUTHLESS_REQUIRE_CONTAINER=1 makes this a failure)"
  fi
  podman image rm ruthless:release-test >/dev/null
  image=""
}

require_container() { [ "${RUTHLESS_REQUIRE_CONTAINER:-${RELEASE_TEST_IMAGE:-}}" = 1 ]; }

# limits are the --ulimit flags every podman run here gets: those the
# docs give for hosts where root may not raise limits (podman's defaults
# fail there, even for the smallest container), below this host's hard
# open files limit.
limits=()
set_limits() {
  local nofile
  nofile=$(ulimit -Hn)
  [ "$nofile" = unlimited ] || [ "$nofile" -gt 8192 ] && nofile=8192
  limits=(--ulimit "nofile=$nofile:$nofile" --ulimit nproc=4096:4096)
}

# can_run_containers runs the smallest container there is: a static Go
# program in an otherwise empty root directory (podman run --rootfs, no
# image, no registry, no network), which fails only when the host's
# runtime does. When the default runtime fails and runc is installed, runc
# (fallback_runtime) is tried, as docs/install.md advises; runtime then
# holds the flags that worked, and runtime_error the first line of the
# failure.
runtime=()
runtime_error=""
fallback_runtime=runc # the runtime tried when the default fails
can_run_containers() {
  local probe="$tmp/probe" got
  if [ ! -x "$probe/root/probe" ]; then
    mkdir -p "$probe/src" "$probe/root"
    printf 'package main\n\nfunc main() { println("container ok") }\n' >"$probe/src/main.go"
    (cd "$probe/src" && CGO_ENABLED=0 "$GO" build -o "$probe/root/probe" main.go) ||
      fail "building the container probe"
  fi
  runtime=()
  got=$(podman run --rm --network none "${limits[@]}" --rootfs "$probe/root" /probe 2>&1) && [[ $got == *"container ok"* ]] && return 0
  runtime_error=$(printf '%s\n' "$got" | grep -v '^$' | head -1)
  if command -v "$fallback_runtime" >/dev/null 2>&1; then
    got=$(podman run --rm --runtime "$fallback_runtime" --network none "${limits[@]}" --rootfs "$probe/root" /probe 2>&1) &&
      [[ $got == *"container ok"* ]] || return 1
    runtime=(--runtime "$fallback_runtime")
    echo "  (the default runtime failed: $runtime_error; $fallback_runtime works, so the container runs with --runtime $fallback_runtime)"
    return 0
  fi
  return 1
}

# check_runtime_fallback checks can_run_containers on a podman that cannot
# run any container: one whose default runtime does not exist (a
# containers.conf of its own, CONTAINERS_CONF). With no fallback runtime
# it must give up and say why; with runc (when it is installed) it must
# fall back to it.
check_runtime_fallback() {
  local conf="$tmp/containers.conf"
  printf '[engine]\nruntime = "ruthless-no-runtime"\n\n[engine.runtimes]\nruthless-no-runtime = ["/nonexistent/ruthless-no-runtime"]\n' >"$conf"
  if (export CONTAINERS_CONF=$conf fallback_runtime=ruthless-no-fallback; can_run_containers >/dev/null); then
    fail "a podman whose runtime does not exist was taken as able to run containers"
  fi
  (export CONTAINERS_CONF=$conf fallback_runtime=ruthless-no-fallback; can_run_containers >/dev/null || true
    [[ $runtime_error == *ruthless-no-runtime* ]] && [ "$(printf '%s\n' "$runtime_error" | wc -l)" = 1 ]) ||
    fail "a podman whose runtime does not exist: the reason given was not its one error line"
  pass "a podman that cannot run containers is found out, and its error is one line"
  command -v runc >/dev/null 2>&1 || return 0
  (export CONTAINERS_CONF=$conf; can_run_containers >/dev/null && [ "${runtime[*]}" = "--runtime runc" ]) ||
    fail "a podman whose default runtime fails did not fall back to runc"
  pass "when the default runtime fails, runc is tried and used"
}

# remove_container removes what check_container made: the container, its
# volume and its secret.
remove_container() {
  [ -n "$ctr" ] || return 0
  podman rm -f "$ctr" >/dev/null 2>&1 || true
  podman volume rm -f "$ctr" >/dev/null 2>&1 || true
  podman secret rm "$ctr" >/dev/null 2>&1 || true
  ctr=""
}

# check_container IMAGE runs the image as docs/install.md does (a volume for
# /data, the port published on loopback only, the password from a podman
# secret) and checks from the host: /healthz, a game stored and read back,
# the backups in /data/backups, and a clean stop. The --ulimit flags are those
# the docs give for hosts where root may not raise limits (podman's defaults
# fail there); they stay below this host's hard open files limit.
check_container() {
  ctr=ruthless-release-test-$$
  local port base code id pw=release-test-password
  printf '%s\n' "$pw" | podman secret create "$ctr" - >/dev/null
  podman run "${runtime[@]}" -d --name "$ctr" "${limits[@]}" \
    -p 127.0.0.1::8080 -v "$ctr:/data" \
    --secret "$ctr" -e RUTHLESS_PASSWORD_FILE="/run/secrets/$ctr" "$1" >"$tmp/run.log" 2>&1 ||
    { cat "$tmp/run.log"; fail "podman run failed (above)"; }
  port=$(podman port "$ctr" 8080/tcp | head -1)
  base=http://$port
  local i
  for ((i = 0; i < 300; i++)); do
    code=$(curl -s -o /dev/null -w '%{http_code}' "$base/healthz") || true
    [ "$code" = 200 ] && break
    sleep 0.1
  done
  [ "$code" = 200 ] || { podman logs "$ctr" 2>&1 | tail -5; fail "container: GET /healthz answered $code"; }
  # The image's own HEALTHCHECK, run once now: the binary asks itself.
  podman healthcheck run "$ctr" >"$tmp/health.log" 2>&1 ||
    { cat "$tmp/health.log"; fail "container: podman healthcheck run failed (above)"; }
  code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$base/api/games" -d '{}') || true
  [ "$code" = 401 ] || fail "container: POST /api/games without the password answered $code, not 401"
  id=$(curl -fs -X POST "$base/api/games" -H "Authorization: Bearer $pw" -H 'Content-Type: application/json' \
    -d '{"version":1,"players":["Lucy","Craig"],"start_player":0,"rounds":[]}' | jq -r .id) || true
  [ -n "$id" ] && [ "$id" != null ] || fail "container: POST /api/games stored no game"
  [ "$(curl -fs -H "Authorization: Bearer $pw" "$base/api/games/$id" | jq -c .players || true)" = '["Lucy","Craig"]' ] ||
    fail "container: GET /api/games/$id did not give back the stored game"
  # The volume's files belong to 65532 inside the container; rootless
  # podman maps that to a sub-uid, which only podman unshare may read.
  local mnt backups
  mnt=$(podman volume inspect "$ctr" --format '{{.Mountpoint}}')
  if [ "$(id -u)" = 0 ]; then backups=$(ls "$mnt/backups"); else backups=$(podman unshare ls "$mnt/backups"); fi
  [[ $backups == *-start.db* ]] || fail "container: no start-up backup in /data/backups: $backups"
  podman stop -t 20 "$ctr" >/dev/null
  local status
  status=$(podman inspect "$ctr" --format '{{.State.ExitCode}}')
  [ "$status" = 0 ] || fail "container: exit status $status after podman stop"
  podman logs "$ctr" 2>&1 | grep -q 'shutting down' || fail "container: no \"shutting down\" in its log"
  pass "container: $base answered /healthz, 401 without the password, game $id stored and read back; backups $(echo $backups); stopped with status 0"
  remove_container
}

[ -f "$bin_amd64" ] || fail "no $bin_amd64: run make release first"
check_release_script
check_sums
check_static "$bin_amd64" x86-64
check_linux "$bin_amd64"
check_static "$bin_arm64" "ARM aarch64"
STARTS=3 check_linux qemu-aarch64-static "$bin_arm64"
check_windows
check_image
echo "release-test: all checks passed"
