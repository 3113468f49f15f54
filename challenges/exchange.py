"""One finished request/response pair, as the completion rules see it.

The tracking middleware builds an `Exchange` after the response exists; rules are pure
functions of it. Views leave what they already know about the session's todo store in
`store` (so no rule queries the database again).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import orjson

from challenges.routes import route_shape
from practiceapi.protocol.formats import media_type_of
from todos.facts import StoreFacts


@dataclass
class Exchange:
    mode: str  # "multi" or "single"
    method: str  # effective method (after X-HTTP-Method-Override), upper-case
    path: str  # normalised: leading "/" and optional "api/" removed, e.g. "todos/5"
    query_string: str  # raw, undecoded, without "?"
    headers: dict[str, str]  # request headers, keys lower-cased
    body: bytes  # raw request body
    status: int
    response_headers: dict[str, str]  # keys lower-cased
    response_body: bytes
    # Facts a view left for the rules (None when the view did not touch the todo store).
    store: StoreFacts | None = None
    # The todo a successful create produced, as a row dict (id, title, doneStatus, description).
    created: dict[str, Any] | None = None
    # The error messages of an error response, whatever format it was rendered in.
    error_messages: list[str] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def shape(self) -> str:
        """The route shape of `path` (`challenges.routes`)."""
        return route_shape(self.path)

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())

    @property
    def content_type(self) -> str:
        """Request media type, lower-cased, parameters stripped ('' when absent)."""
        return media_type_of(self.header("content-type"))

    @property
    def response_media_type(self) -> str:
        return media_type_of(self.response_headers.get("content-type"))

    @cached_property
    def response_json(self) -> Any:
        if self.response_media_type != "application/json" or not self.response_body:
            return None
        try:
            return orjson.loads(self.response_body)
        except orjson.JSONDecodeError:
            return None

    @cached_property
    def response_todos(self) -> list[dict[str, Any]]:
        """`todos` array of a JSON response body; [] for XML or anything else."""
        doc = self.response_json
        if isinstance(doc, dict) and isinstance(doc.get("todos"), list):
            return [t for t in doc["todos"] if isinstance(t, dict)]
        return []

    @cached_property
    def response_messages(self) -> list[str]:
        if self.error_messages is not None:
            return self.error_messages
        doc = self.response_json
        if isinstance(doc, dict) and isinstance(doc.get("errorMessages"), list):
            return [str(m) for m in doc["errorMessages"]]
        return []

    @cached_property
    def body_json(self) -> Any:
        try:
            return orjson.loads(self.body) if self.body else None
        except orjson.JSONDecodeError:
            return None
