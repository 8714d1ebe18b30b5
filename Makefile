# The two set-up commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint format bench clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py serve

# The suites that touch the database run a second time on PostgreSQL (production's
# database) when TEST_POSTGRES_URL names a server, e.g. postgres://postgres@127.0.0.1:5432/fishsite.
POSTGRES_SUITES := tests/rooms tests/e2e tests/faults

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)
	@if [ -n "$$TEST_POSTGRES_URL" ]; then \
	  echo "make test: $(POSTGRES_SUITES) again on PostgreSQL"; \
	  DATABASE_URL="$$TEST_POSTGRES_URL" $(BIN)/python -m pytest $(PYTEST_ARGS) $(POSTGRES_SUITES); \
	elif [ -n "$$CI" ]; then \
	  echo "make test: CI must run the PostgreSQL pass: set TEST_POSTGRES_URL" >&2; exit 1; \
	else \
	  echo "make test: PostgreSQL pass skipped: TEST_POSTGRES_URL is not set"; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) artifacts .pytest_cache
