"""What every todo engine route shares: the write guard, the body limit, body parsing.

Processing order, the public service's (the first failing step answers): the fixed 405s
(ApiView) → `before_negotiation` (the multi-player write guard, 401) → Accept (406) → body
over 5000 characters (413) → the route's own Content-Type and body checks → validation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from django.http import HttpRequest
from rest_framework.request import Request

from challengers.models import Challenger
from challengers.request import session_of
from challengers.sessions import mode
from practiceapi.editions import served
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.errors import ApiError, FailedValidation
from practiceapi.protocol.hashorder import java_hashmap_order
from practiceapi.protocol.messages import NO_CONTENT_TYPE
from practiceapi.protocol.parsers import BodyFormats, JsonObjectParser, XmlParser, body_length
from practiceapi.protocol.payloads import Collection, Item
from practiceapi.protocol.request import outcome_of
from todos.editions import todo_edition
from todos.facts import CreatedTodo, StoreFacts
from todos.resource import TODO_BODY_MAX_CHARACTERS, TODO_FIELDS, TODO_XML, XML_ROOTS
from todos.selectors import ListCounts, list_counts, list_rows
from todos.services import amend_todo
from todos.validation import FIELDS, amend_type_errors, amended_row, normalise

MAX_BODY_CHARACTERS = TODO_BODY_MAX_CHARACTERS
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# POST and PUT bodies: JSON or XML; no Content-Type is a 400, another one a 415.
TODO_BODY = BodyFormats((JsonObjectParser, XmlParser), missing=(400, NO_CONTENT_TYPE))
# The public service's XML element order (`doneStatus`, `description`, `id`, `title`), which
# student suites check.
XML_FIELDS = java_hashmap_order(FIELDS)


def collection(rows: list[dict]) -> Collection:
    return Collection("todos", "todo", FIELDS, rows, XML_FIELDS)


def item(row: dict) -> Item:
    return Item("todo", FIELDS, row, XML_FIELDS)


def leave_facts(
    request: Request | HttpRequest, counts: ListCounts, *, created: dict | None = None
) -> None:
    """Leave what this request did to the session's list (and a created todo) in its
    outcome, for the apps above: the challenges judge the request from these facts rather than
    query the database again."""
    outcome = outcome_of(request)
    outcome.leave(StoreFacts(total=counts.total, done=counts.done))
    if created is not None:
        outcome.leave(CreatedTodo(created))


def replacement(fields: dict[str, Any]) -> tuple[list[str], Callable[[dict], dict]]:
    """A PUT body's type errors, and the builder of the full replacement of a todo.

    The type errors are reported only once the todo is known to exist (a missing todo
    answers its own not-found/422 first), hence the builder raises them."""
    errors = amend_type_errors(fields)

    def build(current: dict) -> dict:
        if errors:
            raise FailedValidation(", ".join(errors))
        return amended_row(current, fields, replace=True)

    return errors, build


def read_todo_body(request: Request) -> dict[str, Any]:
    """A POST/PUT body as todo fields (canonical names), read as its Content-Type says."""
    return normalise(cast(Mapping[str, Any], request.data))  # what the todo parsers produce


class TodoApiView(ApiView):
    """Base of the todo routes: the collection, one todo and the export."""

    structured_xml = TODO_XML
    xml_roots = XML_ROOTS
    entity_fields = TODO_FIELDS

    @property
    def challenger(self) -> Challenger | None:
        return session_of(self.request)

    def read_rows(self, request: Request) -> list[dict]:
        """The rows the request reads; their counts are left for the apps above."""
        rows = list_rows(self.challenger)
        leave_facts(request, list_counts(rows))
        return rows

    def write_amendment(
        self, request: Request, todo_id: int | None, build: Callable[[dict], dict]
    ) -> dict:
        """`amend_todo` (raises TodoNotFound), leaving the list's counts after it."""
        row, counts = amend_todo(self.owner, todo_id, build)
        leave_facts(request, counts)
        return row

    @property
    def owner(self) -> Challenger:
        """The session a write acts for: `before_negotiation` refused writes without one
        (single mode always has its one session)."""
        challenger = self.challenger
        if challenger is None:
            raise RuntimeError("a todo write reached its view without a session")
        return challenger

    def before_negotiation(self, request: Request) -> None:
        # Multi-player without a session may read the default list but never write.
        if request.method in WRITES and self.challenger is None and mode() == "multi":
            raise ApiError(401, todo_edition().missing_challenger)

    def after_negotiation(self, request: Request) -> None:
        # OPTIONS is a fixed route: no body checks.
        if request.method != "OPTIONS" and body_length(request.body) > MAX_BODY_CHARACTERS:
            raise ApiError(413, served().body_too_large(MAX_BODY_CHARACTERS))
