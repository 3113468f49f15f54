"""Building responses outside DRF views (middleware, fixed routes) in the negotiated format."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from django.http import HttpRequest, HttpResponse
from rest_framework.request import Request

from practiceapi.protocol.errors import NotAcceptable
from practiceapi.protocol.formats import render
from practiceapi.protocol.messages import NOT_FOUND
from practiceapi.protocol.negotiation import (
    HTML,
    JSON,
    PRODUCIBLE,
    XML,
    RankedAccept,
    VendorXml,
)
from practiceapi.protocol.payloads import ErrorMessages
from practiceapi.protocol.request import ApiRequest, api_request, outcome_of
from practiceapi.protocol.settings import AcceptReading, protocol_settings


def negotiated_type(
    request: HttpRequest,
    producible: Sequence[str] = PRODUCIBLE,
    *,
    structured_xml: VendorXml | None = None,
) -> str:
    """The media type to answer `request` in, or raise NotAcceptable: on the API-challenge
    routes as the project reads Accept (`protocol_settings.accept_reading`), elsewhere by
    q-values and wildcards."""
    reading: type[AcceptReading] = RankedAccept
    if cast(ApiRequest, request).api_endpoint:
        reading = protocol_settings.accept_reading or RankedAccept
    return reading.media_type(request.META.get("HTTP_ACCEPT"), producible, structured_xml)


def preferred_type(request: HttpRequest, *, structured_xml: VendorXml | None = None) -> str:
    """The negotiated media type, falling back to JSON when nothing acceptable was asked."""
    try:
        return negotiated_type(request, structured_xml=structured_xml)
    except NotAcceptable:
        return JSON


def error_response(
    request: ApiRequest | Request,
    status: int,
    messages: list[str],
    *,
    headers: dict[str, str] | None = None,
    force_json: bool = False,
    xml_child: str = "errorMessage",
    bodiless: bool = False,
) -> HttpResponse:
    """`{"errorMessages":[...]}` (or its rendering in the negotiated format); `bodiless`:
    the status and headers only, typed JSON. The messages are kept in the request's
    outcome either way, for the layers that judge the answer."""
    payload = ErrorMessages(messages, xml_child=xml_child)
    outcome_of(request).fail(messages, payload)
    if bodiless:
        return empty_response(status, {"Content-Type": JSON, **(headers or {})})
    # A view that already negotiated (possibly over a narrower set of types) answers its
    # errors in that type; otherwise negotiate now, falling back to JSON.
    api = api_request(request)
    media_type = api.negotiated_type
    if force_json:
        media_type = JSON
    elif media_type is None:
        media_type = preferred_type(request, structured_xml=api.structured_xml)
    try:
        body = render(payload, media_type)
    except (TypeError, ValueError):
        # A type that cannot carry an error list (text/calendar): the shared JSON shape.
        media_type = JSON
        body = render(payload, media_type)
    response = HttpResponse(body, status=status, content_type=media_type)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def empty_response(status: int, headers: dict[str, str] | None = None) -> HttpResponse:
    """A body-less response; it carries no Content-Type."""
    response = HttpResponse(status=status)
    del response["Content-Type"]
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def status_only_404(request: ApiRequest) -> HttpResponse | None:
    """The 404 of an unknown resource where the project answers it by status only, or None
    where the error (or, for a browser, the friendly page) answers it."""
    return (protocol_settings.status_answers or ErrorStatusAnswers).unknown_resource(request)


class ErrorStatusAnswers:
    """An unknown resource is the 404 error in the negotiated type, or the friendly page
    for a client that prefers HTML; an empty answer carries no Content-Type."""

    @staticmethod
    def wants_page(request: HttpRequest) -> bool:
        return preferred_type(request) == HTML

    @staticmethod
    def unknown_resource(request: HttpRequest) -> HttpResponse | None:
        return None

    @staticmethod
    def bare_content_type(accept: str | None) -> str | None:
        return None


class BareStatusAnswers:
    """As the public service's 2024-26 router answered: any Accept naming html gets the page;
    otherwise the whole Accept header decides (lower-cased, as that router read it):
    `application/...json` gets the JSON error, `application/...xml` the XML one (with the
    public service's `<message>` element), anything else an empty body typed as the first
    Accept value (JSON when there is none, or `*/*`)."""

    @staticmethod
    def wants_page(request: HttpRequest) -> bool:
        return "html" in (request.META.get("HTTP_ACCEPT") or "").lower()

    @staticmethod
    def bare_content_type(accept: str | None) -> str | None:
        first = (accept or "").split(",", 1)[0].strip()
        return JSON if first in ("", "*/*") else first

    @staticmethod
    def unknown_resource(request: HttpRequest) -> HttpResponse | None:
        accept = (request.META.get("HTTP_ACCEPT") or "").strip().lower()
        if "html" in accept:
            return None
        wanted = None
        if accept.startswith("application/"):
            wanted = XML if accept.endswith("xml") else JSON if accept.endswith("json") else None
        if wanted is None:
            content_type = BareStatusAnswers.bare_content_type(accept)
            return empty_response(404, {"Content-Type": content_type or JSON})
        api = api_request(request)
        api.negotiated_type = wanted  # the error answers in it, whatever else Accept says
        return error_response(api, 404, [NOT_FOUND], xml_child="message")
