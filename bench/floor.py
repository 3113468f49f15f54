"""Our request path against the framework's floor, in one process, in alternating turns.

For each request type of `make bench`'s workloads it times, in this process (no server, no
sockets), the CPU per request of

* **ours**: `practiceapi.server.wsgi.application`, what `make run` serves, with every
  middleware, a session (`X-CHALLENGER`), challenge tracking on, multi-player mode;
* **the floor**: what Django and DRF cost on their own for the same answer. A second
  `WSGIHandler` built with `MIDDLEWARE = []` and a two-route urlconf of its own, dispatching
  to bare DRF `APIView`s (no authentication, no permissions, no throttles, DRF's own
  content negotiation, an orjson renderer and parser). Each floor view calls the data
  layer ours calls (`challengers.sessions.find_challenger`, `todos.selectors.list_rows`,
  `todos.services.create_todo`, `amend_todo`, `delete_todo`), so both sides run the same
  statements by construction, and answers the same bytes.

Why a WSGIHandler and not the view called directly: the floor must include what any
Django deployment pays per request (the WSGIRequest, URL resolving, request_started and
request_finished with their connection checks, the response's WSGI headers), or the ratio
would charge Django's own cost to our code.

Every request carries Postman's headers and a new `Postman-Token` (bench/postman.lua), so
no two are byte-identical. Turns alternate (ours, floor, floor, ours, ...) in batches of
`--batch` requests of one type, `--rounds` times; the figure per side is the median of its
batches, so both sides see the machine in the same state. Ours records each request in
its session's history, and each of its turns ends by writing that batch (what a server's
writer thread does every second), timed as part of the turn. The script then checks that
each floor answer has our status and body, and prints the statements per request of both
sides (they must match: the floor is not allowed to do less database work).

    .venv/bin/python -m bench.floor [--rounds 15] [--batch 100] [--database sqlite|postgres]
        [--types list,one,filtered,create,put,delete,mix] [--ablate LAYER] [--profile TYPE]

`--ablate LAYER` also times ours with one layer taken out during its own turns (what the
layer costs; its answers may differ). `--profile TYPE` instead runs cProfile over
`--batch` x `--rounds` requests of one side of one request type and prints the functions
ranked by their own and cumulative time.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import importlib
import io
import os
import pstats
import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if not __package__:  # run as a script, `python bench/floor.py`: the project is one level up
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from practiceapi.server.harness import scratch_database  # noqa: E402

CREATE = b'{"title":"bench todo","description":"made by floor"}'
AMEND = b'{"title":"bench todo","doneStatus":true,"description":"amended by floor"}'
READS = ("list", "one", "filtered")
WRITES = ("create", "put", "delete")
# `make bench`'s classroom mix (bench/mixed.lua) in one process: each request drawn as the
# workload draws it (weights of list, filtered list, one todo, create), a create followed
# by its full PUT and its DELETE. Every side draws the same seeded sequence. The request
# types interleave as they do on the server, where per-type batches would let each type's
# code and data stay in the CPU's caches between requests.
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
DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres"


# ------------------------------------------------------------------ Django in this process


@contextlib.contextmanager
def django_on_scratch_database(kind: str, postgres_url: str) -> Iterator[Any]:
    """Django set up in this process on a migrated scratch database (a temporary SQLite
    file, or a database made on `postgres_url`'s server and dropped afterwards); yields
    the project's WSGI module (`make run`'s application, without the server)."""
    with scratch_database("bench", configured=postgres_url if kind == "postgres" else "") as url:
        os.environ["DATABASE_URL"] = url
        os.environ.update(DEBUG="0", APICHALLENGES_MODE="multi", LOG_LEVEL="WARNING")
        # No request-history thread: whoever measures writes the history's batches when
        # it chooses (history.writer.flush()), so their cost lands where it is counted.
        os.environ["APICHALLENGES_HISTORY_BATCH_SECONDS"] = "0"
        os.environ["DJANGO_SETTINGS_MODULE"] = "practiceapi.settings"
        import django

        django.setup()
        from django.db import connections

        from practiceapi.server import wsgi

        try:
            yield wsgi
        finally:
            connections.close_all()


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


def call(app: Callable, environ: dict) -> tuple[str, dict[str, str], bytes]:
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


# ------------------------------------------------------------------------------ the floor


def build_floor() -> Callable:
    """The floor's WSGI application (module docstring)."""
    import orjson
    from django.core.handlers.wsgi import WSGIHandler
    from django.test.utils import override_settings
    from django.urls import re_path
    from rest_framework.negotiation import DefaultContentNegotiation
    from rest_framework.parsers import BaseParser
    from rest_framework.renderers import BaseRenderer
    from rest_framework.response import Response
    from rest_framework.views import APIView

    from challengers.sessions import find_challenger
    from todos.resource import GET_PAGING
    from todos.selectors import find_row, list_rows
    from todos.services import amend_todo, create_todo, delete_todo
    from todos.validation import max_todos

    page = GET_PAGING.default_limit

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

    def session(request):  # noqa: ANN001, ANN202
        return find_challenger(request.headers["X-Challenger"])

    class Bare(APIView):
        authentication_classes: list = []
        permission_classes: list = []
        throttle_classes: list = []
        renderer_classes = [OrjsonRenderer]
        parser_classes = [OrjsonParser]
        content_negotiation_class = DefaultContentNegotiation

    class Collection(Bare):
        def get(self, request):  # noqa: ANN001, ANN201
            rows = list_rows(session(request))
            wanted = request.query_params.get("doneStatus")
            if wanted is not None:
                rows = [r for r in rows if r["doneStatus"] is (wanted == "true")]
            return Response({"todos": rows[:page]})

        def post(self, request):  # noqa: ANN001, ANN201
            row, _ = create_todo(session(request), request.data, cap=max_todos())
            return Response(row, status=201, headers={"Location": f"/api/todos/{row['id']}"})

    class Item(Bare):
        def get(self, request, todo_id):  # noqa: ANN001, ANN201
            row = find_row(list_rows(session(request)), int(todo_id))
            return Response({"todos": [row] if row else []})

        def put(self, request, todo_id):  # noqa: ANN001, ANN201
            data = request.data
            row, _ = amend_todo(session(request), int(todo_id), lambda current: {**current, **data})
            return Response(row)

        def delete(self, request, todo_id):  # noqa: ANN001, ANN201
            delete_todo(session(request), int(todo_id))
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


