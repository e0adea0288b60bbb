# Two commands on a fresh Debian 12 machine: `make run` and `make test`.
# Both install the Debian packages they need first (apt-get; sudo when not root).

PACKAGES := g++ cmake ninja-build ccache catch2 pkg-config libsqlite3-dev libsodium-dev
BENCH_PACKAGES := libbenchmark-dev
KAFENIO := build/release/server/kafenio
JOBS ?= $(shell nproc)

.PHONY: all deps bench-deps build test run asan bench format clean

all: build

deps:
	@scripts/install-packages.sh $(PACKAGES)

bench-deps: deps
	@scripts/install-packages.sh $(BENCH_PACKAGES)

build: deps
	cmake --preset release
	cmake --build --preset release -j $(JOBS)

test: build
	ctest --preset release -j $(JOBS)

# The server arrives with the server issue; until then `make run` builds the program and
# shows what it can do.
run: build
	$(KAFENIO) help

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
