"""The production server in a subprocess, and a plain HTTP client for talking to it.

The reliability tests judge what a hosted classroom would see, so they run the same
command as `make run` (practiceapi/server/serve.py) rather than Django's test server, on a
database of their own: a temporary SQLite file, or a scratch PostgreSQL database when
`DATABASE_URL` points at PostgreSQL. This module owns starting, waiting for, stopping and
SIGKILLing that server, creating/dropping its database (and terminating its connections
to it), and a tiny HTTP client that sends exactly the bytes it is given (hostile requests
included) and times the answer.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import orjson

from practiceapi.server import serve
from practiceapi.server.serve import is_postgres

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = ROOT / ".venv" / "bin"
PYTHON = str(VENV_BIN / "python") if (VENV_BIN / "python").exists() else sys.executable

# What a hosted instance runs with (docs/hosting.md), minus HTTPS: the tests speak plain
# HTTP to 127.0.0.1, so secure cookies and the SSL redirect stay off here.
PRODUCTION_ENV: dict[str, str] = {
    "DEBUG": "0",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "APICHALLENGES_MODE": "multi",
    "LOG_LEVEL": "WARNING",
    "PYTHONUNBUFFERED": "1",
}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# ---------------------------------------------------------------------------- databases


@contextlib.contextmanager
def scratch_database(
    prefix: str = "reliability", *, configured: str | None = None
) -> Iterator[str]:
    """A migrated, empty database for a server subprocess; yields its DATABASE_URL.

    PostgreSQL when `configured` (by default the suite's `DATABASE_URL`) is a postgres URL
    (a new database on the same server, dropped afterwards), otherwise a temporary SQLite
    file. Migrations run once per process; every scratch database is a copy of that
    migrated template. `make bench` (bench/run.py) takes its databases from here too.
    """
    if configured is None:
        configured = os.environ.get("DATABASE_URL", "")
    if is_postgres(configured):
        template = _postgres_template(configured)
        with _postgres_database(configured, prefix, template) as url:
            yield url
        return
    with tempfile.TemporaryDirectory(prefix=f"{prefix}-") as directory:
        template = _sqlite_template()
        # The database and, beside it, the request history's file (challengers/routers.py).
        for copied in template.parent.glob("*.sqlite3"):
            shutil.copyfile(copied, Path(directory) / copied.name)
        yield f"sqlite:///{Path(directory) / template.name}"


_templates: dict[str, str] = {}


def _sqlite_template() -> Path:
    if "sqlite" not in _templates:
        directory = tempfile.mkdtemp(prefix="reliability-template-")
        atexit.register(shutil.rmtree, directory, True)
        path = Path(directory) / "db.sqlite3"
        migrate(f"sqlite:///{path}")
        # Self-contained files to copy: fold each WAL into its file and leave rollback mode.
        for migrated in path.parent.glob("*.sqlite3"):
            with contextlib.closing(sqlite3.connect(migrated)) as conn:
                conn.execute("PRAGMA journal_mode=DELETE")
        _templates["sqlite"] = str(path)
    return Path(_templates["sqlite"])


def _postgres_template(configured: str) -> str:
    if "postgres" not in _templates:
        name = f"reliability_template_{uuid.uuid4().hex[:12]}"
        parts = urlsplit(configured)
        _admin(configured, f'CREATE DATABASE "{name}"')
        atexit.register(_admin, configured, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        migrate(urlunsplit(parts._replace(path=f"/{name}")))
        _templates["postgres"] = name
    return _templates["postgres"]


def _admin(configured: str, statement: str) -> None:
    import psycopg

    admin_url = urlunsplit(urlsplit(configured)._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(statement)


@contextlib.contextmanager
def _postgres_database(configured: str, prefix: str, template: str) -> Iterator[str]:
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    _admin(configured, f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield urlunsplit(urlsplit(configured)._replace(path=f"/{name}"))
    finally:
        _admin(configured, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def database_backends(admin: Any, database: str) -> list[int]:
    """Pids of the PostgreSQL processes serving connections to `database`, other than
    `admin`'s own (a psycopg connection in autocommit)."""
    rows = admin.execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
        (database,),
    )
    return [pid for (pid,) in rows]


def terminate_backends(admin: Any, pids: list[int]) -> None:
    """pg_terminate_backend each of `pids`; return once every one of them has exited.

    Pids rather than a condition: in one statement's WHERE clause nothing makes PostgreSQL
    test `datname` before calling pg_terminate_backend(), which then ends other sessions.
    """
    # Terminating only signals: a backend sends its FATAL and exits soon after.
    admin.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", (pids,))
    deadline = time.monotonic() + 10
    while admin.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", (pids,)
    ).fetchone()[0]:
        assert time.monotonic() < deadline, f"backends {pids} outlived their termination"
        time.sleep(0.01)


