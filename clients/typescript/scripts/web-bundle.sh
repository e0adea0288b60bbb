#!/bin/sh
# Builds the SDK (ci-build.sh, outside the source tree) and bundles it with esbuild into
# one ES module for the browser client, with @bufbuild/protobuf inside (and its source
# map): the page imports it as /sdk/kafenio-client.js, with no bundler or import map of
# its own.
#
# usage: web-bundle.sh PACKAGE_DIR BUILD_DIR PROTO_DIR BUNDLE_FILE
set -eu
src=$1
build=$2
proto=$3
bundle=$4
sh "$src/scripts/ci-build.sh" "$src" "$build" "$proto"
cd "$build"
rm -rf bundle
npm run --silent bundle
mkdir -p "$(dirname "$bundle")"
# The map first, then the module renamed into place: a page being served never reads half
# a file.
cp bundle/kafenio-client.js.map "$bundle.map"
cp bundle/kafenio-client.js "$bundle.tmp"
mv "$bundle.tmp" "$bundle"
