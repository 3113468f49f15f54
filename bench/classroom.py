"""A class with its pages open, end to end: `make run` under students and an instructor.

Starts `make run` (migrations, static files, the production server on 2 workers of this
machine) in a project tree, by default this one (`--tree` another checkout, to measure a
release beside today's: `make run` installs that tree's own virtual environment), on a
fresh database: a new SQLite file, or a new database on `--postgres-url`'s server, dropped
afterwards. It then makes a class over HTTP and in that tree's own Django (so that the
release measured is the one that writes its rows):

* `--students` sessions made with `POST /api/challenger`, put in one cohort with one open
  assignment of seven challenges;
* an instructor: a superuser, logged in.

and loads it, open loop, for `--warmup` then `--duration` seconds, every request sent at
its scheduled time whatever became of the earlier ones:

* each student sends an API request about every `--api-seconds` (uniformly 5/6 to 7/6 of
  it), the classroom mix of `make bench` on their own session: 45 % `GET /api/todos`, 10 %
  `?doneStatus=false`, 25 % one of their todos, 20 % a write (a create, then a full `PUT`
  of that todo, then its `DELETE`), with Postman's headers;
* each student's progress page polls, and the instructor's class page its `live.json`,
  every so many seconds: by default as today's pages do (`--polls page=5,class=5`: the
  progress page's one poll, `status.json?history=N`, asks for the status and the history
  entries newer than the newest it shows); `--polls status=3,history=3,class=5` as the
  pages of earlier releases did, with their two polls (`status.json` and
  `requests.json`). Each poll sends the version it shows as If-None-Match
  (`--unconditional status,class`: without, as those earlier pages did); `--no-pages`
  leaves every page closed.

Each student has one connection for their API client and one per poll (a browser keeps
each poll's keep-alive connection), opened at their first request; a request sent on a
kept connection that the server closed while idle is sent again on a new one, as
browsers and HTTP clients do. A latency is counted from the request's scheduled time, so
a request that waited for a busy connection counts its wait. An error is an answer with
another status than the request expects (2xx for the API, 200 or 304 for polls), a
connection that failed, or no answer within `--timeout` seconds.

    .venv/bin/python -m bench.classroom [--database sqlite|postgres] [--students 2000]
        [--tree DIR] [--polls page=5,class=5] [--unconditional KINDS]
        [--no-pages] [--warmup 20] [--duration 60] [--json FILE]

It prints, per kind of request, how many, errors, p50, p99 and the slowest, then the CPU
of the server's processes, PostgreSQL's and this load generator's own over the measured
seconds (a share of one core), and one line

    students=N api_p99_ms=N api_errors=N poll_errors=N server_cpu=N ok=yes|no

`ok` when the API's p99 is at most `--p99-ms` (200) with no error of any kind.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit, urlunsplit

import orjson

if not __package__:  # run as a script: the project is one level up
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.run import (
    BenchError,
    cpu_seconds,
    create_sessions,
    database_processes,
    machine_busy_seconds,
    process_tree,
)  # noqa: E402
from practiceapi.server import console  # noqa: E402
from practiceapi.server.harness import ROOT, ProcessGroup, free_port, server_env  # noqa: E402

HOST = "127.0.0.1"
DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/classroom_bench"
API_KINDS = ("list", "filtered", "one", "create", "amend", "delete")
POLL_KINDS = ("page", "status", "history", "class")
# A progress page's polls: `page` is today's one poll, the status and the history together
# (`status.json?history=N`, N the newest entry shown); `status` (`status.json`) and
# `history` (`requests.json`) are the two polls of the pages of earlier releases.
PAGE_POLLS = {
    "page": "status.json",
    "status": "status.json",
    "history": "requests.json",
}
# What a class's assignment holds: challenges with the same keys in every release.
ASSIGNED = [
    "CREATE_NEW_CHALLENGER",
    "GET_TODOS",
    "GET_TODO",
    "GET_TODOS_FILTERED",
    "POST_TODOS",
    "PUT_TODOS_FULL_200",
    "DELETE_A_TODO",
]
POSTMAN = (
    "User-Agent: PostmanRuntime/7.43.0\r\nAccept: */*\r\nCache-Control: no-cache\r\n"
    "Accept-Encoding: gzip, deflate, br\r\nConnection: keep-alive\r\n"
)
BROWSER = (
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0 Safari/537.36\r\nAccept: application/json\r\n"
    "Accept-Encoding: gzip, deflate, br\r\nAccept-Language: en-GB,en;q=0.9\r\n"
)
CREATE_BODY = b'{"title":"class todo","description":"made by bench.classroom"}'
PUT_BODY = b'{"title":"class todo","doneStatus":true,"description":"amended"}'

# Run in the measured tree's own Django, given the sessions' GUIDs on standard input: puts
# them in a cohort with an open assignment and logs an instructor in. Written against what
# every release has (models found by class name: their app labels moved between releases).
SEED = """
import json, sys
import django
django.setup()
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

