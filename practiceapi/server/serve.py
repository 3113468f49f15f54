"""`python -m practiceapi.server.serve`: the production server, as `make run` starts it.

granian with `WORKERS` processes and `THREADS` Django threads in each, no access log, in
one of two shapes (docs/benchmark.md, "What each server piece buys", compares them):

* default: granian's ASGI interface in front of Django (practiceapi/server/asgi.py). Request
  bodies are collected on the event loop with a deadline, so clients that stop sending
  cannot take the threads. Needs nothing in front of it: what `make run` on a laptop or
  a classroom machine should be.
* `PROXY_BUFFERS_BODIES=1`: granian's own WSGI interface, Django in its blocking threads.
  It reads a body in the thread, with no time limit, so it is only safe behind a reverse
  proxy that buffers request bodies (HAProxy with deploy/haproxy.cfg; docs/hosting.md). On
  the classroom mix it needs 6 % (SQLite) to 20 % (PostgreSQL) less CPU per request than
  the default.

Slow clients (a classroom network has nothing in front of `make run`): a connection that
has sent only part of its headers holds one of granian's per-worker connection permits
(`--backpressure`, by default backlog / workers = 512) until its headers arrive or time
out, and a worker that has none left stops accepting: a few thousand such connections
stop the server for the whole 30 s of granian's header timeout. So this module, before it execs
granian, raises its own soft limit of open files to the hard limit (inherited by every
worker), gives each worker as many permits as it may open files, minus a reserve for the
database, logs and imports, listens with a backlog the kernel's maximum can take, and
lets headers take at most 10 s (a person typing a request by hand gets that long; a
connection that sends nothing is closed after it). Bodies are the ASGI front's to time.

A worker that dies (the kernel's out-of-memory killer on a crowded classroom machine, a
crash in a C extension) is started again: without `--respawn-failed-workers` granian
stops the whole server when one worker exits. granian still stops when the same worker
dies again within seconds of its restart, rather than restarting it for ever.

The shape follows the machine and the database unless WORKERS and THREADS say otherwise
(`default_workers`, `default_threads`; docs/benchmark.md, "Server shape: workers and
threads"): a worker per usable CPU, and one Django thread per worker on SQLite (a second
thread would hold the GIL while the first holds the writer lock, so every write would
hold the lock longer), four on PostgreSQL (a thread waiting for a round trip leaves the
interpreter to the others, the more so the further away the database is). The default
shape gives the instructors' pages one more thread of their own (practiceapi/server/asgi.py):
they seldom write, and a large class's page must not hold the students' requests.

Each worker of the default shape keeps its threads on a CPU of its own
(practiceapi/server/cpus.py): its event loop and Django threads hand every request over to
each other, which costs less CPU when they share a CPU's caches. PIN_WORKERS=0 leaves
them to the kernel (a machine shared with other busy programs may prefer that).

The command is defined here once: `make run`, and the tests and `make bench` through
practiceapi/server/harness.py, all use `command()`, which runs this module with granian's arguments.
Environment: HOST (127.0.0.1), PORT (4567), WORKERS and THREADS (empty: as above),
PROXY_BUFFERS_BODIES (0), PIN_WORKERS (1).
"""

from __future__ import annotations

import contextlib
import os
import resource
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

from practiceapi.server import console

# granian from the environment this Python runs in (the project's .venv under `make run`).
_BESIDE_PYTHON = Path(sys.executable).with_name("granian")
GRANIAN = str(_BESIDE_PYTHON) if _BESIDE_PYTHON.exists() else shutil.which("granian") or "granian"


# Listen backlog: the kernel caps it at net.core.somaxconn (4096 on current Linux).
BACKLOG = 4096
# Milliseconds a client gets to send its headers (module docstring).
HEADER_READ_TIMEOUT_MS = 10_000
# Files each worker keeps open besides its connections: database connections, the SQLite
# writer lock, logs, imported modules, the event loop's own descriptors.
RESERVED_FILES = 256
# The open-files limit this module asks for when the hard limit is unlimited.
MOST_FILES = 1_048_576


def is_postgres(database_url: str | None) -> bool:
    return urlsplit(database_url or "").scheme in ("postgres", "postgresql", "pgsql")


def usable_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_workers() -> int:
    """WORKERS when not given (module docstring)."""
    return max(1, usable_cpus())


def default_threads(database_url: str) -> int:
    """THREADS when not given (module docstring)."""
    return 4 if is_postgres(database_url) else 1


def granian_args(
    host: str, port: int, workers: int = 2, threads: int = 2, *, proxy_buffers_bodies: bool = False
) -> list[str]:
    """granian's arguments (without the executable and `--backpressure`, set at exec)."""
    common = [
        "--host", host,
        "--port", str(port),
        "--workers", str(workers),
        "--no-ws",
        "--log-level", "warning",
        "--backlog", str(BACKLOG),
        "--http1-header-read-timeout", str(HEADER_READ_TIMEOUT_MS),
        "--respawn-failed-workers",
    ]  # fmt: skip
    if proxy_buffers_bodies:
        return [
            *common,
            "--interface", "wsgi",
            "--blocking-threads", str(threads),
            "practiceapi.server.wsgi:application",
        ]  # fmt: skip
    return [*common, "--interface", "asginl", "practiceapi.server.asgi:application"]


def command(
    host: str, port: int, workers: int = 2, threads: int = 2, *, proxy_buffers_bodies: bool = False
) -> list[str]:
    """The server command line: this module, which sets the limits and execs granian with
    these arguments; its environment must also carry `server_env(threads)`."""
    return [
        sys.executable,
        "-m",
        "practiceapi.server.serve",
        *granian_args(host, port, workers, threads, proxy_buffers_bodies=proxy_buffers_bodies),
    ]


def server_env(threads: int, *, pin_workers: bool = True) -> dict[str, str]:
    """What the server's environment needs on top of the settings' own variables."""
    return {
        "APICHALLENGES_THREADS": str(threads),
        "APICHALLENGES_PIN_WORKER": "1" if pin_workers else "0",
    }


def raise_open_files() -> int:
    """Raise this process's soft RLIMIT_NOFILE to its hard limit; the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = MOST_FILES if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < target:
        # Above the kernel's nr_open it fails: keep what we have.
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return MOST_FILES if soft == resource.RLIM_INFINITY else soft


def exec_granian(args: list[str]) -> None:
    """Set the limits (module docstring) and replace this process with granian."""
    files = raise_open_files()
    backpressure = max(files - RESERVED_FILES, 64)
    argv = [GRANIAN, "--backpressure", str(backpressure), *args]
    os.execv(argv[0], argv)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args:  # `command()`: granian's arguments given
        exec_granian(args)
        return
    from practiceapi.settings import env_bool  # the settings' reading of a boolean variable

    database_url = os.environ.get("DATABASE_URL", "")
    threads = int(os.environ.get("THREADS") or default_threads(database_url))
    granian = granian_args(
        os.environ.get("HOST", "127.0.0.1"),
        int(os.environ.get("PORT", "4567")),
        int(os.environ.get("WORKERS") or default_workers()),
        threads,
        proxy_buffers_bodies=env_bool("PROXY_BUFFERS_BODIES", False),
    )
    os.environ.update(server_env(threads, pin_workers=env_bool("PIN_WORKERS", True)))
    if not env_bool("BEHIND_HTTPS_PROXY", False):  # behind one, share the proxy's URLs
        console.announce_when_ready(
            os.environ.get("HOST", "127.0.0.1"), int(os.environ.get("PORT", "4567"))
        )
    exec_granian(granian)


if __name__ == "__main__":
    main()
