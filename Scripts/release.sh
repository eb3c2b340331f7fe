#!/usr/bin/env bash
# Builds the prebuilt flaggen that apps use without compiling it or installing libyaml:
#
#   DIR/flaggen.artifactbundle            SwiftPM's artifact bundle (SE-0305): the flaggen
#                                         executable, one variant per platform
#   DIR/flaggen.artifactbundle.zip        the bundle as SwiftPM downloads it
#   DIR/flaggen.artifactbundle.zip.checksum   its `swift package compute-checksum`
#   DIR/flaggen-plugin/                   a package of its own: the build and command plugins
#                                         running the prebuilt flaggen, and the FlagKit library
#
# flaggen is built in release mode with libyaml linked statically; on Linux the Swift standard
# library and Foundation are linked statically too (macOS has them in the system). On Linux the
# variant is for this machine's architecture; on macOS it is a universal binary (arm64 and
# x86_64), built from libyaml's source, which Homebrew fetches unless --libyaml-source says
# where it is.
#
#   Scripts/release.sh --output DIR --local         the plugin package refers to DIR's bundle by
#                                                   path (to try it, or test it, on this machine)
#   Scripts/release.sh --output DIR --url URL       ... by URL and checksum, for a release
#
# Options:
#   --output DIR          where to write (its bundle, zip and plugin package are replaced)
#   --local               refer to the bundle by path: flaggen-plugin/ gets a copy of it
#   --url URL             where the release's zip will be downloaded from (https)
#   --add-variants BUNDLE also put in the variants of a bundle built on another platform
#                         (repeatable); a variant of this platform in it is replaced
#   --scratch-path DIR    the build folder (default: .build/prebuilt)
#   --libyaml-source DIR  macOS only: an unpacked libyaml source tree (include/, src/)
#   -h, --help            this text
set -euo pipefail
# Paths on the command line are relative to where the script was started.
started_in=$PWD
cd "$(dirname "$0")/.."
root=$PWD

# The comment at the top of this file is its help.
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
usage_error() { echo "error: $* (see --help)" >&2; exit 2; }
fail() { echo "error: $*" >&2; exit 1; }
step() { printf '==> %s\n' "$*"; }
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$started_in/$1" ;; esac; }

output="" local=0 url="" scratch="$root/.build/prebuilt" libyaml_source=""
extra_bundles=()
while [ $# -gt 0 ]; do
  case "$1" in
    --output|--url|--add-variants|--scratch-path|--libyaml-source)
      [ $# -ge 2 ] || usage_error "$1 needs a value"
      case "$1" in
        --output) output=$(absolute "$2") ;;
        --url) url=$2 ;;
        --add-variants) extra_bundles+=("$(absolute "$2")") ;;
        --scratch-path) scratch=$(absolute "$2") ;;
        --libyaml-source) libyaml_source=$(absolute "$2") ;;
      esac
      shift 2 ;;
    --local) local=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage_error "unknown option '$1'" ;;
  esac
done
[ -n "$output" ] || usage_error "--output DIR is required"
if [ "$local" -eq 0 ] && [ -z "$url" ]; then
  usage_error "pass --url URL (where the release's flaggen.artifactbundle.zip will be downloaded from), or --local"
fi
if [ "$local" -eq 1 ] && [ -n "$url" ]; then
  usage_error "--local and --url exclude each other: the plugin package refers to the bundle by path or by URL"
fi
case "$url" in
  ""|https://*) ;;
  *) usage_error "--url must be an https URL (SwiftPM downloads binary targets only over https): $url" ;;
esac
for bundle in "${extra_bundles[@]+"${extra_bundles[@]}"}"; do
  [ -f "$bundle/info.json" ] || usage_error "--add-variants $bundle: not an artifact bundle (no info.json)"
done
mkdir -p "$output" "$scratch"
output=$(cd "$output" && pwd)
scratch=$(cd "$scratch" && pwd)

