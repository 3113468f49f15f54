"""The production server outlives its database connections (PostgreSQL only).

A hosted database restarts (upgrades, maintenance, an operator's `pg_terminate_backend`):
every connection the server holds dies with it. The server keeps one connection per
Django thread open between requests, so each thread holds a dead one afterwards. What a
class must see: requests that arrive once the database is reachable again all get their
normal answer; none gets a 500 because its thread still held a dead connection.

Two ways of cutting the connections, each under a steady mixed load of reads and writes
from a few client threads, then once more with the server idle followed by requests sent
one at a time (so that every thread meets its dead connection on a request of its own):

* terminating every server connection of the database (`pg_terminate_backend`), three
  times, on the shared PostgreSQL server, in both shapes `make run` has;
* a real `pg_ctl restart -m fast` of a private PostgreSQL cluster the test starts itself
  (skipped where there are no PostgreSQL server binaries).

A request is judged when it was sent after the database was reachable again and answered
before the next cut; requests already on their way while the connections were cut may
fail, and are only counted.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from practiceapi.server.harness import Server, free_port, migrate, scratch_database
from practiceapi.server.serve import is_postgres
from tests.reliability.server import (
    Reply,
    all_at_once,
    database_backends,
    new_session,
    request,
    terminate_backends,
)

pytestmark = [
    pytest.mark.server,
    pytest.mark.skipif(
        not is_postgres(os.environ.get("DATABASE_URL")),
        reason="losing server connections is PostgreSQL behaviour; SQLite has none",
    ),
]

CLIENTS = 4
ROUNDS = 3
SECONDS_OF_LOAD = 1.5  # before the first cut, between cuts and after the last
# Each window must still serve a real load: the clients manage over 200 requests in
# SECONDS_OF_LOAD when the server is healthy.
MIN_JUDGED_PER_WINDOW = 20
THINK_S = 0.1  # each client's pause after a round of its requests


@dataclass(frozen=True)
class Sent:
    """One request and what came back."""

    method: str
    path: str
    expected: int
    started: float
    finished: float
    status: int | None  # None: no HTTP answer at all
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.status == self.expected


@dataclass(frozen=True)
class Cut:
    """When the connections were cut, and when the database was reachable again."""

    started: float
    back: float
    pids: tuple[int, ...] = ()  # the terminated backends, for pg_terminate_backend


class Client:
    """Sends requests of one session to the server and records every answer."""

    def __init__(self, server: Server, sent: list[Sent], lock: threading.Lock) -> None:
        self.server = server
        self.guid = new_session(server)
        self.sent = sent
        self.lock = lock

    def send(self, method: str, path: str, expected: int, body: dict | None = None) -> Reply | None:
        """The reply when it has the expected status, else None (recorded either way)."""
        started = time.monotonic()
        reply: Reply | None = None
        error = ""
        try:
            headers = {"X-CHALLENGER": self.guid}
            reply = request(self.server, method, path, body, headers, timeout=15)
        except OSError as exc:
            error = repr(exc)
        if reply is not None:
            error = reply.body[:300].decode(errors="replace")
        sent = Sent(
            method,
            path,
            expected,
            started,
            time.monotonic(),
            reply.status if reply is not None else None,
            error,
        )
        with self.lock:
            self.sent.append(sent)
        return reply if sent.ok else None

    def mixed(self, n: int) -> None:
        """Reads and writes: list, create, amend, read, delete, progress."""
        self.send("GET", "/api/todos", 200)
        created = self.send("POST", "/api/todos", 201, {"title": f"load {n}"})
        if created is not None:
            item = f"/api/todos/{created.json()['id']}"
            self.send("POST", item, 200, {"doneStatus": True})
            self.send("GET", item, 200)
            self.send("DELETE", item, 204)
        self.send("GET", f"/api/challenger/{self.guid}", 200)


class Load:
    """CLIENTS threads, each with a session of its own, sending requests until stopped."""

    def __init__(self, server: Server) -> None:
        self.stop = threading.Event()
        self.sent: list[Sent] = []
        lock = threading.Lock()
        self.clients = [Client(server, self.sent, lock) for _ in range(CLIENTS)]
        self.threads = [threading.Thread(target=self._run, args=(c,)) for c in self.clients]

    def __enter__(self) -> Load:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(30)

    def _run(self, client: Client) -> None:
        n = 0
        while not self.stop.is_set():
            n += 1
            client.mixed(n)
            # A class, not a benchmark: the server's threads are idle now and then, so some
            # of them meet the cut connections only on a later request.
            time.sleep(THINK_S)


def _describe(sent: list[Sent]) -> str:
    return "\n".join(
        f"  {s.method} {s.path}: {s.status} (expected {s.expected}) {s.error[:100]!r}"
        for s in sent[:20]
    )


def assert_served_normally_between(sent: list[Sent], cuts: list[Cut]) -> None:
    """Every request sent while the database was there, and answered before the next cut,
    got its normal answer; and the server kept serving in each such window."""
    windows = [(float("-inf"), cuts[0].started)]
    windows += [(cut.back, nxt.started) for cut, nxt in zip(cuts, cuts[1:], strict=False)]
    windows.append((cuts[-1].back, float("inf")))
    judged = [
        [s for s in sent if s.started >= begin and s.finished < end] for begin, end in windows
    ]
    failed = [[s for s in window if not s.ok] for window in judged]
    assert not any(failed), (
        f"requests failed after the database was back, per window: "
        f"{[len(f) for f in failed]} of {[len(j) for j in judged]}\n"
        + _describe([s for window in failed for s in window])
    )
    assert all(len(window) >= MIN_JUDGED_PER_WINDOW for window in judged), [len(j) for j in judged]


def warm_every_thread(server: Server) -> None:
    """Concurrent requests, so that every Django thread of every worker holds a connection."""
    guid = new_session(server)
    calls = [partial(request, server, "GET", "/api/todos", headers={"X-CHALLENGER": guid})]
    assert {reply.status for reply in all_at_once(calls * CLIENTS * 4)} == {200}


def one_at_a_time(client: Client) -> None:
    """Requests sent one after another, more than the server has threads, so that each
    thread meets whatever connection it holds on a request of its own."""
    for n in range(CLIENTS * 3):
        client.mixed(n)


def assert_all_normal(sent: list[Sent]) -> None:
    failed = [s for s in sent if not s.ok]
    assert not failed, f"{len(failed)} of {len(sent)} requests failed:\n{_describe(failed)}"


# -------------------------------------------------------------- pg_terminate_backend


def _admin_url(database_url: str) -> str:
    return urlunsplit(urlsplit(database_url)._replace(path="/postgres"))


def cut_connections(database_url: str) -> Cut:
    """Terminate every connection to the server's database; return once they are gone."""
    database = urlsplit(database_url).path.lstrip("/")
    started = time.monotonic()
    with psycopg.connect(_admin_url(database_url), autocommit=True) as conn:
        pids = database_backends(conn, database)
        # The database counts as reachable again once none of them is left.
        terminate_backends(conn, pids)
    return Cut(started, time.monotonic(), tuple(pids))


