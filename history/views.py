"""A session's request history, newest first: `GET /api/challenger/{guid}/requests`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse
from rest_framework.request import Request
from rest_framework.response import Response

from challengers.lookup import known_session, with_session
from history import schema
from history.entries import HistoryEntry
from history.reader import recent
from history.schema import REQUEST_FIELDS
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
        rows = [payload_row(entry) for entry in recent(challenger.guid)]
        payload = Collection("requests", "request", REQUEST_FIELDS, rows)
        return with_session(request, Response(payload), challenger)


class Listed(list[Any]):
    """A list that JSON renders as an array and the text formats (XML, CSV, HTML…) as
    its lines: a row's cell is either."""

    def __init__(self, items: Iterable[Any], lines: Iterable[str]) -> None:
        super().__init__(items)
        self.text = "\n".join(lines)

    def __str__(self) -> str:
        return self.text


def payload_row(entry: HistoryEntry) -> dict[str, Any]:
    """One entry as the API answers it (`REQUEST_FIELDS`)."""
    return {
        "id": entry.id,
        "at": entry.at,
        "method": entry.method,
        "path": entry.path,
        "requestHeaders": Listed(
            ({"name": name, "value": value} for name, value in entry.headers),
            (f"{name}: {value}" for name, value in entry.headers),
        ),
        "requestBody": entry.request_body,
        "status": entry.status,
        "responseBody": entry.response_body,
        "completed": Listed(
            ({"id": o.id, "name": o.name} for o in entry.completed),
            (o.label for o in entry.completed),
        ),
        "nearMisses": Listed(
            ({"id": o.id, "name": o.name, "reason": o.reason} for o in entry.near_misses),
            (f"{o.label}: {o.reason}" for o in entry.near_misses),
        ),
    }