def server_env(database_url: str, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set by the browser tests, not production
    env.update(PRODUCTION_ENV)
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    env["DATABASE_URL"] = database_url
    env.update(extra or {})
    return env


def migrate(database_url: str) -> None:
    manage(database_url, "migrate", "--noinput", "--verbosity", "0")


def manage(database_url: str, *args: str, env: Mapping[str, str] | None = None) -> str:
    """Run a manage.py command against the server's database; returns its output."""
    result = subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=server_env(database_url, env),
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return result.stdout


def create_instructor(database_url: str, username: str, password: str) -> None:
    """An admin login on the server's database, made as an instructor makes theirs."""
    manage(
        database_url,
        "createsuperuser",
        "--noinput",
        "--username",
        username,
        "--email",
        f"{username}@example.edu",
        env={"DJANGO_SUPERUSER_PASSWORD": password},
    )


# ------------------------------------------------------------------------------- server


class ProcessGroup:
    """A command run as the leader of a new session, its output in a temporary log file.

    The new session makes it a process-group leader, so signals reach a server's master
    and every worker it forks at once, and Ctrl-C in the terminal reaches none of them
    (`make bench` stops its servers itself). `make bench` and these tests both start
    their servers this way.
    """

    def __init__(
        self, command: list[str], *, cwd: Path, env: Mapping[str, str], name: str = "server"
    ) -> None:
        handle, path = tempfile.mkstemp(prefix=f"{name}-", suffix=".log")
        os.close(handle)
        self.log_path: Path | None = Path(path)
        self.final_log = ""
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                command,
                cwd=cwd,
                env=dict(env),
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def log(self) -> str:
        """Everything the command wrote so far (kept after it stopped)."""
        if self.log_path is None or not self.log_path.exists():
            return self.final_log
        return self.log_path.read_text(errors="replace")

    def stop(self, first: int = signal.SIGTERM, timeout: float = 15.0) -> None:
        """Signal the group with `first`, escalating to SIGKILL after `timeout` seconds."""
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, first)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(10)
        self._reap()

    def kill(self) -> None:
        """SIGKILL the whole group: nothing gets to flush or clean up."""
        self.stop(signal.SIGKILL, timeout=10)

    def _reap(self) -> None:
        # Workers orphaned by a killed master must not keep the database or the port.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.killpg(self.pid, 0)
            except ProcessLookupError:
                break
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGKILL)
            time.sleep(0.05)
        self.final_log = self.log()
        if self.log_path is not None:
            self.log_path.unlink(missing_ok=True)
            self.log_path = None


@dataclass
class Server:
    """The production server (granian, as `make run`) in a process group of its own."""

    database_url: str
    env: dict[str, str] = field(default_factory=dict)
    workers: int = 2
    threads: int = 0  # 0: what `make run` picks for the database (practiceapi/server/serve.py)
    port: int = 0
    group: ProcessGroup | None = None
    host: str = "127.0.0.1"
    # `make run PROXY_BUFFERS_BODIES=1`: the shape for hosts behind a body-buffering proxy.
    proxy_buffers_bodies: bool = False
    # `make run PIN_WORKERS=0`: workers left where the kernel puts them.
    pin_workers: bool = True

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def process(self) -> subprocess.Popen | None:
        return None if self.group is None else self.group.process

    def start(
        self, timeout: float = 120.0, probe_headers: Mapping[str, str] | None = None
    ) -> Server:
        self.port = self.port or free_port()
        self.threads = self.threads or serve.default_threads(self.database_url)
        # The command `make run` uses (practiceapi/server/serve.py).
        command = serve.command(
            self.host,
            self.port,
            self.workers,
            self.threads,
            proxy_buffers_bodies=self.proxy_buffers_bodies,
        )
        env = {
            **server_env(self.database_url, self.env),
            **serve.server_env(self.threads, pin_workers=self.pin_workers),
        }
        self.group = ProcessGroup(command, cwd=ROOT, env=env, name="granian")
        self.wait_until_ready(timeout, probe_headers or {})
        return self

    def wait_until_ready(self, timeout: float, headers: Mapping[str, str]) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.group is not None and not self.group.alive():
                raise RuntimeError(f"the server exited early:\n{self.log()}")
            try:
                reply = request(self, "GET", "/api/heartbeat", headers=headers, timeout=2)
                if reply.status == 204:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"the server did not answer within {timeout}s:\n{self.log()}")

    def log(self) -> str:
        """Everything the server wrote so far (kept after it stopped)."""
        return "" if self.group is None else self.group.log()

    def stop(self, timeout: float = 15.0) -> None:
        """Quick shutdown (SIGINT: the server stops without waiting out keep-alives),
        escalating to SIGKILL."""
        if self.group is not None:
            self.group.stop(signal.SIGINT, timeout)

    def kill(self) -> None:
        """SIGKILL the master and every worker: nothing gets to flush or clean up."""
        if self.group is not None:
            self.group.kill()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# ------------------------------------------------------------------------------- client


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    elapsed: float  # seconds from the first byte sent to the last byte read
    reason: str = ""  # the status line's reason phrase, as sent

    def json(self) -> Any:
        return orjson.loads(self.body)

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


