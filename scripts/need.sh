# need.sh is sourced by the release scripts. need_commands checks that each
# command is there and, when some are not, says in one line which Debian
# packages bring them and how to get them (make deps, or the apt-get line),
# and fails. It never installs anything itself: building a release or an
# image must not change the machine (make deps is the one target that
# installs, and only when asked).
#
#   need_commands aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu file=file

need_commands() {
  local pair missing=() packages=()
  for pair in "$@"; do
    if ! command -v "${pair%%=*}" >/dev/null 2>&1; then
      missing+=("${pair%%=*}")
      packages+=("${pair#*=}")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "$(basename "$0"): missing ${missing[*]}: run make deps, or sudo apt-get install ${packages[*]}" >&2
  return 1
}
