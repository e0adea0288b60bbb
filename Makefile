# Two commands on a fresh Debian 12 machine: `make run` and `make test`.
# Both install the Debian packages they need first (apt-get; sudo when not root).

PACKAGES := g++ cmake ninja-build ccache catch2 pkg-config libprotobuf-dev protobuf-compiler \
	libboost-dev libboost-system-dev libboost-program-options-dev libsodium-dev libsqlite3-dev libspdlog-dev libfmt-dev rapidjson-dev python3 python3-websockets python3-protobuf \
	chromium nodejs npm libpq-dev libssl-dev postgresql libicu-dev clang default-jdk-headless libprotobuf-java
BENCH_PACKAGES := libbenchmark-dev
KAFENIO := build/release/server/kafenio
JOBS ?= $(shell nproc)

.PHONY: all deps bench-deps build test test-cluster bench-tournament container-test compose-test run load load-idle asan bench format clean

all: build

deps:
	@scripts/install-packages.sh $(PACKAGES)

bench-deps: deps
	@scripts/install-packages.sh $(BENCH_PACKAGES)

build: deps
	cmake --preset release
	cmake --build --preset release -j $(JOBS)

# Every test but the long tournament run: SQLite and the PostgreSQL ones, then the cluster
# soak as a step of its own (label soak: three nodes killed again and again, 2-4 minutes),
# alone so that the suite's parallel tests do not share the CPU with it for minutes.
test: build
	ctest --preset release -j $(JOBS)
	ctest --preset cluster-soak

# The cluster soak alone (docs/scaling.md).
test-cluster: build
	ctest --preset cluster-soak

# The long tournament run (label tournament-long: a 256-pair Pilotta Swiss of 7 rounds to
# 151 with bots, and the server's CPU per move against ordinary tables; docs/performance.md).
bench-tournament: build
	ctest --test-dir build/release -L tournament-long --output-on-failure -V

# Builds the container image (docker/Dockerfile) and tries it: /healthz, a bot match
# through its port, a restart that keeps the data (docs/operations.md, "Container image").
# Docker where an engine runs, else podman from Debian. Minutes: not part of `make test`.
container-test: deps
	scripts/container-test.sh

# Brings docker/compose.yaml up and tries it: the cluster profile (PostgreSQL, three nodes,
# a match played on one node and found on the others, before and after a restart) and the
# one node on SQLite (docs/operations.md, "Container image"). Uses the image of
# container-test (built first when missing). Minutes: not part of `make test`.
compose-test: deps
	scripts/compose-test.sh

# Starts the server: http://127.0.0.1:8080 (PORT=9000 or LISTEN=0.0.0.0:8080 to change it),
# WebSocket /ws, database ./var/kafenio.db (docs/operations.md). Builds only the server
# (the tests are built by `make test`) and the page's SDK bundle (web/sdk/). Bots wait about BOT_DELAY_MS before each move, so
# people can follow their play (0 for load tests: at once).
PORT ?= 8080
LISTEN ?= 127.0.0.1:$(PORT)
BOT_DELAY_MS ?= 1000
run: deps
	cmake --preset release
	cmake --build --preset release -j $(JOBS) --target kafenio web_sdk
	mkdir -p var
	$(KAFENIO) serve --listen $(LISTEN) --set bot_delay_ms=$(BOT_DELAY_MS)

# The server load tool: N tables of four client players each, or --pattern bots: one player
# and three server bots (docs/performance.md).
LOAD_ARGS ?= --tables 100 --matches 1
load: build
	cmake --build --preset release -j $(JOBS) --target kafenio_load
	scripts/run-load.sh $(LOAD_ARGS)

# Idle signed-in sessions per GiB of server memory (docs/performance.md).
IDLE_ARGS ?= --sessions 10000
load-idle: build
	cmake --build --preset release -j $(JOBS) --target kafenio_idle_sessions
	LOAD_TOOL=kafenio_idle_sessions scripts/run-load.sh $(IDLE_ARGS)

asan: deps
	cmake --preset asan
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

bench: bench-deps
	cmake --preset bench
	cmake --build --preset bench -j $(JOBS)
	scripts/run-benchmarks.sh build/bench

format:
	git ls-files '*.h' '*.cc' | xargs clang-format -i

clean:
	rm -rf build
