"""Django's SQLite backend, with writers queued on a lock file instead of in SQLite's busy
handler.

`make run` runs several processes on one SQLite file, each with a few threads, and SQLite
lets one writer in at a time. A writer that finds the write lock taken gets SQLITE_BUSY
and SQLite's busy handler sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100 ms between
attempts: it often sleeps on long after the lock was released, and under a classroom's
writes those sleeps were the tail of the latency (docs/benchmark.md, "SQLite writers").

Here every writer of a database file first takes an exclusive `flock` on
`<database>.writer-lock`: for a transaction (Django's `atomic`, which starts with BEGIN
IMMEDIATE) from BEGIN to COMMIT or ROLLBACK, for a writing statement in autocommit mode
around that statement. A waiter blocks in the kernel (the GIL released) and is woken as
soon as the holder lets go. SQLite's own lock is then free when the writer reaches it, and
the busy handler (the `timeout` option) is left for programs that do not take the lock
file (`sqlite3` on the command line, a migration run by an older release). The lock is
the open file's: the kernel releases it when the process dies. In-memory databases (the
test suite's) have one connection and take no lock.
"""

from __future__ import annotations

import fcntl
import os
from typing import TYPE_CHECKING, Any

from django.db.backends.sqlite3 import base

# Statements that write (what autocommit mode runs outside transactions: tracking's
# progress UPDATE, a session's first INSERT).
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


class WriterLock:
    """An exclusive flock on a file beside the database, taken by one connection."""

    def __init__(self, path: str) -> None:
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        self.held = False

    def acquire(self) -> None:
        if not self.held:
            fcntl.flock(self.fd, fcntl.LOCK_EX)
            self.held = True

    def release(self) -> None:
        if self.held:
            self.held = False
            fcntl.flock(self.fd, fcntl.LOCK_UN)

    def close(self) -> None:
        self.held = False
        os.close(self.fd)  # releases the lock with the open file


class CursorWrapper(base.SQLiteCursorWrapper):
    """Takes the connection's writer lock around a writing statement in autocommit mode."""

    lock: WriterLock | None = None

    def execute(self, query: str, params: Any = None) -> Any:
        lock = self.lock
        if lock is None or lock.held or not query.lstrip()[:7].upper().startswith(WRITES):
            return super().execute(query, params)
        lock.acquire()
        try:
            return super().execute(query, params)
        finally:
            lock.release()

    def executemany(self, query: str, param_list: Any) -> Any:
        lock = self.lock
        if lock is None or lock.held:
            return super().executemany(query, param_list)
        lock.acquire()
        try:
            return super().executemany(query, param_list)
        finally:
            lock.release()


if TYPE_CHECKING:

    class _DatabaseWrapper(base.DatabaseWrapper):
        # Django's private transaction hooks, overridden below: its stubs leave them out.
        def _start_transaction_under_autocommit(self) -> None: ...
        def _commit(self) -> None: ...
        def _rollback(self) -> None: ...
        def _close(self) -> None: ...

else:
    _DatabaseWrapper = base.DatabaseWrapper


class DatabaseWrapper(_DatabaseWrapper):
    writer_lock: WriterLock | None = None

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        connection = super().get_new_connection(conn_params)
        if self.writer_lock is not None:
            self.writer_lock.close()
            self.writer_lock = None
        if not self.is_in_memory_db():
            self.writer_lock = WriterLock(f"{self.settings_dict['NAME']}.writer-lock")
        return connection

    def create_cursor(self, name: str | None = None) -> Any:
        cursor = self.connection.cursor(factory=CursorWrapper)
        cursor.lock = self.writer_lock
        return cursor

    def _start_transaction_under_autocommit(self) -> None:
        if self.writer_lock is None:
            return super()._start_transaction_under_autocommit()
        self.writer_lock.acquire()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self.writer_lock.release()
            raise

    def _commit(self) -> None:
        try:
            super()._commit()
        finally:
            if self.writer_lock is not None:
                self.writer_lock.release()

    def _rollback(self) -> None:
        try:
            super()._rollback()
        finally:
            if self.writer_lock is not None:
                self.writer_lock.release()

    def _close(self) -> None:
        try:
            super()._close()
        finally:
            if self.writer_lock is not None:
                self.writer_lock.close()
                self.writer_lock = None
