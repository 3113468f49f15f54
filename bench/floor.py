"""Our request path against the framework's floor, in one process, in alternating turns.

For each request type of `make bench`'s workloads it times, in this process (no server, no
sockets), the CPU per request of

* **ours**: `practiceapi.wsgi.application`, what `make run` serves, with every middleware,
  a session (`X-CHALLENGER`), challenge tracking on, multi-player mode;
* **the floor**: what Django and DRF cost on their own for the same answer. A second
  `WSGIHandler` built with `MIDDLEWARE = []` and a two-route urlconf of its own, dispatching
  to bare DRF `APIView`s (no authentication, no permissions, no throttles, DRF's own
  content negotiation, an orjson renderer and parser). Each floor view runs the statements
  our view runs for that request in steady state, written out with Django's cursor (the
  session row's SELECT of every request; for writes the same UPDATE/INSERT/DELETE, in one
  `transaction.atomic()`, so SQLite's `BEGIN IMMEDIATE` and PostgreSQL's BEGIN/COMMIT are
  paid on both sides), and answers the same bytes: the same todos, kept per process as
  rows (as ours keeps a session's rows under its `list_token`), turned into dicts and
  rendered on every request.

Why a WSGIHandler and not the view called directly: the floor must include what any
Django deployment pays per request (the WSGIRequest, URL resolving, request_started and
request_finished with their connection checks, the response's WSGI headers), or the ratio
would charge Django's own cost to our code.

Every request carries Postman's headers and a new `Postman-Token` (bench/postman.lua), so
no two are byte-identical. Turns alternate (ours, floor, ours, ...) in batches of
`--batch` requests of one type, `--rounds` times; the figure per side is the median of
its batches, so both sides see the machine in the same state. The script first checks
that each floor answer has our status and body, and prints the statements per request of
both sides (they must match: the floor is not allowed to do less database work).

    .venv/bin/python bench/floor.py [--rounds 15] [--batch 100] [--database sqlite|postgres]
        [--types list,one,filtered,create,put,delete,mix] [--prototypes] [--profile TYPE]

`--prototypes` adds, in the same turns, two designs below the floor that run the floor's
statements (`FloorStatements`) and answer the same bytes: plain Django views without DRF
(bench/plain_server.py) and a bare WSGI callable without Django's request handling either
(bench/bare_server.py). `make bench` serves them as `+plain` and `+bare`.

`--profile TYPE` instead runs cProfile over `--batch` x `--rounds` requests of our side of
one request type and prints the functions ranked by their own and cumulative time.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import importlib
import io
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from hotpath import (  # noqa: E402
    call,
    django_on_scratch_database,
    make_environ,
    postman_headers,
)

CREATE = b'{"title":"bench todo","description":"made by floor"}'
AMEND = b'{"title":"bench todo","doneStatus":true,"description":"amended by floor"}'
READS = ("list", "one", "filtered")
WRITES = ("create", "put", "delete")
# `make bench`'s classroom mix (bench/mixed.lua) in one process: each request drawn as the
# workload draws it (weights of list, filtered list, one todo, create), a create followed
# by its full PUT and its DELETE. Every side draws the same seeded sequence. The request
# types interleave as they do on the server, where per-type batches let each type's code
# and data stay in the CPU's caches between requests.
MIX = "mix"
MIX_WEIGHTS = (("list", 45), ("filtered", 10), ("one", 25), ("create", 20))
MIX_SEED = 4567
EVERY_TYPE = (*READS, *WRITES, MIX)
LABELS = {
    "list": "GET /api/todos",
    "one": "GET /api/todos/3",
    "filtered": "GET /api/todos?doneStatus=false",
    "create": "POST /api/todos",
    "put": "PUT /api/todos/{id} (full)",
    "delete": "DELETE /api/todos/{id}",
    MIX: "the classroom mix (43 % writes)",
}


class FloorStatements:
    """The statements ours runs for each todo request in steady state, written out with
    Django's cursor: what the floor's views (and the prototypes on the server,
    bench/bare_server.py and bench/plain_server.py) run in place of our services and
    selectors. One per application: each keeps its own rows."""

    TODO_COLUMNS = '"todo_id", "title", "done_status", "description"'
    # The collection is always paged: ten todos unless `_limit` says otherwise.
    PAGE = 10

    def __init__(self) -> None:
        from django.apps import apps
        from django.db import connection, transaction

        # Imported once: an import in each method would be paid on every request.
        self.connection, self.transaction = connection, transaction

        challenger = next(m for m in apps.get_models() if m.__name__ == "Challenger")
        todo = next(m for m in apps.get_models() if m.__name__ == "Todo")
        self.sessions, self.todos = challenger._meta.db_table, todo._meta.db_table
        fields = [f.column for f in challenger._meta.concrete_fields]
        columns = ", ".join(f'"{column}"' for column in fields)
        self.session_sql = f'SELECT {columns} FROM "{self.sessions}" WHERE "guid" = %s'
        self.token_at = fields.index("list_token")
        # As ours keeps them (todos.selectors.KeptRows): a session's rows, read again once
        # a write has given the session a new `list_token`.
        self.kept: dict[str, tuple[int, list[tuple]]] = {}

    @staticmethod
    def as_dict(row: tuple) -> dict:
        return {"id": row[0], "title": row[1], "doneStatus": bool(row[2]), "description": row[3]}

    def session_row(self, guid: str) -> tuple | None:
        with self.connection.cursor() as cursor:
            cursor.execute(self.session_sql, [guid])
            return cursor.fetchone()

    def rows_of(self, guid: str, token: int) -> list[tuple]:
        entry = self.kept.get(guid)
        if entry is None or entry[0] != token:
            with self.connection.cursor() as cursor:
                cursor.execute(
                    f'SELECT {self.TODO_COLUMNS} FROM "{self.todos}" WHERE "challenger_id" = %s'
                    ' ORDER BY "todo_id"',
                    [guid],
                )
                entry = self.kept[guid] = (token, cursor.fetchall())
        return entry[1]

    def session_rows(self, guid: str) -> list[tuple] | None:
        """The session's todos as ours reads them (the session's row first), or None for
        a session that does not exist."""
        session = self.session_row(guid)
        return None if session is None else self.rows_of(session[0], session[self.token_at])

    def create(self, guid: str, title: str, done: bool, description: str) -> tuple:
        """The new todo's row."""
        connection, transaction = self.connection, self.transaction
        if connection.vendor == "postgresql":
            # What ours runs there: one statement claims the id and inserts.
            with connection.cursor() as cursor:
                cursor.execute(
                    "WITH claimed (todo_id) AS ("
                    f'UPDATE "{self.sessions}" SET next_todo_id = next_todo_id + 1,'
                    ' todo_count = todo_count + 1, "list_token" = %s'
                    ' WHERE "guid" = %s AND todo_count < %s'
                    " RETURNING next_todo_id - 1, todo_count, (SELECT COUNT(*)"
                    f' FROM "{self.todos}" WHERE "challenger_id" = %s AND "done_status")),'
                    f' inserted AS (INSERT INTO "{self.todos}" ("challenger_id", "todo_id",'
                    ' "title", "done_status", "description") SELECT %s, todo_id, %s, %s,'
                    " %s FROM claimed RETURNING 1) SELECT todo_id FROM claimed",
                    [time.monotonic_ns(), guid, 20, guid, guid, title, done, description],
                )  # fmt: skip
                return (cursor.fetchone()[0], title, done, description)
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                f'UPDATE "{self.sessions}" SET next_todo_id = next_todo_id + 1,'
                ' todo_count = todo_count + 1, "list_token" = %s'
                ' WHERE "guid" = %s AND todo_count < %s'
                f' RETURNING next_todo_id - 1, todo_count, (SELECT COUNT(*) FROM "{self.todos}"'
                ' WHERE "challenger_id" = %s AND "done_status")',
                [time.monotonic_ns(), guid, 20, guid],
            )
            row = (cursor.fetchone()[0], title, done, description)
            cursor.execute(
                f'INSERT INTO "{self.todos}" ("challenger_id", "todo_id", "title",'
                ' "done_status", "description") VALUES (%s, %s, %s, %s, %s)',
                [guid, *row],
            )
        return row

    def amend(self, session: tuple, row: tuple) -> None:
        """Write `row` (id, title, done, description) over the session's todo."""
        connection, transaction = self.connection, self.transaction
        guid, wanted = session[0], row[0]
        if connection.vendor == "postgresql":
            # What ours runs there: the rows as kept under the session's token, then one
            # statement that writes only while the token is still that one.
            self.rows_of(guid, session[self.token_at])
            with connection.cursor() as cursor:
                cursor.execute(
                    f'WITH renewed AS (UPDATE "{self.sessions}" SET "list_token" = %s'
                    ' WHERE "guid" = %s AND "list_token" = %s RETURNING "guid"),'
                    f' written AS (UPDATE "{self.todos}" SET "title" = %s, "done_status" = %s,'
                    ' "description" = %s FROM renewed WHERE "challenger_id" ='
                    ' renewed."guid" AND "todo_id" = %s) SELECT COUNT(*) FROM renewed',
                    [time.monotonic_ns(), guid, session[self.token_at], row[1], row[2], row[3],
                     wanted],
                )  # fmt: skip
                cursor.fetchone()
            return
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                f'UPDATE "{self.sessions}" SET "list_token" = %s WHERE "guid" = %s',
                [time.monotonic_ns(), guid],
            )
            cursor.execute(
                f'SELECT {self.TODO_COLUMNS} FROM "{self.todos}" WHERE "challenger_id" = %s'
                ' ORDER BY "todo_id"',
                [guid],
            )
            cursor.fetchall()
            cursor.execute(
                f'UPDATE "{self.todos}" SET "title" = %s, "done_status" = %s,'
                ' "description" = %s WHERE "challenger_id" = %s AND "todo_id" = %s',
                [row[1], row[2], row[3], guid, wanted],
            )

    def delete(self, guid: str, todo_id: int) -> None:
        connection, transaction = self.connection, self.transaction
        if connection.vendor == "postgresql":
            # What ours runs there: one statement locks, deletes and counts.
            with connection.cursor() as cursor:
                cursor.execute(
                    f'WITH locked AS (SELECT "guid" FROM "{self.sessions}" WHERE "guid" = %s'
                    f' FOR UPDATE), deleted AS (DELETE FROM "{self.todos}" USING locked'
                    ' WHERE "challenger_id" = locked."guid" AND "todo_id" = %s'
                    ' RETURNING "done_status"), counted AS (UPDATE'
                    f' "{self.sessions}" SET todo_count = CASE WHEN todo_count > 0 THEN'
                    ' todo_count - 1 ELSE 0 END, "list_token" = %s WHERE "guid" = %s'
                    " AND EXISTS (SELECT 1 FROM deleted) RETURNING todo_count,"
                    f' (SELECT COUNT(*) FROM "{self.todos}" WHERE "challenger_id" = %s'
                    ' AND "done_status") AS done_before) SELECT counted.todo_count,'
                    ' counted.done_before, deleted."done_status" FROM counted, deleted',
                    [guid, todo_id, time.monotonic_ns(), guid, guid],
                )  # fmt: skip
                cursor.fetchone()
            return
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                f'UPDATE "{self.sessions}" SET todo_count = CASE WHEN todo_count > 0'
                ' THEN todo_count - 1 ELSE 0 END, "list_token" = %s WHERE "guid" = %s'
                f' RETURNING todo_count, (SELECT COUNT(*) FROM "{self.todos}"'
                ' WHERE "challenger_id" = %s AND "done_status")',
                [time.monotonic_ns(), guid, guid],
            )
            cursor.fetchone()
            cursor.execute(
                f'DELETE FROM "{self.todos}" WHERE "challenger_id" = %s AND "todo_id" = %s'
                ' RETURNING "done_status"',
                [guid, todo_id],
            )
            cursor.fetchone()


