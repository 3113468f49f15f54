"""Where the time of a request goes, in this process: the cost table and profiles.

Runs the real WSGI application in this process (no server, no sockets) on a fresh SQLite
file or, with `--database postgres`, a scratch PostgreSQL database it creates and drops,
creates one session, warms up, then

* times N requests (wall clock per request: the app's own cost, no HTTP server);
* attributes that time to the layers of the stack (cProfile cumulative times of the
  functions that open each layer), printed as a table;
* with `--pyinstrument`, prints pyinstrument's call tree of the same loop.

`--workload costs` instead prints the cost table of docs/benchmark.md: for each request
type of the workloads and a few others (list, filtered list, one todo, create, full PUT,
DELETE, QUERY, secret note read, `GET /api/challenges`), the CPU time per request of this
process and, on PostgreSQL, of its backend process, and the statements and transactions
it runs. Every request carries Postman's headers and a new
request id, as in `make bench`.

    .venv/bin/python bench/hotpath.py [--requests 3000] [--path /api/todos] [--pyinstrument]
        [--workload get|create-delete|costs] [--database sqlite|postgres]

The server-level picture (wrk load, py-spy on a worker) is in docs/benchmark.md.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import shutil
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# (label, module path fragment, function name): cumulative time of the outermost call of
# each. Nested layers are reported with their parent, so the rows overlap by design.
LAYERS: tuple[tuple[str, str, str], ...] = (
    ("whole WSGI call (WSGIHandler.__call__)", "django/core/handlers/wsgi.py", "__call__"),
    ("  WSGIRequest + environ", "django/core/handlers/wsgi.py", "__init__"),
    ("  ProtocolMiddleware (whole chain below it)", "practiceapi/middleware.py", "__call__"),
    ("    decorate (CORS, Content-Length)", "practiceapi/middleware.py", "decorate"),
    ("  WhiteNoiseMiddleware", "whitenoise/middleware.py", "__call__"),
    ("  TrackingMiddleware (session + view + tracking)", "challenges/middleware.py", "__call__"),
    ("    resolve (session SELECT)", "challengers/sessions.py", "resolve"),
    ("    track_arrival", "challenges/tracking.py", "track_arrival"),
    ("    track (after the response)", "challenges/tracking.py", "track"),
    ("      exchange_for (Exchange building)", "challenges/tracking.py", "exchange_for"),
    ("      judge (conditions)", "challenges/catalogue.py", "judge"),
    ("      record (credit and near-miss write)", "challenges/progress.py", "record"),
    ("      touch (activity write)", "challengers/sessions.py", "touch"),
    ("  SessionMiddleware", "django/contrib/sessions/middleware.py", "process_response"),
    ("  CsrfViewMiddleware", "django/middleware/csrf.py", "process_view"),
    ("  AuthenticationMiddleware", "django/contrib/auth/middleware.py", "process_request"),
    ("  MessageMiddleware", "django/contrib/messages/middleware.py", "process_response"),
    ("  URL resolving", "django/urls/resolvers.py", "resolve"),
    ("  DRF APIView.dispatch", "rest_framework/views.py", "dispatch"),
    ("    initialize_request (DRF Request)", "rest_framework/views.py", "initialize_request"),
    ("    initial (405 check, guards, negotiation)", "practiceapi/protocol/apiview.py", "initial"),
    ("      content negotiation", "practiceapi/protocol/drf.py", "select_renderer"),
    ("      parse_query_string", "practiceapi/protocol/query.py", "parse_query_string"),
    ("      body_length (reads request.body)", "practiceapi/protocol/parsers.py", "body_length"),
    ("    view get()", "todos/views/collection.py", "get"),
    ("      list_rows (ORM SELECT)", "todos/selectors.py", "list_rows"),
    ("      apply_query", "practiceapi/protocol/query.py", "apply_query"),
    ("    finalize_response", "practiceapi/protocol/apiview.py", "finalize_response"),
    ("  Response.render (renderer)", "django/template/response.py", "render"),
    ("ORM: all SQL execute()", "django/db/backends/utils.py", "execute"),
    ("ORM: SQL compile", "django/db/models/sql/compiler.py", "as_sql"),
)


@contextlib.contextmanager
def scratch_database(kind: str, postgres_url: str) -> Iterator[str]:
    if kind == "sqlite":
        directory = tempfile.mkdtemp(prefix="apichallenges-profile-")
        try:
            yield f"sqlite:///{directory}/db.sqlite3"
        finally:
            shutil.rmtree(directory, ignore_errors=True)
        return
    import psycopg

    parts = urlsplit(postgres_url)
    name = parts.path.lstrip("/")
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield postgres_url
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def django_on_scratch_database(kind: str, postgres_url: str) -> Iterator[Any]:
    """Django set up in this process on a migrated scratch database; yields the project's
    WSGI module (`make run`'s application, without the server)."""
    with scratch_database(kind, postgres_url) as url:
        os.environ["DATABASE_URL"] = url
        os.environ.update(DEBUG="0", APICHALLENGES_MODE="multi", LOG_LEVEL="WARNING")
        # No request-history thread: whoever measures writes the history's batches when
        # it chooses (history.flush()), so their cost lands where it is counted.
        os.environ["APICHALLENGES_HISTORY_BATCH_SECONDS"] = "0"
        os.environ["DJANGO_SETTINGS_MODULE"] = "practiceapi.settings"
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", interactive=False, verbosity=0)
        from practiceapi.server import wsgi

        yield wsgi


def make_environ(method: str, path: str, headers: dict[str, str], body: bytes = b"") -> dict:
    path, _, query = path.partition("?")
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "4567",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "HTTP_HOST": "127.0.0.1:4567",
        "HTTP_USER_AGENT": "wrk",
        "CONTENT_LENGTH": str(len(body)) if body else "",
    }
    for name, value in headers.items():
        key = name.upper().replace("-", "_")
        environ[key if key == "CONTENT_TYPE" else "HTTP_" + key] = value
    return environ


