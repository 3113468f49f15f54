"""Earlier implementations of functions on the request path, kept for A/B turns in
bench/floor.py (`--swap MODULE:NAME=variants:NAME`): the figure of a change is measured
against what it replaced, in the same process and the same minutes."""

from __future__ import annotations

from practiceapi.protocol.query import _TOKENS_LONGEST_FIRST, EQUALS, TOKENS, Filter


def _token_at(text: str, pos: int) -> str | None:
    for token in _TOKENS_LONGEST_FIRST:
        if text.startswith(token, pos):
            return token
    return None


def split_part_scan(part: str) -> Filter:
    """`practiceapi.protocol.query.split_part` before it searched with one regular
    expression: every token tried at every position."""
    for pos in range(len(part)):
        token = _token_at(part, pos)
        if token is None:
            continue
        rest_start = pos + len(token)
        if token == "=":
            follow = _token_at(part, rest_start)
            if follow is not None:
                token = follow
                rest_start += len(follow)
        return Filter(part[:pos], TOKENS[token], part[rest_start:])
    return Filter(part, EQUALS, "")


def attempts_afresh(mode, method, shape, part, exchange):  # noqa: ANN001, ANN201
    """`challenges.catalogue.attempts` without remembering its answers: every request's
    attempts decided from its conditions (`--swap challenges.tracking:attempts=...`)."""
    from challenges.catalogue import active

    route = active()._route_attempts(mode, method, shape)
    return route.sift(exchange()) if route.challenges else ()


def find_challenger_via_proxy(guid):  # noqa: ANN001, ANN201
    """`challengers.sessions.find_challenger` before it looked up the thread's connection
    once: every `connection.x` went through the proxy (asgiref's context-local storage),
    and the JSON columns were decoded by `JSONField.from_db_value` (`json`)."""
    from django.db import connection

    from challengers.models import Challenger
    from challengers.sessions import _find_plan, canonical_guid

    if not guid or not guid.strip():
        return None
    with connection.cursor() as cursor:
        cursor.execute(_find_plan(connection.vendor).sql, [canonical_guid(guid)])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for index, functions, column in _django_converters(connection.vendor):
        for convert in functions:
            values[index] = convert(values[index], column, connection)
    return Challenger.from_db(connection.alias, None, values)


_CONVERTERS: dict = {}


def _django_converters(vendor):  # noqa: ANN001, ANN202
    if vendor not in _CONVERTERS:
        from django.db import connection

        from challengers.models import Challenger

        meta = Challenger._meta
        found = []
        for index, field in enumerate(meta.concrete_fields):
            column = field.get_col(meta.db_table)
            functions = connection.ops.get_db_converters(column) + column.get_db_converters(
                connection
            )
            if functions:
                found.append((index, functions, column))
        _CONVERTERS[vendor] = found
    return _CONVERTERS[vendor]


def fresh_misses_built_first(challenger, misses, new, now):  # noqa: ANN001, ANN201
    """`challenges.progress.fresh_misses` before the repeat check came first: each near
    miss's entry (its time stamp, its dict) was built, then compared with the stored one."""
    from challenges.progress import _repeats, near_miss, stored_misses

    stored = stored_misses(challenger)
    fresh = {}
    for key, (line, status, reason) in misses.items():
        if key in challenger.progress or key in new:
            continue
        entry = near_miss(line, status, reason, now)
        if not _repeats(stored.get(key), entry["status"], entry["reason"], now):
            fresh[key] = entry
    return fresh


def not_in_one_statement(*_: object) -> None:
    """`todos.services._amend_if_unchanged` as before PostgreSQL tried an amend in one
    statement: it never does, so every amend runs in the locking transaction
    (`--swap todos.services:_amend_if_unchanged=bench.variants:not_in_one_statement`, with
    `--swap todos.services:_delete_in_one=todos.services:_delete_in_a_transaction` for the
    deletes)."""
    return None