@pytest.fixture(scope="module", params=[False, True], ids=["asgi-front", "proxy-buffers-bodies"])
def own_server(request: pytest.FixtureRequest) -> Iterator[Server]:
    """A production server, in either shape `make run` has, on a scratch database that no
    other test uses."""
    with (
        scratch_database("comeback") as url,
        Server(url, proxy_buffers_bodies=request.param) as server,
    ):
        yield server


def test_no_request_fails_after_every_server_connection_is_terminated(
    own_server: Server,
) -> None:
    cuts: list[Cut] = []
    with Load(own_server) as load:
        time.sleep(SECONDS_OF_LOAD)
        for _ in range(ROUNDS):
            cuts.append(cut_connections(own_server.database_url))
            time.sleep(SECONDS_OF_LOAD)
    assert all(cut.pids for cut in cuts), cuts  # the server's connections really were cut
    assert_served_normally_between(sorted(load.sent, key=lambda s: s.started), cuts)


def test_no_request_fails_after_the_connections_of_an_idle_server_are_terminated(
    own_server: Server,
) -> None:
    sent: list[Sent] = []
    client = Client(own_server, sent, threading.Lock())
    warm_every_thread(own_server)
    cut_connections(own_server.database_url)
    one_at_a_time(client)
    assert_all_normal(sent)


