"""The production server outlives its database connections (PostgreSQL only).

A hosted database restarts (upgrades, failovers, an operator's `pg_terminate_backend`):
every connection the server holds dies with it. The server keeps one connection per
Django thread open between requests, so each thread holds a dead one afterwards. What a
class must see: requests that arrive once the database is reachable again all get their
normal answer; none gets a 500 because its thread still held a dead connection.

One production server (`make run`'s command) on a scratch database of its own, a steady
mixed load of reads and writes from a few client threads, and three rounds of terminating
every server connection of that database. A request is judged when it was sent after the
terminated backends were gone and answered before the next round began; requests already
on their way while the connections were cut may fail, and are only counted.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.reliability.server import (
    Reply,
    Server,
    is_postgres,
    new_session,
    request,
    scratch_database,
)

pytestmark = [
    pytest.mark.server,
    pytest.mark.skipif(
        not is_postgres(os.environ.get("DATABASE_URL")),
        reason="terminating server connections is PostgreSQL behaviour; SQLite has none",
    ),
]

CLIENTS = 4
ROUNDS = 3
SECONDS_OF_LOAD = 1.5  # before the first cut, between cuts and after the last
# Each round must still serve a real load: the clients manage well over 100 requests in
# SECONDS_OF_LOAD when the server is healthy.
MIN_JUDGED_PER_ROUND = 20
THINK_S = 0.1  # each client's pause after a round of its requests


@dataclass(frozen=True)
class Sent:
    """One request of the load and what came back."""

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
    """One round: when the termination was sent, when every terminated backend was gone."""

    started: float
    back: float
    pids: tuple[int, ...]


class Load:
    """CLIENTS threads, each with a session of its own, sending requests until stopped."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.stop = threading.Event()
        self.sent: list[Sent] = []
        self.lock = threading.Lock()
        self.threads = [
            threading.Thread(target=self._client, args=(new_session(server),), daemon=True)
            for _ in range(CLIENTS)
        ]

    def __enter__(self) -> Load:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(30)

    def _send(
        self, method: str, path: str, expected: int, guid: str, body: dict | None = None
    ) -> Reply | None:
        started = time.monotonic()
        reply: Reply | None = None
        error = ""
        try:
            reply = request(self.server, method, path, body, {"X-CHALLENGER": guid}, timeout=15)
        except OSError as exc:
            error = repr(exc)
        sent = Sent(
            method,
            path,
            expected,
            started,
            time.monotonic(),
            reply.status if reply else None,
            error or (reply.body[:300].decode(errors="replace") if reply else ""),
        )
        with self.lock:
            self.sent.append(sent)
        return reply if sent.ok else None

    def _client(self, guid: str) -> None:
        """Reads and writes of one session: list, create, amend, read, delete, progress."""
        n = 0
        while not self.stop.is_set():
            n += 1
            self._send("GET", "/api/todos", 200, guid)
            created = self._send("POST", "/api/todos", 201, guid, {"title": f"load {n}"})
            if created is not None:
                item = f"/api/todos/{created.json()['id']}"
                self._send("POST", item, 200, guid, {"doneStatus": True})
                self._send("GET", item, 200, guid)
                self._send("DELETE", item, 204, guid)
            self._send("GET", f"/api/challenger/{guid}", 200, guid)
            # A class, not a benchmark: the server's threads are idle now and then, so some
            # of them meet the cut connections only on a later request.
            time.sleep(THINK_S)


def _admin_url(database_url: str) -> str:
    return urlunsplit(urlsplit(database_url)._replace(path="/postgres"))


def cut_connections(database_url: str) -> Cut:
    """Terminate every connection to the server's database; return once they are gone."""
    import psycopg

    database = urlsplit(database_url).path.lstrip("/")
    started = time.monotonic()
    with psycopg.connect(_admin_url(database_url), autocommit=True) as conn:
        # Two statements: in one WHERE clause nothing guarantees that the datname test
        # runs before pg_terminate_backend().
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            (database,),
        ).fetchall()
        pids = [pid for (pid,) in rows]
        conn.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", (pids,))
        # pg_terminate_backend only signals; the backends send their FATAL and exit soon
        # after. The database counts as reachable again once none of them is left.
        deadline = time.monotonic() + 10
        while conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", (pids,)
        ).fetchone()[0]:
            assert time.monotonic() < deadline, f"backends {pids} outlived their termination"
            time.sleep(0.01)
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


def _describe(sent: list[Sent]) -> str:
    return "\n".join(
        f"  {s.method} {s.path}: {s.status} (expected {s.expected}) {s.error[:100]!r}"
        for s in sent[:20]
    )


def test_no_request_fails_after_every_server_connection_is_terminated(
    own_server: Server,
) -> None:
    cuts: list[Cut] = []
    with Load(own_server) as load:
        time.sleep(SECONDS_OF_LOAD)
        for _ in range(ROUNDS):
            cuts.append(cut_connections(own_server.database_url))
            time.sleep(SECONDS_OF_LOAD)
    sent = sorted(load.sent, key=lambda s: s.started)

    # Every round really cut the server's connections (2 workers x 2 threads).
    assert all(cut.pids for cut in cuts), cuts
    # Judged windows: from the start to the first cut, then from each "back" to the next cut.
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
    assert all(len(window) >= MIN_JUDGED_PER_ROUND for window in judged), [len(j) for j in judged]


def test_the_server_answers_normally_once_the_load_is_over(own_server: Server) -> None:
    cut_connections(own_server.database_url)
    guid = new_session(own_server)
    for _ in range(CLIENTS * 4):  # more requests than the server has threads
        reply = request(own_server, "GET", "/api/todos", headers={"X-CHALLENGER": guid})
        assert reply.status == 200, reply
