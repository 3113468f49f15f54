"""Conditions on the todos a list answer holds: how many came back and which, whether
their ids and descriptions satisfy the request's filter, whether they fill the page asked
for, and in what order they came. They read the todos the view rendered, never the body
back.
"""

from __future__ import annotations

from collections.abc import Callable

from challenges.conditions import Condition, on_response
from challenges.exchange import Exchange
from challenges.rules.reading import as_int, counted, filters_on
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.patterns import compile_pattern
from practiceapi.protocol.query import EQUALS, MATCHES, wildcard_match


def _todo_ids(x: Exchange) -> list[int] | None:
    ids = [as_int(t.get("id")) for t in x.response_todos]
    return None if any(i is None for i in ids) else [i for i in ids if i is not None]


def some_but_not_all_back() -> Condition:
    """Todos came back, all with integer ids, fewer than the session holds."""

    def test(x: Exchange) -> bool:
        ids = _todo_ids(x)
        return x.store is not None and ids is not None and 0 < len(ids) < x.store.total

    def seen(x: Exchange) -> str:
        back = len(x.response_todos)
        total = "?" if x.store is None else x.store.total
        return f"{back} of your {total} todos came back"

    return on_response(
        "some, but not all, todos came back",
        test,
        "{seen}; this challenge needs some, but not all, of them",
        seen,
    )


def ids_beyond_filter(op: str, keep: Callable[[int, int], bool], side: str) -> Condition:
    """Every todo that came back has an id on the right side of some `id<op>N` filter."""

    def test(x: Exchange) -> bool:
        ids = _todo_ids(x) or []
        for f in filters_on(x, "id", op):
            bound = as_int(f.value)
            if bound is not None and all(keep(i, bound) for i in ids):
                return True
        return False

    return on_response(
        f"every id returned is {side} the filter's",
        test,
        f"the ids that came back were {{seen}}; this challenge needs every one {side} the "
        "number in your filter",
        lambda x: ", ".join(str(i) for i in (_todo_ids(x) or [])),
    )


def exactly_one_back() -> Condition:
    def test(x: Exchange) -> bool:
        ids = _todo_ids(x)
        return ids is not None and len(ids) == 1

    return on_response(
        "exactly one todo came back",
        test,
        "{seen} came back; this challenge needs exactly one",
        lambda x: counted(len(x.response_todos), "todo"),
    )


def the_id_asked_for() -> Condition:
    def test(x: Exchange) -> bool:
        ids = _todo_ids(x)
        first = ids[0] if ids else None
        return any(as_int(f.value) == first for f in filters_on(x, "id", EQUALS))

    return on_response(
        "the todo returned has the id asked for",
        test,
        "the todo that came back has id {seen}, not the id in your filter",
        lambda x: ids[0] if (ids := _todo_ids(x)) else "?",
    )


def todos_back() -> Condition:
    return on_response(
        "todos came back",
        lambda x: bool(x.response_todos),
        "no todos came back; this challenge needs at least one",
    )


def descriptions_not_empty() -> Condition:
    def test(x: Exchange) -> bool:
        return all(
            isinstance(t.get("description"), str) and t["description"] for t in x.response_todos
        )

    return on_response(
        "every todo returned has a description",
        test,
        "{seen} that came back had an empty description; this challenge needs todos with "
        "descriptions (give some todos a description first)",
        lambda x: counted(sum(1 for t in x.response_todos if not t.get("description")), "todo"),
    )


def _every_description_matches(x: Exchange, matches: Callable[[str], bool]) -> bool:
    return all(
        isinstance(t.get("description"), str) and matches(t["description"])
        for t in x.response_todos
    )


def _regex(value: str) -> Callable[[str], bool] | None:
    """A student's regex filter as the API ran it: through the same engine and budget, so
    a pattern that is cheap for the API is cheap here too (a backtracking engine would
    spend exponential time on what RE2 answered at once). None when it was refused."""
    try:
        return compile_pattern(value).fullmatch
    except ApiError:
        return None


def _wildcard(value: str) -> Callable[[str], bool]:
    """`*` = any run, `?` = one character, everything else literal (rule of #12)."""
    return lambda text: wildcard_match(value, text)


def descriptions_match(op: str) -> Condition:
    """Every description that came back fully matches the `description<op>` filter."""
    compile_ = _regex if op == MATCHES else _wildcard

    def test(x: Exchange) -> bool:
        for f in filters_on(x, "description", op):
            matches = compile_(f.value)
            try:
                if matches is not None and _every_description_matches(x, matches):
                    return True
            except ApiError:  # the request's regex work ran out: not this challenge
                return False
        return False

    return on_response(
        "every description returned matches the filter",
        test,
        "a description that came back does not match your whole filter; this challenge needs "
        "a pattern that matches each description from start to end",
    )


def page_of(limit: int, offset: int, among: str = "total") -> Condition:
    """As many todos came back as a page of `limit` from `offset` holds (of the session's
    todos, or of its not-done ones)."""

    def expected(x: Exchange) -> int | None:
        if x.store is None:
            return None
        available = x.store.not_done if among == "not_done" else x.store.total
        return max(0, min(limit, available - offset))

    def test(x: Exchange) -> bool:
        wanted = expected(x)
        return wanted is not None and len(x.response_todos) == wanted

    def seen(x: Exchange) -> str:
        return f"{counted(len(x.response_todos), 'todo')} came back"

    return on_response(
        f"a full page of {limit} from offset {offset}",
        test,
        f"{{seen}}; this challenge needs the whole page: {limit} todos from offset {offset}, or "
        "as many as your todos allow",
        seen,
    )


def ids_descending() -> Condition:
    def test(x: Exchange) -> bool:
        ids = _todo_ids(x)
        return ids is not None and all(a >= b for a, b in zip(ids, ids[1:], strict=False))

    return on_response(
        "ids come back highest first",
        test,
        "the ids came back as {seen}; this challenge needs them highest first",
        lambda x: ", ".join(str(i) for i in (_todo_ids(x) or [])),
    )


def all_back_not_done() -> Condition:
    return on_response(
        "every todo returned is not done",
        lambda x: all(t.get("doneStatus") is False for t in x.response_todos),
        "a todo that came back is done; this challenge needs only not-done todos",
    )


def all_back_done() -> Condition:
    def test(x: Exchange) -> bool:
        todos = x.response_todos
        return bool(todos) and all(t.get("doneStatus") is True for t in todos)

    return on_response(
        "only done todos came back",
        test,
        "{seen}; this challenge needs only done todos, at least one",
        lambda x: (
            f"{sum(1 for t in x.response_todos if t.get('doneStatus') is not True)} "
            f"of {len(x.response_todos)} todos that came back were not done"
        ),
    )