def build_floor(read_sql: bool) -> Callable:
    """The floor's WSGI application (module docstring); `read_sql`: reads run the session
    row's SELECT too."""
    import orjson
    from django.core.handlers.wsgi import WSGIHandler
    from django.test.utils import override_settings
    from django.urls import re_path
    from rest_framework.negotiation import DefaultContentNegotiation
    from rest_framework.parsers import BaseParser
    from rest_framework.renderers import BaseRenderer
    from rest_framework.response import Response
    from rest_framework.views import APIView

    statements = FloorStatements()
    as_dict = statements.as_dict

    class OrjsonRenderer(BaseRenderer):
        media_type = "application/json"
        format = "json"
        charset = None

        def render(self, data, accepted_media_type=None, renderer_context=None):  # noqa: ANN001, ANN201
            return b"" if data is None else orjson.dumps(data)

    class OrjsonParser(BaseParser):
        media_type = "application/json"

        def parse(self, stream, media_type=None, parser_context=None):  # noqa: ANN001, ANN201
            return orjson.loads(stream.read())

    def session_row(request) -> tuple:  # noqa: ANN001
        return statements.session_row(request.headers["X-Challenger"])

    def read_rows(request) -> list[tuple]:  # noqa: ANN001
        if not read_sql:
            return statements.rows_of(request.headers["X-Challenger"], 0)
        return statements.session_rows(request.headers["X-Challenger"])

    class Bare(APIView):
        authentication_classes: list = []
        permission_classes: list = []
        throttle_classes: list = []
        renderer_classes = [OrjsonRenderer]
        parser_classes = [OrjsonParser]
        content_negotiation_class = DefaultContentNegotiation

    class Collection(Bare):
        def get(self, request):  # noqa: ANN001, ANN201
            rows = read_rows(request)
            wanted = request.query_params.get("doneStatus")
            if wanted is not None:
                flag = wanted == "true"
                rows = [r for r in rows if bool(r[2]) is flag]
            return Response({"todos": [as_dict(r) for r in rows[: statements.PAGE]]})

        def post(self, request):  # noqa: ANN001, ANN201
            data = request.data
            guid = session_row(request)[0]
            # make bench's check sends no description
            row = statements.create(
                guid, data["title"], bool(data.get("doneStatus")), data.get("description", "")
            )
            return Response(as_dict(row), status=201, headers={"Location": f"/api/todos/{row[0]}"})

    class Item(Bare):
        def get(self, request, todo_id):  # noqa: ANN001, ANN201
            rows = read_rows(request)
            wanted = int(todo_id)
            return Response({"todos": [as_dict(r) for r in rows if r[0] == wanted]})

        def put(self, request, todo_id):  # noqa: ANN001, ANN201
            data = request.data
            row = (int(todo_id), data["title"], bool(data.get("doneStatus")), data["description"])
            statements.amend(session_row(request), row)
            return Response(as_dict(row))

        def delete(self, request, todo_id):  # noqa: ANN001, ANN201
            statements.delete(session_row(request)[0], int(todo_id))
            return Response(status=204)

    class urlconf:  # noqa: N801 - a urlconf module's shape, hashable for Django's cache
        urlpatterns = [
            re_path(r"^api/todos/?$", Collection.as_view()),
            re_path(r"^api/todos/(?P<todo_id>[^/]+)/?$", Item.as_view()),
        ]

    class FloorHandler(WSGIHandler):
        def get_response(self, request):  # noqa: ANN001, ANN201
            request.urlconf = urlconf  # Django resolves against request.urlconf when set
            response = super().get_response(request)
            # Ours names the session on every answer; clients (bench/mixed.lua) read it.
            response["X-CHALLENGER"] = request.META.get("HTTP_X_CHALLENGER", "")
            return response

    with override_settings(MIDDLEWARE=[]):
        return FloorHandler()


