#!/usr/bin/env bash
# chromium-slow.sh runs Chromium, and every process it starts, on a
# quarter of one CPU core: a CPU quota on a control group, the only way to
# slow down a service worker, where the offline site runs all its Go
# (DevTools' CPU throttling slows the page alone). The offline test takes
# it as its browser (docs/measurements.md, "The offline site"):
#   RUTHLESS_OFFLINE_BROWSER=$PWD/scripts/chromium-slow.sh go test -run '^TestOfflineSite$' ./e2e
# It needs root (to make the group) and works with cgroup v2 (cpu.max) or
# v1 (cpu.cfs_quota_us). CPU_QUOTA_US overrides the 25 ms of every 100 ms.
set -euo pipefail
quota=${CPU_QUOTA_US:-25000}
period=100000
name=ruthless-chromium-slow
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  grep -qw cpu /sys/fs/cgroup/cgroup.controllers || { echo "chromium-slow: cgroup v2 without the cpu controller" >&2; exit 1; }
  group=/sys/fs/cgroup/$name
  mkdir -p "$group"
  echo "$quota $period" >"$group/cpu.max"
else
  group=/sys/fs/cgroup/cpu/$name
  mkdir -p "$group"
  echo "$period" >"$group/cpu.cfs_period_us"
  echo "$quota" >"$group/cpu.cfs_quota_us"
fi
echo $$ >"$group/cgroup.procs"
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null 2>&1; then exec "$b" "$@"; fi
done
echo "chromium-slow: no Chromium on PATH" >&2
exit 1
