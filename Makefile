# Thin wrapper over CMake: `make run` and `make test` are the README's two commands.
BUILD ?= build
ASAN_BUILD ?= build-asan
NATIVE_BUILD ?= build-native
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps build run test test-asan test-native bench clean

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

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(NATIVE_BUILD)
