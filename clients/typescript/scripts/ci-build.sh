#!/bin/sh
# Builds the SDK package outside the source tree, as CI does (tests/sdk/CMakeLists.txt):
# copies the package's sources to OUT, installs the locked dependencies (npm ci, from
# package-lock.json; npm's cache under ~/.npm makes repeated runs quick), generates the
# protocol types from PROTO_DIR with Debian's protoc, and compiles.
#
# usage: ci-build.sh PACKAGE_DIR OUT PROTO_DIR
set -eu
src=$1
out=$2
proto=$3
mkdir -p "$out"
cp "$src/package.json" "$src/package-lock.json" "$src/tsconfig.json" "$src/README.md" "$out/"
rm -rf "$out/src" "$out/test" "$out/examples" "$out/scripts" "$out/dist"
cp -r "$src/src" "$src/test" "$src/examples" "$src/scripts" "$out/"
rm -rf "$out/src/gen"
cd "$out"
# Reuse node_modules when the lock file has not changed since the last install.
if ! cmp -s package-lock.json node_modules/.kafenio-lock 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.kafenio-lock
fi
KAFENIO_PROTO_DIR=$proto npm run --silent build
