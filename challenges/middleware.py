"""Challenge tracking around the session layer (`challengers.middleware`).

Two layers, because the session is resolved between them: `TrackingMiddleware` stands
outside `ChallengerMiddleware` and judges every answer once it exists, the session's own
refusals (the 431 of an over-long `X-CHALLENGER`) included; `ArrivalMiddleware` stands
inside it and credits, before the view runs, what the request alone completes, so that a
view reporting progress (`GET /api/challenges`) already shows it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from challenges.tracking import TrackedRequest, Tracking, track, track_arrival


class TrackingMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: TrackedRequest) -> HttpResponse:
        if not request.api_endpoint:
            return self.get_response(request)
        request.tracking = Tracking()
        response = self.get_response(request)
        track(request, response)
        return response


class ArrivalMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: TrackedRequest) -> HttpResponse:
        if request.api_endpoint:
            track_arrival(request)
        return self.get_response(request)
