# Two entry points, each doing all of its set-up on a fresh machine:
#   make serve   - the main job
#   make test    - lint, format check, type check, dead-code check and the whole test suite
# The system's own Python 3 when there is one (Debian builds it with profile-guided
# optimisation: the engine benchmark runs 10 to 14 % faster on it than on a plain build,
# see docs/performance.md); `make PYTHON=python3.12 ...` picks another.
PYTHON ?= $(firstword $(wildcard /usr/bin/python3) python3)
VENV   := .venv
BIN    := $(VENV)/bin
EXTRAS ?= dev,cli,server,rl,web,fast

.PHONY: serve test venv lint format bench clean deadcode

$(BIN)/activate: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[$(EXTRAS)]"
	touch $(BIN)/activate

venv: $(BIN)/activate

serve: venv
	$(BIN)/takeover serve

# The browser tests drive the system Chromium (never a downloaded one): where it is
# missing, the shared set-up script (also .ci/run's) installs it with apt, or says in one
# line why it cannot.
CHROMIUM ?= $(or $(TAKEOVER_CHROMIUM),/usr/bin/chromium)

test: venv
	@test -x "$(CHROMIUM)" || TAKEOVER_CHROMIUM="$(CHROMIUM)" bash scripts/install-system-deps.sh --browser-only
	$(BIN)/ruff format --check src tests
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/vulture
	$(BIN)/pytest

deadcode: venv
	$(BIN)/vulture

format: venv
	$(BIN)/ruff format src tests
	$(BIN)/ruff check --fix src tests

bench: venv
	$(BIN)/takeover bench engine

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