models = {m.__name__: m for m in apps.get_models()}
Cohort, Challenger, Assignment = models["Cohort"], models["Challenger"], models["Assignment"]
guids = json.load(sys.stdin)
cohort = Cohort.objects.create(code="bench-class", name="Bench class")
for number, guid in enumerate(guids, 1):
    Challenger.objects.filter(guid=guid).update(cohort=cohort, display_name=f"Student {number:04d}")
Assignment.objects.create(cohort=cohort, title="First steps", challenges=ASSIGNED)
user = get_user_model().objects.create_superuser("instructor", "i@example.org", "not-used-here")
client = Client(HTTP_HOST="127.0.0.1")
client.force_login(user)
label = Cohort._meta.app_label
print(json.dumps({
    "live": f"/admin/{label}/cohort/{cohort.pk}/progress/live.json",
    "cookie": f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}",
}))
""".replace("ASSIGNED", repr(ASSIGNED))


# ------------------------------------------------------------------------- the server


@contextlib.contextmanager
def empty_database(database: str, postgres_url: str) -> Iterator[str]:
    """A DATABASE_URL with nothing in it yet: `make run` migrates it."""
    if database == "sqlite":
        with tempfile.TemporaryDirectory(prefix="classroom-") as directory:
            yield f"sqlite:///{Path(directory) / 'db.sqlite3'}"
        return
    import psycopg
    from psycopg import sql

    name = f"classroom_{uuid.uuid4().hex[:12]}"
    admin_url = urlunsplit(urlsplit(postgres_url)._replace(path="/postgres"))

    def admin(statement: str) -> None:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(sql.SQL(statement).format(sql.Identifier(name)))

    admin("CREATE DATABASE {}")
    try:
        yield urlunsplit(urlsplit(postgres_url)._replace(path=f"/{name}"))
    finally:
        admin("DROP DATABASE IF EXISTS {} WITH (FORCE)")


def environment(database_url: str) -> dict[str, str]:
    """The server's and the seeding's environment: one SECRET_KEY, so that the instructor's
    login made by the one is good on the other."""
    env = server_env(
        database_url,
        {
            # The class's sessions are all made from this one address, in seconds.
            "APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR": "1000000",
        },
    )
    for inherited in ("VIRTUAL_ENV", "WORKERS", "THREADS"):
        env.pop(inherited, None)
    return env


def make_run(tree: Path, env: dict[str, str], port: int) -> ProcessGroup:
    """`make run` in `tree`, waited for until the heartbeat answers."""
    group = ProcessGroup(
        ["make", "--no-print-directory", "run", f"HOST={HOST}", f"PORT={port}"],
        cwd=tree,
        env=env,
        name="classroom",
    )
    deadline = time.monotonic() + 900  # a tree's first `make run` installs its environment
    while time.monotonic() < deadline:
        if not group.alive():
            raise BenchError(f"`make run` exited early:\n{group.log()[-4000:]}")
        if console.heartbeat(HOST, port, {}, timeout=2) == 204:
            return group
        time.sleep(0.5)
    group.kill()
    raise BenchError(f"`make run` did not answer in time:\n{group.log()[-4000:]}")


def seed(tree: Path, env: dict[str, str], guids: list[str]) -> dict[str, str]:
    result = subprocess.run(
        [str(tree / ".venv" / "bin" / "python"), "-c", SEED],
        cwd=tree,
        env={**env, "DJANGO_SETTINGS_MODULE": "practiceapi.settings"},
        input=json.dumps(guids),
        capture_output=True,
        text=True,
        timeout=600,
    )
    if result.returncode != 0:
        raise BenchError(f"seeding the class failed:\n{result.stderr[-4000:]}")
    seeded: dict[str, str] = json.loads(result.stdout.strip().splitlines()[-1])
    return seeded


# ------------------------------------------------------------------------------ HTTP


class Answer(NamedTuple):
    status: int
    etag: str
    location: str
    body: bytes  # kept only by a connection asked to keep bodies


class Closed(Exception):
    """The server closed the connection before the whole answer came."""


class Connection(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection, one request at a time; reads just enough of an
    answer to know its status, its ETag and where it ends (Content-Length or chunked), and
    with `keep_body` its body (not a chunked one)."""

    def __init__(self, keep_body: bool = False) -> None:
        self.keep_body = keep_body
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.waiter: asyncio.Future[Answer] | None = None
        self.closed = False
        self.used = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(Closed())

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        answer = self.parse()
        if answer is not None and self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(answer)

    def parse(self) -> Answer | None:
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return None
        head = bytes(self.buffer[:end]).decode("latin-1").split("\r\n")
        status = int(head[0].split(" ", 2)[1])
        length, chunked, etag, location = 0, False, "", ""
        for line in head[1:]:
            name, _, value = line.partition(":")
            name = name.lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
            elif name == "etag":
                etag = value.strip()
            elif name == "location":
                location = value.strip()
        body, content = end + 4, b""
        if chunked:
            last = self.buffer.find(b"\r\n0\r\n\r\n", body - 2)
            if last < 0:
                return None
            del self.buffer[: last + 7]
        else:
            if len(self.buffer) < body + length:
                return None
            if self.keep_body:
                content = bytes(self.buffer[body : body + length])
            del self.buffer[: body + length]
        return Answer(status, etag, location, content)

    async def exchange(self, request: bytes, timeout: float) -> Answer:
        assert self.transport is not None
        self.used = True
        self.waiter = asyncio.get_running_loop().create_future()
        self.transport.write(request)
        return await asyncio.wait_for(self.waiter, timeout)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


