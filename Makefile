# BatchedMotion — the README's two commands live here.
#   make demo   install what is missing, build, analyse the bundled sample recording
#   make test   install what is missing, build, run the whole test suite
#
# Optional CPU flags for the CLI and benchmarks (never in library targets), e.g.
#   make demo CPU_FLAGS="-Xswiftc -target-cpu -Xswiftc haswell"

SWIFT ?= swift
CPU_FLAGS ?=
SAMPLE ?= Datasets/sample

.PHONY: bootstrap demo test build benchmark fixtures

bootstrap:
	@Scripts/bootstrap.sh

# The CLI links the Swift runtime and Foundation statically: ~7 ms less start-up per run (a command-line tool is
# started once per batch of recordings), one self-contained binary.
build: bootstrap
	$(SWIFT) build -c release --product swing-metrics --static-swift-stdlib $(CPU_FLAGS)

demo: build
	@$$($(SWIFT) build -c release --show-bin-path)/swing-metrics analyze $(SAMPLE)

test: bootstrap
	$(SWIFT) test

benchmark: bootstrap
	$(SWIFT) package --allow-writing-to-package-directory benchmark $(CPU_FLAGS)

# Regenerate the scipy reference vectors (needs python3 with numpy and scipy: pip install scipy).
fixtures:
	for g in Tests/*/Fixtures/generate_*.py; do python3 $$g || exit 1; done