# ------------------------------------------------------------------------------ the sides


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
    from history import writer

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
        # The request history's batch write of the turn's requests, which a server's
        # writer thread does every second, is charged to the turn's requests: there is
        # no thread here, so no side pays for another's.
        started = clock()
        writer.flush()
        writing = (clock() - started) / len(kinds)
    return {kind: (total + writing) / batch for kind, total in spent.items()}


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


def check(ours: Side, floor: Side) -> dict[tuple[str, str], int]:
    """Same statuses and bodies on both sides; statements per request of each."""
    counts = {}
    sides = [ours, floor]
    for kind in READS:
        a, b = ours.send(kind), floor.send(kind)
        if a != b:
            raise RuntimeError(f"{kind}: ours {a[0]} {a[1][:120]!r}, floor {b[0]} {b[1][:120]!r}")
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
ABLATIONS: dict[str, str] = {
    "tracking": "challenge tracking (track_arrival, track) a no-op",
    "django-middleware": "Django's middleware left out of the API's stack (security, clickjacking)",
    "history": "no request history (nothing recorded, so nothing written)",
}


def ablated_side(name: str, app: Callable, guid: str) -> Side:
    if name == "django-middleware":
        from django.conf import settings
        from django.test.utils import override_settings

        from practiceapi.server.handlers import ApiHandler

        kept = [m for m in settings.API_MIDDLEWARE if not m.startswith("django.")]
        with override_settings(API_MIDDLEWARE=kept):
            return Side(f"without {name}", ApiHandler(), guid)
    patches = {
        "tracking": (
            ("challenges.middleware", "track", lambda request, response: None),
            ("challenges.middleware", "track_arrival", lambda request: None),
        ),
        "history": (("history.recorder", "record", lambda *args, **kwargs: None),),
    }[name]
    return Side(f"without {name}", app, guid, patches)


