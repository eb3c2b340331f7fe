#!/usr/bin/env bash
# Runs flaggen's whole test suite on a fresh machine: installs what the tests need when it is
# missing (Debian packages), builds warning-free, runs `swift test`, then dogfoods the CLI on the
# root flags.yaml.
#
#   Scripts/test.sh            the suite CI runs
#   Scripts/test.sh --slow     also the slower checks: 150 hostile-name manifests compiled, long
#                              fuzzing runs and the benchmarks
set -euo pipefail
cd "$(dirname "$0")/.."

slow=0
for argument in "$@"; do
  case "$argument" in
    --slow) slow=1 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "error: unknown option '$argument' (known: --slow)" >&2; exit 2 ;;
  esac
done

step() { printf '\n==> %s\n' "$*"; }

# --- Dependencies -----------------------------------------------------------------------------
apt_updated=0
apt_install() {
  if ! command -v apt-get >/dev/null; then
    echo "error: missing $*; install it with your package manager (see README.md, Requirements)" >&2
    exit 2
  fi
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if [ "$apt_updated" -eq 0 ]; then
    $sudo apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

step "Checking dependencies"
if ! pkg-config --exists yaml-0.1 2>/dev/null; then
  echo "installing libyaml-dev"
  apt_install libyaml-dev pkg-config
fi
echo "libyaml $(pkg-config --modversion yaml-0.1)"

# Kotlin 1.3 and org.json compile and run the generated Kotlin.
if ! command -v kotlinc >/dev/null || [ ! -f /usr/share/java/com.android.json.jar ] \
  || [ ! -f /usr/share/java/kotlinx-coroutines-core.jar ] || [ ! -f /usr/share/java/atomicfu.jar ]; then
  echo "installing kotlin, org.json, kotlinx-coroutines and atomicfu"
  apt_install kotlin libandroid-json-java libkotlinx-coroutines-java libkotlinx-atomicfu-java
fi
export FLAGGEN_KOTLINC=$(command -v kotlinc)
export FLAGGEN_ORG_JSON_JAR=/usr/share/java/com.android.json.jar
# Debian's coroutines 1.0.1 needs atomicfu at run time but does not depend on it.
export FLAGGEN_COROUTINES_JARS=/usr/share/java/kotlinx-coroutines-core.jar:/usr/share/java/kotlinx-coroutines-core-common.jar:/usr/share/java/atomicfu.jar

# Headless Chromium renders the `flaggen report` page (ReportChromiumTests).
if ! command -v chromium >/dev/null; then
  echo "installing chromium"
  apt_install chromium
fi
export FLAGGEN_CHROMIUM=$(command -v chromium)

# Python peers: a JSON Schema validator, the real flagd and Unleash evaluators, and Polyglot
# Piranha, which `flaggen remove` rewrites code with.
venv=.venv
python_packages=(jsonschema==4.23.0 referencing openfeature-provider-flagd==0.5.2 UnleashClient==6.9.1 polyglot-piranha==0.4.9)
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import jsonschema, referencing, openfeature.contrib.provider.flagd, UnleashClient, polyglot_piranha' 2>/dev/null; then
  echo "creating $venv with ${python_packages[*]}"
  if ! python3 -m venv "$venv" 2>/dev/null; then
    apt_install python3-venv
    python3 -m venv "$venv"
  fi
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${python_packages[@]}"
fi
export FLAGGEN_PYTHON="$PWD/$venv/bin/python"

# PostgreSQL: a throwaway cluster on a Unix socket in a temporary folder, stopped on exit.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "installing postgresql"
  apt_install postgresql
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
pg_dir=$(mktemp -d /tmp/flaggen-pg.XXXXXX)
chmod 755 "$pg_dir"
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres "$pg_dir" && su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi
}
cleanup() {
  as_postgres "'$pg_bin/pg_ctl' -D '$pg_dir/data' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$pg_dir" "${build_log:-}"
}
trap cleanup EXIT
as_postgres "'$pg_bin/initdb' -D '$pg_dir/data' --auth=trust --username=postgres --encoding=UTF8 --locale=C" >/dev/null
as_postgres "'$pg_bin/pg_ctl' -D '$pg_dir/data' -o \"-k '$pg_dir' -c listen_addresses=''\" -l '$pg_dir/log' -w start" >/dev/null
export FLAGGEN_PGHOST="$pg_dir" FLAGGEN_PGUSER=postgres
export FLAGGEN_PSQL="$pg_bin/psql"
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on $pg_dir"

# --- Build, warning-free -------------------------------------------------------------------------
step "Building (warnings fail the run)"
build_log=$(mktemp)
if ! swift build --build-tests 2>&1 | tee "$build_log"; then
  echo "error: the build failed" >&2
  exit 1
fi
if grep -q 'warning: ' "$build_log"; then
  echo "error: the build printed warnings (listed above); flaggen builds warning-free" >&2
  exit 1
fi

# The fuzzers are not SwiftPM targets: type-check them against this build (seconds), so an API
# change that breaks them fails here and not at the next fuzzing run.
step "Type-checking the fuzzers"
Scripts/fuzz.sh --typecheck

# --- Tests -----------------------------------------------------------------------------------
step "Running swift test (with the SwiftPM plugin integration tests)"
FLAGGEN_PLUGIN_TESTS=1 swift test --skip-build

# --- Dogfooding --------------------------------------------------------------------------------
step "Linting the root flags.yaml with today's date"
.build/debug/flaggen lint
# The sample's flags expire on real dates: say so half a year before this step starts failing.
if ! .build/debug/flaggen lint --today "$(date -u -d '+180 days' +%F)" > /dev/null 2>&1; then
  echo "warning: a flag in the root flags.yaml expires within 180 days, and this step fails from that day; move its 'expires' (and the tests and docs that quote it) further out"
fi

step "Checking that the committed generated files match the root flags.yaml"
.build/debug/flaggen check

# The fuzzers (about 4 minutes to build with sanitizers on a 2-core VM) run with --slow only:
# CI must stay under 15 minutes, and the suite replays their corpus (FuzzRegressionTests,
# LintGenerateAgreementTests).
if [ "$slow" -eq 1 ]; then
  step "Slow checks: 150 hostile-name manifests compiled in Swift and Kotlin"
  FLAGGEN_NAMES_COUNT=150 swift test --skip-build --filter GeneratedNamesPropertyTests

  step "Slow checks: fuzzing for 10 minutes per target, and the benchmarks"
  Scripts/fuzz.sh 600
  Scripts/bench.sh
fi

step "All checks passed"
