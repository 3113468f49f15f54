"""/api/secret/token and /api/secret/note: Basic auth for a token, the token for a note.

The order of the checks is part of the contract because the challenges of sections 24-25
are credited by status code:

* token: Basic credentials (401 + `WWW-Authenticate: Basic`) -> known session -> token.
* GET/HEAD note: known session (or read-only mode) -> token present (401 + `Bearer`) ->
  token right (403) -> Accept (406) -> the note.
* POST note: Accept (406) -> Content-Type (415) -> known session -> token present ->
  token right -> body (400, 422) -> store, answer like GET.

Answers, errors included, are JSON or XML only (`access` says who is refused and how).
Clients' tokens are never logged.
"""

from __future__ import annotations

from django.http import HttpResponse
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.errors import NotAcceptable
from practiceapi.protocol.negotiation import JSON
from practiceapi.protocol.parsers import BodyFormats, JsonParser, XmlParser
from practiceapi.protocol.payloads import Item
from practiceapi.protocol.request import api_request
from practiceapi.protocol.responses import empty_response, negotiated_type
from secrets_app import schema as docs
from secrets_app.access import (
    BEARER_CHALLENGE,
    require_admin,
    require_session,
    require_token,
    session_or_read_only,
)
from secrets_app.editions import secret_edition
from secrets_app.messages import MISSING_CONTENT_TYPE
from secrets_app.selectors import note_of, token_of
from secrets_app.services import replace_note, secret_for
from secrets_app.validation import read_note

NOTE_ALLOW = {"Allow": "GET, HEAD, POST, OPTIONS"}
NOTE_BODY = BodyFormats((JsonParser, XmlParser), missing=(415, MISSING_CONTENT_TYPE))


def token_payload(token: str) -> Item:
    return Item("secrettoken", ("token",), {"token": token})


def note_payload(note: str) -> Item:
    return Item("secretnote", ("note",), {"note": note})


class _SecretView(ApiView):
    """What both routes share: JSON/XML answers, errors included."""

    # Negotiated by hand: 406 comes after authentication on GET, before it on POST.
    negotiate = False
    producible = docs.SECRET_TYPES

    def after_negotiation(self, request: Request) -> None:
        # Until a route insists on an acceptable type, answers (401s included) use the best
        # of JSON/XML the client accepts, JSON otherwise.
        try:
            media_type = negotiated_type(api_request(request), self.producible)
        except NotAcceptable:
            media_type = JSON
        renderer = next(r for r in self.get_renderers() if r.media_type == media_type)
        self._answer_in(request, renderer, media_type)

    def negotiate_strictly(self, request: Request) -> None:
        """406 unless Accept names JSON or XML (or nothing)."""
        self._answer_in(request, *self.perform_content_negotiation(request))

    def _answer_in(self, request: Request, renderer: BaseRenderer, media_type: str) -> None:
        request.accepted_renderer, request.accepted_media_type = renderer, media_type
        # Errors answer in it too, not in whatever the whole Accept list would prefer
        # elsewhere (e.g. CSV for `text/*`).
        api_request(request).negotiated_type = media_type


class SecretTokenView(_SecretView):
    """POST: the session's token for Basic admin credentials; GET: the same, read-only."""

    schema = docs.TokenSchema()

    @property
    def headers_on_405(self) -> dict[str, str]:  # type: ignore[override]
        return _token_allow()

    def implements(self, method: str) -> bool:
        return super().implements(method) and (method != "GET" or secret_edition().token_get)

    @docs.create_token
    def post(self, request: Request) -> HttpResponse:
        require_admin(request)
        challenger = require_session(request)
        token = secret_for(challenger).token
        return empty_response(201, {"X-AUTH-TOKEN": token, "X-CHALLENGER": challenger.guid})

    @docs.read_token
    def get(self, request: Request) -> Response:
        require_admin(request)
        challenger = session_or_read_only(request)
        token = token_of(None if challenger is None else secret_for(challenger))
        return Response(token_payload(token), headers={"X-AUTH-TOKEN": token})

    def head(self, request: Request) -> HttpResponse:
        # Django would otherwise answer HEAD with GET (HEAD is a 405 here).
        return empty_response(405, _token_allow())


def _token_allow() -> dict[str, str]:
    return {"Allow": secret_edition().token_allow}


class SecretNoteView(_SecretView):
    """GET/HEAD read the session's note, POST replaces it; a token is required for both."""

    headers_on_405 = NOTE_ALLOW
    schema = docs.NoteSchema()
    body_formats = {"POST": NOTE_BODY}
    xml_roots = ("secretnote",)

    def after_negotiation(self, request: Request) -> None:
        super().after_negotiation(request)
        # A write insists on an acceptable type before its Content-Type is looked at.
        if request.method == "POST":
            self.negotiate_strictly(request)

    @docs.read_note
    def get(self, request: Request) -> Response:
        challenger = session_or_read_only(request, BEARER_CHALLENGE)
        secret = None if challenger is None else secret_for(challenger)
        require_token(request, secret)
        self.negotiate_strictly(request)
        return Response(note_payload(note_of(secret)))

    def head(self, request: Request) -> Response:
        # The server drops the body; status, headers and Content-Length stay GET's.
        return self.get(request)

    @docs.write_note
    def post(self, request: Request) -> Response:
        secret = secret_for(require_session(request, BEARER_CHALLENGE))
        require_token(request, secret)
        return Response(note_payload(replace_note(secret, read_note(request)).note))