class Side:
    """One application, one session of its own, the requests of each type."""

    def __init__(self, name: str, app: Callable, guid: str, patches: tuple = ()) -> None:
        self.name, self.app, self.guid = name, app, guid
        # The todo the write cycle is working on, and the one the mix is.
        self.location = {"writes": "", MIX: ""}
        # (module, attribute, value): set during this side's turns only (`--ablate`).
        self.patches = patches
        self.draws = random.Random(MIX_SEED)
        self.follow_ups: list[str] = []  # the mix's PUT and DELETE of the todo it created

    @contextlib.contextmanager
    def turn(self) -> Iterator[None]:
        saved = []
        for module, attribute, value in self.patches:
            target = importlib.import_module(module)
            saved.append((target, attribute, getattr(target, attribute)))
            setattr(target, attribute, value)
        try:
            yield
        finally:
            for target, attribute, value in saved:
                setattr(target, attribute, value)

    def next_in_mix(self) -> str:
        if self.follow_ups:
            return self.follow_ups.pop(0)
        kinds, weights = zip(*MIX_WEIGHTS, strict=True)
        kind = self.draws.choices(kinds, weights)[0]
        if kind == "create":
            self.follow_ups = ["put", "delete"]
        return kind

    def send(self, kind: str) -> tuple[str, bytes]:
        cycle = MIX if kind == MIX else "writes"
        if kind == MIX:
            kind = self.next_in_mix()
        session = {"X-CHALLENGER": self.guid}
        json_type = {**session, "Content-Type": "application/json"}
        method, path, headers, body = {
            "list": ("GET", "/api/todos", session, b""),
            "one": ("GET", "/api/todos/3", session, b""),
            "filtered": ("GET", "/api/todos?doneStatus=false", session, b""),
            "create": ("POST", "/api/todos", json_type, CREATE),
            "put": ("PUT", self.location[cycle], json_type, AMEND),
            "delete": ("DELETE", self.location[cycle], session, b""),
        }[kind]
        environ = make_environ(method, path, {**postman_headers(), **headers}, body)
        status, answer_headers, content = call(self.app, environ)
        if kind == "create":
            self.location[cycle] = answer_headers["Location"]
        return status, content


