# Thin wrapper over CMake: `make run` and `make test` are the README's two commands.
BUILD ?= build
ASAN_BUILD ?= build-asan
NATIVE_BUILD ?= build-native
TSAN_BUILD ?= build-tsan
# The tests whose passes run on several threads (OpenMP and pthreads).
ARCHER ?= $(shell dirname "$$(readlink -f "$$(command -v clang)")" 2>/dev/null)/../lib/libarcher.so
TSAN_TESTS ?= ^test_(determinism|ub|ants|ga|grid|estrings|vehicle_lanes|bounded_memory|session_stop|schema_threads)$$
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps build run test test-asan test-native test-tsan test-mpi bench clean

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

# The pinned determinism hashes from a -march=native build (wider vectors,
# other instruction choices): they must equal the generic build's.
test-native: deps
	@cmake -S . -B $(NATIVE_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DALIFE_NATIVE=ON -DALIFE_GUI=OFF >/dev/null
	@cmake --build $(NATIVE_BUILD) -j $(JOBS) --target test_determinism -- --no-print-directory
	@cd $(NATIVE_BUILD) && ctest --output-on-failure -R '^test_determinism$$'

# The threaded tests under ThreadSanitizer: clang with its own OpenMP runtime,
# whose barriers and locks TSan sees through the Archer tool (libarcher).
test-tsan: deps
	@CC=clang cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DALIFE_TSAN=ON -DALIFE_GUI=OFF >/dev/null
	@cmake --build $(TSAN_BUILD) -j $(JOBS) -- --no-print-directory
	@cd $(TSAN_BUILD) && OMP_TOOL_LIBRARIES=$(ARCHER) ARCHER_OPTIONS=verbose=1 \
	  TSAN_OPTIONS="halt_on_error=1 exitcode=66 ignore_noninstrumented_modules=1" ctest --output-on-failure -j $(JOBS) -R '$(TSAN_TESTS)'

# The MPI sweep (docs/cluster.md): a build with -DALIFE_MPI=ON and its tests.
MPI_BUILD ?= build-mpi
test-mpi: deps
	@cmake -S . -B $(MPI_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DALIFE_GUI=ON -DALIFE_MPI=ON >/dev/null
	@cmake --build $(MPI_BUILD) -j $(JOBS) -- --no-print-directory
	@cd $(MPI_BUILD) && ctest --output-on-failure -R 'cli_mpi|cli_shard|sweep'

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(NATIVE_BUILD) $(TSAN_BUILD) $(MPI_BUILD)