def call(app, environ: dict) -> tuple[str, dict[str, str], bytes]:  # noqa: ANN001 - WSGI app
    captured: dict = {}

    def start_response(status: str, headers: list, exc_info: object = None) -> None:
        captured["status"], captured["headers"] = status, dict(headers)

    chunks = app(environ, start_response)
    try:
        body = b"".join(chunks)
    finally:
        if hasattr(chunks, "close"):
            chunks.close()
    return captured["status"], captured["headers"], body


def postman_headers() -> dict[str, str]:
    """What Postman adds to every request (bench/postman.lua), with a new request id."""
    return {
        "User-Agent": "PostmanRuntime/7.43.0",
        "Accept": "*/*",
        "Cache-Control": "no-cache",
        "Postman-Token": str(uuid.uuid4()),
        "Accept-Encoding": "gzip, deflate, br",
        "Connection": "keep-alive",
    }


class Counted:
    """Statements (Django's execute wrappers) and transactions (commits and rollbacks of
    `atomic` blocks) run while it is active. On PostgreSQL each transaction adds two round
    trips (psycopg sends BEGIN before its first statement, then COMMIT)."""

    def __init__(self) -> None:
        self.statements = 0
        self.transactions = 0

    def __call__(self, execute, sql, params, many, context):  # noqa: ANN001 - Django's API
        self.statements += 1
        return execute(sql, params, many, context)

    @contextlib.contextmanager
    def active(self) -> Iterator[None]:
        from django.db import connection

        wrapper = type(connection._connections[connection._alias])  # past Django's proxy
        commit, rollback = wrapper._commit, wrapper._rollback

        def counted(original):  # noqa: ANN001, ANN202
            def run(conn) -> None:  # noqa: ANN001
                if conn.connection is not None and not conn.get_autocommit():
                    self.transactions += 1
                return original(conn)

            return run

        wrapper._commit, wrapper._rollback = counted(commit), counted(rollback)
        try:
            with connection.execute_wrapper(self):
                yield
        finally:
            wrapper._commit, wrapper._rollback = commit, rollback