def timed_batch(side: Side, kinds: tuple[str, ...], batch: int) -> dict[str, float]:
    """CPU seconds per request of each kind over `batch` requests (writes: `batch` cycles
    of create, PUT, DELETE, each request timed on its own)."""
    spent = dict.fromkeys(kinds, 0.0)
    clock = time.process_time
    with side.turn():
        for _ in range(batch):
            for kind in kinds:
                started = clock()
                status, _ = side.send(kind)
                spent[kind] += clock() - started
                if status[0] not in "23":
                    raise RuntimeError(f"{side.name} {kind} answered {status}")
    return {kind: total / batch for kind, total in spent.items()}


def statements(side: Side, kind: str) -> int:
    from django.db import connection

    count = 0

    def counted(execute, sql, params, many, context):  # noqa: ANN001, ANN202
        nonlocal count
        count += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        side.send(kind)
    return count


def check(ours: Side, floors: list[Side]) -> dict[tuple[str, str], int]:
    """Same statuses and bodies on every side; statements per request of each."""
    counts = {}
    for kind in READS:
        a = ours.send(kind)
        for floor in floors:
            b = floor.send(kind)
            if a != b:
                raise RuntimeError(
                    f"{kind}: ours {a[0]} {a[1][:120]!r}, {floor.name} {b[0]} {b[1][:120]!r}"
                )
    sides = [ours, *floors]
    for kind in READS:
        for side in sides:
            counts[(side.name, kind)] = statements(side, kind)
    for side in sides:  # one write cycle each first: first-completion credits
        for kind in WRITES:
            side.send(kind)
    for kind in WRITES:
        answers = []
        for side in sides:
            status, body = side.send(kind)
            # The ids differ (each side's session numbers its own todos): compare the rest.
            todo_id = side.location["writes"].rsplit("/", 1)[1].encode()
            answers.append((status, body.replace(todo_id, b"N")))
        if len(set(answers)) != 1:
            raise RuntimeError(f"{kind}: {answers}")
    for kind in WRITES:
        for side in sides:
            counts[(side.name, kind)] = statements(side, kind)
    return counts