@dataclass
class Tally:
    sent: int = 0  # requests due inside the measured window
    latencies: list[float] = field(default_factory=list)  # ms, from the scheduled time
    errors: dict[str, int] = field(default_factory=dict)
    statuses: dict[int, int] = field(default_factory=dict)
    resent: int = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


class Load:
    def __init__(
        self, args: argparse.Namespace, port: int, guids: list[str], seeded: dict[str, str]
    ):
        self.args, self.port, self.guids, self.seeded = args, port, guids, seeded
        self.tallies = {kind: Tally() for kind in (*API_KINDS, *POLL_KINDS)}
        self.start = 0.0
        self.measure_from = 0.0
        self.stop_at = 0.0

    async def send(
        self,
        stream: list[Connection | None],
        kind: str,
        request: bytes,
        expected: tuple[int, ...],
        due: float,
        keep_body: bool = False,
    ) -> Answer | None:
        """Send `request` on the stream's connection at `due` (loop time); tallies it when
        it was due inside the measured window."""
        loop = asyncio.get_running_loop()
        tally = self.tallies[kind]
        counted = due >= self.measure_from
        if counted:
            tally.sent += 1
        for attempt in (1, 2):
            connection = stream[0]
            if connection is None or connection.closed:
                try:
                    _, connection = await loop.create_connection(
                        lambda: Connection(keep_body), HOST, self.port
                    )
                except OSError as exc:
                    if counted:
                        tally.error(f"connect: {exc.__class__.__name__}")
                    return None
                stream[0] = connection
            kept = connection.used
            try:
                answer = await connection.exchange(request, self.args.timeout)
            except Closed:
                stream[0] = None
                if kept and attempt == 1:  # closed while idle: send it again, once
                    if counted:
                        tally.resent += 1
                    continue
                if counted:
                    tally.error("closed")
                return None
            except TimeoutError:
                connection.close()
                stream[0] = None
                if counted:
                    tally.error("timeout")
                return None
            if counted:
                tally.latencies.append((loop.time() - due) * 1000)
                tally.statuses[answer.status] = tally.statuses.get(answer.status, 0) + 1
                if answer.status not in expected:
                    tally.error(f"status {answer.status}")
            return answer
        return None

    async def at(self, due: float) -> bool:
        """Sleep until `due`; False once the run is over."""
        loop = asyncio.get_running_loop()
        if due >= self.stop_at:
            return False
        await asyncio.sleep(max(due - loop.time(), 0))
        return True

    async def student_api(self, guid: str, rng: random.Random) -> None:
        period = self.args.api_seconds
        stream: list[Connection | None] = [None]
        todo: str | None = None  # the todo their writes work on: created, amended, deleted
        amended = False
        due = self.start + rng.uniform(0, period)
        while await self.at(due):
            draw = rng.random()
            body = b""
            if draw < 0.45:
                kind, method, path = "list", "GET", "/api/todos"
            elif draw < 0.55:
                kind, method, path = "filtered", "GET", "/api/todos?doneStatus=false"
            elif draw < 0.80:
                kind, method, path = "one", "GET", f"/api/todos/{rng.randint(1, 10)}"
            elif todo is None:
                kind, method, path, body = "create", "POST", "/api/todos", CREATE_BODY
            elif not amended:
                kind, method, path, body = "amend", "PUT", todo, PUT_BODY
            else:
                kind, method, path = "delete", "DELETE", todo
            head = (
                f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n{POSTMAN}"
                f"X-CHALLENGER: {guid}\r\nPostman-Token: {uuid.UUID(int=rng.getrandbits(128))}\r\n"
            )
            if body:
                head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            answer = await self.send(
                stream, kind, head.encode() + b"\r\n" + body, (200, 201, 204), due
            )
            if kind == "create" and answer is not None and answer.status == 201:
                todo, amended = urlsplit(answer.location).path, False
            elif kind == "amend":
                amended = True
            elif kind == "delete":
                todo = None
            due += rng.uniform(period * 5 / 6, period * 7 / 6)

    async def poll(
        self, kind: str, path: str, every: float, rng: random.Random, extra: str = ""
    ) -> None:
        stream: list[Connection | None] = [None]
        conditional = kind not in self.args.unconditional
        version = ""
        # Today's page names the newest entry of the history it shows.
        history = kind == "page"
        newest = 0
        due = self.start + rng.uniform(0, every)
        while await self.at(due):
            target = f"{path}?history={newest}" if history else path
            head = f"GET {target} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n{BROWSER}{extra}"
            if conditional and version:
                head += f"If-None-Match: {version}\r\n"
            answer = await self.send(
                stream, kind, head.encode() + b"\r\n", (200, 304), due, keep_body=history
            )
            if answer is not None and answer.status == 200:
                version = answer.etag or version
                if history and answer.body:
                    newest = newest_entry(answer.body) or newest
            due += every

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        self.start = loop.time() + 1
        self.measure_from = self.start + self.args.warmup
        self.stop_at = self.measure_from + self.args.duration
        rng = random.Random(1)
        tasks = []
        for guid in self.guids:
            tasks.append(self.student_api(guid, random.Random(rng.getrandbits(64))))
            if self.args.pages:
                for kind, every in self.args.polls.items():
                    if kind in PAGE_POLLS:
                        path = f"/gui/challenges/{guid}/{PAGE_POLLS[kind]}"
                        tasks.append(self.poll(kind, path, every, rng))
        if self.args.pages and "class" in self.args.polls:
            tasks.append(
                self.poll(
                    "class",
                    self.seeded["live"],
                    self.args.polls["class"],
                    rng,
                    extra=f"Cookie: {self.seeded['cookie']}\r\n",
                )
            )
        await asyncio.gather(*tasks)

    async def sample_cpu(self, server_root: int) -> None:
        """CPU seconds of the server, PostgreSQL, this process and the machine, at the start
        and at the end of the measured window."""
        loop = asyncio.get_running_loop()
        for moment in (self.measure_from, self.stop_at):
            await asyncio.sleep(max(moment - loop.time(), 0))
            own = resource.getrusage(resource.RUSAGE_SELF)
            self.cpu.append(
                {
                    "server": cpu_seconds(process_tree(server_root)),
                    "postgres": cpu_seconds(database_processes()),
                    "load generator": own.ru_utime + own.ru_stime,
                    "machine": machine_busy_seconds(),
                }
            )

    cpu: list[dict[str, float]]


