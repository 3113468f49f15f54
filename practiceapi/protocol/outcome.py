"""What answering one request produced, beside the response's status and headers.

A response is bytes by the time the layers around the view see it. What they want to
know (the rows that came back, the error messages, the query the client asked) was known
as values before rendering, so the view, the renderer glue and the exception handler
leave those values here, on the request, and the layers around the view read them from
here instead of parsing the rendered body or the query string again.

The structure is generic: it names no app. An app that knows more than the HTTP exchange
shows (how many rows a write left, which record a route answered about) leaves a value
of a type it declares itself (`leave`), and the app above that needs it asks for that
type (`fact`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar, cast

from practiceapi.protocol.query import ParsedQuery, parse_query_string

T = TypeVar("T")


@dataclass(eq=False)
class Outcome:
    # The raw query string (undecoded, without "?"), as the request carried it.
    query_string: str = ""
    # What the view handed its renderer (a `payloads` Collection, Item or ErrorMessages)
    # or what an error was rendered from; None for a body built another way, or none.
    payload: Any = None
    # The messages of an error answer, whatever format (or empty body) carried them.
    error_messages: list[str] | None = None
    facts: dict[type, object] = field(default_factory=dict)

    @cached_property
    def query(self) -> ParsedQuery:
        """The query string in the API's query language, parsed on first use: the view
        that filters and the conditions that judge the request read the same parse."""
        return parse_query_string(self.query_string)

    def leave(self, fact: object) -> None:
        """Leave a value of an app's own type for the layers above (one per type)."""
        self.facts[type(fact)] = fact

    def fact(self, kind: type[T]) -> T | None:
        """The value of type `kind` left during this request, if any."""
        return cast(T | None, self.facts.get(kind))

    def fail(self, messages: list[str], payload: Any = None) -> None:
        """Record an error answer: its messages and what its body was rendered from."""
        self.error_messages = messages
        self.payload = payload