def new_session(app: Callable) -> str:
    status, headers, _ = call(app, make_environ("POST", "/api/challenger", {}))
    if not status.startswith("201"):
        raise RuntimeError(f"POST /api/challenger answered {status}")
    return headers["X-CHALLENGER"]


# `--ablate`: our path with one layer taken out, during that side's turns only, to measure
# what the layer costs (a measurement, not a shape to serve: answers may differ).
ABLATIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "tracking": (EVERY_TYPE, "challenge tracking (track_arrival, track) a no-op"),
    # Parts of tracking: `candidates` skips deciding what the request attempts and so,
    # with nothing found, the exchange and the judging; `judging` skips only the judging.
    # `tracking` is `candidates` plus the middleware, `record` and `touch`.
    "candidates": (
        EVERY_TYPE,
        "tracking finds no open attempts (so it decides nothing, builds and judges no exchange)",
    ),
    "judging": (
        EVERY_TYPE,
        "tracking decides its attempts and builds their exchange but judges nothing",
    ),
    "session": (READS, "the session from a kept instance (no SELECT, no row -> instance)"),
    "loader": (READS, "the session's row -> instance skipped (the SELECT still runs)"),
    "django-middleware": (
        EVERY_TYPE,
        "Django's middleware left out of the API's stack (security, clickjacking)",
    ),
    # bench/lean_server.py's prototype in this process: tracking (its middleware left out,
    # not made no-ops) and Django's middleware at once.
    "lean": (
        EVERY_TYPE,
        "tracking's and Django's middleware left out of the API's stack (the lean prototype)",
    ),
    "swapped": (
        EVERY_TYPE,
        "the --swap replacements (a negative layer: they cost more)",
    ),
}


