# Quick start: `make demo` runs the main job, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck unit docs bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,peers,analysis,cluster]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/rummy-spec demo

lint: $(STAMP)
	$(BIN)/ruff check rummy_spec tests benchmarks docs conformance

typecheck: $(STAMP)
	$(BIN)/mypy --strict

unit: $(STAMP)
	$(BIN)/pytest

test: lint typecheck unit

# The documentation site, warnings as errors (-W) and every reference checked (-n).
docs: $(STAMP)
	$(BIN)/sphinx-build -W -n -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/rummy-spec bench

clean:
	rm -rf $(VENV) build dist .mypy_cache .pytest_cache .ruff_cache .hypothesis docs/_build docs/rulebook

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
