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


def carries_any_query(query_string, header, query=None):  # noqa: ANN001, ANN201
    """`challenges.catalogue.carries` before query parameters were needs of their own: any
    query made every query challenge of the route worth judging."""
    from challenges.catalogue import active
    from challenges.conditions import QUERY, request_carries

    needed = active()._needed
    carried = request_carries(query_string, header, needed, query)
    if QUERY in carried:
        carried |= {need for need in needed if need.startswith(QUERY)}
    return carried
