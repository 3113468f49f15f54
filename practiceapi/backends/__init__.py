"""The project's database backends, named by the settings' `ENGINE`: Django's own for
SQLite and PostgreSQL, each with one change that measurement keeps (docs/benchmark.md,
"What each server piece buys", 2026-11-27). No view, selector, service or challenge imports
them (tests/core/test_server_stays_apart.py).

* `sqlite`: writers queue on a lock file instead of sleeping in SQLite's busy handler. Kept
  for the slowest writes: 0.05-0.6 s with it, 0.7-1.3 s in the busy handler, in every
  round ("SQLite writers"); throughput and p99 are even.
* `postgresql`: a connection check that costs no round trip. Django's own (`SELECT 1` per
  request) costs the classroom mix 12-18 % more CPU per request.
"""
