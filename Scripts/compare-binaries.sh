#!/usr/bin/env bash
# Runs two flaggen binaries on the same manifests and compares what they print and write:
# `lint` (text and json, with its exit status) and `generate` (its messages, exit status and
# every output, byte for byte). For changes that must keep the outputs: build the old binary
# from a checkout of the old commit, then
#
#   Scripts/compare-binaries.sh OLD_FLAGGEN NEW_FLAGGEN [MANIFEST...]
#
# Without MANIFESTs it reads every manifest in the repository: the root flags.yaml, the tests'
# fixtures, the fuzz corpus and the examples. Prints one line per manifest and what differs,
# with the diff; exits 1 when anything differs.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,11p' "$0"; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
shift 2
if [ $# -eq 0 ]; then
  mapfile -t found < <(find Tests/FlaggenCoreTests/Fixtures Fuzz/corpus/manifest Examples -name '*.yaml' | sort)
  set -- flags.yaml "${found[@]}"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for manifest in "$@"; do
  for side in old new; do
    binary=${!side}
    mkdir -p "$work/$side"
    for format in text json; do
      "$binary" --manifest "$manifest" lint --today 2027-06-01 --format "$format" >"$work/$side/lint-$format" 2>&1
      echo "exit $?" >>"$work/$side/lint-$format"
    done
    # The same output folder for both, so messages that name it agree.
    "$binary" --manifest "$manifest" generate --output-dir "$work/out" >"$work/$side/generate" 2>&1
    echo "exit $?" >>"$work/$side/generate"
    mv "$work/out" "$work/$side/out" 2>/dev/null || mkdir "$work/$side/out"
  done
  differences=()
  for part in lint-text lint-json generate; do
    cmp -s "$work/old/$part" "$work/new/$part" || differences+=("$part")
  done
  diff -rq "$work/old/out" "$work/new/out" >/dev/null || differences+=(outputs)
  files=$(find "$work/new/out" -type f | wc -l)
  if [ ${#differences[@]} -eq 0 ]; then
    echo "same       $manifest ($files files, $(tail -n 1 "$work/new/generate"))"
  else
    status=1
    echo "DIFFERENT  $manifest: ${differences[*]}"
    for part in lint-text lint-json generate; do
      diff "$work/old/$part" "$work/new/$part" | sed 's/^/           /'
    done
    diff -r "$work/old/out" "$work/new/out" | head -20 | sed 's/^/           /'
  fi
  rm -rf "$work/old" "$work/new"
done
exit $status
