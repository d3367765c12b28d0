# Quick start: `make demo` runs the main job, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck unit docs bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/rummy-spec demo

lint: $(STAMP)
	$(BIN)/ruff check rummy_spec tests benchmarks docs

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