# What bench/lean_server.py leaves off the API's stack.
LEAN_LEAVES_OUT = ("django.", "challenges.middleware.")


def handler_without(prefixes: tuple[str, ...]) -> Callable:
    """Our API handler (the sides send API requests only) with the middleware of its stack
    whose paths start with `prefixes` left out."""
    from django.conf import settings
    from django.test.utils import override_settings

    from practiceapi.handlers import ApiHandler

    kept = [m for m in settings.API_MIDDLEWARE if not m.startswith(prefixes)]
    with override_settings(API_MIDDLEWARE=kept):
        return ApiHandler()


def ablated_side(name: str, app: Callable, guid: str) -> Side:
    from challengers.sessions import find_challenger
    from challenges.declarations import Judgement

    if name in ("django-middleware", "lean"):
        left_out = ("django.",) if name == "django-middleware" else LEAN_LEAVES_OUT
        return Side(f"without {name}", handler_without(left_out), guid)

    kept = find_challenger(guid)
    patches = {
        "tracking": (
            ("challenges.middleware", "track", lambda request, response: None),
            ("challenges.middleware", "track_arrival", lambda request: None),
        ),
        "candidates": (("challenges.tracking", "_open_for", lambda request, challenger: ()),),
        "judging": (
            ("challenges.tracking", "judge", lambda exchange, challenges, sifted: Judgement()),
        ),
        "session": (("challengers.middleware", "resolve", lambda header: kept),),
        "loader": (("challengers.sessions", "challenger_from_row", lambda row, database: kept),),
    }[name]
    return Side(f"without {name}", app, guid, patches)