def newest_entry(body: bytes) -> int:
    """The newest entry id the history part of a page poll's answer sent (0: none)."""
    entries = orjson.loads(body).get("history", {}).get("entries", [])
    return max((int(entry["id"]) for entry in entries), default=0)


# ---------------------------------------------------------------------------- the run


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summarise(args: argparse.Namespace, database: str, load: Load) -> dict[str, Any]:
    rows: dict[str, dict[str, Any]] = {}
    groups = {"api (all)": API_KINDS, **{kind: (kind,) for kind in (*API_KINDS, *POLL_KINDS)}}
    for name, kinds in groups.items():
        tallies = [load.tallies[kind] for kind in kinds]
        latencies = [value for tally in tallies for value in tally.latencies]
        errors: dict[str, int] = {}
        statuses: dict[str, int] = {}
        for tally in tallies:
            for what, count in tally.errors.items():
                errors[what] = errors.get(what, 0) + count
            for status, count in tally.statuses.items():
                statuses[str(status)] = statuses.get(str(status), 0) + count
        if not latencies and not errors:
            continue
        rows[name] = {
            "requests": sum(tally.sent for tally in tallies),
            "per_second": round(len(latencies) / args.duration, 1),
            "errors": errors,
            "statuses": statuses,
            "resent": sum(tally.resent for tally in tallies),
            "p50_ms": round(percentile(latencies, 0.50), 1),
            "p99_ms": round(percentile(latencies, 0.99), 1),
            "max_ms": round(max(latencies, default=0.0), 1),
        }
    first, last = load.cpu
    cpu = {name: round((last[name] - first[name]) / args.duration, 3) for name in first}
    api = rows.get("api (all)", {})
    api_errors = sum(api.get("errors", {}).values())
    poll_errors = sum(sum(rows[kind]["errors"].values()) for kind in POLL_KINDS if kind in rows)
    ok = bool(api) and float(api["p99_ms"]) <= args.p99_ms and api_errors == 0 and poll_errors == 0
    return {
        "database": database,
        "tree": str(args.tree),
        "students": args.students,
        "pages": args.pages,
        "polls": args.polls if args.pages else {},
        "unconditional": sorted(args.unconditional),
        "duration_s": args.duration,
        "kinds": rows,
        "cpu_cores": cpu,
        "api_p99_ms": api.get("p99_ms"),
        "api_errors": api_errors,
        "poll_errors": poll_errors,
        "ok": ok,
    }


