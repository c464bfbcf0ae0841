# The user's entry points. Each one first installs whatever Debian packages it is missing
# (scripts/install-deps: the program's own; --python, --test, --pingus, --bench, --fuzz add the
# rest).
#   make demo   build the program (Release, target evoplay only) and run the showcase of every part
#   make test   build the tests under AddressSanitizer + UBSan and run them with ctest
#   make build  Release build of everything (program, Python module, benchmark programs);
#               the program is build/release/evoplay
#   make bench  Release build, then bench/run prints one `name value unit` line per figure
#   make fuzz   build the libFuzzer harnesses of every parser (clang, preset fuzz) and run each
#               for FUZZ_SECONDS (default 60), two at a time (fuzz/run; docs/reliability.md)

.PHONY: all deps build demo test bench fuzz clean format

FUZZ_SECONDS ?= 60
# Compile and test jobs: two more than the cores (as ninja's own default on larger machines), so
# that the waits on the disk, the linker and the browser are filled, and on a machine busy with
# other programs the build gets its share of it. `make test JOBS=2` to take less.
JOBS ?= $(shell echo $$(( $$(nproc) + 2 )))

all: build

deps:
	@scripts/install-deps --python

build: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)

demo:
	@scripts/install-deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release --target evoplay -j $(JOBS)
	build/release/evoplay demo

test:
	@scripts/install-deps --python --test --pingus
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

bench: build
	@scripts/install-deps --bench
	bench/run

fuzz:
	@scripts/install-deps --fuzz
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)
	fuzz/run --seconds $(FUZZ_SECONDS)

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp')

clean:
	rm -rf build
