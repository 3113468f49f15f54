"""Starting the production server, or any command, from Python and stopping it cleanly.

`make hosted` starts its app processes and HAProxy with `ProcessGroup`; the tests that
judge a running server and `make bench` start `make run`'s command with `Server`, each on
a database of its own from `scratch_database`. None of it runs inside a served process.

* `ProcessGroup`: a command run as the leader of a session of its own, so that a signal
  reaches a server's master and every worker it forks at once, and Ctrl-C in a terminal
  reaches none of them (whoever started it stops it). Stopping escalates to SIGKILL and
  waits until no process of the group is left, so that nothing keeps a port or a database.
* `scratch_database`: a migrated, empty database, SQLite or PostgreSQL, dropped afterwards.
* `Server`: the command `make run` runs (serve.py) in a process group, waited for until
  `GET /api/heartbeat` answers.
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
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import LiteralString
from urllib.parse import urlsplit, urlunsplit

from practiceapi.server import console, serve
from practiceapi.server.serve import is_postgres

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = ROOT / ".venv" / "bin"
PYTHON = str(VENV_BIN / "python") if (VENV_BIN / "python").exists() else sys.executable

# What a hosted instance runs with (docs/hosting.md), minus HTTPS: these servers are
# spoken to in plain HTTP on 127.0.0.1, so secure cookies and the SSL redirect stay off.
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
        port: int = sock.getsockname()[1]
        return port


# ------------------------------------------------------------------------ process groups


class ProcessGroup:
    """A command run as the leader of a new session, started at once.

    Its output goes to a temporary log file that `log()` reads (kept after it stopped), or
    with `log_to_file=False` to this process's own output.
    """

    def __init__(
        self,
        command: list[str],
        *,
        cwd: Path,
        env: Mapping[str, str],
        name: str = "server",
        log_to_file: bool = True,
    ) -> None:
        self.log_path: Path | None = None
        self.final_log = ""
        if log_to_file:
            handle, path = tempfile.mkstemp(prefix=f"{name}-", suffix=".log")
            os.close(handle)
            self.log_path = Path(path)
        with contextlib.ExitStack() as stack:
            log = stack.enter_context(open(self.log_path, "wb")) if self.log_path else None
            self.process = subprocess.Popen(
                command,
                cwd=cwd,
                env=dict(env),
                stdout=log,
                stderr=subprocess.STDOUT if log else None,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def returncode(self) -> int | None:
        """None while it runs; negative: the signal that ended it."""
        return self.process.poll()

    def log(self) -> str:
        """Everything the command wrote so far (kept after it stopped)."""
        if self.log_path is None or not self.log_path.exists():
            return self.final_log
        return self.log_path.read_text(errors="replace")

    def send_signal(self, signum: int) -> None:
        """Send `signum` to every process of the group, if it still runs."""
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signum)

    def wait_or_kill(self, deadline: float) -> None:
        """Wait until `deadline` (time.monotonic()) for the leader to exit, then SIGKILL
        whatever of the group is left."""
        try:
            self.process.wait(max(deadline - time.monotonic(), 0.1))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(10)
        self._reap()

    def stop(self, first: int = signal.SIGTERM, timeout: float = 15.0) -> None:
        """Signal the group with `first`, escalating to SIGKILL after `timeout` seconds."""
        self.send_signal(first)
        self.wait_or_kill(time.monotonic() + timeout)

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


# ---------------------------------------------------------------------------- databases


@contextlib.contextmanager
def scratch_database(
    prefix: str = "reliability", *, configured: str | None = None
) -> Iterator[str]:
    """A migrated, empty database for a server subprocess; yields its DATABASE_URL.

    PostgreSQL when `configured` (by default this process's `DATABASE_URL`) is a postgres
    URL (a new database on the same server, dropped afterwards), otherwise a temporary
    SQLite file. Migrations run once per process; every scratch database is a copy of that
    migrated template.
    """
    if configured is None:
        configured = os.environ.get("DATABASE_URL", "")
    if is_postgres(configured):
        template = _postgres_template(configured)
        with _postgres_database(configured, prefix, template) as url:
            yield url
        return
    with tempfile.TemporaryDirectory(prefix=f"{prefix}-") as directory:
        template_path = _sqlite_template()
        # The database and, beside it, the request history's file (history/routers.py).
        for copied in template_path.parent.glob("*.sqlite3"):
            shutil.copyfile(copied, Path(directory) / copied.name)
        yield f"sqlite:///{Path(directory) / template_path.name}"


_templates: dict[str, str] = {}


def _sqlite_template() -> Path:
    if "sqlite" not in _templates:
        directory = tempfile.mkdtemp(prefix="scratch-template-")
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
        name = f"scratch_template_{uuid.uuid4().hex[:12]}"
        parts = urlsplit(configured)
        _admin(configured, "CREATE DATABASE {}", name)
        atexit.register(_admin, configured, "DROP DATABASE IF EXISTS {} WITH (FORCE)", name)
        migrate(urlunsplit(parts._replace(path=f"/{name}")))
        _templates["postgres"] = name
    return _templates["postgres"]


def _admin(configured: str, statement: LiteralString, *names: str) -> None:
    """Run `statement`, its `{}` filled with `names` as quoted identifiers, on the
    server's maintenance database."""
    import psycopg
    from psycopg import sql

    admin_url = urlunsplit(urlsplit(configured)._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL(statement).format(*map(sql.Identifier, names)))


@contextlib.contextmanager
def _postgres_database(configured: str, prefix: str, template: str) -> Iterator[str]:
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    _admin(configured, "CREATE DATABASE {} TEMPLATE {}", name, template)
    try:
        yield urlunsplit(urlsplit(configured)._replace(path=f"/{name}"))
    finally:
        _admin(configured, "DROP DATABASE IF EXISTS {} WITH (FORCE)", name)


def server_env(database_url: str, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """This process's environment as a production server's: the production settings, a
    fresh SECRET_KEY, `database_url`, then `extra`."""
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
    """Run a manage.py command against `database_url`; returns its output."""
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


# ------------------------------------------------------------------------------- server


@dataclass
class Server:
    """The production server (granian, as `make run`) in a process group of its own."""

    database_url: str
    env: dict[str, str] = field(default_factory=dict)
    workers: int = 2
    threads: int = 0  # 0: what `make run` picks for the database (serve.default_threads)
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
    def process(self) -> subprocess.Popen[bytes] | None:
        return None if self.group is None else self.group.process

    def start(
        self, timeout: float = 120.0, probe_headers: Mapping[str, str] | None = None
    ) -> Server:
        if self.group is not None and self.group.alive():
            # A second server would listen on the same port beside the first (granian's
            # socket allows it), and only the second would ever be stopped.
            raise RuntimeError(f"the server on port {self.port} is already started")
        self.port = self.port or free_port()
        self.threads = self.threads or serve.default_threads(self.database_url)
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
            if console.heartbeat(self.host, self.port, dict(headers), timeout=2) == 204:
                return
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