def report(result: dict[str, Any]) -> None:
    print(
        f"\n== {result['database']}: {result['students']} students, pages "
        f"{'open ' + json.dumps(result['polls']) if result['pages'] else 'closed'}, "
        f"tree {result['tree']}"
    )
    print(
        f"{'kind':<11} {'requests':>9} {'/s':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  "
        "errors / statuses"
    )
    for name, row in result["kinds"].items():
        print(
            f"{name:<11} {row['requests']:>9} {row['per_second']:>7} {row['p50_ms']:>8} "
            f"{row['p99_ms']:>8} {row['max_ms']:>8}  {row['errors'] or ''} {row['statuses']}"
            f"{' resent ' + str(row['resent']) if row['resent'] else ''}"
        )
    cpu = result["cpu_cores"]
    print("CPU (cores): " + ", ".join(f"{name} {value}" for name, value in cpu.items()))
    print(
        f"students={result['students']} api_p99_ms={result['api_p99_ms']} "
        f"api_errors={result['api_errors']} poll_errors={result['poll_errors']} "
        f"server_cpu={cpu['server']} ok={'yes' if result['ok'] else 'no'}"
    )


def bench_database(args: argparse.Namespace, database: str) -> dict[str, Any]:
    with empty_database(database, args.postgres_url) as url:
        port = free_port()
        print(f"{database}: make run in {args.tree} on port {port} ...", flush=True)
        env = environment(url)
        group = make_run(args.tree, env, port)
        try:
            started = time.monotonic()
            guids = create_sessions(port, args.students)
            seeded = seed(args.tree, env, guids)
            print(
                f"{database}: {len(guids)} students in a class in "
                f"{time.monotonic() - started:.0f} s; loading for "
                f"{args.warmup} + {args.duration} s ...",
                flush=True,
            )
            load = Load(args, port, guids, seeded)
            load.cpu = []

            async def main() -> None:
                await asyncio.gather(load.run(), load.sample_cpu(group.pid))

            asyncio.run(main())
            if not group.alive():
                raise BenchError(f"the server exited during the load:\n{group.log()[-4000:]}")
            return summarise(args, database, load)
        finally:
            group.stop()


