"""The attribute the session layer adds to a request: the session it acts for.

Declared here, above the protocol layer's `ApiRequest`, because the protocol layer knows no
app; `ChallengerMiddleware` sets it on every request before any view reads it.
"""

from __future__ import annotations

from typing import cast

from django.http import HttpRequest
from rest_framework.request import Request

from challengers.models import Challenger
from practiceapi.protocol.request import ApiRequest, api_request


class SessionRequest(ApiRequest):
    challenger: Challenger | None  # the session the request acts for


def session_request(request: Request | HttpRequest) -> SessionRequest:
    """The Django request behind a DRF `Request`, with its session."""
    return cast(SessionRequest, api_request(request))


def session_of(request: Request | HttpRequest) -> Challenger | None:
    """The session `request` acts for (None: none, or an unknown GUID)."""
    return session_request(request).challenger