def _read_reply(sock: socket.socket, method: str, started: float) -> Reply:
    """Read one HTTP/1.1 response (Content-Length framed, or until close)."""
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            break
        buffer += chunk
    head, _, body = buffer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if not lines or not lines[0].startswith("HTTP/"):
        raise ConnectionError(f"no HTTP response: {buffer[:200]!r}")
    _version, code, *phrase = lines[0].split(" ", 2)
    status = int(code)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name in headers:
            # Repeated fields: Set-Cookie values are kept one per line, others comma-joined.
            joiner = "\n" if name == "set-cookie" else ", "
            value = headers[name] + joiner + value
        headers[name] = value
    if method != "HEAD" and status not in (204, 304):
        length = headers.get("content-length")
        if length is not None:
            while len(body) < int(length):
                chunk = sock.recv(65536)
                if not chunk:
                    raise ConnectionError(f"response cut short: {len(body)} of {length} bytes")
                body += chunk
        else:
            while chunk := sock.recv(65536):
                body += chunk
    else:
        body = b""
    return Reply(status, headers, body, time.monotonic() - started, "".join(phrase))


def raw_request(server: Server, data: bytes, *, method: str = "GET", timeout: float = 10) -> Reply:
    """Send `data` verbatim (request line, headers and body) and read one response."""
    with socket.create_connection((server.host, server.port), timeout=timeout) as sock:
        started = time.monotonic()
        sock.sendall(data)
        return _read_reply(sock, method, started)


def request(
    server: Server,
    method: str,
    path: str,
    body: bytes | str | dict | list | None = None,
    headers: Mapping[str, str] | None = None,
    *,
    timeout: float = 10,
) -> Reply:
    """A well-formed request; a dict/list body is sent as JSON."""
    sent = {"Host": f"{server.host}:{server.port}", "Connection": "close"}
    if isinstance(body, dict | list):
        body = orjson.dumps(body)
        sent["Content-Type"] = "application/json"
    if isinstance(body, str):
        body = body.encode()
    sent.update(headers or {})
    if body is not None or method in ("POST", "PUT", "PATCH", "QUERY"):
        sent.setdefault("Content-Length", str(len(body or b"")))
    head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in sent.items())
    data = head.encode("latin-1") + b"\r\n" + (body or b"")
    return raw_request(server, data, method=method, timeout=timeout)


def new_session(server: Server) -> str:
    reply = request(server, "POST", "/api/challenger")
    assert reply.status == 201, reply
    guid = reply.header("X-CHALLENGER")
    assert guid
    return guid


def list_todos(server: Server, guid: str) -> list[dict]:
    """Every todo of the session (the cap is 20, the largest page too)."""
    reply = request(server, "GET", "/api/todos?_limit=20", headers={"X-CHALLENGER": guid})
    assert reply.status == 200, reply
    return reply.json()["todos"]


def progress_of(server: Server, guid: str) -> dict:
    """The session's progress payload (GET /api/challenger/{guid})."""
    reply = request(server, "GET", f"/api/challenger/{guid}")
    assert reply.status == 200, reply
    return reply.json()


def completed_keys(server: Server, guid: str) -> set[str]:
    status = progress_of(server, guid)["challengeStatus"]
    return {key for key, done in status.items() if done}


def all_at_once(calls: list[Callable[[], Reply]], timeout: float = 60) -> list[Reply]:
    """Run every call on its own thread, released together by a barrier; replies in order."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], Reply]) -> Reply:
        barrier.wait(timeout)
        return call()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        futures = [pool.submit(run, call) for call in calls]
        return [future.result(timeout) for future in futures]


def stored_progress(database_url: str, guid: str) -> dict:
    """The session's progress map as stored (key -> completion time), read directly."""
    sql = "SELECT progress FROM challenges_challenger WHERE guid = %s"
    if is_postgres(database_url):
        import psycopg

        with psycopg.connect(database_url) as conn:
            row = conn.execute(sql, (guid,)).fetchone()
    else:
        path = urlsplit(database_url).path
        with contextlib.closing(sqlite3.connect(path)) as conn:
            row = conn.execute(sql.replace("%s", "?"), (guid,)).fetchone()
    assert row is not None, f"no session {guid}"
    value = row[0]
    return orjson.loads(value) if isinstance(value, str | bytes) else dict(value)
