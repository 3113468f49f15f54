"""/api/heartbeat: deliberate statuses for practising."""

from __future__ import annotations

from django.http import HttpResponse
from rest_framework.request import Request

from challenges.schema import heartbeat
from practiceapi.editions import served
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.responses import empty_response

ALLOW = {"Allow": "GET, HEAD, OPTIONS"}


class HeartbeatView(ApiView):
    """Is the server up? GET answers 204. Other methods answer deliberate statuses to
    practise on: DELETE 405, PATCH 500, TRACE 501 (also as POST with
    X-HTTP-Method-Override)."""

    negotiate = False  # an unsupported Accept still gets its 204
    headers_on_405 = ALLOW  # QUERY: we answer 405 where the public service has no route (404)

    @heartbeat(204, "The server is up (no body)")
    def get(self, request: Request) -> HttpResponse:
        return empty_response(204)

    @heartbeat(405, "Deliberately not allowed")
    def post(self, request: Request) -> HttpResponse:
        response = empty_response(405)
        content_type = served().status_answers.bare_content_type(request.META.get("HTTP_ACCEPT"))
        if content_type:
            response["Content-Type"] = content_type
        return response

    put = delete = post

    @heartbeat(500, "A deliberate server error, for practising")
    def patch(self, request: Request) -> HttpResponse:
        # The public service's phrase, "Server Error", is set with every 500.
        return empty_response(500)

    def trace(self, request: Request) -> HttpResponse:
        return empty_response(501)
