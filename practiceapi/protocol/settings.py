"""What the protocol layer reads from the project that serves it, as DRF's classes read
`api_settings`.

The layer imports nothing of the project. Where its behaviour is the project's choice
(the status of a field-rule error, how Accept and a JSON object body are read, how a bare
status looks) it reads `protocol_settings`: the layer's own defaults until the project
fills it, at startup and whenever the project's choice changes (`configure`). A class
left unset (None) means the layer's own: strict JSON (`parsers.StrictJsonObject`), Accept
ranked by q-values (`negotiation.RankedAccept`), unknown resources answered with the error
(`responses.ErrorStatusAnswers`). Reading a value is one attribute read: nothing is
looked up per request.

This module imports no other module of the layer, so that every module may read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # annotations only
    from django.http import HttpRequest, HttpResponse

    from practiceapi.protocol.formats import VendorXml


class AcceptReading(Protocol):
    """How the response type is chosen from an Accept header on the API-challenge routes."""

    @staticmethod
    def media_type(
        accept: str | None, producible: Sequence[str], structured_xml: VendorXml | None
    ) -> str: ...


class JsonObjectReading(Protocol):
    """How a POST/PUT JSON object body is read."""

    @staticmethod
    def read(body: bytes) -> dict[str, Any]: ...


class StatusAnswers(Protocol):
    """How a bare status looks: an unknown resource's 404, a fixed route's empty 405."""

    @staticmethod
    def wants_page(request: HttpRequest) -> bool:
        """Does an unrouted request get the friendly HTML page?"""
        ...

    @staticmethod
    def unknown_resource(request: HttpRequest) -> HttpResponse | None:
        """The 404 of an unknown resource, or None for the error in the negotiated type."""
        ...

    @staticmethod
    def bare_content_type(accept: str | None) -> str | None:
        """The Content-Type of an empty status answer (None: none)."""
        ...


class ProtocolSettings:
    """The protocol layer's settings: the values the project gave, else the defaults."""

    # Status of a body that breaks a field rule (a type, a length, an unknown field, an id).
    validation_status: int = 422
    accept_reading: type[AcceptReading] | None = None
    json_object_reading: type[JsonObjectReading] | None = None
    status_answers: type[StatusAnswers] | None = None

    def configure(self, **values: Any) -> None:
        """Serve `values` from now on, and the defaults for any not given."""
        names = ProtocolSettings.__annotations__.keys()
        unknown = values.keys() - names
        if unknown:
            raise TypeError(f"not a protocol setting: {', '.join(sorted(unknown))}")
        for name in names:
            vars(self).pop(name, None)
        vars(self).update(values)


protocol_settings = ProtocolSettings()
