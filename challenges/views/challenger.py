"""/api/challenger: create, read and restore sessions (challenges.md §C), and read a
session's near misses. The helpers here (a URL's session, the unknown-GUID 404, the
`X-CHALLENGER` of the answer) also serve the todo app's `/api/challenger/database/{guid}`."""

from __future__ import annotations

from typing import Any

import orjson
from django.http import HttpResponse
from rest_framework.request import Request
from rest_framework.response import Response

from challenges import schema
from challenges.models import Challenger
from challenges.near_misses import open_near_misses
from challenges.services import (
    InvalidPayload,
    create_from_payload,
    parse_guid,
    progress_payload,
    restore_progress,
    validate_payload,
)
from challenges.sessions import (
    UNKNOWN_CHALLENGER,
    create_challenger,
    find_challenger,
    mode,
    single_player,
)
from practiceapi.editions import edition
from practiceapi.protocol.apiview import ApiView, FixedResponse
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.messages import GUID_MISMATCH
from practiceapi.protocol.negotiation import JSON
from practiceapi.protocol.parsers import BodyFormats, OrjsonParser
from practiceapi.protocol.payloads import Collection
from practiceapi.protocol.responses import empty_response, status_only_404
from practiceapi.request import api_request

CREATE_HINT = "create a session with POST /api/challenger (no X-CHALLENGER header)"


def with_session(
    request: Request, response: HttpResponse, challenger: Challenger | None
) -> HttpResponse:
    response["X-CHALLENGER"] = challenger.guid if challenger else UNKNOWN_CHALLENGER
    api_request(request).facts.session = challenger  # credited without a second lookup
    return response


def json_response(data: Any, status: int = 200) -> HttpResponse:
    return HttpResponse(orjson.dumps(data), status=status, content_type=JSON)


class RestoreJsonParser(OrjsonParser):
    """A restore body (C.4, C.6): blank is no document (the payload check refuses it), and a
    syntax error is a 400 quoting orjson's description of it (clients assert this text)."""

    invalid_message = "Invalid JSON payload: {error}"
    blank_is_null = True


# The restore routes read every body as JSON, whatever its Content-Type says or without one,
# as they always have: a saved payload comes back with whatever type the client's tool sets.
RESTORE_BODY = BodyFormats((RestoreJsonParser,), fallback="any")


def lookup_session(request: Request, guid: str) -> Challenger | None:
    """The session a URL names (single mode: always the single session, C.3). Reuses the
    session the middleware already loaded when it is the same one, so credits held for
    this request show in the response."""
    own = api_request(request).challenger
    if mode() == "single":
        return own or single_player()
    if own is not None and own.guid == guid.strip().lower():
        return own
    return find_challenger(guid)


def _known(request: Request, guid: str) -> Challenger:
    """`_lookup`, answering 404 for an unknown GUID as C.3 does (no format check)."""
    challenger = lookup_session(request, guid)
    if challenger is None:
        raise unknown_session(request, f"Challenger not found {guid}")
    return challenger


class ChallengerView(ApiView):
    """POST /api/challenger: a new session (201), or an existing one named in the header."""

    negotiate = False
    headers_on_405 = {"Allow": "POST, OPTIONS"}

    @schema.create_challenger
    def post(self, request: Request) -> HttpResponse:
        if mode() == "single":
            response = empty_response(201, {"Location": "/gui/challenges"})
            return with_session(request, response, single_player())
        header = (request.META.get("HTTP_X_CHALLENGER") or "").strip()
        if not header:
            challenger = create_challenger()
            response = empty_response(201, {"Location": f"/gui/challenges/{challenger.guid}"})
            return with_session(request, response, challenger)
        challenger = api_request(request).challenger
        if challenger is None:
            raise unknown_session(
                request,
                f"Unknown X-CHALLENGER {header}: {CREATE_HINT}, or restore one with "
                f"PUT /api/challenger/{{guid}}",
            )
        response = empty_response(200, {"Location": f"/gui/challenges/{challenger.guid}"})
        return with_session(request, response, challenger)

    def options(self, request: Request) -> HttpResponse:
        return empty_response(204, self.headers_on_405)


class ChallengerProgressView(ApiView):
    """GET/PUT /api/challenger/{guid}: the progress payload, and restoring it (C.3, C.4)."""

    negotiate = False
    headers_on_405 = {"Allow": "GET, PUT, HEAD, OPTIONS"}
    body_formats = {"PUT": RESTORE_BODY}

    @schema.get_progress
    def get(self, request: Request, guid: str) -> HttpResponse:
        challenger = _known(request, guid)
        return with_session(request, json_response(progress_payload(challenger)), challenger)

    @schema.put_progress
    def put(self, request: Request, guid: str) -> HttpResponse:
        guid = url_guid(guid)
        try:
            doc = validate_payload(request.data)
        except InvalidPayload as error:
            raise ApiError(400, str(error)) from None
        named = doc.get("xChallenger")
        if str(named).strip().lower() != guid.strip().lower():
            error = ApiError(edition().guid_mismatch_status, GUID_MISMATCH)
            error.headers["X-CHALLENGER"] = str(named)
            raise error
        challenger = lookup_session(request, guid)
        if challenger is not None:
            challenger = restore_progress(challenger, doc)
            return with_session(request, json_response(progress_payload(challenger)), challenger)
        challenger = create_from_payload(guid, doc)
        return with_session(request, empty_response(201), challenger)

    def options(self, request: Request, guid: str) -> HttpResponse:
        return empty_response(204, self.headers_on_405)


NEAR_MISS_FIELDS = ("id", "name", "at", "request", "status", "reason")


class ChallengerNearMissesView(ApiView):
    """GET /api/challenger/{guid}/near-misses: for each open challenge, the latest request
    that nearly completed it and why it did not. Negotiated like /api/challenges (XML and
    the other formats when asked, 406 otherwise); an unknown GUID is answered as C.3."""

    headers_on_405 = {"Allow": "GET, HEAD, OPTIONS"}

    @schema.get_near_misses
    def get(self, request: Request, guid: str) -> HttpResponse:
        challenger = _known(request, guid)
        progress = challenger.progress or {}
        rows = [
            {
                "id": int(near.display_id),
                "name": near.name,
                "at": near.at,
                "request": near.request,
                "status": near.status,
                "reason": near.reason,
            }
            for near in open_near_misses(progress, challenger.near_misses, mode())
        ]
        payload = Collection("nearMisses", "nearMiss", NEAR_MISS_FIELDS, rows)
        return with_session(request, Response(payload), challenger)

    @schema.exclude
    def options(self, request: Request, guid: str) -> HttpResponse:
        return empty_response(204, self.headers_on_405)


def url_guid(guid: str) -> str:
    """The GUID a URL names, canonical; 400 for one multi mode cannot take (C.13)."""
    try:
        return parse_guid(guid)
    except InvalidPayload as error:
        raise ApiError(400, str(error)) from None


def unknown_session(request: Request, message: str) -> Exception:
    """The 404 for a GUID that names no session: the error naming it, or where the edition
    answers so, the status-only 404 of an unknown resource (for a browser, a 307 to the
    GUI's 404 page, as the classic service's response hook answered an empty 404)."""
    if not edition().unknown_challenger_messages:
        asked = api_request(request)
        if "html" in (asked.META.get("HTTP_ACCEPT") or "").lower():
            # The classic response hook sent a browser to its GUI's 404 page.
            response = empty_response(307, {"Location": f"/gui/404/{asked.api_path}"})
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
