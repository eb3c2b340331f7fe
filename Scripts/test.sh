#!/usr/bin/env bash
# Runs flaggen's whole test suite on a fresh machine: installs what the tests need when it is
# missing (Debian packages), builds warning-free, runs `swift test`, then dogfoods the CLI on the
# root flags.yaml.
#
#   Scripts/test.sh            the suite CI runs
#   Scripts/test.sh --slow     also the slower checks (see docs/testing.md)
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

# --- Build, warning-free -------------------------------------------------------------------------
step "Building (warnings fail the run)"
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
if ! swift build --build-tests 2>&1 | tee "$build_log"; then
  echo "error: the build failed" >&2
  exit 1
fi
if grep -q 'warning: ' "$build_log"; then
  echo "error: the build printed warnings (listed above); flaggen builds warning-free" >&2
  exit 1
fi

# --- Tests -----------------------------------------------------------------------------------
step "Running swift test"
swift test --skip-build

# --- Dogfooding --------------------------------------------------------------------------------
step "Linting the root flags.yaml with today's date"
.build/debug/flaggen lint

if [ "$slow" -eq 1 ]; then
  step "Slow checks"
  echo "no slow checks yet"
fi

step "All checks passed"
