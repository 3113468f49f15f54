"""`/api/todos/export?format=…`: the caller's whole list as a download (§6, D3.9).

The export is the caller's list (the default list without a session), every todo,
unpaged, in id order. `Accept` is never validated here: the format parameter decides the
body, and a bad format is a 400 rendered in the negotiated type with a JSON fallback.
"""

from __future__ import annotations

from django.http import HttpResponse
from rest_framework.request import Request

from challengers.request import session_of
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.formats import EXPORT_FORMATS, render
from practiceapi.protocol.querybody import ACCEPT_QUERY
from practiceapi.protocol.responses import empty_response
from practiceapi.request import outcome_of
from todos import schema
from todos.resource import TODO_XML
from todos.selectors import list_counts, list_rows
from todos.views.base import collection, leave_facts

UNSUPPORTED_FORMAT = (
    "Unsupported export format. Use one of: "
    "json, xml, text-xml, csv, text, html, ndjson, jsonl, json-seq, tsv"
)
EXPORT_ALLOW = "GET, OPTIONS"


class TodoExportView(ApiView):
    """Every todo of the caller's list in one of ten formats."""

    negotiate = False
    structured_xml = TODO_XML

    @schema.export_todos
    def get(self, request: Request) -> HttpResponse:
        name = (request.query_params.get("format") or "").strip().lower()
        export = EXPORT_FORMATS.get(name)
        if export is None:
            raise ApiError(400, UNSUPPORTED_FORMAT)
        media_type = export.media_type
        challenger = session_of(request)
        rows = list_rows(challenger)
        leave_facts(request, list_counts(rows))
        payload = collection(rows)
        # Rendered here, not by DRF: the outcome still records what the body was made from.
        outcome_of(request).payload = payload
        response = HttpResponse(render(payload, media_type), content_type=media_type)
        response["Content-Disposition"] = f'attachment; filename="todos.{export.extension}"'
        response["Accept-Query"] = ACCEPT_QUERY
        return response

    def head(self, request: Request) -> HttpResponse:
        # Django would answer HEAD with GET; the reference's export route has no HEAD.
        return empty_response(405)

    @schema.options_export
    def options(self, request: Request) -> HttpResponse:  # type: ignore[override]  # a handler, see ApiView
        return empty_response(204, {"Allow": EXPORT_ALLOW})
