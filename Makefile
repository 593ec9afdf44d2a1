# The two commands of the README: `make run` serves the site, `make test` checks everything.
# Both create the virtual environment and install the pinned dependencies when needed.

VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: run test check soak lint bench golden

$(INSTALLED): pyproject.toml constraints.txt
	python3 -m venv $(VENV)
	$(BIN)/pip install --quiet -c constraints.txt -e '.[dev,research,bench]'
	touch $(INSTALLED)

run: $(INSTALLED)
	$(BIN)/tabletop serve --host 127.0.0.1 --port 8000 --data-dir data

lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

test: lint
	scripts/ensure-test-services
	$(BIN)/pytest

# The fast loop while working on rules: lint, types, the engine's and the games' tests and
# doctests, the conformance suite and golden playthroughs; no server, browser or database.
check: lint
	$(BIN)/pytest -m "not slow" tests/engine tests/games tests/bots tests/test_conformance.py \
		tests/test_research_contract.py tests/test_golden.py tests/test_architecture.py \
		src/tabletop/engine src/tabletop/games

# The fuzz and chaos suites at length (make test runs them briefly): thousands of hostile
# requests and frames, then two server processes on PostgreSQL + Redis through many join
# races, bot tables and SIGKILLs. Each prints what it tried and what it found.
soak: $(INSTALLED)
	scripts/ensure-test-services
	TABLETOP_FUZZ_EXAMPLES=3000 TABLETOP_CHAOS_TABLES=20 TABLETOP_CHAOS_ROUNDS=5 \
		$(BIN)/pytest -s tests/server/test_fuzz.py tests/server/test_chaos.py

bench: $(INSTALLED)
	$(BIN)/tabletop bench engine

golden: $(INSTALLED)
	$(BIN)/python scripts/regenerate_golden.py $(GAMES)
