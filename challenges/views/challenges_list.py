"""GET /api/challenges: every challenge of the served edition and mode with this session's
status, in the edition's shape."""

from __future__ import annotations

from django.http import HttpResponse
from rest_framework.request import Request
from rest_framework.response import Response

from challengers.request import session_of
from challengers.sessions import mode
from challenges import schema
from challenges.catalogue import active
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.payloads import Collection
from practiceapi.protocol.query import Field, apply_query
from practiceapi.protocol.request import outcome_of

FIELDS = (
    Field("id", "integer"),
    Field("name", "string"),
    Field("description", "string"),
    Field("status", "boolean"),
)
FIELD_NAMES = tuple(f.name for f in FIELDS)
ALLOW = {"Allow": "GET, HEAD, OPTIONS"}


class ChallengesView(ApiView):
    """Every challenge on offer, with whether the session named by X-CHALLENGER has
    completed it."""

    headers_on_405 = ALLOW

    @schema.get_challenges
    def get(self, request: Request) -> Response:
        challenger = session_of(request)
        current = mode()
        catalogue = active()
        status = catalogue.progress_status(challenger.progress if challenger else {}, current)
        rows = [
            {
                "id": int(catalogue.display_id(c.key, current)),
                "name": c.name,
                "description": c.description,
                "status": status[c.key],
            }
            for c in catalogue.challenges_for(current)
        ]
        # Filters and _sortBy work here; paging is not enabled for this collection, as
        # in the public service.
        rows = apply_query(rows, outcome_of(request).query, FIELDS, None)
        headers = {}
        if current == "single":
            headers["Location"] = "/gui/challenges"
        elif challenger is not None:
            headers["Location"] = f"/gui/challenges/{challenger.guid}"
        listing = Collection(
            "challenges", "challenge", FIELD_NAMES, rows, catalogue.listing_xml_order
        )
        return Response(listing, headers=headers)

    def options_response(self) -> HttpResponse:
        response = HttpResponse(status=200, content_type="application/json")
        for name, value in ALLOW.items():
            response[name] = value
        return response
