"""`/api/todos/export?format=…`: the caller's whole list as a download.

The export is the caller's list (the default list without a session), every todo,
unpaged, in id order. `Accept` is never validated here: the format parameter decides the
body, and a bad format is a 400 rendered in the negotiated type with a JSON fallback.
The route comes before the item's (`todos/urls.py`), so that `export` is never taken for
an id.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from rest_framework.request import Request

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.formats import EXPORT_FORMATS, render
from practiceapi.protocol.querybody import ACCEPT_QUERY
from practiceapi.protocol.request import outcome_of
from practiceapi.protocol.responses import empty_response
from todos import schema
from todos.views.base import TodoApiView, collection

UNSUPPORTED_FORMAT = (
    "Unsupported export format. Use one of: "
    "json, xml, text-xml, csv, text, html, ndjson, jsonl, json-seq, tsv"
)
EXPORT_ALLOW = "GET, OPTIONS"


class TodoExportView(TodoApiView):
    """Every todo of the caller's list in one of ten formats."""

    negotiate = False

    def after_negotiation(self, request: Request) -> None:
        """The export reads no body: no size limit to check."""

    @schema.export_todos
    def get(self, request: Request) -> HttpResponse:
        name = (request.query_params.get("format") or "").strip().lower()
        export = EXPORT_FORMATS.get(name)
        if export is None:
            raise ApiError(400, UNSUPPORTED_FORMAT)
        media_type = export.media_type
        payload = collection(self.read_rows(request))
        # Rendered here, not by DRF: the outcome still records what the body was made from.
        outcome_of(request).payload = payload
        response = HttpResponse(render(payload, media_type), content_type=media_type)
        response["Content-Disposition"] = f'attachment; filename="todos.{export.extension}"'
        response["Accept-Query"] = ACCEPT_QUERY
        return response

    def head(self, request: Request) -> HttpResponse:
        # Django would answer HEAD with GET; the public service's export route has no HEAD.
        return empty_response(405)

    @schema.options_export
    def options(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:  # type: ignore[override]
        return empty_response(204, {"Allow": EXPORT_ALLOW})
