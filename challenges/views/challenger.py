"""/api/challenger: create, read and restore sessions, and read a
session's near misses."""

from __future__ import annotations

from django.http import HttpResponse
from rest_framework.request import Request
from rest_framework.response import Response

from challengers.editions import session_edition
from challengers.limits import admit_new_session
from challengers.lookup import (
    CREATE_HINT,
    RESTORE_BODY,
    json_response,
    known_session,
    lookup_session,
    unknown_session,
    url_guid,
    with_session,
)
from challengers.models import Challenger
from challengers.request import session_of
from challengers.sessions import create_challenger, mode, single_player
from challenges import schema
from challenges.messages import GUID_MISMATCH
from challenges.near_misses import open_near_misses
from challenges.services import (
    InvalidPayload,
    create_from_payload,
    progress_payload,
    restore_progress,
    validate_payload,
)
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.payloads import Collection
from practiceapi.protocol.responses import empty_response


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
        challenger: Challenger | None
        if not header:
            admit_new_session(request)
            challenger = create_challenger()
            response = empty_response(201, {"Location": f"/gui/challenges/{challenger.guid}"})
            return with_session(request, response, challenger)
        challenger = session_of(request)
        if challenger is None:
            raise unknown_session(
                request,
                f"Unknown X-CHALLENGER {header}: {CREATE_HINT}, or restore one with "
                f"PUT /api/challenger/{{guid}}",
            )
        response = empty_response(200, {"Location": f"/gui/challenges/{challenger.guid}"})
        return with_session(request, response, challenger)


class ChallengerProgressView(ApiView):
    """GET/PUT /api/challenger/{guid}: the progress payload, and restoring it."""

    negotiate = False
    headers_on_405 = {"Allow": "GET, PUT, HEAD, OPTIONS"}
    body_formats = {"PUT": RESTORE_BODY}

    @schema.get_progress
    def get(self, request: Request, guid: str) -> HttpResponse:
        challenger = known_session(request, guid)
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
            mismatch = ApiError(session_edition().guid_mismatch_status, GUID_MISMATCH)
            mismatch.headers["X-CHALLENGER"] = str(named)
            raise mismatch
        challenger = lookup_session(request, guid)
        if challenger is not None:
            challenger = restore_progress(challenger, doc)
            return with_session(request, json_response(progress_payload(challenger)), challenger)
        admit_new_session(request)
        challenger = create_from_payload(guid, doc)
        return with_session(request, empty_response(201), challenger)


NEAR_MISS_FIELDS = ("id", "name", "at", "request", "status", "reason")


class ChallengerNearMissesView(ApiView):
    """GET /api/challenger/{guid}/near-misses: for each open challenge, the latest request
    that nearly completed it and why it did not. Negotiated like /api/challenges (XML and
    the other formats when asked, 406 otherwise); an unknown GUID is a 404, as on
    `GET /api/challenger/{guid}`."""

    headers_on_405 = {"Allow": "GET, HEAD, OPTIONS"}

    @schema.get_near_misses
    def get(self, request: Request, guid: str) -> HttpResponse:
        challenger = known_session(request, guid)
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