# The static libyaml goes into a folder of its own with a pkg-config file naming it, passed to
# SwiftPM with --pkg-config-path: the CYAML target's `-lyaml` then finds libyaml.a first, and
# no libyaml.so or .dylib is there to be preferred.
static_yaml="$scratch/static-libyaml"
write_pkg_config() { # INCLUDE_DIR
  mkdir -p "$static_yaml/pkgconfig"
  cat > "$static_yaml/pkgconfig/yaml-0.1.pc" <<EOF
Name: LibYAML
Description: libyaml, linked statically into the released flaggen
Version: ${yaml_version:-0}
Cflags: -I$1
Libs: -L$static_yaml/lib -lyaml
EOF
}

# --- Build this platform's variant ---------------------------------------------------------------
case "$(uname -s)" in
  Linux)
    arch=$(uname -m)
    case "$arch" in
      x86_64|aarch64) ;;
      *) fail "no artifact bundle triple known for Linux on $arch" ;;
    esac
    variant="flaggen-linux-$arch"
    pkg-config --exists yaml-0.1 || fail "libyaml's development files are missing: apt-get install libyaml-dev pkg-config"
    libdir=$(pkg-config --variable=libdir yaml-0.1)
    [ -f "$libdir/libyaml.a" ] || fail "$libdir/libyaml.a is missing; Debian's and Ubuntu's libyaml-dev ship it (elsewhere, build libyaml with --enable-static)"
    yaml_version=$(pkg-config --modversion yaml-0.1)
    rm -rf "$static_yaml"
    mkdir -p "$static_yaml/lib"
    cp "$libdir/libyaml.a" "$static_yaml/lib/"
    write_pkg_config "$(pkg-config --variable=includedir yaml-0.1)"

    step "Building flaggen (release, static libyaml $yaml_version and Swift runtime) in $scratch"
    build=(swift build -c release --product flaggen --static-swift-stdlib --scratch-path "$scratch" --pkg-config-path "$static_yaml/pkgconfig")
    # The toolchain's lld, where it has one: GNU ld warns about glibc's mktemp, which the
    # static Foundation library refers to, and a release build prints no warnings.
    swiftc_dir=$(dirname "$(readlink -f "$(command -v swiftc)")")
    if [ -x "$swiftc_dir/ld.lld" ]; then build+=(-Xswiftc -use-ld=lld); fi
    "${build[@]}"
    binary="$("${build[@]}" --show-bin-path)/flaggen"
    built="$scratch/flaggen-$arch"
    # No symbols or debug info in the shipped tool: half the size.
    strip -o "$built" "$binary"

    # What the binary loads: only the C library and its friends, never libyaml or the Swift
    # runtime, which the machines running the plugin need not have.
    needed=$(readelf -d "$built" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
    echo "needs: $needed"
    case " $needed" in
      *" libyaml"*|*" libswift"*|*" libFoundation"*|*" lib_Foundation"*|*" libdispatch"*|*" libBlocksRuntime"*)
        fail "the built flaggen still loads a shared libyaml or Swift library: $needed" ;;
    esac
    "$built" --version > /dev/null
    ;;

  Darwin)
    # Not run by flaggen's developers (no Mac); the release workflow runs it on macOS.
    variant="flaggen-macos-universal"
    if [ -z "$libyaml_source" ]; then
      command -v brew > /dev/null || fail "pass --libyaml-source DIR (an unpacked libyaml release), or install Homebrew to fetch it"
      step "Fetching libyaml's source with Homebrew"
      brew fetch --quiet --build-from-source libyaml > /dev/null
      tarball=$(brew --cache --build-from-source libyaml)
      rm -rf "$scratch/libyaml-source"
      mkdir -p "$scratch/libyaml-source"
      tar -xzf "$tarball" -C "$scratch/libyaml-source" --strip-components 1
      libyaml_source="$scratch/libyaml-source"
    fi
    [ -f "$libyaml_source/include/yaml.h" ] && [ -f "$libyaml_source/src/api.c" ] \
      || fail "$libyaml_source is not libyaml's source (no include/yaml.h, src/api.c)"
    # libyaml's own build passes its version as defines; read it from its configure.ac.
    yaml_part() { sed -n "s/^m4_define(\[YAML_$1\], *\([0-9]*\)).*/\1/p" "$libyaml_source/configure.ac"; }
    yaml_version="$(yaml_part MAJOR).$(yaml_part MINOR).$(yaml_part PATCH)"
    case "$yaml_version" in
      *[0-9].*[0-9].*[0-9]) ;;
      *) fail "could not read libyaml's version from $libyaml_source/configure.ac" ;;
    esac
    step "Building a universal static libyaml $yaml_version"
    rm -rf "$static_yaml"
    mkdir -p "$static_yaml/lib" "$static_yaml/objects"
    for source in "$libyaml_source"/src/*.c; do
      xcrun clang -arch arm64 -arch x86_64 -mmacosx-version-min=12.0 -O2 -DNDEBUG \
        -DYAML_VERSION_MAJOR="$(yaml_part MAJOR)" -DYAML_VERSION_MINOR="$(yaml_part MINOR)" \
        -DYAML_VERSION_PATCH="$(yaml_part PATCH)" -DYAML_VERSION_STRING="\"$yaml_version\"" \
        -I "$libyaml_source/include" -c "$source" -o "$static_yaml/objects/$(basename "$source" .c).o"
    done
    xcrun libtool -static -o "$static_yaml/lib/libyaml.a" "$static_yaml"/objects/*.o
    write_pkg_config "$libyaml_source/include"

    binaries=()
    for arch in arm64 x86_64; do
      step "Building flaggen for $arch (release, static libyaml)"
      build=(swift build -c release --product flaggen --triple "$arch-apple-macosx12.0" --scratch-path "$scratch" --pkg-config-path "$static_yaml/pkgconfig")
      "${build[@]}"
      binaries+=("$("${build[@]}" --show-bin-path)/flaggen")
    done
    built="$scratch/flaggen-universal"
    # Not stripped: the slices keep the linker's ad-hoc signatures, which arm64 requires, and
    # Mach-O release builds carry no debug info anyway.
    lipo -create -output "$built" "${binaries[@]}"
    archs=$(lipo -archs "$built")
    case "$archs" in
      *arm64*x86_64*|*x86_64*arm64*) ;;
      *) fail "the universal flaggen has only: $archs" ;;
    esac
    if otool -L "$built" | grep -q libyaml; then
      fail "the built flaggen still loads a libyaml dylib: $(otool -L "$built" | grep libyaml)"
    fi
    "$built" --version > /dev/null
    ;;

  *) fail "release builds run on Linux and macOS, not $(uname -s)" ;;
esac

# The bundle's version is the tool's own.
version=$("$built" --version | awk '{print $2}')
[ -n "$version" ] || fail "could not read the version from '$built --version'"

# --- The artifact bundle -----------------------------------------------------------------------
# Each variant folder is named for its platform, and info.json is written from the folders, so
# bundles built on different machines merge by copying folders.
triples_for() { # VARIANT_FOLDER
  case "$1" in
    flaggen-macos-universal) echo '"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
    flaggen-linux-x86_64) echo '"x86_64-unknown-linux-gnu"' ;;
    flaggen-linux-aarch64) echo '"aarch64-unknown-linux-gnu"' ;;
    *) return 1 ;;
  esac
}

bundle="$output/flaggen.artifactbundle"
step "Writing $bundle"
rm -rf "$bundle"
mkdir -p "$bundle"
for extra in "${extra_bundles[@]+"${extra_bundles[@]}"}"; do
  for folder in "$extra"/flaggen-*/; do
    name=$(basename "$folder")
    triples_for "$name" > /dev/null || fail "$extra has a variant folder flaggen can't name the triples of: $name"
    [ -x "$folder/flaggen" ] || fail "$extra/$name has no executable flaggen"
    [ "$name" = "$variant" ] && continue # this machine's build replaces it
    cp -R "$folder" "$bundle/$name"
  done
