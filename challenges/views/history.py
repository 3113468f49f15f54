"""A session's request history, newest first: `GET /api/challenger/{guid}/requests`, and
the JSON that keeps the progress page's "Your recent requests" current."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from rest_framework.request import Request
from rest_framework.response import Response

from challengers.lookup import known_session, with_session
from challenges import schema
from challenges.request_history import (
    REQUEST_FIELDS,
    HistoryEntry,
    payload_row,
    recent_requests,
)
from challenges.views.dashboard import find_session
from history.reader import version
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.payloads import Collection


class ChallengerRequestsView(ApiView):
    """What the server received from the session and answered, with what each request
    completed and nearly completed. Negotiated like the near misses (XML and the other
    formats when asked, 406 otherwise); an unknown GUID is answered as the progress route
    answers it."""

    headers_on_405 = {"Allow": "GET, HEAD, OPTIONS"}

    @schema.get_requests
    def get(self, request: Request, guid: str) -> HttpResponse:
        challenger = known_session(request, guid)
        rows = [payload_row(entry) for entry in recent_requests(challenger)]
        payload = Collection("requests", "request", REQUEST_FIELDS, rows)
        return with_session(request, Response(payload), challenger)


@never_cache
@require_GET
def requests_json(request: HttpRequest, guid: str) -> HttpResponse:
    """The progress page's history, for static/dashboard/history.js to keep it current:
    304 while it is unchanged (the script sends the version it shows as If-None-Match)."""
    challenger = find_session(guid)
    if challenger is None:
        return JsonResponse({"known": False, "guid": guid}, status=404)
    etag = f'"{version(challenger.guid)}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    else:
        entries = [page_row(entry) for entry in recent_requests(challenger)]
        response = JsonResponse({"known": True, "entries": entries})
    response["ETag"] = etag
    return response


def page_row(entry: HistoryEntry) -> dict[str, Any]:
    """One entry as the page's script draws it (templates/dashboard/_history_entry.html)."""
    return {
        "id": entry.id,
        "at": entry.at,
        "when": entry.when,
        "method": entry.method,
        "path": entry.path,
        "status": entry.status,
        "headers": [list(pair) for pair in entry.headers],
        "requestBody": entry.request_body,
        "responseBody": entry.response_body,
        "completed": [outcome.label for outcome in entry.completed],
        "nearMisses": [
            {"label": outcome.label, "reason": outcome.reason} for outcome in entry.near_misses
        ],
    }