def cost_table(app, guid: str, requests: int) -> str:  # noqa: ANN001 - WSGI app
    """CPU per request and database work of each request type (module docstring)."""
    session = {"X-CHALLENGER": guid}
    json_body = {**session, "Content-Type": "application/json"}
    status, headers, _ = call(
        app,
        make_environ(
            "POST",
            "/api/secret/token",
            {**session, "Authorization": "Basic YWRtaW46cGFzc3dvcmQ="},
        ),
    )
    if not status.startswith("201"):
        raise RuntimeError(f"POST /api/secret/token answered {status}")
    note = {**session, "X-AUTH-TOKEN": headers["X-AUTH-TOKEN"]}
    create = b'{"title":"bench todo","description":"made by hotpath"}'
    amend = b'{"title":"bench todo","doneStatus":true,"description":"amended by hotpath"}'
    query = {**session, "Content-Type": "application/x-www-form-urlencoded"}
    reads = [
        ("list: GET /api/todos", "GET", "/api/todos", session, b""),
        ("filtered list: GET /api/todos?doneStatus=false", "GET",
         "/api/todos?doneStatus=false", session, b""),
        ("one todo: GET /api/todos/3", "GET", "/api/todos/3", session, b""),
        ("QUERY /api/todos (form body)", "QUERY", "/api/todos", query, b"doneStatus=false"),
        ("secret note: GET /api/secret/note", "GET", "/api/secret/note", note, b""),
        ("GET /api/challenges", "GET", "/api/challenges", session, b""),
    ]  # fmt: skip
    totals: dict[str, list[float]] = {}
    database = database_process()

    def timed(label: str, method: str, path: str, headers: dict, body: bytes) -> dict:
        environ = make_environ(method, path, {**postman_headers(), **headers}, body)
        counted = Counted()
        with counted.active():
            database_before = cpu_of(database)
            started = time.process_time()
            status, answer_headers, _ = call(app, environ)
            spent = time.process_time() - started
            database_spent = cpu_of(database) - database_before
        if status[0] not in "23":
            raise RuntimeError(f"{method} {path} answered {status}")
        entry = totals.setdefault(label, [0.0, 0.0, 0, 0, 0])
        entry[0] += spent
        entry[1] += database_spent
        entry[2] += counted.statements
        entry[3] += counted.transactions
        entry[4] += 1
        return answer_headers

    # Reads first, then writes: a write renews the session's list_token, so reads measured
    # between writes would show only the first read after a change.
    for read in reads:
        for _ in range(requests):
            timed(*read)
    for _ in range(requests):
        location = timed("create: POST /api/todos", "POST", "/api/todos", json_body, create)[
            "Location"
        ]
        timed("full PUT /api/todos/{id}", "PUT", location, json_body, amend)
        timed("DELETE /api/todos/{id}", "DELETE", location, session, b"")
    lines = [
        f"{'request type':<50} {'CPU us':>7} {'db CPU us':>9} {'statements':>10}"
        f" {'transactions':>12}"
    ]
    for label, (cpu, database_cpu, statements, transactions, count) in totals.items():
        lines.append(
            f"{label:<50} {cpu / count * 1e6:>7.0f} {database_cpu / count * 1e6:>9.0f}"
            f" {statements / count:>10.2f} {transactions / count:>12.2f}"
        )
    return "\n".join(lines)