done
mkdir -p "$bundle/$variant"
cp "$built" "$bundle/$variant/flaggen"
chmod 755 "$bundle/$variant/flaggen"

{
  printf '{\n  "schemaVersion": "1.0",\n  "artifacts": {\n    "flaggen": {\n'
  printf '      "type": "executable",\n      "version": "%s",\n      "variants": [\n' "$version"
  separator=""
  for folder in "$bundle"/flaggen-*/; do
    name=$(basename "$folder")
    printf '%s        {\n          "path": "%s/flaggen",\n          "supportedTriples": [%s]\n        }' \
      "$separator" "$name" "$(triples_for "$name")"
    separator=$',\n'
  done
  printf '\n      ]\n    }\n  }\n}\n'
} > "$bundle/info.json"

zip="$output/flaggen.artifactbundle.zip"
rm -f "$zip"
(cd "$output" && zip -q -r -X -y "$zip" flaggen.artifactbundle)
# From the output folder, which holds no package for SwiftPM to load.
checksum=$(cd "$output" && swift package compute-checksum flaggen.artifactbundle.zip)
echo "$checksum" > "$zip.checksum"

# --- The plugin package ------------------------------------------------------------------------

package="$output/flaggen-plugin"
step "Writing $package"
rm -rf "$package"
mkdir -p "$package/Plugins" "$package/Sources"
# The same plugin sources as the source package, the shared files copied in place of the
# symlinks; and the runtime the generated Swift imports.
for plugin in FlagGenPlugin GenerateFlags CheckFlags; do
  cp -RL "Plugins/$plugin" "$package/Plugins/$plugin"
