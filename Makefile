# Quick start: `make demo` runs the main job, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two installs into the one .venv: the demo's (the core and the `play` extra, whose Tab
# completion the game the demo points to uses) and the tests' (every extra the tests,
# the docs and the benchmarks use: dev, peers, cluster, rl), each with its own stamp.
DEMO_STAMP := $(VENV)/.installed-demo
STAMP := $(VENV)/.installed-test

.PHONY: demo test lint typecheck unit docs playground browser-test docs-browser bench clean system-deps \
	wheel-compiled test-compiled dist

$(DEMO_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[play]'
	touch $(DEMO_STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,peers,cluster,rl]'
	touch $(STAMP) $(DEMO_STAMP)

# Debian packages some tests and the docs use: gcc and Python's headers (the compiled
# build, `make test-compiled`); Node.js and npm (the Node starter engine;
# the playground's editor and Pyodide come from npm) and Chromium (the HTML report, the
# built site and the playground opened headless); tests that need them are skipped, with
# the reason, where they are absent. Installed only where missing (idempotent); apt-get
# needs root, as on a CI machine.
system-deps:
	@need=""; command -v node >/dev/null || need="$$need nodejs"; \
	command -v gcc >/dev/null || need="$$need gcc"; \
	test -f "$$($(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" \
	  || need="$$need python3-dev"; \
	command -v npm >/dev/null || need="$$need npm"; \
	command -v chromium >/dev/null || need="$$need chromium"; \
	if [ -n "$$need" ]; then apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$need >/dev/null; fi

demo: $(DEMO_STAMP)
	$(BIN)/rummy-spec demo

# The source distribution and the wheel, as they would be published, into dist/: `build`
# makes the sdist and then the wheel from it, so a file the sdist leaves out fails here
dist: $(DEMO_STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check 'build>=1' 'hatchling>=1.21'
	rm -rf dist
	$(BIN)/python -m build --no-isolation --outdir dist .

lint: $(STAMP)
	$(BIN)/ruff check rummy_spec tests benchmarks docs conformance

typecheck: $(STAMP)
	$(BIN)/mypy --strict

unit: $(STAMP)
	$(BIN)/pytest

# ruff and mypy --strict on one core while the suite runs on the other (a parallel pytest
# is not used: the suite has wall-clock guards and terminal sessions timed in seconds,
# which two workers sharing two cores would stretch); each target's output in one piece
test: $(STAMP)
	$(MAKE) --no-print-directory -j2 --output-sync=target lint typecheck unit

# Every broken engine caught by the fuzz within its stated budget, each minimal case
# replayed (the default run fuzzes a sample of them): about twenty fuzz runs, two at a time
.PHONY: test-broken-fuzz
test-broken-fuzz: $(STAMP)
	$(BIN)/pytest -p no:cacheprovider -m slow tests/conformance/test_conformance_broken.py

# Every built-in variant (and a house file) as a PettingZoo environment and an OpenSpiel
# game: PettingZoo's api_test and OpenSpiel's random_sim_test on each (the default run
# samples a few variants); docs/rl.md
.PHONY: test-rl
test-rl: $(STAMP)
	$(BIN)/pytest -p no:cacheprovider -m 'slow or not slow' -W ignore::UserWarning tests/rl

# A fuzz run stopped after 30 s keeps its summary and findings (the slow test sends
# SIGINT at 30 s)
.PHONY: test-fuzz-interrupt
test-fuzz-interrupt: $(STAMP)
	$(BIN)/pytest -p no:cacheprovider -m slow tests/conformance/test_fuzz_stops.py

# The compliance matrix of the engines the project ships (conformance/matrix.yaml): the
# result file and badges the docs page reads (make docs runs no engine)
.PHONY: matrix
matrix: $(STAMP)
	$(BIN)/rummy-spec conformance matrix --engines conformance/matrix.yaml \
		--out docs/_static/matrix --games 20

# The documentation site, warnings as errors (-W) and every reference checked (-n),
# with the browser playground built into it. The figures' bot games (the docs extra:
# matplotlib) are cached under docs/_build/figure-cache by spec hash.
docs: $(STAMP)
	$(BIN)/sphinx-build -W -n -q -b html docs docs/_build/html
	$(MAKE) playground

# The playground's files beside its page (playground/build.py): the project's wheel, lark's,
# Pyodide and the bundled editor, from npm; needs node and npm.
playground: $(STAMP)
	$(BIN)/python playground/build.py docs/_build/html

# The playground in headless Chromium (Debian's /usr/bin/chromium) through Playwright's
# Python API, over the built site served on localhost; run after `make docs`.
browser-test: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[browser]'
	$(BIN)/pytest -m browser -p no:cacheprovider tests/playground

# The built site (run `make docs` first) in headless Chromium (Debian's chromium
# package; .ci/run installs it): every page loads with no console error, every figure
# loads, every link resolves.
docs-browser: $(STAMP)
	$(BIN)/python -m tests.browser.check_site docs/_build/html

# The VS Code extension (editors/vscode) as an installable .vsix in dist/: its language
# client from npm (vscode-languageclient) and the packager (@vscode/vsce); needs node and npm
.PHONY: vsix
vsix:
	cd editors/vscode && npm install --no-audit --no-fund --loglevel=error
	mkdir -p dist
	cd editors/vscode && npx vsce package --skip-license --allow-missing-repository \
	  --out ../../dist/rummy-spec-$$(node -p 'require("./package.json").version').vsix

bench: $(STAMP)
	$(BIN)/rummy-spec bench

# The skill ladder in full (docs/ladder.md): every table with LADDER_GAMES seeds a pair
# (each played twice, seats swapped), then the planner against the EAAI-2021 baseline
# over 10,000 games.  Long: hours on two cores.
LADDER_GAMES ?= 100
LADDER_WORKERS ?= 2
.PHONY: ladder
ladder: $(STAMP)
	for v in gin_eaai phase10 liverpool continental; do \
	  nice $(BIN)/rummy-spec analyze $$v --ladder --games $(LADDER_GAMES) \
	    --workers $(LADDER_WORKERS) || exit 1; done
	nice $(BIN)/rummy-spec analyze gin_eaai --ladder --bots eaai-simple,planner \
	  --games 5000 --workers $(LADDER_WORKERS)

# The compiled build: the engine and bot packages compiled by mypyc (the hatch-mypyc hook in
# pyproject.toml) in a copy of the committed tree (COMPILED_DIR), so the work tree keeps
# no extension modules.  wheel-compiled leaves the platform wheel in COMPILED_DIR/dist and
# the extensions beside their sources in the copy; test-compiled then runs the default
# test suite there, against the compiled modules (checked first: none may have fallen
# back to pure Python), with the wheel tests installing that compiled wheel.
COMPILED_DIR ?= /tmp/rummy-spec-compiled
wheel-compiled: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[compiled]'
	rm -rf $(COMPILED_DIR) && mkdir -p $(COMPILED_DIR)
	git archive HEAD | tar -x -C $(COMPILED_DIR)
	cd $(COMPILED_DIR) && HATCH_BUILD_HOOK_ENABLE_MYPYC=1 $(CURDIR)/$(BIN)/python -m pip wheel \
	  --quiet --no-deps --no-build-isolation -w dist .
	ls $(COMPILED_DIR)/dist/*.whl

# Left out: tests marked patches_engine, whose broken engines and mutants monkeypatch an
# engine (or bot) function; compiled modules call each other directly, so such a patch
# changes nothing there and the bug it plants never shows.  RUMMY_SPEC_COMPILED makes
# tests/engine/test_compiled_build.py insist that the engine in the run (and in the
# engines the tests start) is the compiled one; PYTHONPATH gives those engines the copy.
test-compiled: wheel-compiled
	cd $(COMPILED_DIR) && $(CURDIR)/$(BIN)/python -m benchmarks.build --require-compiled
	@echo "test-compiled: leaving out the tests marked patches_engine: a monkeypatched engine" \
	  "function is never called by compiled engine code, so the bug they plant cannot show"
	cd $(COMPILED_DIR) && RUMMY_SPEC_WHEEL="$$(ls $(COMPILED_DIR)/dist/*.whl)" \
	  RUMMY_SPEC_COMPILED=1 PYTHONPATH=$(COMPILED_DIR) \
	  $(CURDIR)/$(BIN)/pytest -p no:cacheprovider -m 'not slow and not browser and not patches_engine'

clean:
	rm -rf $(VENV) build dist playground/node_modules .mypy_cache .pytest_cache .ruff_cache .hypothesis docs/_build docs/rulebook

# Mutation testing of the engine (mutmut, the `mutation` extra); not part of `make test`.
# Runs in a copy of the committed tree (MUTATION_DIR) so the work tree is left alone.
# MUTANTS: mutant name patterns to run (empty: all; see docs/mutation.md for sampling).
MUTATION_DIR ?= /tmp/rummy-spec-mutation
MUTANTS ?=
.PHONY: mutation
mutation: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[mutation]'
	rm -rf $(MUTATION_DIR) && mkdir -p $(MUTATION_DIR)
	git archive HEAD | tar -x -C $(MUTATION_DIR)
	printf '%s\n' '[mutmut]' 'source_paths = rummy_spec' \
	  'only_mutate = rummy_spec/engine/*' 'also_copy = grammar' '    spec' \
	  'pytest_add_cli_args = -p no:cacheprovider -x -q' \
	  'pytest_add_cli_args_test_selection = tests/engine/test_melds.py' \
	  '    tests/engine/test_solver.py' '    tests/engine/test_scenarios_setup.py' \
	  '    tests/engine/test_scenarios_claims.py' '    tests/engine/test_scenarios_draw_discard.py' \
	  '    tests/properties' '    tests/stateful' > $(MUTATION_DIR)/setup.cfg
	cd $(MUTATION_DIR) && RUMMY_STATEFUL=quick $(CURDIR)/$(BIN)/mutmut run --max-children 2 $(MUTANTS) || true
	cd $(MUTATION_DIR) && $(CURDIR)/$(BIN)/mutmut results --all true > results.txt; \
	  grep -c ': killed' results.txt; grep -c ': survived' results.txt; true

# The long fuzz campaign (tests/fuzz): FUZZ_INPUTS mutated inputs across every boundary
# (spec text, case files, traces, saved states, engine replies, command lines); exit 1 on
# any traceback, hang over 5 s or memory over 1 GiB.  The figures go to FUZZ_OUT.
FUZZ_INPUTS ?= 1000000
FUZZ_SEED ?= 1
FUZZ_OUT ?= /tmp/rummy-spec-fuzz.json
.PHONY: fuzz
fuzz: $(STAMP)
	$(BIN)/python -m tests.fuzz.campaign --inputs $(FUZZ_INPUTS) --seed $(FUZZ_SEED) --out $(FUZZ_OUT)

# The hostile-input campaign (tests/fuzz/hostile.py): every boundary in-process (spec text
# by bytes and by grammar, the formatter's property on generated specs, command lines
# parsed and run, case files, traces, saved states, engine replies, the language server's
# messages) for HOSTILE_INPUTS inputs or HOSTILE_SECONDS seconds, whichever comes first,
# at low priority; a hang is run again alone with 30 s.  Exit 1 on any fault (an exit 3
# or a traceback), a hang or a peak over 1 GiB.  Figures: HOSTILE_OUT, docs/hardening.md.
HOSTILE_INPUTS ?= 1100000
HOSTILE_SECONDS ?= 14400
HOSTILE_SEED ?= 1
HOSTILE_OUT ?= /tmp/rummy-spec-hostile.json
.PHONY: fuzz-hostile
fuzz-hostile: $(STAMP)
	nice -n 10 $(BIN)/python -m tests.fuzz.hostile --inputs $(HOSTILE_INPUTS) \
	  --seconds $(HOSTILE_SECONDS) --seed $(HOSTILE_SEED) --out $(HOSTILE_OUT)

# The long run of the house-variant property (tests/house): HOUSE_VARIANTS distinct generated
# house variants of the built-ins; whatever check accepts goes through show, show --json,
# rulebook (every format), the language server and a one-game simulate.  Prints the
# variants accepted and refused and every tool's exits by class; exit 1 if any tool ended
# in exit 3, an exception or a hang (each such variant is written to HOUSE_OUT).  A game
# past its CPU budget is written as slow-N with the warnings check gave; then the first
# HOUSE_FINISH of those check did not warn of are played to their end, with
# HOUSE_FINISH_SECONDS of CPU each (HOUSE_OUT/finished.json).
HOUSE_VARIANTS ?= 20000
HOUSE_SEED ?= 1
HOUSE_OUT ?= /tmp/rummy-spec-house-fuzz
HOUSE_FINISH ?= 20
HOUSE_FINISH_SECONDS ?= 600
.PHONY: house-fuzz
house-fuzz: $(STAMP)
	$(BIN)/python -m tests.house.campaign --variants $(HOUSE_VARIANTS) --seed $(HOUSE_SEED) --out $(HOUSE_OUT)
	$(BIN)/python -m tests.house.finish $(HOUSE_OUT) --unwarned --limit $(HOUSE_FINISH) \
	  --seconds $(HOUSE_FINISH_SECONDS)
