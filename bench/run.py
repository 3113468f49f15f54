"""`make bench`: load the production server and json-server the same way, and compare.

Owns the whole benchmark run (docs/benchmark.md): for each database (a fresh migrated
SQLite file, then a fresh migrated PostgreSQL database on `--postgres-url`'s server, made
and dropped by practiceapi/server/harness.py's `scratch_database`) it starts the production
server, creates 200 sessions over HTTP, checks the todo routes answer as the workloads
expect, and loads the server from wrk (a separate process, loopback only, fixed duration)
with bench/list.lua (workload a: `GET /api/todos`) and bench/mixed.lua (workload b, a
classroom's mix: 45 % list, 10 % filtered list, 25 % one todo, 20 % create, each create
followed by a full PUT and a DELETE). Every request carries Postman's headers and a new
`Postman-Token` (bench/postman.lua): real clients never repeat a request byte for byte.
Beside each workload a fresh json-server (bench/jsonserver, pinned by its
package-lock.json) serving the same ten todos gets the same load, the two taking turns run
by run (`--repeat`), so that both see the machine in the same state: this machine's speed
drifts by up to a quarter within minutes, and a json-server measured at the end of the run
made the ratio drift with it. Every server it starts runs in a process group of its own
and is stopped at the end, on errors and on Ctrl-C too.

It prints, per workload, requests/s, p50, p99, errors (non-2xx answers, socket errors and
requests unanswered after 2 s), the server's peak RSS (all its processes) and the ratio
ours / json-server, and ends with one line per workload:

    workload=NAME ours_rps=N jsonserver_rps=N ratio=R p99_ms=N errors=N rss_mb=N

`--server` picks the shape `make run` serves (repeat it to compare several in one run; with
`--interleave` they are all started at once and take their turns with json-server's in
each workload, so that an A/B of shapes is taken in the same minutes); the default
is `make run`'s shape on 2 workers (granian, its threads picked for each database as
`make run` picks them: 1 on SQLite, 4 on PostgreSQL). Needs psutil (requirements-dev.txt)
and psycopg for the PostgreSQL part.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import platform
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from urllib.parse import urlsplit

import psutil

from practiceapi.server.harness import ROOT, ProcessGroup, Server, free_port, scratch_database

BENCH = ROOT / "bench"
JSONSERVER_DIR = BENCH / "jsonserver"
JSONSERVER_BIN = JSONSERVER_DIR / "node_modules" / ".bin" / "json-server"
HOST = "127.0.0.1"  # loopback only: nothing here ever leaves the machine

# `make run`'s shape on 2 workers, its threads picked for each database as `make run` picks
# them (practiceapi/server/serve.py).
DEFAULT_SERVER = "granian:2"
JSONSERVER_NAME = "json-server 0.17.4"
DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/bench_apichallenges"

# Targets on a 2-core machine: ours / json-server by workload and database.
TARGET_RATIO = {
    ("list", "sqlite"): 1.5,
    ("list", "postgres"): 1.0,
    ("mixed", "sqlite"): 1.0,
    ("mixed", "postgres"): 0.6,
}
# Every workload: the script and its extra arguments. Beyond (a) and (b), one request
# shape at a time, for the server's CPU per request type; `writes` is create, full PUT and
# DELETE in turn.
WORKLOADS: dict[str, tuple[str, ...]] = {
    "list": ("list.lua",),
    "mixed": ("mixed.lua",),
    "filtered": ("mixed.lua", "0,100,0,0"),
    "one": ("mixed.lua", "0,0,100,0"),
    "writes": ("mixed.lua", "0,0,0,100"),
}
# Every workload, besides its ratio: no errors, a p99 no higher than json-server's in the
# same run (`report`), and at most this much memory for the server's processes.
TARGET_RSS_MB = 250.0

WRK_INSTALL_HINT = (
    "wrk is not installed. On Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y wrk"
)


class BenchError(RuntimeError):
    """A step of the run failed; the message says which and why."""


# ------------------------------------------------------------------------ process groups


# Scheduling priority (nice value) of every server and wrk process; see --nice.
NICE: int | None = None


def prioritise(pid: int) -> None:
    """Give the process group led by `pid` (a server and its workers, or wrk) --nice.

    With the kernel's autogroup scheduling every session (setsid) gets an equal share
    whatever its processes' nice values: its autogroup gets --nice too."""
    if NICE is None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.setpriority(os.PRIO_PGRP, pid, NICE)
    with contextlib.suppress(OSError), open(f"/proc/{pid}/autogroup", "w") as fh:
        fh.write(str(NICE))