# ------------------------------------------------------------------- a real restart


def _pg_bin() -> Path | None:
    """The newest PostgreSQL server binaries on this machine (Debian's layout first)."""
    debian = glob.glob("/usr/lib/postgresql/*/bin/pg_ctl")
    found = sorted(debian, key=lambda path: int(Path(path).parts[-3]))
    pg_ctl = found[-1] if found else shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl else None


class Cluster:
    """A PostgreSQL cluster of the test's own in a temporary directory, on a free port.

    PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user.
    """

    def __init__(self, bin_dir: Path, directory: Path) -> None:
        self.bin_dir = bin_dir
        self.directory = directory
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            self.as_user = ["runuser", "-u", "postgres", "--"]
            os.chown(directory, pwd.getpwnam("postgres").pw_uid, -1)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, *command: str) -> None:
        subprocess.run(
            [*self.as_user, *command],
            check=True,
            # The server started by pg_ctl must not inherit a pipe of ours: -l logs to a file.
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=60,
        )

    def pg_ctl(self, *args: str) -> None:
        data, log = self.directory / "data", self.directory / "log"
        self.run(str(self.bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", *args)

    def create(self) -> None:
        data = self.directory / "data"
        initdb = str(self.bin_dir / "initdb")
        self.run(initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync")
        with open(data / "postgresql.conf", "a") as conf:
            conf.write(
                f"port = {self.port}\nlisten_addresses = '127.0.0.1'\n"
                f"unix_socket_directories = '{self.directory}'\nfsync = off\n"
            )

    def restart(self) -> Cut:
        """`pg_ctl restart -m fast`: back once the server accepts connections again."""
        started = time.monotonic()
        self.pg_ctl("restart", "-m", "fast")
        return Cut(started, time.monotonic())


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    bin_dir = _pg_bin()
    if bin_dir is None or not (bin_dir / "initdb").exists():
        pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl) on this machine")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root with no postgres user: PostgreSQL will not run as root")
        if not shutil.which("runuser"):
            pytest.skip("running as root without runuser: PostgreSQL will not run as root")
    with tempfile.TemporaryDirectory(prefix="comeback-cluster-") as directory:
        cluster = Cluster(bin_dir, Path(directory))
        cluster.create()
        cluster.pg_ctl("start")
        try:
            yield cluster
        finally:
            cluster.pg_ctl("stop", "-m", "immediate")


@pytest.fixture(scope="module")
def cluster_server(cluster: Cluster) -> Iterator[Server]:
    """The production server on a database of the private cluster."""
    with psycopg.connect(cluster.url, autocommit=True) as conn:
        conn.execute("CREATE DATABASE comeback")
    url = urlunsplit(urlsplit(cluster.url)._replace(path="/comeback"))
    migrate(url)
    with Server(url) as server:
        yield server


def test_no_request_fails_after_postgresql_restarts(
    cluster: Cluster, cluster_server: Server
) -> None:
    """While the server restarts, requests fail: none once it is back. Under load the
    threads' dead connections mostly fail requests during the restart; what this adds to
    the idle case below is that the failed connection attempts leave nothing behind."""
    with Load(cluster_server) as load:
        time.sleep(SECONDS_OF_LOAD)
        cut = cluster.restart()
        time.sleep(SECONDS_OF_LOAD)
    assert_served_normally_between(sorted(load.sent, key=lambda s: s.started), [cut])


def test_no_request_fails_after_postgresql_restarts_under_an_idle_server(
    cluster: Cluster, cluster_server: Server
) -> None:
    sent: list[Sent] = []
    client = Client(cluster_server, sent, threading.Lock())
    warm_every_thread(cluster_server)
    cluster.restart()
    one_at_a_time(client)
    assert_all_normal(sent)
