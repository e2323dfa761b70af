# need.sh is sourced by the release scripts. need_commands makes sure each
# command is there: as root on Debian it installs the missing ones' packages
# (as `make deps` does for Chromium); otherwise it names the packages and
# fails, so that a release is never built or tested with a tool missing.
#
#   need_commands aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu file=file

need_commands() {
  local pair missing=()
  for pair in "$@"; do
    command -v "${pair%%=*}" >/dev/null 2>&1 || missing+=("${pair#*=}")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${missing[*]}"
    # Another apt run (another make deps) may hold the lock: wait for it
    # rather than fail. Recommends stay in: the arm64 cross compiler only
    # recommends the arm64 C library, without which nothing links.
    apt-get -o DPkg::Lock::Timeout=600 update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 \
        install -y -qq "${missing[@]}" >/dev/null
    return
  fi
  echo "missing tools: install the Debian packages ${missing[*]} (sudo apt-get install ${missing[*]})" >&2
  return 1
}
