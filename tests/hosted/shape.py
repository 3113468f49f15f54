"""The hosted shape as `make hosted` starts it (practiceapi/server/hosted.py): HAProxy with
deploy/haproxy.cfg in front of two app processes started from
deploy/apichallenges@.service, on a PostgreSQL database of its own.

The shape runs on PostgreSQL only, on a scratch database made on the suite's own server
when `DATABASE_URL` is PostgreSQL. When the suite runs on SQLite, the server at
`CI_POSTGRES_URL` (CI's PostgreSQL run uses it too; default the local one,
`postgres://postgres@127.0.0.1:5432/postgres`) holds the scratch database instead. The
tests are skipped, saying so, when no PostgreSQL answers there or when HAProxy is not
installed (CI installs it).

Clients in these tests connect from addresses of their own on the loopback network
(127.0.0.2, 127.0.0.3, ...): HAProxy appends that address to `X-Forwarded-For`, while the
app processes see every request come from HAProxy's 127.0.0.1, so the address the app
counts a client by tells which of the two it used.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import re
import shutil
import signal
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import orjson
import pytest

from practiceapi.server.harness import (
    PYTHON,
    ROOT,
    ProcessGroup,
    free_port,
    scratch_database,
    server_env,
)
from practiceapi.server.serve import is_postgres
from tests.reliability.server import Reply

# What every shape in these tests runs with, on top of the production environment of the
# reliability suite: one worker per app process (two processes share this machine), a
# proxy body timeout short enough to wait for, and low limits to reach.
SHAPE_ENV = {
    "WORKERS": "1",
    "REQUEST_TIMEOUT": "2s",
    "APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR": "4",
    "ADMIN_LOGIN_FAILURE_LIMIT": "3",
}
LOG_LINE = re.compile(
    r"^(?P<client>[0-9.]+):\d+ \[[^\]]+\] apichallenges (?P<backend>\S+)/(?P<server>\S+) "
    r"\S+ (?P<status>\d+) .*\"(?P<request>[^\"]*)\"$"
)


def haproxy() -> str | None:
    found = shutil.which("haproxy") or "/usr/sbin/haproxy"
    return found if Path(found).is_file() else None


def postgres_server() -> str:
    """A PostgreSQL URL to make scratch databases on: the suite's own, else CI's."""
    configured = os.environ.get("DATABASE_URL", "")
    if is_postgres(configured):
        return configured
    return os.environ.get("CI_POSTGRES_URL") or "postgres://postgres@127.0.0.1:5432/postgres"


def require_the_shape() -> str:
    """The PostgreSQL server URL, or skip saying what is missing."""
    if haproxy() is None:
        pytest.skip("HAProxy is not installed (apt-get install haproxy; CI installs it)")
    url = postgres_server()
    import psycopg

    try:
        psycopg.connect(url, connect_timeout=3).close()
    except psycopg.OperationalError as exc:
        pytest.skip(f"the hosted shape runs on PostgreSQL and none answers at {url}: {exc}")
    return url


@dataclass
class Shape:
    """A running `make hosted`: the launcher, and the addresses it serves on."""

    group: ProcessGroup
    port: int
    app_ports: tuple[int, int]
    database_url: str
    host: str = "127.0.0.1"

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def log(self) -> str:
        return self.group.log()

    def proxied(self, client: str) -> list[dict[str, str]]:
        """HAProxy's log lines of the requests from the client address `client`, in order:
        `server` is the app process that answered (`app1`, `app2`, `<NOSRV>`: none)."""
        lines = (LOG_LINE.match(line) for line in self.log().splitlines())
        return [m.groupdict() for m in lines if m is not None and m["client"] == client]

    def children(self) -> dict[int, str]:
        """The processes the launcher started, by pid: their command lines."""
        found = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                parent = int(stat.rsplit(")", 1)[1].split()[1])
                if parent == self.group.pid:
                    command = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
                    found[int(entry.name)] = command.decode(errors="replace")
        return found

    def app_process(self, port: int) -> int:
        """The pid of the app process (granian's main process) listening on `port`."""
        for pid, command in self.children().items():
            if f"--port {port} " in command:
                return pid
        raise AssertionError(f"no app process on port {port}: {self.children()}")


@contextlib.contextmanager
def hosted_shape(edition: str = "current", env: Mapping[str, str] | None = None) -> Iterator[Shape]:
    """`make hosted` (its launcher module) on a scratch PostgreSQL database, stopped with
    Ctrl-C's signal afterwards."""
    server = require_the_shape()
    with scratch_database(prefix="hosted", configured=server) as database_url:
        port, app_ports = free_port(), (free_port(), free_port())
        extra = {
            **SHAPE_ENV,
            "APICHALLENGES_EDITION": edition,
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "APP_PORTS": f"{app_ports[0]},{app_ports[1]}",
            **(env or {}),
        }
        group = ProcessGroup(
            [PYTHON, "-m", "practiceapi.server.hosted"],
            cwd=ROOT,
            env=server_env(database_url, extra),
            name="hosted",
        )
        shape = Shape(group, port, app_ports, database_url)
        try:
            wait_until_serving(shape)
            yield shape
        finally:
            started = shape.children()
            group.stop(signal.SIGINT, timeout=30)
            for pid in started:  # nothing may outlive the launcher, but never leave it
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(pid, signal.SIGKILL)


def wait_until_serving(shape: Shape, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not shape.group.alive():
            raise RuntimeError(f"make hosted exited early:\n{shape.log()}")
        if "make hosted: serving on" in shape.log():
            return
        time.sleep(0.2)
    raise RuntimeError(f"make hosted did not serve within {timeout}s:\n{shape.log()}")


def send(
    shape: Shape,
    method: str,
    path: str,
    body: bytes | str | dict | None = None,
    headers: Mapping[str, str] | None = None,
    *,
    client: str = "127.0.0.1",
    port: int | None = None,
    timeout: float = 15,
) -> Reply:
    """One request on a connection of its own, from the loopback address `client`, to the
    proxy (or to `port`, an app process's own)."""
    sent = dict(headers or {})
    if isinstance(body, dict):
        body = orjson.dumps(body)
        sent.setdefault("Content-Type", "application/json")
    connection = http.client.HTTPConnection(
        shape.host, port or shape.port, timeout=timeout, source_address=(client, 0)
    )
    started = time.monotonic()
    try:
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        content = response.read()
        replied = {name.lower(): value for name, value in response.getheaders()}
        return Reply(response.status, replied, content, time.monotonic() - started, response.reason)
    finally:
        connection.close()


def new_session(shape: Shape, client: str) -> str:
    reply = send(shape, "POST", "/api/challenger", client=client)
    assert reply.status == 201, reply
    return reply.header("X-CHALLENGER") or ""


def wait_for_log(shape: Shape, client: str, count: int, timeout: float = 5) -> list[dict[str, str]]:
    """The proxy's log lines from `client`, once there are `count` of them."""
    deadline = time.monotonic() + timeout
    while len(lines := shape.proxied(client)) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    return lines
