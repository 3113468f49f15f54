"""The base class of every API view: our renderers and negotiation, explicit body parsing."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from practiceapi.protocol.drf import ApiContentNegotiation
from practiceapi.protocol.negotiation import JSON, PRODUCIBLE
from practiceapi.protocol.renderers import API_RENDERERS, JsonRenderer
from practiceapi.protocol.responses import empty_response


class ApiView(APIView):
    """Base for every API route: our renderers and negotiation, explicit body parsing.

    Subclasses set `producible` (media types they can render), `structured_xml` (todo
    routes accept application/...todo+xml) and `negotiate` (False for routes that never
    answer 406, e.g. heartbeat). Verbs a view does not implement get an empty 405, checked
    before Accept (fixed-status routes, spec/api.md §1.4).
    """

    renderer_classes = API_RENDERERS
    parser_classes = ()
    authentication_classes = ()
    permission_classes = ()
    throttle_classes = ()
    content_negotiation_class = ApiContentNegotiation
    http_method_names = [
        "get",
        "post",
        "put",
        "patch",
        "delete",
        "head",
        "options",
        "trace",
        "query",
    ]
    producible: tuple[str, ...] = PRODUCIBLE
    structured_xml = False
    negotiate = True
    # Headers sent with the empty 405 of a verb this route does not implement.
    headers_on_405: dict[str, str] = {}

    @property
    def default_response_headers(self) -> dict[str, str]:
        # DRF would add `Allow` and `Vary` to every response; routes set their own headers.
        return {}

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        self.format_kwarg = None
        request._request.structured_xml = self.structured_xml
        implemented = hasattr(self, request.method.lower())
        if not implemented:
            raise _FixedStatus(empty_response(405, self.headers_on_405))
        self.before_negotiation(request)
        if self.negotiate and request.method != "OPTIONS":
            renderer, media_type = self.perform_content_negotiation(request)
            request._request.negotiated_type = media_type  # errors answer in it too
        else:
            renderer, media_type = JsonRenderer(), JSON
        request.accepted_renderer, request.accepted_media_type = renderer, media_type

    def before_negotiation(self, request: Request) -> None:
        """Checks the reference makes before Accept validation (e.g. the _limit guard)."""

    def handle_exception(self, exc: Exception) -> HttpResponse:
        if isinstance(exc, _FixedStatus):
            return exc.response
        return super().handle_exception(exc)

    def finalize_response(
        self, request: Request, response: HttpResponse, *args: Any, **kwargs: Any
    ) -> HttpResponse:
        if isinstance(response, Response) and response.content_type is None:
            # Echo exactly the negotiated type (e.g. application/vnd.apichallenges.todo+xml).
            response.content_type = getattr(request, "accepted_media_type", None) or JSON
        return super().finalize_response(request, response, *args, **kwargs)


class _FixedStatus(Exception):
    def __init__(self, response: HttpResponse) -> None:
        super().__init__(response.status_code)
        self.response = response