def on_terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def log_tail(log: str, lines: int = 30) -> str:
    return "\n".join(log.splitlines()[-lines:])


# ------------------------------------------------------------------ process readings (psutil)


def process_tree(root: int) -> list[psutil.Process]:
    """`root` and all its descendants (server master + workers)."""
    try:
        parent = psutil.Process(root)
        return [parent, *parent.children(recursive=True)]
    except psutil.Error:
        return []


def rss_mb(processes: list[psutil.Process]) -> float:
    """Sum of the resident sets (shared pages counted in each: an upper bound)."""
    total = 0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            total += process.memory_info().rss
    return total / 2**20


def cpu_seconds(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            times = process.cpu_times()
            total += times.user + times.system
    return total


def database_processes() -> list[psutil.Process]:
    """PostgreSQL's processes (postmaster, backends, background workers) on this machine."""
    return [p for p in psutil.process_iter(["name"]) if p.info["name"] == "postgres"]


def machine_busy_seconds() -> float:
    """CPU time spent by everything on the machine (all cores)."""
    times = psutil.cpu_times()
    return sum(times) - times.idle - getattr(times, "iowait", 0.0)


class Sampler:
    """Peak RSS of a process tree, sampled in a thread while a load runs."""

    def __init__(self, root: int, interval: float = 0.25):
        self.root, self.interval = root, interval
        self.peak = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, rss_mb(process_tree(self.root)))
            self._stop.wait(self.interval)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, rss_mb(process_tree(self.root)))


# -------------------------------------------------------------------------------- servers


@dataclass(frozen=True)
class ServerSpec:
    """`granian:W:T` (`make run`: practiceapi/server/serve.py, W workers with T Django threads
    each) or `granian-wsgi:W:T` (`make run PROXY_BUFFERS_BODIES=1`: granian's own WSGI
    interface, T blocking threads, for hosts behind a body-buffering proxy). `+nopin` at
    the end leaves the workers of the ASGI front where the kernel puts them
    (`make run PIN_WORKERS=0`)."""

    kind: str
    workers: int
    threads: int
    pin: bool = True

    @classmethod
    def parse(cls, text: str) -> ServerSpec:
        shape, *options = text.split("+")
        if set(options) - {"nopin"}:
            raise argparse.ArgumentTypeError(f"unknown option in {text!r} (+nopin)")
        pin = "nopin" not in options
        parts = shape.split(":")
        kind = parts[0]
        if kind not in {"granian", "granian-wsgi"}:
            raise argparse.ArgumentTypeError(f"unknown server kind {kind!r}")
        if not pin and kind != "granian":
            raise argparse.ArgumentTypeError(f"{kind} does not pin its workers: {text!r}")
        try:
            workers = int(parts[1]) if len(parts) > 1 else 2
            # Without a thread count: `make run`'s choice for the database (0).
            threads = int(parts[2]) if len(parts) > 2 else 0
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"bad server spec {text!r}") from exc
        return cls(kind, workers, threads, pin)

    def __str__(self) -> str:
        text = f"{self.kind}:{self.workers}"
        if self.threads:
            text += f":{self.threads}"
        return text + ("" if self.pin else "+nopin")

    def server(self, database_url: str, env: dict[str, str]) -> Server:
        """The production server in this shape, not started yet."""
        return Server(
            database_url,
            env=env,
            workers=self.workers,
            threads=self.threads,
            host=HOST,
            proxy_buffers_bodies=self.kind == "granian-wsgi",
            pin_workers=self.pin,
        )