def database_process() -> psutil.Process | None:
    """PostgreSQL's backend process serving this process's connection (None on SQLite,
    which runs in this process)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return psutil.Process(cursor.fetchone()[0])


def cpu_of(process: psutil.Process | None) -> float:
    """CPU seconds of `process`, counted in clock ticks: summed over many requests, the
    ticks that land in each request type give its share."""
    if process is None:
        return 0.0
    times = process.cpu_times()
    return times.user + times.system


def layer_table(stats: pstats.Stats, requests: int, total_s: float) -> str:
    rows = []
    table = stats.stats  # type: ignore[attr-defined]
    for label, fragment, function in LAYERS:
        cumulative = 0.0
        for (filename, _line, name), (_cc, _nc, _tt, ct, _callers) in table.items():
            if name == function and filename.replace(os.sep, "/").endswith(fragment):
                cumulative = max(cumulative, ct)
        per_request_us = cumulative / requests * 1e6
        share = cumulative / total_s * 100 if total_s else 0.0
        rows.append(f"{label:<55} {per_request_us:>8.1f} us {share:>6.1f} %")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--path", default="/api/todos", help="the GET of workload 'get'")
    parser.add_argument(
        "--workload",
        choices=("get", "create-delete", "costs"),
        default="get",
        help="'create-delete': POST /api/todos then DELETE of the created todo (one pair is "
        "two requests), the writes of `make bench`'s mixed workload; 'costs': the cost "
        "table (module docstring), --requests rounds of every request type",
    )
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--postgres-url", default="postgres://postgres@127.0.0.1:5432/bench_apichallenges_profile"
    )
    parser.add_argument("--pyinstrument", action="store_true", help="print pyinstrument's tree")
    parser.add_argument(
        "--loop-only", action="store_true", help="no in-process profiler (for py-spy from outside)"
    )
    args = parser.parse_args(argv)

    with django_on_scratch_database(args.database, args.postgres_url) as wsgi:
        app = wsgi.application  # what `make run` serves, without the server
        status, headers, _ = call(app, make_environ("POST", "/api/challenger", {}))
        guid = headers.get("X-CHALLENGER")
        if not status.startswith("201") or not guid:
            print(f"POST /api/challenger answered {status}", file=sys.stderr)
            return 1
        request_headers = {"X-CHALLENGER": guid}

        def expect(status: str, wanted: str, what: str) -> None:
            if not status.startswith(wanted):
                raise RuntimeError(f"{what} answered {status}")

        def get(n: int) -> None:
            for _ in range(n):
                status, _, _ = call(app, make_environ("GET", args.path, request_headers))
                expect(status, "200", f"GET {args.path}")

        def create_delete(n: int) -> None:
            body = b'{"title":"bench todo","description":"made and deleted by hotpath"}'
            create_headers = {**request_headers, "Content-Type": "application/json"}
            for _ in range(n // 2):
                status, headers, _ = call(
                    app, make_environ("POST", "/api/todos", create_headers, body)
                )
                expect(status, "201", "POST /api/todos")
                status, _, _ = call(
                    app, make_environ("DELETE", headers["Location"], request_headers)
                )
                expect(status, "2", "DELETE")

        if args.workload == "costs":
            cost_table(app, guid, 50)  # warm-up: imports, first-request credits, connection
            print(f"Cost per request type, {args.database}, in-process WSGI, no server "
                  f"({args.requests} rounds, after a warm-up):")  # fmt: skip
            print(cost_table(app, guid, args.requests))
            return 0
        loop = get if args.workload == "get" else create_delete

        loop(300)  # warm-up: imports, first-request credits, connection
        started, cpu_started = time.perf_counter(), time.process_time()
        loop(args.requests)
        wall = time.perf_counter() - started
        cpu = time.process_time() - cpu_started
        what = f"GET {args.path}" if args.workload == "get" else "POST + DELETE /api/todos"
        print(f"{what} with a session, {args.database}, in-process WSGI, no server:")
        # CPU time is what matters on a shared machine: wall time grows with others' load.
        print(f"  {args.requests} requests: {cpu / args.requests * 1e6:.0f} us CPU per request"
              f" ({args.requests / cpu:.0f} req/s per core); wall {wall / args.requests * 1e6:.0f}"
              " us per request")  # fmt: skip

        if args.loop_only:
            return 0
        profiler = cProfile.Profile()
        profiler.enable()
        loop(args.requests)
        profiler.disable()
        stats = pstats.Stats(profiler)
        total = max(ct for (_f, _l, _n), (_c, _nc, _t, ct, _cl) in stats.stats.items())  # type: ignore[attr-defined]
        print("\nLayers (cProfile cumulative time; cProfile inflates small calls, compare shares):")
        print(layer_table(stats, args.requests, total))
        out = io.StringIO()
        stats.stream = out  # type: ignore[attr-defined]
        stats.sort_stats("tottime").print_stats(25)
        print("\nTop functions by own time:")
        print("\n".join(out.getvalue().splitlines()[4:]))

        if args.pyinstrument:
            from pyinstrument import Profiler

            with Profiler(interval=0.001) as instrument:
                loop(args.requests)
            print(instrument.output_text(unicode=True, color=False, show_all=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
