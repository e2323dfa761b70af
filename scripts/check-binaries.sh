#!/usr/bin/env bash
# check-binaries.sh fails when a file git tracks (or has staged) is an
# executable binary: a build output committed by mistake (a 22 MB Linux
# binary once was) bloats every clone for good and is no source anyone can
# review. A file is refused when
#   - it starts as a program does: ELF, PE (MZ), Mach-O or WebAssembly; or
#   - it holds a NUL byte in its first 8 KiB (git's own test of a binary
#     file) and is marked executable, has no extension, or has the
#     extension of a compiled file (.exe .dll .so .dylib .o .a .wasm);
# images and icons under docs/img/ and static/ are allowed. make check-fmt
# runs it; it prints one line per file refused.
#   bash scripts/check-binaries.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# magic FILE names the executable format FILE starts with, or nothing.
magic() {
  local head
  head=$(head -c 4 -- "$1" | od -An -tx1 | tr -d ' \n')
  case $head in
    7f454c46) echo ELF ;;
    4d5a*) echo "PE (MZ)" ;;
    feedface | feedfacf | cefaedfe | cffaedfe | cafebabe) echo Mach-O ;;
    0061736d) echo WebAssembly ;;
  esac
}

# has_nul FILE: a NUL byte in the first 8 KiB.
has_nul() { [ "$(head -c 8192 -- "$1" | tr -dc '\000' | wc -c)" -gt 0 ]; }

bad=0
refuse() {
  echo "check-binaries: $1 is $2: build outputs are not committed (git rm --cached $1, and add it to .gitignore)" >&2
  bad=1
}

# git's index says which files it finds binary (i/-text); every
# executable format has a NUL byte in its first bytes, so only those
# need a closer look. The staged content is what is read.
while IFS= read -r -d '' entry; do
  path=${entry#*$'\t'}
  [[ $entry == "i/-text "* ]] || continue
  mode=$(git ls-files -s -- "$path" | cut -d' ' -f1)
  blob=$(mktemp)
  git cat-file blob ":$path" >"$blob" 2>/dev/null || git cat-file blob "HEAD:$path" >"$blob"
  kind=$(magic "$blob")
  name=${path##*/}
  if [ -n "$kind" ]; then
    refuse "$path" "an executable ($kind)"
  elif [[ $path == docs/img/* || $path == static/* ]]; then
    :
  elif has_nul "$blob" && [ "$mode" = 100755 ]; then
    refuse "$path" "binary and marked executable"
  elif has_nul "$blob" && [[ $name != *.* ]]; then
    refuse "$path" "binary with no extension"
  elif has_nul "$blob" && [[ $name =~ \.(exe|dll|so|dylib|o|a|wasm)$ ]]; then
    refuse "$path" "a compiled file"
  fi
  rm -f "$blob"
done < <(git ls-files --eol -z)
exit $bad
