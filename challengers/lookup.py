"""The session a URL names and the answers about it, shared by every API route that takes
a GUID in its path: the progress routes and the profile (`challenges`), the todo store's
`/api/challenger/database/{guid}` (`todos`). Finding the session is `challengers.sessions`'s;
this module adds what an API view answers around it."""

from __future__ import annotations

from typing import Any

import orjson
from django.http import HttpResponse
from rest_framework.request import Request

from challengers.editions import session_edition
from challengers.messages import challenger_not_found
from challengers.models import Challenger
from challengers.request import session_of
from challengers.sessions import (
    UNKNOWN_CHALLENGER,
    InvalidGuid,
    canonical_guid,
    find_session,
    mode,
    parse_guid,
)
from practiceapi.protocol.apiview import FixedResponse
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.negotiation import JSON
from practiceapi.protocol.parsers import BodyFormats, OrjsonParser
from practiceapi.protocol.request import api_request, outcome_of
from practiceapi.protocol.responses import empty_response, status_only_404

CREATE_HINT = "create a session with POST /api/challenger (no X-CHALLENGER header)"


def with_session(
    request: Request, response: HttpResponse, challenger: Challenger | None
) -> HttpResponse:
    response["X-CHALLENGER"] = challenger.guid if challenger else UNKNOWN_CHALLENGER
    if challenger is not None:
        # The session answered about, left for the tracker: credited without a second lookup.
        outcome_of(request).leave(challenger)
    return response


def json_response(data: Any, status: int = 200) -> HttpResponse:
    return HttpResponse(orjson.dumps(data), status=status, content_type=JSON)


class RestoreJsonParser(OrjsonParser):
    """A restore body (progress or todo list): blank is no document (the payload check
    refuses it), and a syntax error is a 400 quoting orjson's description of it (clients
    assert this text)."""

    invalid_message = "Invalid JSON payload: {error}"
    blank_is_null = True


# The restore routes read every body as JSON, whatever its Content-Type says or without one,
# as they always have: a saved payload comes back with whatever type the client's tool sets.
RESTORE_BODY = BodyFormats((RestoreJsonParser,), fallback="any")


def lookup_session(request: Request, guid: str) -> Challenger | None:
    """The session a URL names (single mode: always the single session). Reuses the
    session the middleware already loaded when it is the same one, so credits held for
    this request show in the response."""
    own = session_of(request)
    if own is not None and (mode() == "single" or own.guid == canonical_guid(guid)):
        return own
    return find_session(guid)


def known_session(request: Request, guid: str) -> Challenger:
    """`lookup_session`, answering 404 for an unknown GUID (no format check, as
    `GET /api/challenger/{guid}` does)."""
    challenger = lookup_session(request, guid)
    if challenger is None:
        raise unknown_session(request, challenger_not_found(guid))
    return challenger


def url_guid(guid: str) -> str:
    """The GUID a URL names, canonical; 400 for one multi mode cannot take."""
    try:
        return parse_guid(guid)
    except InvalidGuid as error:
        raise ApiError(400, str(error)) from None


def unknown_session(request: Request, message: str) -> Exception:
    """The 404 for a GUID that names no session: the error naming it, or where the edition
    answers so, the status-only 404 of an unknown resource (for a browser, a 307 to the
    GUI's 404 page, as the classic service's response hook answered an empty 404)."""
    if not session_edition().unknown_challenger_messages:
        asked = api_request(request)
        if "html" in (asked.META.get("HTTP_ACCEPT") or "").lower():
            # The classic response hook sent a browser to its GUI's 404 page.
            response: HttpResponse | None = empty_response(
                307, {"Location": f"/gui/404/{asked.api_path}"}
            )
        else:
            response = status_only_404(asked)
        if response is not None:
            response["X-CHALLENGER"] = UNKNOWN_CHALLENGER
            return FixedResponse(response)
    return unknown_challenger(message)


def unknown_challenger(message: str) -> ApiError:
    error = ApiError(404, message)
    error.headers["X-CHALLENGER"] = UNKNOWN_CHALLENGER
    return error
