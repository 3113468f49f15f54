# The two commands a newcomer needs: `make run` and `make test` (see README).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 4567
HOST ?= 127.0.0.1
# Empty: practiceapi/server/serve.py picks them for the machine and the database.
WORKERS ?=
THREADS ?=

.PHONY: run test lint migrate dev clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime-installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev-installed: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.runtime-installed $@

migrate: $(VENV)/.runtime-installed
	$(BIN)/python manage.py migrate --noinput

## Install, migrate and serve the API on http://$(HOST):$(PORT) with the production server:
## granian, WORKERS processes x THREADS Django threads (by default a worker per CPU, 1 thread
## on SQLite, 4 on PostgreSQL), request bodies buffered with a deadline (practiceapi/server/serve.py,
## practiceapi/server/asgi.py; chosen by measurement, docs/benchmark.md).
## PROXY_BUFFERS_BODIES=1: behind a reverse proxy that buffers bodies (docs/hosting.md).
PROXY_BUFFERS_BODIES ?= 0
run: migrate
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	HOST=$(HOST) PORT=$(PORT) WORKERS=$(WORKERS) THREADS=$(THREADS) \
		PROXY_BUFFERS_BODIES=$(PROXY_BUFFERS_BODIES) $(BIN)/python -m practiceapi.server.serve

## A hosted classroom on this machine (docs/hosting.md): HAProxy with deploy/haproxy.cfg on
## http://127.0.0.1:8080 (HOST, PORT) in front of two app processes started from
## deploy/apichallenges@.service (APP_PORTS, default 4567,4568) on the PostgreSQL database
## of DATABASE_URL; migrates first, Ctrl-C stops everything (practiceapi/server/hosted.py).
.PHONY: hosted
hosted: $(VENV)/.runtime-installed
	$(BIN)/python -m practiceapi.server.hosted

## Django's development server (auto-reload).
dev: migrate
	DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)

## Install the test dependencies, lint, type-check (mypy, pyproject.toml) and run the whole
## suite (DATABASE_URL picks PostgreSQL). The tests read times in UTC, whatever this
## machine's zone (APICHALLENGES_TIME_ZONE).
test: export APICHALLENGES_TIME_ZONE = UTC
test: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/python manage.py makemigrations --check --dry-run > /dev/null
	$(BIN)/mypy
	$(BIN)/pytest

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) staticfiles db.sqlite3 db.sqlite3-wal db.sqlite3-shm db-history.sqlite3 db-history.sqlite3-wal db-history.sqlite3-shm

## Load-test the production server on SQLite and PostgreSQL against json-server, each
## workload in turns with it (needs wrk and npm; not part of `make test`). BENCH_ARGS passes
## options, e.g. BENCH_ARGS="--databases sqlite --workloads mixed --server granian:2:4".
.PHONY: bench
bench: $(VENV)/.dev-installed
	$(BIN)/python -m bench.run $(BENCH_ARGS)

## Fuzz both OpenAPI documents (schemathesis) against the production server on a scratch database.
## FUZZ_EXAMPLES bounds the test cases per operation; FUZZ_URL targets a running server.
FUZZ_EXAMPLES ?= 30
.PHONY: fuzz
fuzz: $(VENV)/.dev-installed
	$(BIN)/python -m tests.reliability.fuzz --max-examples $(FUZZ_EXAMPLES) \
		$(if $(FUZZ_URL),--url $(FUZZ_URL))
