# BatchedMotion — the README's two commands live here.
#   make demo   install what is missing, build, analyse the bundled sample recording
#   make test   install what is missing, build, run the whole test suite
#
# The CLI and the benchmarks are built for this machine's processor (Scripts/host-cpu-flags.sh: `-target-cpu
# haswell` where AVX2/FMA/BMI2 are present, else nothing). Output is byte-identical either way; only speed changes.
# For a binary that runs on any x86-64:  make build CPU_FLAGS=
# (Library targets never carry flags: a package that depends on BatchedMotion builds it for its own target.)

SWIFT ?= swift
CPU_FLAGS ?= $(shell Scripts/host-cpu-flags.sh)
# The CLI's own build folder. SwiftPM 6.3 reuses the build plan of the last `swift package` plugin build in a folder
# (make benchmark builds there with its own parameters) for a later `swift build --product` in the same folder,
# flags and all: in .build, `make demo` after `make benchmark` silently linked a portable binary against the shared
# Swift runtime (26 → 34 ms of compute for the simulated hour).
CLI_SCRATCH ?= .build-cli
SAMPLE ?= Datasets/sample

.PHONY: bootstrap demo test build benchmark benchmark-check benchmark-thresholds fixtures python-test

bootstrap:
	@Scripts/bootstrap.sh

# The CLI links the Swift runtime and Foundation statically: ~7 ms less start-up per run (a command-line tool is
# started once per batch of recordings), one self-contained binary.
build: bootstrap
	$(SWIFT) build -c release --product swing-metrics --static-swift-stdlib --scratch-path $(CLI_SCRATCH) $(CPU_FLAGS)

demo: build
	@$$($(SWIFT) build -c release --scratch-path $(CLI_SCRATCH) --show-bin-path)/swing-metrics analyze $(SAMPLE)

test: bootstrap
	$(SWIFT) test
	$(MAKE) python-test

benchmark: bootstrap
	$(SWIFT) package $(CPU_FLAGS) --allow-writing-to-package-directory benchmark

# The pipeline suite against the thresholds stored in Thresholds/ (exit status non-zero on a regression), and
# rewriting them from a fresh run; the same build flags as `make benchmark`.
benchmark-check: bootstrap
	$(SWIFT) package $(CPU_FLAGS) benchmark thresholds check --target PipelineBenchmarks

benchmark-thresholds: bootstrap
	$(SWIFT) package $(CPU_FLAGS) --allow-writing-to-package-directory benchmark thresholds update --target PipelineBenchmarks

# Regenerate the scipy reference vectors (needs python3 with numpy and scipy: pip install scipy).
fixtures:
	for g in Tests/*/Fixtures/generate_*.py; do python3 $$g || exit 1; done

# The Python package (python/): pytest in a virtual environment this Makefile owns (.venv/, re-created only when
# the pinned python/requirements.lock or python/pyproject.toml change), against the debug swing-metrics that
# `swift test` has just built.
PYTHON ?= python3
VENV ?= .venv

$(VENV)/.installed: python/requirements.lock python/pyproject.toml
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r python/requirements.lock
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps -e python
	touch $@

python-test: $(VENV)/.installed
	$(SWIFT) build --product swing-metrics
	BATCHEDMOTION_CLI=$$($(SWIFT) build --show-bin-path)/swing-metrics $(VENV)/bin/python -m pytest python/tests -q
