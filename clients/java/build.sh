#!/bin/sh
# Generates the protocol's Java classes from the .proto with protoc and compiles them with
# the example client against Debian's protobuf Java library (libprotobuf-java).
#
# usage: build.sh PROTO_DIR OUT [PROTOBUF_JAR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
proto=$1
out=$2
jar=${3:-/usr/share/java/protobuf.jar}
rm -rf "$out/gen" "$out/classes"
mkdir -p "$out/gen" "$out/classes"
protoc --java_out="$out/gen" --proto_path="$proto" kafenio/v1/kafenio.proto
find "$out/gen" "$here/src" -name '*.java' > "$out/sources.txt"
javac -encoding UTF-8 -Xlint:-options -cp "$jar" -d "$out/classes" @"$out/sources.txt"
