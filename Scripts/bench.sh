#!/usr/bin/env bash
# Benchmarks flaggen (a benchmark, not a timed test; results in docs/performance.md):
#
#   1. `flaggen generate` and `flaggen check` at 100, 1,000 and 2,500 flags (the most a manifest
#      may hold: KotlinRules), side by side with
#      two baselines on the same manifest: the libyaml floor (Benchmarks/yaml_floor.c) and the
#      PyYAML script a team would otherwise write (Benchmarks/pyyaml_baseline.py). Medians of
#      --runs runs, ratios, growth, and the targets with PASS/FAIL (Benchmarks/measure.py).
#      Then `flaggen check` at 2,000 and 2,500 flags with every description changed, against
#      the outputs generated before the edit (a pull request that did not regenerate), beside
#      `generate` of the edited manifest (measure.py --drift).
#   2. The compile cost of the generated code: `swiftc -typecheck` of the generated Swift and
#      `kotlinc` of the generated Kotlin at 100, 1,000 and 2,500 flags (the most `flaggen lint`
#      accepts: Kotlin's `enum class FlagKey` holds about 2,630 entries, KotlinRules).
#
#   Scripts/bench.sh                  both parts
#   Scripts/bench.sh --runs 9         more runs per median (default 5)
#   Scripts/bench.sh --skip-compile   only part 1
#   Scripts/bench.sh --drift-only     only part 1's check with every description changed
#   Scripts/bench.sh --compile-only   only part 2
#   Scripts/bench.sh --compile-runs 1 one compile per size (default 3; kotlinc is slow)
#   Scripts/bench.sh --profile        also: callgrind instruction counts of generate at 2,500 flags
#   Scripts/bench.sh --on-disk        write part 1's outputs to the disk, not to RAM (see below)
#
# Part 1 writes what the tools produce (generate's files, the PyYAML JSON)
# to a RAM-backed folder under /dev/shm when there is one, so the numbers measure the tools and
# not the file system's state: on ext4, creating files soon after many were deleted (as a
# benchmark that regenerates into fresh folders does) makes each new file's inode search slower,
# and generate's wall time then swings by 40% from one minute to the next. --on-disk measures
# with the outputs on the disk instead (docs/performance.md gives both).
#
# flaggen is built in release mode with its own scratch path, .build-bench, so the benchmark
# never disturbs (or waits for) a debug build in .build. PyYAML goes into its own venv,
# .venv-bench. Needs: swift, cc, libyaml-dev, python3 (with venv); for part 2 kotlinc and
# /usr/share/java/com.android.json.jar; for --profile valgrind. GNU time, when installed, gives
# the peak memory figures (see Benchmarks/measure.py).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
compile_runs=3
part1=1
part2=1
baselines=1
profile=0
on_disk=0
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift ;;
    --compile-runs) compile_runs="$2"; shift ;;
    --skip-compile) part2=0 ;;
    --compile-only) part1=0 ;;
    --drift-only) baselines=0; part2=0 ;;
    --profile) profile=1 ;;
    --on-disk) on_disk=1 ;;
    -h|--help) sed -n '2,34p' "$0"; exit 0 ;;
    *) echo "error: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

