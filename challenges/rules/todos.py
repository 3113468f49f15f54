"""Conditions on the session's todos: how many its list holds after the request (the
store's counts the view left), whether the todo a request names is in it, the todo a
create made, the API's messages about todos, and the export of the list.
"""

from __future__ import annotations

from typing import Any

from challenges.conditions import QUERY, Condition, on_response, query_param, says
from challenges.exchange import Exchange
from challenges.rules.intent import intent, intent_in_answer
from challenges.rules.reading import as_int, counted, plain_param
from practiceapi.protocol.formats import EXPORT_FORMATS
from todos.messages import MAX_TODOS_REACHED, NO_SUCH_TODO, PUT_CANNOT_CREATE

# --------------------------------------------------------------------------- the store's counts


def store_has_done_and_not_done() -> Condition:
    def seen(x: Exchange) -> str:
        if x.store is None:
            return "no todos we could count"
        if x.store.done == 0:
            return "0 done todos"
        return "0 not-done todos"

    return on_response(
        "your todos include done and not-done ones",
        lambda x: x.store is not None and x.store.done >= 1 and x.store.not_done >= 1,
        "your todos include {seen}; this challenge needs at least one done and one not done",
        seen,
    )


def store_is_empty() -> Condition:
    def seen(x: Exchange) -> str:
        return "todos we could not count" if x.store is None else counted(x.store.total, "todo")

    return on_response(
        "your todo list is empty",
        lambda x: x.store is not None and x.store.total == 0,
        "your list still holds {seen}; this challenge needs every todo deleted",
        seen,
    )


def store_at_most(count: int) -> Condition:
    """The session holds at most `count` todos after this request."""
    return on_response(
        f"{count} or fewer todos left",
        lambda x: x.store is not None and x.store.total <= count,
        f"your list holds {{seen}}; this challenge needs {count} or fewer",
        lambda x: counted(x.store.total, "todo") if x.store else "todos we could not count",
    )


def _says_list_is_full(x: Exchange) -> bool:
    return MAX_TODOS_REACHED.search(" ".join(x.response_messages)) is not None


def list_was_full() -> Condition:
    """The API refused this create because the list was already full: with its 409, or
    (classic edition, whose refusal is a 400 like any validation error) its message. Only
    the API knows how many todos a list holds, and it looks only to refuse a create that
    would go past the cap, so its refusal is what shows the try. The create that fills
    the list is not one: it is an ordinary create, however many came before it."""
    return intent_in_answer(
        "a create refused because your list was full",
        lambda x: x.status == 409 or _says_list_is_full(x),
    )


def more_than_one_todo() -> Condition:
    return on_response(
        "your list holds more than one todo",
        lambda x: x.store is not None and x.store.total > 1,
        "your list holds {seen}; this challenge needs more than one",
        lambda x: counted(x.store.total, "todo") if x.store else "todos we could not count",
    )


# --------------------------------------------------------------------------- the todo created


def _created(x: Exchange) -> dict[str, Any]:
    todo = x.created if x.created is not None else x.response_object
    return todo if isinstance(todo, dict) else {}


def _length(x: Exchange, name: str) -> int | None:
    value = _created(x).get(name)
    return len(value) if isinstance(value, str) else None


def created_length(name: str, length: int) -> Condition:
    return on_response(
        f"the new todo's {name} is {length} characters",
        lambda x: _length(x, name) == length,
        f"the {name} was {{seen}} characters long; this challenge needs exactly {length}",
        lambda x: _length(x, name),
    )


def location_names_the_todo() -> Condition:
    def location_id(x: Exchange) -> int | None:
        location = (x.response_headers.get("location") or "").rstrip("/")
        return as_int(location.rsplit("/", 1)[-1]) if location else None

    return on_response(
        "a Location header naming the new todo",
        lambda x: location_id(x) is not None,
        "the response had no Location header naming the new todo",
    )


# --------------------------------------------------------------------------- the todo named


def no_such_todo() -> Condition:
    return on_response(
        "says the todo does not exist",
        lambda x: any(m.startswith(NO_SUCH_TODO) for m in x.response_messages),
        f"the response did not say “{NO_SUCH_TODO} …”; this challenge needs that 404",
    )


def says_max_todos() -> Condition:
    return on_response(
        "says the list is full",
        _says_list_is_full,
        "the response did not say the list is full",
    )


_REFUSES_PUT_CREATE = says(PUT_CANNOT_CREATE)


def _todo_missing(x: Exchange) -> bool:
    # Only the API knows which ids a session's list holds, so this is read from its
    # answer: the 404 of a todo that is not there, or its refusal to create one by PUT.
    return x.status == 404 or (x.status in (400, 422) and _REFUSES_PUT_CREATE.holds(x))


def todo_missing() -> Condition:
    """The URL (or a PUT body's id) names a todo that is not in the session's list."""
    return intent_in_answer("a todo that is not in your list", _todo_missing)


def todo_not_missing() -> Condition:
    """The todo named is in the session's list, or the API did not get as far as looking."""
    return intent_in_answer("a todo in your list", lambda x: not _todo_missing(x))


# --------------------------------------------------------------------------- the export


def export_format(extension: str) -> Condition:
    """`?format=` names the export format whose files end in `extension`."""

    def test(x: Exchange) -> bool:
        # The last `format` wins, as the export reads it.
        named = plain_param(x, "format")
        chosen = None if named is None else EXPORT_FORMATS.get(named.strip().lower())
        return chosen is not None and chosen.extension == extension

    return intent(
        f"asks for the {extension} export",
        test,
        looks_at=(QUERY,),
        needs=(query_param("format"),),
    )


def attachment_named(filename: str) -> Condition:
    def test(x: Exchange) -> bool:
        disposition = x.response_headers.get("content-disposition") or ""
        return "attachment" in disposition and f'filename="{filename}"' in disposition

    return on_response(
        f"downloads as {filename}",
        test,
        f"the Content-Disposition was `{{seen}}`; this challenge needs an attachment named {filename}",
        lambda x: x.response_headers.get("content-disposition") or "(none)",
    )