def swapped_side(swaps: list[str], app: Callable, guid: str) -> Side:
    patches = []
    for swap in swaps:
        target, source = swap.split("=")
        module, name = source.split(":")
        value = getattr(importlib.import_module(module), name)
        patches.append((*target.split(":"), value))
    return Side("without swapped", app, guid, tuple(patches))


def compare(
    ours: Side,
    floors: list[Side],
    kinds: list[str],
    rounds: int,
    batch: int,
    ablated: list[Side] = (),  # type: ignore[assignment]
    prototypes: list[Side] = (),  # type: ignore[assignment]
) -> str:
    """The table: ours, the floor (reads answer the payload only) and, for reads, the floor
    with the session row's SELECT; medians of alternating turns. `prototypes`: designs
    below the floor (`--prototypes`), timed for every type in the same turns."""
    groups = [(k,) for k in kinds if k in READS]
    writes = tuple(k for k in WRITES if k in kinds)
    if writes:
        groups.append(writes)
    if MIX in kinds:
        groups.append((MIX,))
    floor, floor_sql = floors

    def sides_of(group: tuple[str, ...]) -> list[Side]:
        # Writes and the mix: both floors run the same statements; one is enough.
        sides = [ours, floor, floor_sql] if group[0] in READS else [ours, floor_sql]
        name_of = {side.name: side.name.removeprefix("without ") for side in ablated}
        ablations = [a for a in ablated if group[0] in ABLATIONS[name_of[a.name]][0]]
        return [*sides, *ablations, *prototypes]

    for group in groups:  # warm-up
        for side in sides_of(group):
            timed_batch(side, group, batch)
    samples: dict[tuple[str, str], list[float]] = {}
    for _ in range(rounds):
        for group in groups:
            for side in sides_of(group):
                for kind, value in timed_batch(side, group, batch).items():
                    samples.setdefault((side.name, kind), []).append(value)
    counts = check(ours, [*floors, *prototypes])
    lines = [
        f"{'request type':<34} {'ours us':>8} {'floor us':>9} {'ratio':>6} {'(range)':>12}"
        f" {'floor+SQL us':>13} {'ratio':>6} {'(range)':>12} {'statements':>12}"
    ]

    def ratio(a: list[float], b: list[float]) -> tuple[str, str]:
        per_round = [x / y for x, y in zip(a, b, strict=True)]
        return (
            f"{statistics.median(a) / statistics.median(b):.2f}",
            f"({min(per_round):.2f}-{max(per_round):.2f})",
        )

    for kind in kinds:
        a = samples[("ours", kind)]
        sql = samples[("floor+SQL", kind)]
        if kind in READS:
            bare = samples[("floor", kind)]
            first = (f"{statistics.median(bare) * 1e6:.0f}", *ratio(a, bare))
        else:
            first = ("=", "", "")  # writes: the floor is the one with the statements
        # The mix's statements are those of the types it draws.
        count = f"{counts[('ours', kind)]} / {counts[('floor+SQL', kind)]}" if kind != MIX else ""
        lines.append(
            f"{LABELS[kind]:<34} {statistics.median(a) * 1e6:>8.0f} {first[0]:>9} {first[1]:>6}"
            f" {first[2]:>12} {statistics.median(sql) * 1e6:>13.0f} {ratio(a, sql)[0]:>6}"
            f" {ratio(a, sql)[1]:>12} {count:>12}"
        )
    for side in ablated:
        name = side.name.removeprefix("without ")
        lines.append(f"\nours with {ABLATIONS[name][1]}:")
        for kind in kinds:
            if kind not in ABLATIONS[name][0]:
                continue
            a = samples[("ours", kind)]
            b = samples[(side.name, kind)]
            saved = [x - y for x, y in zip(a, b, strict=True)]
            lines.append(
                f"  {LABELS[kind]:<34} {statistics.median(b) * 1e6:>6.0f} us;"
                f" the layer: {statistics.median(saved) * 1e6:>5.0f} us per request"
                f" ({min(saved) * 1e6:.0f} to {max(saved) * 1e6:.0f} over the turns)"
            )
    for side in prototypes:
        lines.append(f"\n{side.name}, a prototype below the floor:")
        for kind in kinds:
            b = samples[(side.name, kind)]
            above, spread = ratio(samples[("floor+SQL", kind)], b)
            lines.append(
                f"  {LABELS[kind]:<34} {statistics.median(b) * 1e6:>6.0f} us;"
                f" the floor with the SQL costs {above}x that {spread}"
            )
    return "\n".join(lines)


