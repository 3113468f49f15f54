"""Conditions on the request body: what it mentions or leaves out, its size, its
Content-Type, the filter a QUERY body carries, and the todo fields it sends (too long, of
the wrong type, unknown, an id, a title). The last are attempt conditions, told apart
from their siblings on the same route by what the body shows (`rules.intent`).
"""

from __future__ import annotations

from typing import Any

import orjson

from challenges.conditions import Condition, on_body, on_request, on_response
from challenges.exchange import Exchange
from challenges.rules.intent import intent_in_answer, intent_in_body
from challenges.rules.reading import as_int, todo_field
from practiceapi.protocol import negotiation
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.query import EQUALS, parse_query_string
from todos.resource import TODO_FIELDS, TODO_XML
from todos.values import id_key


def _body_lower(x: Exchange) -> str:
    return x.body.decode("utf-8", errors="replace").lower()


def _body_has_id(x: Exchange) -> bool:
    doc = x.body_json
    return isinstance(doc, dict) and "id" in doc


def body_mentions(*words: str) -> Condition:
    """The raw body names each of `words` (case ignored), as the public service checks."""
    shown = " and ".join(words)

    def missing(x: Exchange) -> str:
        body = _body_lower(x)
        return " and ".join(w for w in words if w.lower() not in body)

    return on_body(
        f"body includes {shown}",
        lambda x: not missing(x),
        f"the body left out {{seen}}; this challenge needs {shown} in the body",
        missing,
    )


def body_lacks(word: str) -> Condition:
    return on_body(
        f"body leaves out {word}",
        lambda x: word.lower() not in _body_lower(x),
        f"the body included {word}; this challenge needs the title only",
    )


def body_has_id() -> Condition:
    return on_body(
        "the body has an id",
        _body_has_id,
        "the body had no id; this challenge needs the id of an existing todo in the body",
    )


def body_has_no_id() -> Condition:
    return on_body(
        "the body has no id",
        lambda x: not _body_has_id(x),
        "the body had an id ({seen}); this challenge needs no id in the body",
        lambda x: x.body_json.get("id") if isinstance(x.body_json, dict) else "?",
    )


def body_read() -> Condition:
    """The API read the body: it did not refuse it as too large. Only its answer tells (a
    Content-Length over the limit is refused before the body is read). A body it could not
    read shows nothing of the fields in it: the student who sends one is trying the
    payload challenge, whatever the padding is made of."""
    return intent_in_answer("a body the API read", lambda x: x.status != 413)


def large_body(characters: int) -> Condition:
    # The 413 can come before the body is read (a Content-Length over the limit), hence
    # the status as well as the length.
    return on_response(
        f"a body over {characters} characters",
        lambda x: x.status == 413 or len(x.body) > characters,
        "the body was {seen} characters long; this challenge needs a bigger one",
        lambda x: len(x.body),
    )


def unreadable_content_type() -> Condition:
    """A Content-Type the todo API does not read (neither JSON nor XML)."""

    def test(x: Exchange) -> bool:
        ct = x.content_type
        return bool(ct) and ct != "application/json" and not negotiation.is_xml_type(ct, TODO_XML)

    return on_request(
        "a Content-Type the API cannot read",
        test,
        "the Content-Type was `{seen}`",
        lambda x: x.content_type,
        looks_at=("content-type",),
    )


def form_filter_done() -> Condition:
    """A form-encoded QUERY body that filters on `doneStatus=true`."""

    def test(x: Exchange) -> bool:
        try:
            form = parse_query_string(x.body.decode("utf-8"), strict=True)
        except (ApiError, UnicodeDecodeError):
            return False
        return any(
            f.op == EQUALS
            and todo_field(f.name) == "doneStatus"
            and f.value.strip().lower() == "true"
            for f in form.filters
        )

    return on_body(
        "the body filters doneStatus=true",
        test,
        "the body was `{seen}`; this challenge needs a body that filters doneStatus=true",
        lambda x: x.body.decode("utf-8", errors="replace")[:80],
    )


def structured_filter_done() -> Condition:
    def test(x: Exchange) -> bool:
        doc = x.body_json
        criteria = doc.get("filter") if isinstance(doc, dict) else None
        return isinstance(criteria, dict) and criteria.get("doneStatus") is True

    return on_body(
        'the body filters {"doneStatus": true}',
        test,
        'the body\'s "filter" was {seen}; this challenge needs {"doneStatus": true} (a JSON '
        "boolean)",
        lambda x: (
            orjson.dumps(x.body_json.get("filter")).decode()
            if isinstance(x.body_json, dict) and "filter" in x.body_json
            else "missing"
        ),
    )