def call(port: int, method: str, path: str, headers: dict[str, str] | None = None,
         body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:  # fmt: skip
    conn = http.client.HTTPConnection(HOST, port, timeout=15)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        reply = conn.getresponse()
        data = reply.read()
        return reply.status, {k.lower(): v for k, v in reply.getheaders()}, data
    finally:
        conn.close()


def wait_ready(group: ProcessGroup, name: str, port: int, path: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not group.alive():
            raise BenchError(f"{name} exited while starting:\n{log_tail(group.log())}")
        with contextlib.suppress(OSError, http.client.HTTPException):
            if call(port, "GET", path)[0] < 500:
                return
        time.sleep(0.1)
    raise BenchError(f"{name} did not answer on port {port} within {timeout:.0f}s")


def create_sessions(port: int, count: int) -> list[str]:
    """`count` sessions made the way students make them: POST /api/challenger."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    guids = []
    try:
        for _ in range(count):
            conn.request("POST", "/api/challenger", body=b"")
            reply = conn.getresponse()
            reply.read()
            guid = reply.getheader("X-CHALLENGER")
            if reply.status != 201 or not guid:
                raise BenchError(f"POST /api/challenger answered {reply.status}, not 201")
            guids.append(guid)
    finally:
        conn.close()
    return guids


def check_todo_routes(port: int, prefix: str, guid: str) -> None:
    """The workloads assume these answers; a missing route must fail loudly, not count as
    fast errors."""
    session = {"X-CHALLENGER": guid}
    status, _, body = call(port, "GET", f"{prefix}/todos", session)
    if status != 200 or body.count(b'"id"') != 10:
        raise BenchError(f"GET {prefix}/todos answered {status} {body[:200]!r}")
    status, headers, body = call(
        port, "POST", f"{prefix}/todos",
        {**session, "Content-Type": "application/json"}, b'{"title":"bench check"}',
    )  # fmt: skip
    location = headers.get("location", "")
    if status != 201 or "/todos/" not in location:
        raise BenchError(f"POST {prefix}/todos answered {status} Location={location!r}")
    todo_id = location.rsplit("/", 1)[1]
    for path in (f"{prefix}/todos/3", f"{prefix}/todos?doneStatus=false"):
        status, _, _ = call(port, "GET", path, session)
        if status != 200:
            raise BenchError(f"GET {path} answered {status}")
    status, _, _ = call(
        port, "PUT", f"{prefix}/todos/{todo_id}",
        {**session, "Content-Type": "application/json"},
        b'{"title":"bench check","doneStatus":true,"description":"amended"}',
    )  # fmt: skip
    if status != 200:
        raise BenchError(f"PUT {prefix}/todos/{todo_id} answered {status}")
    status, _, _ = call(port, "DELETE", f"{prefix}/todos/{todo_id}", session)
    if status not in (200, 204):
        raise BenchError(f"DELETE {prefix}/todos/{todo_id} answered {status}")


# ------------------------------------------------------------------------------ databases


@contextlib.contextmanager
def migrated_database(database: str, postgres_url: str) -> Iterator[str]:
    """A fresh migrated database (practiceapi/server/harness.py: a temporary SQLite file,
    or a new database on `postgres_url`'s server, dropped afterwards)."""
    try:
        import psycopg
    except ImportError as exc:
        raise BenchError("psycopg is not installed: run `make migrate` first") from exc
    configured = postgres_url if database == "postgres" else "sqlite://"
    with contextlib.ExitStack() as stack:
        try:
            url = stack.enter_context(scratch_database("bench", configured=configured))
        except psycopg.OperationalError as exc:
            parts = urlsplit(postgres_url)
            raise BenchError(
                f"PostgreSQL at {parts.hostname}:{parts.port} unreachable: {exc}"
            ) from exc
        yield url


# ------------------------------------------------------------------------------------ wrk


@dataclass
class WrkRun:
    """What one wrk run measured; CPU in seconds over the run."""

    result: dict  # the BENCH_RESULT line of bench/list.lua or bench/mixed.lua
    peak_rss_mb: float  # the server's whole process tree
    server_cpu: float
    wrk_cpu: float
    database_cpu: float  # PostgreSQL's processes (0 on SQLite, which runs in the server)
    other_cpu: float  # everything else on the machine: a busy machine skews results

    @property
    def rps(self) -> float:
        return self.result["requests"] / max(self.result["duration_us"] / 1e6, 1e-9)


@dataclass
class Measurement:
    workload: str  # list | mixed
    target: str  # "ours" | "json-server"
    database: str  # sqlite | postgres | (json-server: db.json)
    server: str
    pair: str  # ours: its database and server; json-server: the run of ours it took turns with
    rps: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    requests: int
    errors: int
    rss_mb: float
    server_cpu_s: float
    wrk_cpu_s: float
    database_cpu_s: float  # PostgreSQL's processes
    other_cpu_s: float  # CPU used by none of the above: a busy machine skews results
    detail: dict = field(default_factory=dict)


def run_wrk(args: argparse.Namespace, workload: str, side: Side, duration: int) -> WrkRun:
    """One wrk run against `side`, with the CPU of every process involved."""
    script, *extra = WORKLOADS[workload]
    command = [
        "wrk",
        f"-t{args.threads}",
        f"-c{args.connections}",
        f"-d{duration}s",
        "--timeout", "2s",
        "-s", str(BENCH / script),
        f"http://{HOST}:{side.port}",
        "--", side.prefix, str(side.sessions_file), *extra,
    ]  # fmt: skip
    tree = process_tree(side.root)
    cpu_before = cpu_seconds(tree)
    # PostgreSQL works for our server in the postgres runs; anywhere else it is "other".
    on_postgres = side.database == "postgres"
    databases = database_processes() if on_postgres else []
    database_before = {p.pid: cpu_seconds([p]) for p in databases}
    busy_before = machine_busy_seconds()
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with Sampler(side.root) as sampler:
        wrk = subprocess.Popen(
            command,
            cwd=BENCH,  # the scripts require("postman") from here
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        prioritise(wrk.pid)
        try:
            stdout, stderr = wrk.communicate(timeout=duration + 60)
        finally:
            if wrk.poll() is None:
                os.killpg(wrk.pid, signal.SIGKILL)
                wrk.wait()
    children_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # A worker replaced during the run takes its CPU time with it: never below zero.
    server_cpu = max(0.0, cpu_seconds(tree) - cpu_before)
    wrk_cpu = (children_after.ru_utime + children_after.ru_stime) - (
        children_before.ru_utime + children_before.ru_stime
    )
    database_cpu = sum(
        max(0.0, cpu_seconds([p]) - database_before.get(p.pid, 0.0))
        for p in (database_processes() if on_postgres else [])
    )
    busy = machine_busy_seconds() - busy_before
    other_cpu = max(0.0, busy - server_cpu - wrk_cpu - database_cpu)
    line = next((ln for ln in stdout.splitlines() if ln.startswith("BENCH_RESULT ")), None)
    if wrk.returncode != 0 or line is None:
        raise BenchError(f"wrk failed ({wrk.returncode}):\n{stdout}{stderr}")
    raw = json.loads(line.removeprefix("BENCH_RESULT "))
    return WrkRun(raw, sampler.peak, server_cpu, wrk_cpu, database_cpu, other_cpu)


@dataclass
class Side:
    """One server under load in a workload: ours, or the json-server beside it."""

    target: str  # "ours" | "json-server"
    database: str  # sqlite | postgres | (json-server: db.json)
    server: str
    port: int
    prefix: str  # "/api" for ours, "" for json-server
    root: int  # pid of the server's process group leader
    pair: str  # the run of ours (`database[server]`) this side belongs to or stands beside
    # The X-CHALLENGER GUIDs wrk sends, one a line (json-server ignores them).
    sessions_file: Path


def measure(args: argparse.Namespace, workload: str, sides: list[Side]) -> list[Measurement]:
    """Measure each side `--repeat` times, taking turns, so that a machine that speeds up
    or slows down during the run moves every side alike. The order alternates (ours first,
    then json-server first, ...) so that a steady drift favours none."""
    if args.warmup > 0:
        for side in sides:
            run_wrk(args, workload, side, args.warmup)
    runs: list[list[WrkRun]] = [[] for _ in sides]
    for turn in range(args.repeat):
        order = list(zip(sides, runs, strict=True))
        for side, side_runs in order if turn % 2 == 0 else reversed(order):
            side_runs.append(run_wrk(args, workload, side, args.duration))
    return [
        summarise(workload, side, side_runs) for side, side_runs in zip(sides, runs, strict=True)
    ]


# What bench/postman.lua counts of the requests that failed.
ERROR_KINDS = (
    "non2xx", "socket_errors", "connect_errors", "read_errors", "write_errors", "timeouts"
)  # fmt: skip


def summarise(workload: str, side: Side, runs: list[WrkRun]) -> Measurement:
    """`runs` in turn order. On a shared machine single runs wander: the figures are those
    of the run with the median throughput (the lower middle one for an even count)."""
    median = sorted(runs, key=lambda run: run.rps)[(len(runs) - 1) // 2]
    raw = median.result
    seconds = raw["duration_us"] / 1e6
    m = Measurement(
        workload=workload,
        target=side.target,
        database=side.database,
        server=side.server,
        pair=side.pair,
        rps=median.rps,
        p50_ms=raw["p50_us"] / 1000,
        p99_ms=raw["p99_us"] / 1000,
        max_ms=raw["max_us"] / 1000,
        requests=raw["requests"],
        # Errors of every run count, not only the median one's; so does the peak RSS.
        errors=sum(run.result["non2xx"] + run.result["socket_errors"] for run in runs),
        rss_mb=max(run.peak_rss_mb for run in runs),
        server_cpu_s=median.server_cpu,
        wrk_cpu_s=median.wrk_cpu,
        database_cpu_s=median.database_cpu,
        other_cpu_s=median.other_cpu,
        detail={
            **{k: v for k, v in raw.items() if k not in {"requests", "duration_us"}},
            # Like `errors`: every run's, so that an error in another run keeps its kind.
            **{k: sum(run.result.get(k, 0) for run in runs) for k in ERROR_KINDS},
            "rps_of_each_run": [round(run.rps) for run in runs],  # in turn order
        },
    )
    database = f" database {median.database_cpu / seconds:.2f}" if median.database_cpu else ""
    print(
        f"  {workload:<6} {side.target:<11} {side.server:<22} {m.rps:>8.0f} req/s"
        f"  p50 {m.p50_ms:6.1f} ms  p99 {m.p99_ms:6.1f} ms  errors {m.errors}"
        f"  rss {m.rss_mb:5.0f} MB  cpu: server {median.server_cpu / seconds:.2f}"
        f" wrk {median.wrk_cpu / seconds:.2f}{database} other {median.other_cpu / seconds:.2f}"
        f" cores; {m.requests / max(median.server_cpu, 1e-9):.0f} req per server cpu-s"
        + (
            f" ({m.requests / (median.server_cpu + median.database_cpu):.0f} per server +"
            " database cpu-s)"
            if median.database_cpu
            else ""
        )
        + (f"; runs {m.detail['rps_of_each_run']}" if len(runs) > 1 else "")
        # A rare error is diagnosed from the run that had it, not from a rerun.
        + (
            "; errors by kind: "
            + ", ".join(f"{kind} {m.detail[kind]}" for kind in ERROR_KINDS if m.detail[kind])
            if m.errors
            else ""
        ),
        flush=True,
    )
    return m


# -------------------------------------------------------------------------- the two sides


@contextlib.contextmanager
def our_server(
    args: argparse.Namespace, database: str, spec: ServerSpec, workdir: Path, pair: str
) -> Iterator[Side]:
    """Our server on a fresh `database`, its benchmark sessions created and its todo
    routes checked."""
    with migrated_database(database, args.postgres_url) as url:
        # The load generator is one address standing for a whole school: no session limit.
        server = spec.server(url, {"APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR": "0"})
        try:
            server.start()
        except RuntimeError as exc:
            raise BenchError(f"our server ({spec}) did not start: {log_tail(str(exc))}") from exc
        try:
            assert server.group is not None  # started
            prioritise(server.group.pid)
            guids = create_sessions(server.port, args.sessions)
            check_todo_routes(server.port, "/api", guids[0])
            sessions_file = workdir / "sessions.txt"
            sessions_file.write_text("\n".join(guids) + "\n")
            yield Side(
                "ours", database, str(spec), server.port, "/api", server.group.pid, pair,
                sessions_file,
            )  # fmt: skip
            if not server.group.alive():
                raise BenchError(f"the server died during the run:\n{log_tail(server.log())}")
        finally:
            server.stop()


def bench_database(
    args: argparse.Namespace,
    database: str,
    specs: list[ServerSpec],
    workdir: Path,
    pairs: list[str],
) -> tuple[list[Measurement], list[Measurement]]:
    """Our servers (one, or with --interleave every `--server` at once, idle but for its
    turns) each on a fresh `database`, each workload measured in turns with a fresh
    json-server (unless --no-jsonserver): our measurements and json-server's, the latter
    once for each of ours (`pairs`)."""
    ours: list[Measurement] = []
    theirs: list[Measurement] = []
    with contextlib.ExitStack() as stack:
        sides = []
        for n, (spec, pair) in enumerate(zip(specs, pairs, strict=True)):
            server_dir = workdir / f"server-{n}"
            server_dir.mkdir()
            sides.append(stack.enter_context(our_server(args, database, spec, server_dir, pair)))
        for workload in args.workloads:
            with jsonserver(args, workload, workdir, sides[0]) as their_side:
                measured = measure(args, workload, sides + ([their_side] if their_side else []))
            ours += measured[: len(sides)]
            if their_side:
                theirs += [replace(measured[-1], pair=pair) for pair in pairs]
    return ours, theirs


def ensure_jsonserver() -> None:
    if JSONSERVER_BIN.exists():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BenchError(
            "npm is not installed (Debian: apt-get install -y npm): needed for json-server"
        )
    print("installing json-server (npm ci in bench/jsonserver) ...", flush=True)
    result = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"], cwd=JSONSERVER_DIR, capture_output=True, text=True
    )
    if result.returncode != 0 or not JSONSERVER_BIN.exists():
        raise BenchError(f"npm ci failed:\n{result.stdout}{result.stderr}")


@contextlib.contextmanager
def jsonserver(
    args: argparse.Namespace, workload: str, workdir: Path, ours: Side
) -> Iterator[Side | None]:
    """A json-server started for one workload from the pristine ten todos (it writes every
    change back to its file), or None with --no-jsonserver."""
    if args.no_jsonserver:
        yield None
        return
    data_dir = workdir / f"jsonserver-{workload}"
    data_dir.mkdir()
    shutil.copy(JSONSERVER_DIR / "db.json", data_dir / "db.json")
    port = free_port()
    command = [str(JSONSERVER_BIN), "--host", HOST, "--port", str(port), "--quiet", "db.json"]
    env = {**os.environ, "NODE_ENV": "production"}
    group = ProcessGroup(command, cwd=data_dir, env=env, name="bench-json-server")
    try:
        prioritise(group.pid)
        wait_ready(group, "json-server", port, "/todos")
        check_todo_routes(port, "", first_session(ours))
        yield Side(
            "json-server",
            "db.json",
            JSONSERVER_NAME,
            port,
            "",
            group.pid,
            ours.pair,
            ours.sessions_file,
        )
    finally:
        group.stop()


def first_session(side: Side) -> str:
    return side.sessions_file.read_text().split("\n", 1)[0]


# -------------------------------------------------------------------------------- report


def describe_machine() -> dict[str, str]:
    model = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    wrk = subprocess.run(["wrk", "--version"], capture_output=True, text=True)
    node = (
        subprocess.run(["node", "--version"], capture_output=True, text=True)
        if shutil.which("node")
        else None
    )
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "cpus": str(os.cpu_count()),
        "cpu_model": model,
        "kernel": platform.release(),
        "python": platform.python_version(),
        "node": node.stdout.strip() if node else "absent",
        "wrk": (wrk.stdout or wrk.stderr).splitlines()[0] if (wrk.stdout or wrk.stderr) else "",
        "load_average": " ".join(f"{x:.2f}" for x in os.getloadavg()),
    }


def workload_name(workload: str, database: str, spec: str, several_servers: bool) -> str:
    name = f"{workload}_{database}"
    return f"{name}[{spec}]" if several_servers else name


def paired_ratio(ours: Measurement, theirs: Measurement) -> float:
    """Ours / json-server: the median over the turns of each turn's ratio (lower middle for
    an even count), so that both sides of a ratio were measured minutes apart at most."""
    turns = zip(ours.detail["rps_of_each_run"], theirs.detail["rps_of_each_run"], strict=True)
    ratios = sorted(mine / base for mine, base in turns if base)
    return ratios[(len(ratios) - 1) // 2] if ratios else 0.0


def report(args: argparse.Namespace, ours: list[Measurement], theirs: list[Measurement]) -> bool:
    baseline = {(m.pair, m.workload): m for m in theirs}
    several = len(args.server) > 1
    print()
    print(
        f"{'workload':<48} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'errors':>6} "
        f"{'rss MB':>7} {'json-server':>11} {'ratio':>6}"
    )
    for m in theirs:
        print(
            f"{f'{m.workload} (json-server beside {m.pair})':<48} {m.rps:>8.0f}"
            f" {m.p50_ms:>7.1f} {m.p99_ms:>7.1f}"
            f" {m.errors:>6} {m.rss_mb:>7.0f} {'':>11} {'':>6}"
        )
    lines, verdicts, all_met = [], [], True
    for m in ours:
        base = baseline.get((m.pair, m.workload))
        base_rps = base.rps if base else 0.0
        ratio = paired_ratio(m, base) if base else 0.0
        name = workload_name(m.workload, m.database, m.server, several)
        print(
            f"{name:<48} {m.rps:>8.0f} {m.p50_ms:>7.1f} {m.p99_ms:>7.1f} {m.errors:>6}"
            f" {m.rss_mb:>7.0f} {base_rps:>11.0f} {ratio:>6.2f}"
        )
        missed = []
        target = TARGET_RATIO.get((m.workload, m.database), 0.0)
        if base and ratio < target:
            missed.append(f"ratio {ratio:.2f} < {target}")
        if base and m.p99_ms > base.p99_ms:
            missed.append(f"p99 {m.p99_ms:.1f} ms > json-server's {base.p99_ms:.1f}")
        if m.errors:
            missed.append(f"{m.errors} errors")
        if m.rss_mb > TARGET_RSS_MB:
            missed.append(f"rss {m.rss_mb:.0f} MB > {TARGET_RSS_MB:.0f}")
        all_met = all_met and not missed
        verdicts.append(
            f"{name}: " + ("targets met" if not missed else "MISSED " + "; ".join(missed))
        )
        lines.append(
            f"workload={name} ours_rps={m.rps:.0f} jsonserver_rps={base_rps:.0f} "
            f"ratio={ratio:.2f} p99_ms={m.p99_ms:.1f} errors={m.errors} rss_mb={m.rss_mb:.0f}"
        )
    busy = [m for m in ours + theirs if m.other_cpu_s / args.duration > 0.25]
    print()
    if busy:
        print(
            "WARNING: other processes used more than a quarter of a core during "
            f"{len(busy)} measurement(s); the figures are lower than on an idle machine."
        )
    for verdict in verdicts:
        print(verdict)
    print()
    for line in lines:
        print(line)
    return all_met


# ---------------------------------------------------------------------------------- main


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=15, help="seconds per workload")
    parser.add_argument("--warmup", type=int, default=3, help="unmeasured seconds before each")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument("--connections", type=int, default=50, help="wrk connections")
    parser.add_argument("--sessions", type=int, default=200, help="sessions to create")
    parser.add_argument(
        "--repeat", type=int, default=1, help="measured runs per workload; the median is kept"
    )
    parser.add_argument(
        "--server",
        action="append",
        type=ServerSpec.parse,
        help="a shape `make run` serves, granian:W[:T][+nopin] or granian-wsgi:W[:T]"
        f" (repeatable; default {DEFAULT_SERVER})",
    )
    parser.add_argument(
        "--workloads",
        default="list,mixed",
        type=lambda s: [w for w in s.split(",") if w],
        help=f"comma-separated, of {', '.join(WORKLOADS)} (default list,mixed: (a) and (b))",
    )
    parser.add_argument(
        "--databases", default="sqlite,postgres", type=lambda s: [d for d in s.split(",") if d]
    )
    parser.add_argument("--postgres-url", default=DEFAULT_POSTGRES_URL)
    parser.add_argument("--no-jsonserver", action="store_true", help="skip the baseline")
    parser.add_argument(
        "--interleave",
        action="store_true",
        help="start every --server at once and measure them in turns with json-server (the"
        " A/B of server shapes on a machine whose speed drifts)",
    )
    parser.add_argument("--json", type=Path, help="also write every measurement here")
    parser.add_argument(
        "--nice",
        type=int,
        default=None,
        help="run servers and wrk at this nice value (e.g. -10, needs root) on a shared machine",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    args.server = args.server or [ServerSpec.parse(DEFAULT_SERVER)]
    if args.nice is not None and args.nice < 0 and os.geteuid() != 0:
        parser.error("--nice below 0 needs root")
    if args.duration > 120 or args.duration <= 0:
        parser.error("--duration must be in (0, 120] seconds")
    for workload in args.workloads:
        if workload not in WORKLOADS:
            parser.error(f"unknown workload {workload!r} ({', '.join(WORKLOADS)})")
    for database in args.databases:
        if database not in {"sqlite", "postgres"}:
            parser.error(f"unknown database {database!r} (sqlite, postgres)")
    return args


def server_groups(args: argparse.Namespace) -> list[list[ServerSpec]]:
    """The servers started together: with --interleave all of them, otherwise each alone."""
    return [args.server] if args.interleave else [[spec] for spec in args.server]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if shutil.which("wrk") is None:
        print(WRK_INSTALL_HINT, file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, on_terminate)
    global NICE
    NICE = args.nice
    machine = describe_machine()
    print("API Challenges benchmark (docs/benchmark.md)")
    for key, value in machine.items():
        print(f"  {key}: {value}")
    print(
        f"  load: wrk {args.threads} threads x {args.connections} connections x "
        f"{args.duration:g} s (+{args.warmup:g} s warm-up), {args.sessions} sessions, "
        f"workloads {','.join(args.workloads)}, databases {','.join(args.databases)}"
        + (f", nice {args.nice}" if args.nice is not None else "")
    )
    print(
        "  cpu columns: cores used by the server's processes, by wrk, by PostgreSQL's processes"
        " (postgres runs) and by everything else"
    )
    print(flush=True)
    ours: list[Measurement] = []
    theirs: list[Measurement] = []
    skipped: list[str] = []
    spec_twice = len({str(spec) for spec in args.server}) < len(args.server)
    try:
        if not args.no_jsonserver:
            ensure_jsonserver()
        with tempfile.TemporaryDirectory(prefix="apichallenges-bench-") as tmp:
            workdir = Path(tmp)
            for database in args.databases:
                for group in server_groups(args):
                    run_dir = workdir / f"{database}-{len(ours)}"
                    run_dir.mkdir()
                    turns = "" if args.no_jsonserver else " with json-server"
                    names = ", ".join(str(spec) for spec in group)
                    together = " in turns" if len(group) > 1 or not args.no_jsonserver else ""
                    print(f"ours on {database} with {names}{together}{turns}:", flush=True)
                    # Unique even when a shape is given twice: json-server rows pair by it.
                    pairs = [
                        f"{database}[{spec}]" + (f"#{len(ours) + n}" if spec_twice else "")
                        for n, spec in enumerate(group)
                    ]
                    try:
                        mine, baseline = bench_database(args, database, group, run_dir, pairs)
                    except BenchError as exc:
                        if database != "postgres" or "unreachable" not in str(exc):
                            raise
                        print(f"  SKIPPED: {exc}", flush=True)
                        skipped.append(database)
                        break
                    ours += mine
                    theirs += baseline
    except KeyboardInterrupt:
        print("\ninterrupted: stopping the servers", file=sys.stderr)
        return 130
    except BenchError as exc:
        print(f"\nbench failed: {exc}", file=sys.stderr)
        return 1
    all_met = report(args, ours, theirs)
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "machine": machine,
                    "settings": {k: str(v) for k, v in vars(args).items()},
                    "measurements": [asdict(m) for m in ours + theirs],
                },
                indent=2,
            )
        )
    if skipped:
        print(f"\nskipped: {', '.join(skipped)} (see above)", file=sys.stderr)
        return 1
    return 1 if args.check and not all_met else 0


if __name__ == "__main__":
    sys.exit(main())
