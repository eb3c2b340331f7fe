#!/usr/bin/env bash
# Builds flaggen's libFuzzer targets and runs each one for a while (see docs/fuzzing.md).
#
#   Scripts/fuzz.sh [SECONDS]     run each fuzzer for SECONDS (default 60)
#   Scripts/fuzz.sh --smoke       a short run: 20 s each
#   Scripts/fuzz.sh --build-only  build the fuzzers and stop
#   Scripts/fuzz.sh --typecheck   type-check the fuzzers against `swift build`'s modules (seconds;
#                                 the test command runs it, so an API change cannot break them
#                                 unnoticed)
#
# Targets: manifest (parse + validate + generate), mustache (parse + render with partials),
# guards (the files beside the outputs: generate's ownership rule, the stale sweep, check, refs),
# flagkit (FlagKit's JSON parser, saved copy, contract and OFREP answers, bounded file reader)
# and diff (check's unified diff of two texts). FUZZERS=manifest limits the run to one of them.
# Fuzzers run on a copy of Fuzz/corpus/ in a temporary folder: the committed corpus never grows
# by itself. Exits 1 when a fuzzer finds a crash, a leak or a timeout, and prints the path of
# the input that triggered it.
# Environment: FUZZ_BUILD_DIR (default /tmp/flaggen-fuzz-build), FUZZ_WORK_DIR (default: a new
# temporary folder, kept when something is found), FUZZ_JOBS (parallel workers per fuzzer,
# default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

seconds=60
build_only=0
typecheck=0
for argument in "$@"; do
  case "$argument" in
    --smoke) seconds=20 ;;
    --build-only) build_only=1 ;;
    --typecheck) typecheck=1 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    ''|*[!0-9]*) echo "error: unknown argument '$argument' (expected SECONDS, --smoke, --build-only or --typecheck)" >&2; exit 2 ;;
    *) seconds=$argument ;;
  esac
done
fuzzers=${FUZZERS:-"manifest mustache guards flagkit diff"}

yaml_flags=()
if pkg-config --exists yaml-0.1 2>/dev/null; then
  read -r -a yaml_flags <<<"$(pkg-config --cflags-only-I yaml-0.1 | sed 's/-I/-Xcc -I/g') $(pkg-config --libs-only-L yaml-0.1)"
fi