done
cp -R Sources/FlagKit Sources/FlagKitBucket "$package/Sources/"

if [ "$local" -eq 1 ]; then
  cp -R "$bundle" "$package/flaggen.artifactbundle"
  binary_target='.binaryTarget(name: "flaggen", path: "flaggen.artifactbundle")'
else
  binary_target=".binaryTarget(
            name: \"flaggen\",
            url: \"$url\",
            checksum: \"$checksum\"
        )"
fi

# The plugin declarations repeat the source package's (a test compares the two).
cat > "$package/Package.swift" <<EOF
// swift-tools-version:6.1
// Generated by flaggen's Scripts/release.sh for flaggen $version. Do not edit: run the script.
import PackageDescription

let package = Package(
    name: "flaggen-plugin",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "FlagKit", targets: ["FlagKit"]),
        .plugin(name: "FlagGenPlugin", targets: ["FlagGenPlugin"]),
        .plugin(name: "GenerateFlags", targets: ["GenerateFlags"]),
        .plugin(name: "CheckFlags", targets: ["CheckFlags"]),
    ],
    targets: [
        // flaggen $version, prebuilt: nothing to compile, no libyaml to install.
        $binary_target,

        .target(name: "FlagKitBucket"),
        .target(name: "FlagKit", dependencies: ["FlagKitBucket"]),

        .plugin(name: "FlagGenPlugin", capability: .buildTool(), dependencies: ["flaggen"]),
        .plugin(
            name: "GenerateFlags",
            capability: .command(
                intent: .custom(verb: "generate-flags", description: "Write every output of each target's flags.yaml into the package"),
                permissions: [.writeToPackageDirectory(reason: "flaggen writes the generated Swift, Kotlin, schemas and seeds that you commit")]
            ),
            dependencies: ["flaggen"]
        ),
        .plugin(
            name: "CheckFlags",
            capability: .command(
                intent: .custom(verb: "check-flags", description: "Check that committed generated files match each target's flags.yaml")
            ),
            dependencies: ["flaggen"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
EOF

cat > "$package/README.md" <<EOF
# flaggen-plugin $version

flaggen's SwiftPM and Xcode plugins with a prebuilt \`flaggen\` (an artifact bundle): apps
build without compiling flaggen and without libyaml. Generated by flaggen's
\`Scripts/release.sh\`; see flaggen's docs/swiftpm.md.

\`\`\`swift
.package(url: "https://github.com/your-org/flaggen-plugin", from: "$version"),
...
.target(
    name: "MyApp",
    dependencies: [.product(name: "FlagKit", package: "flaggen-plugin")],
    plugins: [.plugin(name: "FlagGenPlugin", package: "flaggen-plugin")]
)
\`\`\`
EOF
printf '.build/\n.swiftpm/\n' > "$package/.gitignore"

size=$(du -sk "$bundle" | awk '{print $1}')
zip_size=$(du -k "$zip" | awk '{print $1}')
step "Done: flaggen $version, variants: $(cd "$bundle" && ls -d flaggen-*/ | tr -d / | tr '\n' ' ')"
echo "bundle ${size} KB, zip ${zip_size} KB, checksum $checksum"
if [ "$local" -eq 1 ]; then
  echo "plugin package: $package (refers to its copy of the bundle by path)"
else
  echo "plugin package: $package (downloads $url)"
fi
