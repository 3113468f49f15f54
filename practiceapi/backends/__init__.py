"""The project's database backends, named by the settings' `ENGINE`: Django's own for
SQLite and PostgreSQL, each with one change kept for what it gains (docs/benchmark.md,
"What each server piece buys"). No view, selector, service or challenge imports them
(tests/architecture/test_server_stays_apart.py).

* `sqlite`: writers queue on a lock file instead of sleeping in SQLite's busy handler. Kept
  for the slowest writes, which no longer sleep on after the lock is free ("SQLite
  writers"); throughput and p99 are even.
* `postgresql`: a connection check that costs no round trip, where Django's own runs
  `SELECT 1` on every request.
"""
