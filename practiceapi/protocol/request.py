"""The attributes the protocol layer adds to a Django request, declared in one place.

Django's `HttpRequest` takes any attribute. The protocol layer sets a fixed few: the
project's protocol middleware classifies the path and applies method override,
negotiation records the media type errors are rendered in, and what answering the request
produced is kept in its `Outcome`. The middleware gives every one of them its default
before anything else reads the request (`prepare`), so code reads them as plain
attributes of an `ApiRequest`, and a reader finds them all here. An app that adds attributes of its own
declares them the same way, in a subclass of `ApiRequest` in that app.

`ApiRequest` is a declaration for readers and type checkers, as healthchecks' is: requests
stay Django's own class (the test client and every server build those).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django.http import HttpRequest
from rest_framework.request import Request

from practiceapi.protocol.outcome import Outcome

if TYPE_CHECKING:
    from practiceapi.protocol.formats import VendorXml


class ApiRequest(HttpRequest):
    # Django's WSGI and ASGI requests always set these (None only on a bare HttpRequest).
    method: str
    content_type: str  # "" when none was sent
    # Set by `prepare`, from what the protocol middleware read of the path.
    api_path: str  # normalised: leading "/" and optional "api/" removed, e.g. "todos/5"
    api_endpoint: bool  # an API-challenge route: tracked, X-CHALLENGER echoed, CORS
    api_route: str | None  # its URL name, the route shape (`todos/{id}`); None: unrouted
    used_api_prefix: bool  # the client used /api/... (Location headers follow it)
    original_method: str | None  # "POST" when X-HTTP-Method-Override changed the method
    # Set by the protocol layer's negotiation: what error bodies are rendered in.
    negotiated_type: str | None
    structured_xml: VendorXml | None  # the resource's +xml types, answered with XML
    # Filled by the view, the renderer glue and the exception handler; read around the view.
    outcome: Outcome


def prepare(
    request: HttpRequest, api_path: str, *, api_endpoint: bool, route: str | None
) -> ApiRequest:
    """Give `request` every `ApiRequest` attribute, with its default where a later layer
    sets the real value."""
    api = cast(ApiRequest, request)
    api.api_path = api_path
    api.api_endpoint = api_endpoint
    api.api_route = route
    api.used_api_prefix = request.path_info.startswith("/api/")
    api.original_method = None
    api.negotiated_type = None
    api.structured_xml = None
    api.outcome = Outcome(request.META.get("QUERY_STRING", ""))
    return api


def api_request(request: Request | HttpRequest) -> ApiRequest:
    """The Django request behind a DRF `Request` (or the Django request itself)."""
    return cast(ApiRequest, request._request if isinstance(request, Request) else request)


def outcome_of(request: Request | HttpRequest) -> Outcome:
    """What answering `request` has produced so far."""
    return api_request(request).outcome
