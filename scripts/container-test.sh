#!/usr/bin/env bash
# make container-test: builds Kafenio's image (docker/Dockerfile) and tries it as an
# operator would: the container starts, answers /healthz and reports healthy, a player
# plays a whole bot match through its port, and after a restart of the container the
# match is still there (the volume keeps the database). Uses docker when a Docker engine
# answers, else podman (installed from Debian when missing). docs/operations.md records
# each run.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${CONTAINER_TEST_PORT:-18080}"
# Host networking: the admin console's port is the host's too, so not its default 8081
# (which a server of `make run` on this machine may hold).
admin_port=$((port + 1))
name="kafenio-container-test-$$"
volume="kafenio-container-test-$$"
image="localhost/kafenio:test"

if docker info >/dev/null 2>&1; then
  engine=(docker)
else
  scripts/install-packages.sh podman runc debootstrap
  # Facts of these machines (issue 19): podman runs containers with runc and cgroupfs, and
  # a containers.conf without default ulimits; builds use host networking for apt.
  conf="$(mktemp)"
  printf '[containers]\ndefault_ulimits = []\n' > "$conf"
  export CONTAINERS_CONF="$conf"
  engine=(podman --runtime runc --cgroup-manager cgroupfs)
fi
# Docker's image format: the OCI format has no HEALTHCHECK.
build_args=()
[ "${engine[0]}" = podman ] && build_args=(--format docker)
# npm in the build trusts what this host trusts: the host's CA bundle goes in as a build
# secret (never into a layer), for networks that inspect TLS with their own authority, as
# these machines' does (docker/Dockerfile, the SDK step).
ca_bundle="${CONTAINER_TEST_CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"
[ -s "$ca_bundle" ] && build_args+=(--secret "id=ca-certificates,src=$ca_bundle")
# The sources in the image are no git checkout: the commit goes in as a build argument.
commit="$(git rev-parse --short=12 HEAD 2>/dev/null || true)"
[ -n "$commit" ] && build_args+=(--build-arg "KAFENIO_COMMIT=$commit")
export CONTAINER_ENGINE="${engine[0]}"

cleanup() {
  "${engine[@]}" rm -f "$name" >/dev/null 2>&1 || true
  "${engine[@]}" volume rm -f "$volume" >/dev/null 2>&1 || true
}
trap cleanup EXIT

step() { echo "container-test: $*"; }
wait_healthy() {
  for _ in $(seq 1 60); do
    if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  "${engine[@]}" logs "$name" || true
  echo "container-test: /healthz did not answer" >&2
  return 1
}

step "base image"
if [ "${engine[0]}" = podman ]; then docker/make-debian-base.sh; fi
step "build $image"
started=$(date +%s)
"${engine[@]}" build "${build_args[@]}" --pull=never --network host -f docker/Dockerfile -t "$image" .
step "built in $(( $(date +%s) - started )) s; $("${engine[@]}" image inspect "$image" --format '{{.Size}}') bytes"

step "run (host network, port $port, volume $volume)"
"${engine[@]}" volume create "$volume" >/dev/null
"${engine[@]}" run -d --name "$name" --network host -e "KAFENIO_HEALTH_PORT=$port" \
  -v "$volume:/var/lib/kafenio" "$image" \
  serve --listen "127.0.0.1:$port" --admin-listen "127.0.0.1:$admin_port" --db /var/lib/kafenio/kafenio.db --web /usr/share/kafenio/web >/dev/null
wait_healthy
step "/healthz answered"
# The image's own health check, as the engine runs it.
if [ "${engine[0]}" = podman ]; then
  "${engine[@]}" healthcheck run "$name"
  step "the image's health check passed"
fi
user="$("${engine[@]}" exec "$name" id -un)"
[ "$user" = kafenio ] || { echo "container-test: the server runs as $user, not kafenio" >&2; exit 1; }
step "the server runs as $user"
version="$("${engine[@]}" exec "$name" kafenio --version)"
case "$version" in
  *"commit ${commit:-unknown}"*) step "it says: $version" ;;
  *) echo "container-test: the server says \"$version\", not commit ${commit:-unknown}" >&2; exit 1 ;;
esac
# The volume holds the database and the server secret: the kafenio user's alone.
data_dir="$("${engine[@]}" exec "$name" stat -c '%a %U' /var/lib/kafenio)"
[ "$data_dir" = "700 kafenio" ] || { echo "container-test: /var/lib/kafenio is $data_dir, not 700 kafenio" >&2; exit 1; }
step "the volume /var/lib/kafenio is owner-only ($data_dir)"
curl -fsS "http://127.0.0.1:$port/" | grep -q "<html" || { echo "container-test: no web client" >&2; exit 1; }
# The page's SDK bundle, built in the image by npm and esbuild.
sdk_bytes="$(curl -fsS "http://127.0.0.1:$port/sdk/kafenio-client.js" | wc -c)"
[ "$sdk_bytes" -gt 10000 ] || { echo "container-test: no SDK bundle at /sdk/kafenio-client.js" >&2; exit 1; }
step "web client and its SDK bundle ($sdk_bytes bytes) served"

step "play a bot match through the container's port"
# The Python player applies the server's patches with the generated protocol module.
pb_dir="$(mktemp -d)"
protoc --python_out="$pb_dir" -I proto proto/kafenio/v1/kafenio.proto
export PYTHONPATH="$pb_dir"
played="$(/usr/bin/python3 tests/container/play_through_container.py play "ws://127.0.0.1:$port/ws")"
match_id="${played%%$'\n'*}"  # its first line; the client's runner prints "ok" after it
step "match $match_id finished; restart the container"
"${engine[@]}" restart "$name" >/dev/null
wait_healthy
step "/healthz answered after the restart"
/usr/bin/python3 tests/container/play_through_container.py check "ws://127.0.0.1:$port/ws" "$match_id"
step "passed"