# Designs below the framework's floor, for `--prototypes`: (side name, module serving it on
# `make bench`'s server as `+VARIANT`).
PROTOTYPES = (
    ("Django view, no DRF", "bench.plain_server"),
    ("no Django request, no DRF", "bench.bare_server"),
)


def profile(side: Side, kind: str, rounds: int, batch: int, callees: str | None = None) -> str:
    group = WRITES if kind in WRITES else (kind,)
    timed_batch(side, group, batch)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(rounds):
        timed_batch(side, group, batch)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(60)
    stats.sort_stats("tottime").print_stats(40)
    if callees:
        stats.print_callees(callees)
    return f"{rounds * batch} requests of each of {group}\n" + out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--batch", type=int, default=100, help="requests per turn")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--postgres-url", default="postgres://postgres@127.0.0.1:5432/bench_apichallenges_floor"
    )
    parser.add_argument("--types", default=",".join(EVERY_TYPE))
    parser.add_argument(
        "--ablate",
        action="append",
        default=[],
        choices=sorted(ABLATIONS),
        help="also time our path without this layer, in the same turns (repeatable)",
    )
    parser.add_argument(
        "--swap",
        action="append",
        default=[],
        metavar="MODULE:NAME=MODULE:NAME",
        help="also time our path with this attribute replaced (e.g. an earlier version of a "
        "function from bench/variants.py), in the same turns; repeatable, one side for all",
    )
    parser.add_argument(
        "--prototypes",
        action="store_true",
        help="also time the designs below the floor (PROTOTYPES), in the same turns",
    )
    parser.add_argument("--profile", choices=EVERY_TYPE, help="cProfile one side")
    parser.add_argument("--profile-side", choices=("ours", "floor", "floor+SQL"), default="ours")
    parser.add_argument(
        "--callees", metavar="REGEX", help="with --profile: also what the matching functions call"
    )
    args = parser.parse_args(argv)
    kinds = args.types.split(",")
    unknown = set(kinds) - set(EVERY_TYPE)
    if unknown:
        parser.error(f"unknown types: {', '.join(sorted(unknown))}")
    if set(WRITES) & set(kinds) and not set(WRITES) <= set(kinds):
        # Each PUT and DELETE works on the todo its cycle's create made.
        parser.error("create, put and delete run as one cycle: give all three")

    with django_on_scratch_database(args.database, args.postgres_url) as wsgi:
        ours = Side("ours", wsgi.application, new_session(wsgi.application))
        floors = [
            Side("floor", build_floor(read_sql=False), new_session(wsgi.application)),
            Side("floor+SQL", build_floor(read_sql=True), new_session(wsgi.application)),
        ]
        if args.profile:
            side = next(x for x in (ours, *floors) if x.name == args.profile_side)
            print(profile(side, args.profile, args.rounds, args.batch, args.callees))
            return 0
        print(
            f"CPU per request, {args.database}, in one process, {args.rounds} alternating"
            f" turns of {args.batch} requests per side (median turn):"
        )
        ablated = [
            ablated_side(name, wsgi.application, new_session(wsgi.application))
            for name in args.ablate
        ]
        if args.swap:
            ablated.append(swapped_side(args.swap, wsgi.application, new_session(wsgi.application)))
        prototypes = [
            Side(name, importlib.import_module(module).wsgi, new_session(wsgi.application))
            for name, module in (PROTOTYPES if args.prototypes else ())
        ]
        print(compare(ours, floors, kinds, args.rounds, args.batch, ablated, prototypes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
