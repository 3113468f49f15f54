"""Who may read the token and the note: the checks that answer 401 and 403.

Each check raises the protocol layer's `ApiError`, which the project's exception handler
renders like any other error. A refusal carries `WWW-Authenticate` naming the credentials
expected and a message saying what to send (the public service sends them empty; a student
needs to be told what is missing), except where the served edition refuses with no body at all.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from rest_framework.request import Request

from challengers.models import Challenger
from challengers.request import session_request
from challengers.sessions import UNKNOWN_CHALLENGER, mode
from practiceapi.protocol.errors import ApiError
from secrets_app.auth import credentials_match, parse_basic, presented_token
from secrets_app.editions import secret_edition
from secrets_app.messages import (
    BASIC_REQUIRED,
    NO_SESSION,
    NO_TOKEN,
    UNKNOWN_SESSION,
    WRONG_READ_ONLY_TOKEN,
    WRONG_TOKEN,
)
from secrets_app.models import Secret
from secrets_app.selectors import token_is_valid

BASIC_CHALLENGE = {"WWW-Authenticate": 'Basic realm="User Visible Realm"'}
BEARER_CHALLENGE = {"WWW-Authenticate": "Bearer"}


def refused(status: int, message: str, headers: dict[str, str] | None = None) -> ApiError:
    """A 401/403; the classic service answered refused credentials with no body."""
    return ApiError(status, message, headers=headers, bodiless=not secret_edition().error_bodies)


def require_admin(request: Request | HttpRequest) -> None:
    """401 unless `Authorization: Basic` carries the admin credentials."""
    meta = request.META
    credentials = parse_basic(meta.get("HTTP_AUTHORIZATION"))
    if credentials_match(
        credentials, settings.APICHALLENGES_ADMIN_USER, settings.APICHALLENGES_ADMIN_PASSWORD
    ):
        return
    # The GUI's live widget must not make the browser pop up its login dialog.
    widget = meta.get("HTTP_X_API_CHALLENGES_LIVE_WIDGET", "").strip().lower()
    raise refused(401, BASIC_REQUIRED, {} if widget == "true" else BASIC_CHALLENGE)


def _named_session_missing(request: Request | HttpRequest) -> bool:
    """Multi-player: an `X-CHALLENGER` was sent but names no session."""
    header = request.META.get("HTTP_X_CHALLENGER") or ""
    return (
        session_request(request).challenger is None and mode() == "multi" and bool(header.strip())
    )


def _no_session(request: Request | HttpRequest, challenge: dict[str, str]) -> ApiError:
    message = UNKNOWN_SESSION if _named_session_missing(request) else NO_SESSION
    return refused(401, message, {**challenge, "X-CHALLENGER": UNKNOWN_CHALLENGER})


def require_session(
    request: Request | HttpRequest, challenge: dict[str, str] | None = None
) -> Challenger:
    """The session the request acts for; 401 without one (writes have no read-only mode)."""
    challenger = session_request(request).challenger
    if challenger is None:
        raise _no_session(request, challenge or {})
    return challenger


def session_or_read_only(
    request: Request | HttpRequest, challenge: dict[str, str] | None = None
) -> Challenger | None:
    """The session a read acts for, or None for the read-only mode (multi-player without
    any `X-CHALLENGER`); 401 for an `X-CHALLENGER` that names no session."""
    if _named_session_missing(request):
        raise _no_session(request, challenge or {})
    return session_request(request).challenger


def require_token(request: Request | HttpRequest, secret: Secret | None) -> None:
    """401 without a token, 403 with a wrong one (`secret` None: read-only mode)."""
    meta = request.META
    token = presented_token(meta.get("HTTP_AUTHORIZATION"), meta.get("HTTP_X_AUTH_TOKEN"))
    if token is None:
        raise refused(401, NO_TOKEN, BEARER_CHALLENGE)
    if not token_is_valid(token, secret):
        raise refused(403, WRONG_READ_ONLY_TOKEN if secret is None else WRONG_TOKEN)
