"""Django's PostgreSQL backend with a connection check that needs no round trip.

The server keeps each thread's connection open between requests (CONN_MAX_AGE). When
PostgreSQL restarts, or someone terminates its backends, those connections die while
idle, and without a check the next statement on each of them fails: one 500 per thread.
Django's own check (CONN_HEALTH_CHECKS) runs `SELECT 1` at the first query of every
request: a round trip per request (tens of microseconds to a server on the same machine,
much of it the client's CPU; more across a network).

An idle PostgreSQL connection has nothing to read: the server only ever answers. A server
that ends a session (shutdown, restart, `pg_terminate_backend`, idle timeouts) first
writes a FATAL message, then closes the socket. So a connection whose socket is readable
while it is idle is dead or about to be, and one poll of the socket, with no wait, tells
(a system call, no round trip). psycopg's own state cannot tell without reading: its status stays OK after
the server has gone, and even after reading the FATAL message, until a read meets the
closed socket. Whatever an idle connection receives is therefore taken as its end; the
server sends nothing else unprompted unless a client LISTENs, which this project does not.

Where the check runs:

* persistent connections (the default): `is_usable()` is what Django's health checks
  call, at the first query after each request boundary (`close_if_health_check_failed`,
  re-armed by the `request_started` and `request_finished` signals; so twice for a list
  read that todos/replay.py looks up before Django's cycle), and after a request that had
  a database error. The settings turn CONN_HEALTH_CHECKS on; a dead connection is closed
  and Django opens a new one before the request's first statement.
* psycopg's pool (OPTIONS["pool"], CONN_MAX_AGE 0): Django skips its health check, since
  every request takes a connection from the pool, and would hand the pool psycopg's own
  check (an empty query, a round trip) when CONN_HEALTH_CHECKS is on: turn it off with the
  pool. `get_new_connection()` checks each connection the pool hands out instead, and
  closes a dead one before giving it back, which makes the pool replace it.

A connection that fails to open is not kept: Django's `connect()` only stores one that
opened, so while the database is down each request tries afresh (and answers 500), and the
first request after it is back gets a new connection.
"""

from __future__ import annotations

import select
from typing import Any

import psycopg
from django.db.backends.postgresql import base
from psycopg import pq

# Transaction states in which the connection waits for the client to speak.
_WAITING = (pq.TransactionStatus.IDLE, pq.TransactionStatus.INTRANS)


def _has_input(fd: int) -> bool:
    """True when the socket has bytes or an end of file to read; never waits."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        return bool(poller.poll(0))  # POLLHUP and POLLERR are reported as well
    # Windows has no poll(); select() takes any socket there.
    return bool(select.select([fd], [], [], 0)[0])


def is_quiet(connection: psycopg.Connection[Any]) -> bool:
    """True when the connection is open, waiting for a statement, and the server has sent
    nothing since its last answer: it will take the next statement."""
    pgconn = connection.pgconn
    if pgconn.status != pq.ConnStatus.OK or pgconn.transaction_status not in _WAITING:
        return False
    return not _has_input(pgconn.socket)


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        # Django's version runs `SELECT 1`; this one does not talk to the server.
        return self.connection is not None and is_quiet(self.connection)

    def get_new_connection(self, conn_params: dict[str, Any]) -> psycopg.Connection[Any]:
        connection = super().get_new_connection(conn_params)
        pool = self.pool
        if pool is None:
            return connection  # just opened: nothing to check
        # At most max_size connections in the pool can be left over from before the
        # database went away; once they are discarded, the pool opens new ones.
        for _ in range(pool.max_size):
            if is_quiet(connection):
                break
            # Closed, the connection is discarded and replaced by the pool; given back
            # open, it would be handed out again.
            connection.close()
            pool.putconn(connection)
            connection = super().get_new_connection(conn_params)
        return connection
