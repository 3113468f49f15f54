"""The session a browser remembers: the student pages' "remember this session on this
computer" cookie.

Classrooms share computers, and a GUID is a student's only credential, so the pages set
the cookie only when the student asks with a form of this site, and offer to forget it.
Only the server reads it (the start page, `/gui/challenges`, a class's welcome page).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from challengers.models import Challenger
from challengers.sessions import canonical_guid, find_challenger, mode

COOKIE = "X-CHALLENGER"  # the public service's GUI keeps the GUID in a cookie of this name
COOKIE_AGE = 365 * 24 * 3600
COOKIE_MAX = 64  # a longer value is no GUID this service stores


def remember_session(response: HttpResponse, challenger: Challenger) -> None:
    response.set_cookie(
        COOKIE,
        challenger.guid,
        max_age=COOKIE_AGE,
        samesite="Lax",
        httponly=True,  # read by the server only
        secure=settings.SESSION_COOKIE_SECURE,
    )


def forget_session(response: HttpResponse) -> None:
    response.delete_cookie(COOKIE, samesite="Lax")


def remembered_guid(request: HttpRequest) -> str:
    """The GUID this browser's cookie names, as stored ("" for none)."""
    value = request.COOKIES.get(COOKIE, "")
    return canonical_guid(value) if 0 < len(value) <= COOKIE_MAX else ""


def remembered_session(request: HttpRequest) -> Challenger | None:
    """The session this browser remembers (None in single mode: there is only the one)."""
    if mode() == "single":
        return None
    return find_challenger(remembered_guid(request))
