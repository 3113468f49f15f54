"""One finished request/response pair, as the completion rules see it.

The tracking middleware builds an `Exchange` after the response exists; rules are pure
functions of it. Beside the request and the response's status, headers and bytes, it
holds the request's `Outcome` (`practiceapi.protocol.outcome`): what the body was rendered from,
the error messages, the parsed query and the facts the apps below left (the todo store's
counts, the created todo), so no rule parses a body back or queries the database again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import orjson

from challenges.routes import route_shape
from practiceapi.editions import served
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.formats import media_type_of
from practiceapi.protocol.negotiation import is_xml_type
from practiceapi.protocol.outcome import Outcome
from practiceapi.protocol.parsers import parse_xml_object
from practiceapi.protocol.payloads import Collection, ErrorMessages, Item
from practiceapi.protocol.query import ParsedQuery
from todos.facts import CreatedTodo, StoreFacts
from todos.resource import TODO_FIELDS, TODO_XML, XML_ROOTS

JSON = "application/json"
# The cached views of the response, dropped when an exchange gets its response (`answer`).
RESPONSE_VIEWS = ("_json_payload", "response_todos", "response_object", "response_messages")


@dataclass
class Exchange:
    mode: str  # "multi" or "single"
    method: str  # effective method (after X-HTTP-Method-Override), upper-case
    path: str  # normalised: leading "/" and optional "api/" removed, e.g. "todos/5"
    query_string: str  # raw, undecoded, without "?"
    # Request headers, read with lower-case names: a view of the request's environ
    # (`challenges.tracking.MetaHeaders`), or a dict with lower-cased keys.
    headers: Mapping[str, str]
    body: bytes  # raw request body
    status: int
    # Response headers, read the same way (`HttpResponse.headers`, or a lower-cased dict).
    response_headers: Mapping[str, str]
    response_body: bytes
    # What answering the request produced; a blank one (of `query_string`) when not given.
    outcome: Outcome | None = None
    # The route shape the request's path resolved to (`challenges.routes`); None: resolve
    # `path` (an exchange described by its path alone).
    route: str | None = None

    def __post_init__(self) -> None:
        if self.outcome is None:
            self.outcome = Outcome(self.query_string)

    def answer(self, status: int, headers: Mapping[str, str], body: bytes) -> None:
        """Complete an exchange judged on arrival with its response: what was worked out
        from the request alone (its body's parse, its route shape) stays."""
        self.status, self.response_headers, self.response_body = status, headers, body
        for name in RESPONSE_VIEWS:
            self.__dict__.pop(name, None)

    @property
    def produced(self) -> Outcome:
        assert self.outcome is not None  # set by __post_init__
        return self.outcome

    @cached_property
    def shape(self) -> str:
        """The route shape of the request (`challenges.routes`)."""
        return self.route if self.route is not None else route_shape(self.path)

    @cached_property
    def accept(self) -> str:
        """The request's Accept header ("" when absent), read once for every condition
        that tests it."""
        return self.header("accept") or ""

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())

    @property
    def content_type(self) -> str:
        """Request media type, lower-cased, parameters stripped ('' when absent)."""
        return media_type_of(self.header("content-type"))

    @property
    def response_media_type(self) -> str:
        return media_type_of(self.response_headers.get("content-type"))

    @property
    def query(self) -> ParsedQuery:
        """The query string in the API's query language (the view's own parse)."""
        return self.produced.query

    @property
    def store(self) -> StoreFacts | None:
        """The todo store's counts the view left (None: the view did not touch the store)."""
        return self.produced.fact(StoreFacts)

    @property
    def created(self) -> dict[str, Any] | None:
        """The todo a successful create produced, as a row dict."""
        created = self.produced.fact(CreatedTodo)
        return None if created is None else created.row

    @cached_property
    def _json_payload(self) -> Any:
        # What a client reading JSON got: the payload of a JSON answer with a body.
        if self.response_media_type != JSON or not self.response_body:
            return None
        return self.produced.payload

    @cached_property
    def response_todos(self) -> list[dict[str, Any]]:
        """The todos of a JSON response (`{"todos":[...]}`); [] for XML or anything else."""
        payload = self._json_payload
        if isinstance(payload, Collection) and payload.name == "todos":
            return [t for t in payload.rows if isinstance(t, dict)]
        return []

    @cached_property
    def response_object(self) -> dict[str, Any] | None:
        """The single object a JSON response answered (a todo), else None."""
        payload = self._json_payload
        return payload.row if isinstance(payload, Item) else None

    @cached_property
    def response_messages(self) -> list[str]:
        """The error messages of the answer, whatever format (or empty body) carried them."""
        messages = self.produced.error_messages
        if messages is not None:
            return messages
        payload = self._json_payload
        return [str(m) for m in payload.messages] if isinstance(payload, ErrorMessages) else []

    @cached_property
    def body_json(self) -> Any:
        try:
            return orjson.loads(self.body) if self.body else None
        except orjson.JSONDecodeError:
            return None

    @cached_property
    def todo_fields(self) -> dict[str, Any] | None:
        """The fields of the request body read as the todo API reads a POST or PUT body
        (`read_todo_fields`), parsed once for every condition that looks at them."""
        return read_todo_fields(self.body, self.content_type)


def read_todo_fields(body: bytes, content_type: str) -> dict[str, Any] | None:
    """The todo fields a request body holds, names lower-cased (the API matches them in
    any case): XML for an XML Content-Type (or none, when the body starts with `<`), JSON
    otherwise, read as the served edition reads it. None when the body is no object the
    API could read: it answers that with a 400 or 415, never a todo.

    JSON goes through orjson first, and the edition's own reader only when orjson refuses
    it, so the usual body costs one fast parse and an unusual one (the classic edition's
    lenient JSON) is still read as the API reads it."""
    document: Any
    if is_xml_type(content_type, TODO_XML) or (not content_type and body.lstrip()[:1] == b"<"):
        try:
            document = parse_xml_object(body, roots=XML_ROOTS, fields=TODO_FIELDS)
        except ApiError:
            return None
    else:
        try:
            document = orjson.loads(body) if body.strip() else {}
        except orjson.JSONDecodeError:
            try:
                document = served().json_object_reading.read(body)
            except ApiError:
                return None
    if not isinstance(document, dict):
        return None
    return {str(name).lower(): value for name, value in document.items()}
