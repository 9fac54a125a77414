# Thin wrapper over CMake: `make run` and `make test` are the README's two commands.
BUILD ?= build
ASAN_BUILD ?= build-asan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps build run test test-asan test-mpi bench clean

all: build

deps:
	@bash scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DALIFE_GUI=ON -DALIFE_SANITIZE=OFF >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) -- --no-print-directory

# The GUI where there is a display; otherwise a short headless demo run.
run: build
	@bash scripts/run.sh $(BUILD)/alife

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The whole suite again under AddressSanitizer + UndefinedBehaviorSanitizer.
test-asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DALIFE_SANITIZE=ON -DALIFE_GUI=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS) -- --no-print-directory
	@cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

# The MPI sweep (docs/cluster.md): a build with -DALIFE_MPI=ON and its tests.
MPI_BUILD ?= build-mpi
test-mpi: deps
	@cmake -S . -B $(MPI_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DALIFE_GUI=ON -DALIFE_MPI=ON >/dev/null
	@cmake --build $(MPI_BUILD) -j $(JOBS) -- --no-print-directory
	@cd $(MPI_BUILD) && ctest --output-on-failure -R 'cli_mpi|cli_shard|sweep'

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(MPI_BUILD)
