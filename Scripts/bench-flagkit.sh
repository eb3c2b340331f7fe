#!/usr/bin/env bash
# Builds and runs the FlagKit store benchmark (Benchmarks/FlagKitBench/main.swift): start() with a
# 1,000-flag saved copy (in memory and on disk), view(), and flag reads. Prints medians.
#
# FlagKit is compiled with -O (whole module) as a library of its own, and the benchmark links it,
# so reads cross a module boundary as they do in an app. Nothing here touches .build or Package.swift.
#
#   Scripts/bench-flagkit.sh            build into ${TMPDIR:-/tmp}/flagkit-bench and run
set -euo pipefail
cd "$(dirname "$0")/.."

out="${TMPDIR:-/tmp}/flagkit-bench"
mkdir -p "$out"
case "$(uname -s)" in
  Darwin) suffix=dylib ;;
  *) suffix=so ;;
esac

echo "==> compiling FlagKitBucket and FlagKit (-O, whole module)" >&2
swiftc -O -wmo -swift-version 6 -module-name FlagKitBucket -parse-as-library \
  -emit-library -o "$out/libFlagKitBucket.$suffix" \
  -emit-module -emit-module-path "$out/FlagKitBucket.swiftmodule" \
  Sources/FlagKitBucket/*.swift
swiftc -O -wmo -swift-version 6 -module-name FlagKit -parse-as-library \
  -I "$out" -L "$out" -lFlagKitBucket -Xlinker -rpath -Xlinker "$out" \
  -emit-library -o "$out/libFlagKit.$suffix" \
  -emit-module -emit-module-path "$out/FlagKit.swiftmodule" \
  Sources/FlagKit/*.swift

echo "==> compiling the benchmark" >&2
swiftc -O -swift-version 6 -I "$out" -L "$out" -lFlagKit -Xlinker -rpath -Xlinker "$out" \
  Benchmarks/FlagKitBench/main.swift -o "$out/flagkit-bench"

echo "==> running on $(uname -sm), $(swift --version 2>/dev/null | head -1)" >&2
"$out/flagkit-bench"
