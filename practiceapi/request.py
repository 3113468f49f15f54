"""The attributes this project adds to a Django request, declared in one place.

Django's `HttpRequest` takes any attribute. The API layer sets a fixed few: the protocol
middleware classifies the path and applies method override, negotiation records the
media type errors are rendered in, the challenger middleware resolves the session and
tracking keeps what it worked out, and views leave what they know about the session's
todo store. `ProtocolMiddleware` gives every one of them its default before anything else
reads the request (`prepare`), so code reads them as plain attributes of an
`ApiRequest`, and a reader finds them all here.

`ApiRequest` is a declaration for readers and type checkers, as healthchecks' is: requests
stay Django's own class (the test client and every server build those).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from django.http import HttpRequest
from rest_framework.request import Request

if TYPE_CHECKING:  # annotations only: the models need the app registry
    from challengers.models import Challenger
    from todos.facts import StoreFacts


@dataclass
class ViewFacts:
    """What a view knows that challenge tracking needs and cannot read from the HTTP
    exchange itself, so that no completion condition queries the database again."""

    # The session's todo store after the request's own write (totals, done count).
    store: StoreFacts | None = None
    # The todo a successful create produced, as a row dict.
    created: dict[str, Any] | None = None
    # The session a challenger route answered about (restore routes credit it), already
    # loaded: tracking credits it without looking it up again.
    session: Challenger | None = None


class ApiRequest(HttpRequest):
    # Set by practiceapi.middleware.ProtocolMiddleware.
    api_path: str  # normalised: leading "/" and optional "api/" removed, e.g. "todos/5"
    api_endpoint: bool  # an API-challenge route: tracked, X-CHALLENGER echoed, CORS
    used_api_prefix: bool  # the client used /api/... (Location headers follow it)
    original_method: str | None  # "POST" when X-HTTP-Method-Override changed the method
    # Set by the protocol layer's negotiation: what error bodies are rendered in.
    negotiated_type: str | None
    structured_xml: bool  # the view answers +xml structured types with XML
    # Set by challenges.middleware and challenges.tracking.
    challenger: Challenger | None  # the session the request acts for
    held_credits: set[str]  # completed on arrival, written with the response's credits
    challenge_carried: frozenset[str] | None  # what the request carries that attempts need
    # Left by views for tracking.
    facts: ViewFacts


def prepare(request: HttpRequest, api_path: str, *, api_endpoint: bool) -> ApiRequest:
    """Give `request` every `ApiRequest` attribute, with its default where a later layer
    sets the real value."""
    request.api_path = api_path
    request.api_endpoint = api_endpoint
    request.used_api_prefix = request.path_info.startswith("/api/")
    request.original_method = None
    request.negotiated_type = None
    request.structured_xml = False
    request.challenger = None
    request.held_credits = set()
    request.challenge_carried = None
    request.facts = ViewFacts()
    return cast(ApiRequest, request)


def api_request(request: Request | HttpRequest) -> ApiRequest:
    """The Django request behind a DRF `Request` (or the Django request itself)."""
    return cast(ApiRequest, request._request if isinstance(request, Request) else request)
