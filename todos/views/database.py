"""GET/PUT /api/challenger/database/{guid}: a session's todo list, saved and restored.
It sits under the challenger path but is the todo store's, so it
lives with the todos: todos depends on challenges, not back."""

from __future__ import annotations

from django.http import HttpResponse
from rest_framework.request import Request

from challengers.lookup import (
    RESTORE_BODY,
    lookup_session,
    unknown_challenger,
    url_guid,
    with_session,
)
from challengers.messages import challenger_not_found
from challengers.models import Challenger
from challengers.sessions import SINGLE_PLAYER_GUID, mode
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.negotiation import JSON
from practiceapi.protocol.responses import empty_response
from todos import schema
from todos.editions import todo_edition
from todos.selectors import todo_rows
from todos.services import replace_all
from todos.validation import validate_import


class ChallengerDatabaseView(ApiView):
    """GET/PUT /api/challenger/database/{guid}: save and restore the todo list."""

    negotiate = False
    headers_on_405 = {"Allow": "GET, PUT, HEAD, OPTIONS"}
    body_formats = {"PUT": RESTORE_BODY}

    def _store_owner(self, request: Request, guid: str) -> Challenger | None:
        guid = url_guid(guid)
        if mode() == "single" and guid != SINGLE_PLAYER_GUID:
            raise ApiError(404, f"Challenger database not instantiated {guid}")
        return lookup_session(request, guid)

    @schema.get_database
    def get(self, request: Request, guid: str) -> HttpResponse:
        challenger = self._store_owner(request, guid)
        if challenger is None:
            raise unknown_challenger(challenger_not_found(guid))
        body = todo_edition().store.document(todo_rows(challenger))
        return with_session(request, HttpResponse(body, content_type=JSON), challenger)

    @schema.put_database
    def put(self, request: Request, guid: str) -> HttpResponse:
        challenger = self._store_owner(request, guid)
        if challenger is None:
            raise unknown_challenger(
                "Unknown Challenger GUID - have you created or loaded the challenger state"
            )
        rows = validate_import(request.data)
        replace_all(challenger, rows)
        response = empty_response(204)
        return with_session(request, response, challenger)