step() { printf '\n==> %s\n' "$*"; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# Seconds a command takes (stdout and stderr to $work/out.txt); fails the script when it fails.
seconds() {
  local start end
  start=$(date +%s.%N)
  if ! "$@" > "$work/out.txt" 2>&1; then
    echo "error: $* failed:" >&2
    grep -v -e '^warning' -e 'OpenJDK' "$work/out.txt" | head -20 >&2
    return 1
  fi
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}

work=$(mktemp -d /tmp/flaggen-bench.XXXXXX)
# Where part 1's tools write: RAM (tmpfs) unless --on-disk or there is no writable /dev/shm.
outputs=$work/measure
if [ "$on_disk" -eq 0 ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
  outputs=$(mktemp -d /dev/shm/flaggen-bench.XXXXXX)
fi
trap 'rm -rf "$work" "$outputs"' EXIT

step "Machine"
echo "$(nproc) cores, $(awk '/MemTotal/ { printf "%.1f GB", $2 / 1048576 }' /proc/meminfo), $(uname -sr)"
echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) (wall times are only comparable on an idle machine)"
echo "outputs of part 1 go to $(df --output=fstype "$(dirname "$outputs")" 2> /dev/null | tail -1 || echo '?') ($(dirname "$outputs"))"
swift --version 2>&1 | head -1

step "Building flaggen (release, --scratch-path .build-bench)"
swift build -c release --scratch-path .build-bench --product flaggen 2>&1 | tail -1
flaggen=$PWD/.build-bench/release/flaggen

step "Synthetic manifests (Benchmarks/make_manifest.py)"
mkdir -p "$work/edited"
for count in 100 1000 2000 2500; do
  python3 Benchmarks/make_manifest.py "$count" > "$work/flags-$count.yaml"
  printf '%6d flags: %9d bytes\n' "$count" "$(wc -c < "$work/flags-$count.yaml")"
done
# The same manifests with every description changed, under the same file names (the generated
# headers name the manifest).
for count in 2000 2500; do
  python3 Benchmarks/make_manifest.py "$count" --changed-descriptions > "$work/edited/flags-$count.yaml"
done

if [ "$part1" -eq 1 ] && [ "$baselines" -eq 1 ]; then
  step "Baselines: the libyaml floor and the PyYAML script"
  cc -O2 -o "$work/yaml_floor" Benchmarks/yaml_floor.c $(pkg-config --cflags --libs yaml-0.1)
  venv=.venv-bench
  if ! "$venv/bin/python" -c 'import yaml; assert yaml.__with_libyaml__' 2>/dev/null; then
    echo "creating $venv with PyYAML"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check pyyaml
  fi
  "$venv/bin/python" -c 'import yaml; print("PyYAML", yaml.__version__, "with libyaml:", yaml.__with_libyaml__, "-", yaml.CLoader)'
  command -v /usr/bin/time > /dev/null && echo "peak memory from GNU time" || echo "GNU time missing: peak memory from os.wait4 (reads ~15 MB high)"

  step "generate and check at 100, 1,000 and 2,500 flags ($runs runs each, side by side)"
  "$venv/bin/python" Benchmarks/measure.py --flaggen "$flaggen" --floor "$work/yaml_floor" \
    --python "$PWD/$venv/bin/python" --work "$outputs" --runs "$runs" \
    100="$work/flags-100.yaml" 1000="$work/flags-1000.yaml" 2500="$work/flags-2500.yaml"
fi

if [ "$part1" -eq 1 ]; then
  step "check with every description changed, at 2,000 and 2,500 flags ($runs runs each)"
  command -v /usr/bin/time > /dev/null && echo "peak memory from GNU time" || echo "GNU time missing: peak memory from os.wait4 (reads ~15 MB high)"
  python3 Benchmarks/measure.py --drift --flaggen "$flaggen" --work "$outputs" --runs "$runs" \
    2000="$work/flags-2000.yaml:$work/edited/flags-2000.yaml" \
    2500="$work/flags-2500.yaml:$work/edited/flags-2500.yaml"
fi

if [ "$part2" -eq 1 ]; then
  step "Compile cost of the generated code at 100, 1,000 and 2,500 flags"
  # FlagKit's module, built once, for `import FlagKit` in the generated Swift.
  mkdir -p "$work/FlagKit"
  swiftc -emit-module -parse-as-library -swift-version 6 -module-name FlagKitBucket Sources/FlagKitBucket/*.swift \
    -emit-module-path "$work/FlagKit/FlagKitBucket.swiftmodule"
  swiftc -emit-module -parse-as-library -swift-version 6 -module-name FlagKit -I "$work/FlagKit" Sources/FlagKit/*.swift \
    -emit-module-path "$work/FlagKit/FlagKit.swiftmodule"
  # The Debian kotlinc starts the JVM with -Xmx256M, which runs out of memory on large files.
  export JAVA_OPTS="${JAVA_OPTS:--Xmx2g -Xms32M}"
  echo "swiftc: $(swiftc --version 2>&1 | head -1)"
  echo "kotlinc: $(kotlinc -version 2>&1 | grep -o 'kotlinc-jvm.*'), JAVA_OPTS=$JAVA_OPTS"
  printf '\n%7s | %26s | %s\n' flags "swiftc -typecheck (median)" "kotlinc (median)"
  declare -A swift_time kotlin_time
  for count in 100 1000 2500; do
    out="$work/compile-$count"
    "$flaggen" --manifest "$work/flags-$count.yaml" generate --only swift --only kotlin --output-dir "$out" > /dev/null
    times=()
    for _ in $(seq "$compile_runs"); do
      times+=("$(seconds swiftc -typecheck -swift-version 6 -I "$work/FlagKit" "$out/Swift/Flags.swift")")
    done
    swift_time[$count]=$(printf '%s\n' "${times[@]}" | median)
    kotlin_runs=$compile_runs
    [ "$count" -ge 2500 ] && kotlin_runs=1
    times=()
    kotlin_time[$count]=""
    for _ in $(seq "$kotlin_runs"); do
      rm -rf "$work/classes"
      if t=$(seconds kotlinc "$out/Kotlin/Flags.kt" "$out/Kotlin/FlagKit.kt" -cp /usr/share/java/com.android.json.jar -d "$work/classes" 2>/dev/null); then
        times+=("$t")
      else
        reason=$(grep -o -m1 -e 'Method too large: [^ ]*' -e 'OutOfMemoryError[^$]*' "$work/out.txt" || echo "see the kotlinc output")
        kotlin_time[$count]="FAILS: $reason"
        break
      fi
    done
    [ -z "${kotlin_time[$count]}" ] && kotlin_time[$count]=$(printf '%s\n' "${times[@]}" | median)
    kotlin_text=${kotlin_time[$count]}
    [[ "$kotlin_text" == FAILS* ]] || kotlin_text=$(printf '%.2fs' "$kotlin_text")
    printf '%7d | %25.2fs | %s\n' "$count" "${swift_time[$count]}" "$kotlin_text"
  done
  echo
  ratio=$(awk -v a="${swift_time[1000]}" -v b="${swift_time[2500]}" 'BEGIN { print b / a }')
  verdict=$(awk -v r="$ratio" 'BEGIN { print (r <= 2.75) ? 1 : 0 }')
  printf '  %s  swiftc -typecheck grows linearly, 1000 -> 2500 flags: %.2fx for 2.5x flags\n' \
    "$([ "$verdict" -eq 1 ] && echo PASS || echo FAIL)" "$ratio"
  if [[ "${kotlin_time[1000]}" != FAILS* && "${kotlin_time[100]}" != FAILS* ]]; then
    printf '        kotlinc 100 -> 1000 flags: %.2fx for 10x flags\n' \
      "$(awk -v a="${kotlin_time[100]}" -v b="${kotlin_time[1000]}" 'BEGIN { print b / a }')"
  fi
  if [[ "${kotlin_time[2500]}" == FAILS* ]]; then
    echo "  FAIL  kotlinc at 2500 flags: ${kotlin_time[2500]#FAILS: } (the JVM caps a method at 64 KB; see docs/performance.md)"
  else
    ratio=$(awk -v a="${kotlin_time[1000]}" -v b="${kotlin_time[2500]}" 'BEGIN { print b / a }')
    verdict=$(awk -v r="$ratio" 'BEGIN { print (r <= 2.75) ? 1 : 0 }')
    printf '  %s  kotlinc grows linearly, 1000 -> 2500 flags: %.2fx for 2.5x flags\n' \
      "$([ "$verdict" -eq 1 ] && echo PASS || echo FAIL)" "$ratio"
  fi
fi

if [ "$profile" -eq 1 ]; then
  step "Instruction counts of generate at 2,500 flags (valgrind --tool=callgrind)"
  if ! command -v valgrind > /dev/null; then
    echo "valgrind is missing: apt-get install -y valgrind" >&2
    exit 2
  fi
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
    "$flaggen" --manifest "$work/flags-2500.yaml" generate --output-dir "$work/profiled" > /dev/null 2> "$work/valgrind.txt"
  grep 'refs' "$work/valgrind.txt"
  callgrind_annotate --inclusive=yes "$work/callgrind.out" 2> /dev/null > "$work/inclusive.txt"
  # Inclusive instructions of each stage (the jobs run on several threads; callgrind counts all).
  while read -r label pattern; do
    count=$(grep -E "$pattern" "$work/inclusive.txt" | awk '{ gsub(",", "", $1); print $1 }' | sort -n | tail -1 || true)
    printf '  %-34s %15s\n' "$label" "$(printf "%'d" "${count:-0}" 2> /dev/null || echo "${count:-0}")"
  done << 'EOF'
parse(YAMLParser,both-cores) YAMLParserV5parse
validate(after-parse) ManifestValidatorV8validate_4file
Swift-context SwiftTranslatorV7context
Kotlin-context KotlinTranslatorV7context
Mustache-render(3-templates) TemplateLibraryV6render_7context4into
JSON-Schemas JSONSchemaEmitterV5files3for6header
seed:contract CanonicalSeedEmitterV5files3for6header
seed:postgres PostgresSeedEmitterV5files3for6header
seed:flagd FlagdSeedEmitterV5files3for6header
seed:unleash UnleashSeedEmitterV5files3for6header
commit-files(rename) OutputWriterV6commit
EOF
fi
