"""Conditions on what the query string asks of a list: a parameter, a filter on a todo
field, a sort, a page size or an offset. They read the request's parsed query, as the
list views read it, so every one is decided when the request arrives.
"""

from __future__ import annotations

from collections.abc import Callable

from challenges.conditions import QUERY, Condition, on_request, query_param
from challenges.exchange import Exchange
from challenges.rules.reading import as_int, filters_on, plain_param, todo_field
from practiceapi.protocol.query import EQUALS, LIMIT, OFFSET, SORT_BY


def _limit(x: Exchange) -> int | None:
    q = x.query
    return as_int(q.limit) if q.limit_op == EQUALS else None


def _offset(x: Exchange) -> int | None:
    q = x.query
    return as_int(q.offset) if q.offset_op == EQUALS else None


def _shown_sort(x: Exchange) -> str:
    return ",".join(("-" if k.descending else "") + k.name for k in x.query.sort)


def param_equals(name: str, value: str) -> Condition:
    """`name=value` in the query string, name exactly as given."""
    return on_request(
        f"query {name}={value}",
        lambda x: plain_param(x, name) == value,
        f"the query asked for {name}={{seen}}; this challenge needs {name}={value}",
        lambda x: plain_param(x, name),
        needs=(query_param(name),),
        looks_at=(QUERY,),
    )


def param_given(name: str) -> Condition:
    """A `name=...` parameter in the query string (any value)."""
    return on_request(
        f"query has {name}",
        lambda x: plain_param(x, name) is not None,
        f"the query had no {name}; this challenge needs one",
        needs=(query_param(name),),
        looks_at=(QUERY,),
    )


def filter_on(field_name: str, op: str, shown: str) -> Condition:
    """A filter on `field_name` with operator `op` (`>`, `~=` ...), field name in any case."""
    return on_request(
        f"filters {field_name} with {shown}",
        lambda x: bool(filters_on(x, field_name, op)),
        f"the query had no {field_name}{shown} filter; this challenge needs one",
        needs=(query_param(field_name),),
        looks_at=(QUERY,),
    )


def filters_a_field() -> Condition:
    return on_request(
        "filters on a todo field",
        lambda x: any(todo_field(f.name) is not None for f in x.query.filters),
        "the query filtered on no todo field; this challenge needs a filter such as doneStatus=false",
        needs=(QUERY,),
        looks_at=(QUERY,),
    )


def sorted_by(count: str = "any", direction: str = "any") -> Condition:
    """A `_sortBy`: `count` "any", "one" or "several" fields; `direction` of a single field."""

    def test(x: Exchange) -> bool:
        sort = x.query.sort
        if count == "one" and len(sort) != 1:
            return False
        if count == "several" and len(sort) < 2:
            return False
        if direction != "any":
            return bool(sort) and sort[0].descending == (direction == "descending")
        return bool(sort)

    words = {
        "any": "a _sortBy",
        "one": "a _sortBy on one field",
        "several": "a _sortBy on two or more fields",
    }
    name = words[count] + ("" if direction == "any" else f", {direction}")
    return on_request(
        name,
        test,
        f"the sort was `{{seen}}`; this challenge needs {name}",
        _shown_sort,
        needs=(query_param(SORT_BY),),
        looks_at=(QUERY,),
    )


def sort_fields_known() -> Condition:
    def unknown(x: Exchange) -> str:
        return ", ".join(k.name for k in x.query.sort if todo_field(k.name) is None)

    return on_request(
        "sorts on todo fields",
        lambda x: all(todo_field(k.name) is not None for k in x.query.sort),
        "the sort named `{seen}`, which is not a todo field; this challenge needs todo fields "
        "(id, title, doneStatus, description)",
        unknown,
        looks_at=(QUERY,),
    )


def _limit_condition(name: str, test: Callable[[int], bool], wanted: str) -> Condition:
    """A test of a plain `_limit=N` (an integer); the explanation shows the limit sent."""
    return on_request(
        name,
        lambda x: (limit := _limit(x)) is not None and test(limit),
        f"the query asked for _limit={{seen}}; this challenge needs {wanted}",
        lambda x: x.query.limit,
        needs=(query_param(LIMIT),),
        looks_at=(QUERY,),
    )


def limit_is(limit: int) -> Condition:
    return _limit_condition(f"_limit={limit}", lambda n: n == limit, f"_limit={limit}")


def limit_above(limit: int) -> Condition:
    return _limit_condition(
        f"_limit above {limit}",
        lambda n: n > limit,
        f"more than {limit}, the most the API allows",
    )


def offset_given() -> Condition:
    return on_request(
        "an _offset",
        lambda x: x.query.offset_op is not None,
        "the query had no _offset; this challenge needs one",
        needs=(query_param(OFFSET),),
        looks_at=(QUERY,),
    )


def offset_is(offset: int) -> Condition:
    return on_request(
        f"_offset={offset}",
        lambda x: _offset(x) == offset,
        f"the query asked for _offset={{seen}}; this challenge needs _offset={offset}",
        lambda x: x.query.offset,
        looks_at=(QUERY,),
    )


def sorted_by_id_descending() -> Condition:
    def test(x: Exchange) -> bool:
        sort = x.query.sort
        return len(sort) == 1 and sort[0].descending and todo_field(sort[0].name) == "id"

    return on_request(
        "_sortBy=-id",
        test,
        "the sort was `{seen}`; this challenge needs `-id` alone",
        _shown_sort,
        looks_at=(QUERY,),
    )
