"""`X-CHALLENGER` on API-challenge endpoints: 431, session resolution, echo."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from challengers.request import SessionRequest
from challengers.sessions import (
    MAX_HEADER_LENGTH,
    SINGLE_PLAYER_GUID,
    UNKNOWN_CHALLENGER,
    find_session,
    mode,
)
from practiceapi.protocol.responses import error_response

TOO_LONG = "X-CHALLENGER header is too large, maximum allowed is 100 characters"


class ChallengerMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: SessionRequest) -> HttpResponse:
        request.challenger = None
        if not request.api_endpoint:
            return self.get_response(request)
        header = request.META.get("HTTP_X_CHALLENGER")
        if header is not None and len(header) > MAX_HEADER_LENGTH:
            response = self.header_too_long(request, header)
        else:
            request.challenger = find_session(header)
            response = self.get_response(request)
        self.echo(request, response)
        return response

    def header_too_long(self, request: SessionRequest, header: str) -> HttpResponse:
        # The session is found from the GUID the over-long value starts with (#84).
        challenger = find_session(header[:36])
        request.challenger = challenger
        response = error_response(request, 431, [TOO_LONG])
        response["X-CHALLENGER"] = challenger.guid if challenger else UNKNOWN_CHALLENGER
        return response

    @staticmethod
    def echo(request: SessionRequest, response: HttpResponse) -> None:
        if response.has_header("X-CHALLENGER"):
            return
        challenger = request.challenger
        if mode() == "single":
            response["X-CHALLENGER"] = SINGLE_PLAYER_GUID
        elif challenger is not None:
            response["X-CHALLENGER"] = challenger.guid
        elif request.api_route != "challenger":  # the URL name of POST /challenger
            response["X-CHALLENGER"] = UNKNOWN_CHALLENGER
