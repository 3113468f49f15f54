"""The base class of every API view: our renderers, negotiation and body parsers."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any, ClassVar

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from rest_framework.parsers import BaseParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from practiceapi.protocol.drf import ApiContentNegotiation
from practiceapi.protocol.formats import API_RENDERERS
from practiceapi.protocol.negotiation import JSON, PRODUCIBLE, VendorXml
from practiceapi.protocol.parsers import BodyFormats
from practiceapi.protocol.query import Field
from practiceapi.protocol.renderers import JsonRenderer
from practiceapi.protocol.request import api_request
from practiceapi.protocol.responses import empty_response


class BodyRequest(Request):
    """A DRF request whose body always goes through a parser, even when it is empty.

    DRF reads a body-less request as "no data" without asking a parser or looking at the
    Content-Type. Here an empty body still has its type's meaning (an empty merge patch is a
    422, an empty JSONPath query a 400) and a missing or unsupported
    Content-Type is refused with or without a body.
    """

    def _load_stream(self) -> None:
        self._stream = io.BytesIO(self._request.body)


class ApiView(APIView):
    """Base for every API route: our renderers, negotiation and body parsers.

    Subclasses set `producible` (media types they can render), `structured_xml` (the
    vendor XML types of the route's resource, read and answered as XML) and `negotiate`
    (False for routes that never answer 406, e.g. heartbeat). Verbs a view does not implement get an empty 405, checked
    before Accept (fixed-status routes answer before any other check).

    `body_formats` names, per HTTP method, the parsers that method reads and how it refuses
    other Content-Types; the refusal comes right after negotiation, before the view runs,
    and the view reads `request.data` (parsed when first read). Methods not listed ignore
    bodies. `xml_roots` are the XML root elements this route unwraps; `entity_fields` are its
    entity's fields (their kinds coerce XML text; QUERY bodies may name them).

    OPTIONS answers an empty 204 with the route's `headers_on_405` (its `Allow`); a route
    whose OPTIONS answer has another shape overrides `options_response`. Viewsets map
    OPTIONS to actions of their own instead (the project's router).
    """

    renderer_classes = API_RENDERERS
    parser_classes = ()
    body_formats: ClassVar[Mapping[str, BodyFormats]] = {}
    xml_roots: tuple[str, ...] = ()
    entity_fields: tuple[Field, ...] = ()
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
    structured_xml: VendorXml | None = None
    negotiate = True
    # Headers sent with the empty 405 of a verb this route does not implement.
    headers_on_405: dict[str, str] = {}

    @property
    def default_response_headers(self) -> dict[str, str]:
        # DRF would add `Allow` and `Vary` to every response; routes set their own headers.
        return {}

    def parsers_for(self, method: str) -> list[BaseParser]:
        formats = self.body_formats.get(method)
        return [parser() for parser in formats.parsers] if formats else []

    def get_parsers(self) -> list[BaseParser]:
        request = getattr(self, "request", None)
        return self.parsers_for(request.method) if request is not None else []

    def initialize_request(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Request:
        return BodyRequest(
            request,
            parsers=self.parsers_for(api_request(request).method),
            authenticators=self.get_authenticators(),
            negotiator=self.get_content_negotiator(),
            parser_context=self.get_parser_context(request),
        )

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        self.format_kwarg = None
        api = api_request(request)
        api.structured_xml = self.structured_xml
        if not self.implements(api.method):
            raise FixedResponse(empty_response(405, self.headers_on_405))
        self.before_negotiation(request)
        if self.negotiate and request.method != "OPTIONS":
            renderer, media_type = self.perform_content_negotiation(request)
            api_request(request).negotiated_type = media_type  # errors answer in it too
        else:
            renderer, media_type = JsonRenderer(), JSON
        request.accepted_renderer, request.accepted_media_type = renderer, media_type
        self.after_negotiation(request)
        self.check_content_type(request)

    def implements(self, method: str) -> bool:
        """Whether this route answers `method`; any other verb gets the empty 405."""
        return hasattr(self, method.lower())

    def before_negotiation(self, request: Request) -> None:
        """Checks the public service makes before Accept validation (e.g. the _limit guard)."""

    def after_negotiation(self, request: Request) -> None:
        """Runs once the response type is known, before the Content-Type is looked at."""

    def check_content_type(self, request: Request) -> None:
        """Refuse a Content-Type this method does not read before the view looks at
        anything else; the body itself is parsed only when the view reads it. Formats
        refused only when read are checked then, by DRF's own call to `select_parser`."""
        formats = self.body_formats.get(api_request(request).method)
        if formats is not None and formats.refused_before_view:
            # DRF's Request always holds a negotiator and parsers (its defaults when given
            # none); initialize_request gave it this view's.
            negotiator = request.negotiator or self.get_content_negotiator()
            negotiator.select_parser(request, request.parsers or ())

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        """DRF's dispatch, then the answer rendered and what the view held let go.

        DRF's objects for a request refer to each other: the view holds the request, the
        response and its actions bound to itself, the request's parser context holds the
        request, the response's renderer context the view, the request and the response.
        Each request so left its objects (about 60) in reference cycles that only the
        garbage collector frees, in a young-generation pass every dozen requests, long
        after they left the CPU's caches. Once the answer is rendered nothing reads them:
        the references are dropped here, and the request's objects are freed as it ends,
        while their memory is still in the CPU's caches (docs/benchmark.md, "What each
        server piece buys"). Rendering here rather than in Django's handler skips nothing:
        no layer of the API's stack has a `process_template_response`
        (tests/server/test_middleware_stacks.py)."""
        response = super().dispatch(request, *args, **kwargs)
        if isinstance(response, Response):
            response.render()
            vars(response).pop("renderer_context", None)
        held = vars(self)
        drf_request = held.get("request")
        if isinstance(drf_request, Request):
            vars(drf_request).pop("parser_context", None)
        held.clear()
        return response

    # A handler like `get`, answering a plain HttpResponse (DRF takes any); the stubs type
    # DRF's own `options` as answering its Response.
    def options(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:  # type: ignore[override]
        return self.options_response()

    def options_response(self) -> HttpResponse:
        """What OPTIONS answers on this route: by default an empty 204 with its `Allow`."""
        return empty_response(204, self.headers_on_405)

    # DRF answers with whatever the exception handler returns (ours answers plain
    # HttpResponses) and finalizes any HttpResponseBase; its stubs narrow both to Response.
    def handle_exception(self, exc: Exception) -> HttpResponse:  # type: ignore[override]
        if isinstance(exc, FixedResponse):
            return exc.response
        return super().handle_exception(exc)

    def finalize_response(  # type: ignore[override]
        self, request: Request, response: HttpResponse, *args: Any, **kwargs: Any
    ) -> HttpResponse:
        if isinstance(response, Response):
            # What the body is rendered from, for the layers that judge the answer.
            api_request(request).outcome.payload = response.data
            if response.content_type is None:
                # Echo exactly the negotiated type (e.g. a vendor +xml type).
                response.content_type = getattr(request, "accepted_media_type", None) or JSON
        return super().finalize_response(request, response, *args, **kwargs)  # type: ignore[arg-type]


class FixedResponse(Exception):
    """Raised to answer with a response built in advance (fixed-status routes)."""

    def __init__(self, response: HttpResponse) -> None:
        super().__init__(response.status_code)
        self.response = response
