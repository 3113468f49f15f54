"""How the conditions of several topics read an exchange: a todo field named in any case,
the query's filters and plain parameters, a number as the API reads one, a count in words.
"""

from __future__ import annotations

from typing import Any

from challenges.exchange import Exchange
from practiceapi.protocol.numbers import saturated_int
from practiceapi.protocol.query import EQUALS, Filter
from todos.resource import TODO_FIELDS

_FIELD_NAMES = {f.name.lower(): f.name for f in TODO_FIELDS}


def todo_field(name: str) -> str | None:
    """Canonical todo field for a client-sent name (the API matches names ignoring case)."""
    return _FIELD_NAMES.get(name.strip().lower())


def filters_on(x: Exchange, field_name: str, op: str) -> list[Filter]:
    return [f for f in x.query.filters if f.op == op and todo_field(f.name) == field_name]


def plain_param(x: Exchange, name: str) -> str | None:
    """Value of an exact-name `name=value` parameter (last one wins), else None."""
    value = None
    for f in x.query.filters:
        if f.op == EQUALS and f.name == name:
            value = f.value
    return value


def as_int(text: Any) -> int | None:
    """Integer in Java `parseInt` form (no spaces, no underscores, no fractions).

    Text of any length is read without converting it whole: past 18 digits it reads as
    one number beyond every id and page size (numbers.saturated_int), which is all the
    conditions compare it with.
    """
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text
    if isinstance(text, str):
        return saturated_int(text)
    return None


def counted(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"