def says_body_too_large(text: str) -> Condition:
    return on_response(
        "says the body is too large",
        lambda x: text in " ".join(x.response_messages).lower(),
        f"the response did not say “{text}”",
    )


# --------------------------------------------------------------------------- the todo sent

_KNOWN_FIELDS = frozenset(f.name.lower() for f in TODO_FIELDS)


def _sent(x: Exchange, name: str) -> Any:
    fields = x.todo_fields
    return None if fields is None else fields.get(name.lower())


def _longer_than(x: Exchange, name: str, limit: int) -> bool:
    value = _sent(x, name)
    return isinstance(value, str) and len(value) > limit


def _done_status_not_boolean(x: Exchange) -> bool:
    fields = x.todo_fields
    return (
        fields is not None and "donestatus" in fields and not isinstance(fields["donestatus"], bool)
    )


def _unknown_field(x: Exchange) -> bool:
    fields = x.todo_fields
    return fields is not None and any(name not in _KNOWN_FIELDS for name in fields)


def sends_too_long(name: str, limit: int) -> Condition:
    """The body's `name` is a text over `limit` characters."""
    return intent_in_body(
        f"a {name} over {limit} characters", lambda x: _longer_than(x, name, limit)
    )


def sends_done_status_not_boolean() -> Condition:
    return intent_in_body("a doneStatus that is not true or false", _done_status_not_boolean)


def sends_unknown_field() -> Condition:
    return intent_in_body("a field todos do not have", _unknown_field)


def _near(value: Any, limit: int, within: int) -> bool:
    return isinstance(value, str) and limit - within <= len(value) <= limit


def sends_near_maximum(title: int, description: int) -> Condition:
    """A title or description at its maximum or within 5 % short of it (a todo written for
    its content rarely comes that close), and neither over it (that is the too-long
    challenges' intent)."""

    def test(x: Exchange) -> bool:
        if _longer_than(x, "title", title) or _longer_than(x, "description", description):
            return False
        return _near(_sent(x, "title"), title, title // 20) or _near(
            _sent(x, "description"), description, description // 20
        )

    return intent_in_body("a title or description at its maximum length", test)


def _over_limit(x: Exchange, characters: int) -> bool:
    if x.status == 413:
        return True
    return len(x.body) > characters and len(x.body.decode("utf-8", errors="replace")) > characters


def plain_create(body_limit: int, title: int, description: int) -> Condition:
    """A create showing none of the create errors' intents: a Content-Type the API reads,
    a body within `body_limit` characters, no field too long, of the wrong type or
    unknown. A body that cannot be read shows none either: the failed create is a near
    miss here."""
    unreadable = unreadable_content_type()

    def test(x: Exchange) -> bool:
        if unreadable.test(x) or _over_limit(x, body_limit):
            return False
        return not (
            _longer_than(x, "title", title)
            or _longer_than(x, "description", description)
            or _done_status_not_boolean(x)
            or _unknown_field(x)
        )

    return intent_in_answer("a create with nothing wrong on purpose", test)


def _path_todo_id(x: Exchange) -> int | None:
    return as_int(x.path.rstrip("/").rsplit("/", 1)[-1])


def _body_id(x: Exchange) -> tuple[bool, Any]:
    fields = x.todo_fields
    if fields is None or "id" not in fields:
        return False, None
    return True, fields["id"]


def sends_an_id() -> Condition:
    return intent_in_body("an id in the body", lambda x: _body_id(x)[0])


def sends_no_id() -> Condition:
    """No id in the body (a body that cannot be read counts as none)."""
    return intent_in_body("no id in the body", lambda x: not _body_id(x)[0])


def _another_id(x: Exchange) -> bool:
    present, value = _body_id(x)
    return present and id_key(value) != _path_todo_id(x)


def sends_another_id() -> Condition:
    """An id in the body that is not the one in the URL."""
    return intent_in_body("an id in the body other than the URL's", _another_id)


def sends_no_other_id() -> Condition:
    """No id in the body other than the URL's: a PUT with another one is a try at changing
    a todo's id, which the API always refuses, not at replacing the todo."""
    return intent_in_body("no id in the body other than the URL's", lambda x: not _another_id(x))


def sends_no_title() -> Condition:
    return intent_in_body(
        "no title in the body",
        lambda x: x.todo_fields is not None and "title" not in x.todo_fields,
    )


def sends_a_title() -> Condition:
    """A title in the body, or a body that cannot be read (it may hold one)."""
    return intent_in_body(
        "a title in the body",
        lambda x: x.todo_fields is None or "title" in x.todo_fields,
    )