# --- Type-check only --------------------------------------------------------------------------
# The debug build's modules are built with testing enabled, so `@testable import` resolves.
if [ "$typecheck" -eq 1 ]; then
  modules="$(swift build --show-bin-path)/Modules"
  for fuzzer in Fuzz/*/main.swift; do
    echo "    $fuzzer"
    swiftc -typecheck -swift-version 6 -parse-as-library -I "$modules" -I "$root/Sources/CYAML" \
      ${yaml_flags[@]+"${yaml_flags[@]}"} "$fuzzer"
  done
  exit 0
fi

# --- Build ------------------------------------------------------------------------------------
# SwiftPM does not build fuzzers, so each module is compiled by hand, in dependency order, with
# the sanitizers on all the code under test.
build=${FUZZ_BUILD_DIR:-/tmp/flaggen-fuzz-build}
mkdir -p "$build"
swift_flags=(-swift-version 6 -O -g -sanitize=fuzzer,address -parse-as-library -I "$build" -I "$root/Sources/CYAML")
if [ "$(uname -s)" = Linux ]; then swift_flags+=(-use-ld=lld); fi

# A module is rebuilt when one of its sources, a module it imports, or the flags changed.
stamp="$build/flags.txt"
printf '%s\n' "$(swiftc --version 2>&1 | head -n 1)" "${swift_flags[*]}" "${yaml_flags[*]-}" >"$stamp.new"
cmp -s "$stamp.new" "$stamp" || rm -f "$build"/*.o
mv "$stamp.new" "$stamp"

rebuilt=0
build_module() {
  local module=$1
  shift  # the rest: extra flags for this module
  local sources=()
  while IFS= read -r -d '' file; do sources+=("$file"); done \
    < <(find "$root/Sources/$module" -name '*.swift' -print0 | sort -z)
  if [ "$rebuilt" -eq 0 ] && [ -f "$build/$module.o" ] \
    && [ -z "$(find "$root/Sources/$module" -newer "$build/$module.o" -print -quit)" ]; then
    echo "    $module (up to date)"
    return
  fi
  echo "    $module"
  rebuilt=1
  rm -f "$build/$module.o"
  swiftc "${swift_flags[@]}" ${yaml_flags[@]+"${yaml_flags[@]}"} "$@" -module-name "$module" -wmo -c \
    -emit-module -emit-module-path "$build/$module.swiftmodule" \
    -o "$build/$module.o" "${sources[@]}"
}

echo "==> Building the fuzzers in $build"
started=$SECONDS
# In dependency order: each module imports only the ones before it.
for module in FlagKitBucket FlaggenJSON FlaggenArguments Mustache; do
  build_module "$module"
done
# FlaggenCore and FlagKit (it imports FlagKitBucket and Foundation) with -enable-testing: the
# fuzzers reach their internal stages and readers through `@testable import`, as the tests do.
build_module FlaggenCore -enable-testing
build_module FlagKit -enable-testing
echo "    ManifestFuzzer"
swiftc "${swift_flags[@]}" ${yaml_flags[@]+"${yaml_flags[@]}"} -module-name ManifestFuzzer \
  "$root/Fuzz/ManifestFuzzer/main.swift" \
  "$build/FlagKitBucket.o" "$build/FlaggenJSON.o" "$build/FlaggenArguments.o" "$build/Mustache.o" "$build/FlaggenCore.o" \
  -lyaml -o "$build/manifest-fuzzer"
echo "    GuardsFuzzer"
swiftc "${swift_flags[@]}" ${yaml_flags[@]+"${yaml_flags[@]}"} -module-name GuardsFuzzer \
  "$root/Fuzz/GuardsFuzzer/main.swift" \
  "$build/FlagKitBucket.o" "$build/FlaggenJSON.o" "$build/FlaggenArguments.o" "$build/Mustache.o" "$build/FlaggenCore.o" \
  -lyaml -o "$build/guards-fuzzer"
echo "    MustacheFuzzer"
swiftc "${swift_flags[@]}" -module-name MustacheFuzzer \
  "$root/Fuzz/MustacheFuzzer/main.swift" "$build/FlaggenJSON.o" "$build/Mustache.o" \
  -o "$build/mustache-fuzzer"
echo "    FlagKitFuzzer"
swiftc "${swift_flags[@]}" -module-name FlagKitFuzzer \
  "$root/Fuzz/FlagKitFuzzer/main.swift" "$build/FlagKitBucket.o" "$build/FlagKit.o" \
  -o "$build/flagkit-fuzzer"
echo "    DiffFuzzer"
swiftc "${swift_flags[@]}" ${yaml_flags[@]+"${yaml_flags[@]}"} -module-name DiffFuzzer \
  "$root/Fuzz/DiffFuzzer/main.swift" \
  "$build/FlagKitBucket.o" "$build/FlaggenJSON.o" "$build/FlaggenArguments.o" "$build/Mustache.o" "$build/FlaggenCore.o" \
  -lyaml -o "$build/diff-fuzzer"
echo "    built in $((SECONDS - started)) s"
[ "$build_only" -eq 1 ] && exit 0

# --- Run --------------------------------------------------------------------------------------
work=${FUZZ_WORK_DIR:-$(mktemp -d /tmp/flaggen-fuzz.XXXXXX)}
mkdir -p "$work"
# Let libFuzzer report crashes itself: Swift's backtracer would hold the run up for seconds.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1}

found=0
for fuzzer in $fuzzers; do
  corpus="$work/$fuzzer/corpus"
  artifacts="$work/$fuzzer/artifacts"
  rm -rf "$corpus"
  mkdir -p "$corpus" "$artifacts"
  cp -R "$root/Fuzz/corpus/$fuzzer/." "$corpus/"
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536
           -print_final_stats=1 -artifact_prefix="$artifacts/")
  [ -f "$root/Fuzz/$fuzzer.dict" ] && options+=(-dict="$root/Fuzz/$fuzzer.dict")
  jobs=${FUZZ_JOBS:-1}
  [ "$jobs" -gt 1 ] && options+=(-fork="$jobs" -ignore_crashes=0 -ignore_timeouts=0 -ignore_ooms=0)
  log="$work/$fuzzer/fuzz.log"
  echo "==> Fuzzing $fuzzer for $seconds s (log: $log)"
  status=0
  "$build/$fuzzer-fuzzer" "${options[@]}" "$corpus" >"$log" 2>&1 || status=$?
  grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' "$log" | sed 's/^/    /' || true
  grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 | sed 's/^/    /' || true
  shopt -s nullglob
  findings=("$artifacts"/crash-* "$artifacts"/leak-* "$artifacts"/timeout-* "$artifacts"/oom-* "$artifacts"/slow-unit-*)
  shopt -u nullglob
  if [ "$status" -ne 0 ] || [ "${#findings[@]}" -gt 0 ]; then
    found=1
    echo "error: the $fuzzer fuzzer stopped with status $status; the end of its log:" >&2
    grep -E 'ERROR: |SUMMARY: |Fatal error|Test unit written to|deadly signal' "$log" | head -n 20 | sed 's/^/    /' >&2 || tail -n 20 "$log" >&2
    for finding in "${findings[@]}"; do echo "    input: $finding" >&2; done
    echo "    reproduce: SWIFT_BACKTRACE=enable=no $build/$fuzzer-fuzzer ${findings[0]:-<input>}" >&2
  fi
done

if [ "$found" -ne 0 ]; then
  echo "error: fuzzing found problems; inputs and logs are in $work" >&2
  exit 1
fi
[ -z "${FUZZ_WORK_DIR:-}" ] && rm -rf "$work"
echo "==> No crash, leak or timeout found"
