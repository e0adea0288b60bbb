#!/usr/bin/env bash
# Installs the named Debian packages that are missing, and nothing else. A package counts
# as present when dpkg has it, or when a command of its name is already on the PATH from
# another package (NodeSource's nodejs, for one, ships npm and conflicts with Debian's).
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' && continue
  command -v "$package" >/dev/null 2>&1 && continue
  missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
