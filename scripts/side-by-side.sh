#!/usr/bin/env bash
# side-by-side.sh runs make targets at the same time and, once all have
# ended, prints each one's output whole, in the order given, with its exit
# status and its own time; it fails when any of them failed. make test
# runs phases this way whose work would leave a core idle one after the
# other (a browser test waiting on a page, a test binary on one core), so
# that a failure still reads as it would alone.
#
#   bash scripts/side-by-side.sh TARGET...
#
# A TARGET may start with variables for its environment, in one argument:
# "DIST=dist/release test-release".
set -u
if [ $# -eq 0 ]; then
  echo "usage: bash scripts/side-by-side.sh TARGET..." >&2
  exit 2
fi
make=${MAKE:-make}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
start=$(date +%s)
i=0
for spec in "$@"; do
  i=$((i + 1))
  # The words of spec: assignments, then the target (word splitting
  # wanted here).
  # shellcheck disable=SC2086
  (
    set -- $spec
    target=${!#}
    vars=("${@:1:$#-1}")
    env "${vars[@]}" "$make" --no-print-directory "$target" >"$dir/$i.out" 2>&1
    echo "$? $(($(date +%s) - start))" >"$dir/$i.rc"
  ) &
done
wait

failed=0
i=0
for spec in "$@"; do
  i=$((i + 1))
  others=""
  j=0
  for other in "$@"; do
    j=$((j + 1))
    [ $j = $i ] || others="$others, ${other##* }"
  done
  rc=1 took="?"
  [ -f "$dir/$i.rc" ] && read -r rc took <"$dir/$i.rc"
  if [ -n "$others" ]; then
    echo "-- ${spec##* } (beside ${others#, }): exit $rc after ${took}s"
  else
    echo "-- ${spec##* }: exit $rc after ${took}s"
  fi
  cat "$dir/$i.out"
  [ "$rc" = 0 ] || failed=1
done
exit $failed