def parse_polls(text: str) -> dict[str, float]:
    """`page=5,class=5` -> the seconds between each poll sent (a poll not named: none)."""
    polls: dict[str, float] = {}
    for item in filter(None, text.split(",")):
        kind, _, seconds = item.partition("=")
        if kind not in POLL_KINDS:
            raise argparse.ArgumentTypeError(
                f"unknown poll {kind!r}: one of {', '.join(POLL_KINDS)}"
            )
        polls[kind] = float(seconds)
    return polls


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", action="append", choices=("sqlite", "postgres"))
    parser.add_argument("--students", type=int, default=2000)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the project tree to serve")
    parser.add_argument(
        "--api-seconds", type=float, default=6.0, help="a student's mean time between API requests"
    )
    parser.add_argument(
        "--polls",
        type=parse_polls,
        default=parse_polls("page=5,class=5"),
        help="seconds between polls: page=5,class=5 (today's pages), or status=3,history=3,"
        "class=5 (the two polls of earlier pages)",
    )
    parser.add_argument(
        "--unconditional",
        default="",
        type=lambda text: set(filter(None, text.split(","))),
        help="polls sent without If-None-Match (status, history, class)",
    )
    parser.add_argument("--no-pages", dest="pages", action="store_false")
    parser.add_argument("--warmup", type=float, default=20.0)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds for an answer")
    parser.add_argument("--p99-ms", type=float, default=200.0)
    parser.add_argument("--postgres-url", default=DEFAULT_POSTGRES_URL)
    parser.add_argument("--json", type=Path, help="append each result to this file (a line each)")
    args = parser.parse_args(argv)
    args.tree = args.tree.resolve()
    args.database = args.database or ["sqlite", "postgres"]
    if args.unconditional - set(POLL_KINDS):
        parser.error(f"--unconditional: one or more of {', '.join(POLL_KINDS)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # Three connections a student, and the server's workers are on this machine too.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if 3 * args.students + 64 > hard:
        raise SystemExit(f"{3 * args.students} connections need more open files than {hard}")
    every_ok = True
    for database in args.database:
        try:
            result = bench_database(args, database)
        except BenchError as exc:
            print(f"{database}: {exc}", file=sys.stderr)
            return 2
        report(result)
        every_ok = every_ok and bool(result["ok"])
        if args.json:
            with args.json.open("a") as fh:
                fh.write(json.dumps(result) + "\n")
    return 0 if every_ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