# ---------------------------------------------------------------------------------- report


def compare(
    ours: Side, floor: Side, kinds: list[str], rounds: int, batch: int, ablated: list[Side]
) -> str:
    """The table: ours against the floor, and each ablation; medians of alternating turns."""
    groups = [(k,) for k in kinds if k in READS]
    writes = tuple(k for k in WRITES if k in kinds)
    if writes:
        groups.append(writes)
    if MIX in kinds:
        groups.append((MIX,))
    sides = [ours, floor, *ablated]
    for group in groups:  # warm-up
        for side in sides:
            timed_batch(side, group, batch)
    samples: dict[tuple[str, str], list[float]] = {}
    for round_ in range(rounds):
        for group in groups:
            # Every other round the other way round, so that no side always follows the
            # same one (the side taken first runs the same requests a little slower).
            for side in sides if round_ % 2 == 0 else sides[::-1]:
                for kind, value in timed_batch(side, group, batch).items():
                    samples.setdefault((side.name, kind), []).append(value)
    counts = check(ours, floor)
    lines = [
        f"{'request type':<34} {'ours us':>8} {'floor us':>9} {'ratio':>6} {'(range)':>12}"
        f" {'statements':>12}"
    ]
    for kind in kinds:
        a, b = samples[("ours", kind)], samples[("floor", kind)]
        per_round = [x / y for x, y in zip(a, b, strict=True)]
        # The mix's statements are those of the types it draws.
        count = f"{counts[('ours', kind)]} / {counts[('floor', kind)]}" if kind != MIX else ""
        lines.append(
            f"{LABELS[kind]:<34} {statistics.median(a) * 1e6:>8.0f}"
            f" {statistics.median(b) * 1e6:>9.0f}"
            f" {statistics.median(a) / statistics.median(b):>6.2f}"
            f" {f'({min(per_round):.2f}-{max(per_round):.2f})':>12} {count:>12}"
        )
    for side in ablated:
        lines.append(f"\nours with {ABLATIONS[side.name.removeprefix('without ')]}:")
        for kind in kinds:
            a, b = samples[("ours", kind)], samples[(side.name, kind)]
            saved = [x - y for x, y in zip(a, b, strict=True)]
            lines.append(
                f"  {LABELS[kind]:<34} {statistics.median(b) * 1e6:>6.0f} us;"
                f" the layer: {statistics.median(saved) * 1e6:>5.0f} us per request"
                f" ({min(saved) * 1e6:.0f} to {max(saved) * 1e6:.0f} over the turns)"
            )
    return "\n".join(lines)


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
        "--postgres-url",
        default=DEFAULT_POSTGRES_URL,
        help="the PostgreSQL server to make the scratch database on",
    )
    parser.add_argument("--types", default=",".join(EVERY_TYPE))
    parser.add_argument(
        "--ablate",
        action="append",
        default=[],
        choices=sorted(ABLATIONS),
        help="also time our path without this layer, in the same turns (repeatable)",
    )
    parser.add_argument("--profile", choices=EVERY_TYPE, help="cProfile one side")
    parser.add_argument("--profile-side", choices=("ours", "floor"), default="ours")
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
        app = wsgi.application
        ours = Side("ours", app, new_session(app))
        floor = Side("floor", build_floor(), new_session(app))
        if args.profile:
            side = ours if args.profile_side == "ours" else floor
            print(profile(side, args.profile, args.rounds, args.batch, args.callees))
            return 0
        print(
            f"CPU per request, {args.database}, in one process, {args.rounds} alternating"
            f" turns of {args.batch} requests per side (median turn):"
        )
        ablated = [ablated_side(name, app, new_session(app)) for name in args.ablate]
        print(compare(ours, floor, kinds, args.rounds, args.batch, ablated))
    return 0


if __name__ == "__main__":
    sys.exit(main())
