"""DRF glue loaded by DRF settings: our negotiation class and the one exception handler.

Kept free of `rest_framework.views` imports (DRF imports this module while loading them)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from django.http import HttpResponse
from rest_framework import exceptions as drf_exceptions
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.request import Request

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.negotiation import PRODUCIBLE
from practiceapi.protocol.renderers import XmlRenderer
from practiceapi.protocol.responses import empty_response, error_response, negotiated_type

if TYPE_CHECKING:  # annotations only
    from rest_framework.parsers import BaseParser
    from rest_framework.renderers import BaseRenderer

    from practiceapi.protocol.parsers import BodyParser


class ApiContentNegotiation(BaseContentNegotiation):
    """Chooses the renderer as the API negotiates (q-values, wildcards, structured +xml)."""

    def select_parser(self, request: Request, parsers: Iterable[BaseParser]) -> Any:
        """The parser that reads the request's Content-Type, or the view's refusal (415, or
        the status its method gives a missing Content-Type).

        Matching is each parser's own `accepts` (structured XML types are a family, not
        one media type), on Django's parsed `content_type`: lower-case, parameters gone.
        """
        # Asked twice per request, by the view's early check and by DRF when the body is
        # read: the first answer is kept on the request.
        selected = request.__dict__.get("selected_parser")
        if selected is None:
            django_request = request._request
            view = request.parser_context["view"]
            selected = view.body_formats[django_request.method].select(
                cast("Sequence[BodyParser]", parsers),  # the views' parsers_for() list
                django_request.content_type,
                django_request.META.get("CONTENT_TYPE"),
                view,
            )
            request.__dict__["selected_parser"] = selected
        return selected

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[Any, str]:
        view = request.parser_context.get("view") if request.parser_context else None
        producible = getattr(view, "producible", PRODUCIBLE)
        structured = getattr(view, "structured_xml", None)
        media_type = negotiated_type(request._request, producible, structured_xml=structured)
        for renderer in renderers:
            if renderer.media_type == media_type:
                return renderer, media_type
        # A resource's structured XML types render as XML, echoing the type.
        return XmlRenderer(), media_type


def exception_handler(exc: Exception, context: dict[str, Any]) -> HttpResponse | None:
    request: Request = context["request"]
    if isinstance(exc, ApiError):
        return error_response(
            request,
            exc.status,
            exc.messages,
            headers=exc.headers,
            force_json=exc.force_json,
            bodiless=exc.bodiless,
        )
    if isinstance(exc, drf_exceptions.MethodNotAllowed):
        return empty_response(405)
    if isinstance(exc, drf_exceptions.APIException):
        return error_response(request, exc.status_code, [str(exc.detail)])
    return None  # a real bug: let Django answer 500 and log it
