#!/usr/bin/env bash
# Makes the `debian:12` base image locally when no container registry can be reached:
# debootstrap --variant=minbase bookworm from Debian's archive, imported into the
# container engine under the name `FROM debian:12` resolves to. Does nothing when the
# engine already has that image. Needs root (debootstrap), the engine, and Debian's archive.
set -euo pipefail
engine="${CONTAINER_ENGINE:-podman}"
image="docker.io/library/debian:12"
if "$engine" image exists "$image" 2>/dev/null || "$engine" image inspect "$image" >/dev/null 2>&1; then
  echo "base image $image is present"
  exit 0
fi
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase bookworm "$root" "$mirror"
# The same archive the image's apt uses afterwards, security updates included.
cat > "$root/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SOURCES
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | "$engine" import --change 'CMD ["bash"]' - "$image"
echo "made base image $image"
