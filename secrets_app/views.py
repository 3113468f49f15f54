"""/api/secret/token and /api/secret/note: Basic auth for a token, the token for a note.

Behaviour: spec/challenges.md §E (decisions D6). The order of the checks is part of the
contract because the challenges of sections 24-25 are credited by status code:

* token: Basic credentials (401 + `WWW-Authenticate: Basic`) -> known session -> token.
* GET/HEAD note: known session (or read-only mode) -> token present (401 + `Bearer`) ->
  token right (403) -> Accept (406) -> the note.
* POST note: Accept (406) -> Content-Type (415) -> known session -> token present ->
  token right -> body (400, 422) -> store, answer like GET.

Answers are JSON or XML only. 401 and 403 carry `{"errorMessages":[...]}` saying what to send
(the reference sends them empty; D1.6/D1.7 ask for a clear message), and `WWW-Authenticate`
names the credentials expected. Clients' tokens are never logged.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from challengers.sessions import UNKNOWN_CHALLENGER, mode
from practiceapi.editions import edition
from practiceapi.openapi import ERRORS
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.errors import ApiError, NotAcceptable
from practiceapi.protocol.messages import VALIDATION_PREFIX, too_long
from practiceapi.protocol.negotiation import JSON, TEXT_XML, XML
from practiceapi.protocol.parsers import (
    NOT_AN_OBJECT,
    BodyError,
    BodyFormats,
    JsonParser,
    XmlParser,
)
from practiceapi.protocol.payloads import ErrorMessages, Item
from practiceapi.protocol.responses import empty_response, negotiated_type
from practiceapi.protocol.typenames import json_type_name
from secrets_app.auth import credentials_match, parse_basic, presented_token
from secrets_app.models import NOTE_MAX, Secret
from secrets_app.services import (
    READ_ONLY_NOTE,
    READ_ONLY_TOKEN,
    replace_note,
    secret_for,
    token_is_valid,
)

# The secret area speaks JSON or XML only (§E.5, §E.6): any other Accept on the note is a 406.
SECRET_TYPES = (JSON, XML, TEXT_XML)
JSON_BODY, XML_BODY = "json", "xml"
BODY_KINDS = {JSON: JSON_BODY, XML: XML_BODY, TEXT_XML: XML_BODY}

NOTE_ALLOW = {"Allow": "GET, HEAD, POST, OPTIONS"}
BASIC_CHALLENGE = {"WWW-Authenticate": 'Basic realm="User Visible Realm"'}
BEARER_CHALLENGE = {"WWW-Authenticate": "Bearer"}

MISSING_CONTENT_TYPE = "Missing Content-Type: send the note as application/json or application/xml"
NOTE_BODY = BodyFormats((JsonParser, XmlParser), missing=(415, MISSING_CONTENT_TYPE))
NOTE_MANDATORY = "Failed Validation: note : field is mandatory"
EXAMPLE_BODIES = {
    JSON_BODY: '{"note":"your text"}',
    XML_BODY: "<secretnote><note>your text</note></secretnote>",
}
MAX_NAMED_UNKNOWN = 5


# ------------------------------------------------------------------------ OpenAPI pieces


class SecretSchema(AutoSchema):
    """Documents `Authorization` as security schemes: OpenAPI ignores header parameters
    named `Authorization`, so Basic and Bearer can only be described this way."""

    security: dict[str, dict[str, Any]] = {}

    def get_auth(self) -> list[dict[str, list[str]]]:
        for name, definition in self.security.items():
            self.registry.register_on_missing(
                ResolvedComponent(
                    name=name,
                    type=ResolvedComponent.SECURITY_SCHEMA,
                    object=name,
                    schema=definition,
                )
            )
        # `{}` last: the note also accepts X-AUTH-TOKEN, documented as a header parameter.
        return [{name: []} for name in self.security] + [{}]

    def _get_format_parameters(self) -> list[dict[str, Any]]:
        return []  # the response format is chosen by Accept only, never by `?format=`


class TokenSchema(SecretSchema):
    security = {"secretBasic": {"type": "http", "scheme": "basic"}}

    def get_auth(self) -> list[dict[str, list[str]]]:
        return super().get_auth()[:-1]  # Basic credentials are required


class NoteSchema(SecretSchema):
    security = {"secretBearer": {"type": "http", "scheme": "bearer"}}


ERROR_SCHEMA = ERRORS
TOKEN_SCHEMA = {
    "type": "object",
    "properties": {"token": {"type": "string"}},
    "required": ["token"],
    "xml": {"name": "secrettoken"},
}
NOTE_SCHEMA = {
    "type": "object",
    "properties": {"note": {"type": "string", "maxLength": NOTE_MAX}},
    "required": ["note"],
    "xml": {"name": "secretnote"},
}
NOTE_INPUT_SCHEMA = {
    "type": "object",
    "properties": {
        "note": {
            "type": "string",
            "pattern": "^[^\\u0000]*$",  # a NUL character is a 422
            "description": f"Stored truncated to its first {NOTE_MAX} characters.",
        }
    },
    "required": ["note"],
    "additionalProperties": False,
    "xml": {"name": "secretnote"},
}

X_CHALLENGER_PARAM = OpenApiParameter(
    "X-CHALLENGER",
    str,
    OpenApiParameter.HEADER,
    description=(
        "Your session GUID from POST /api/challenger (multi-player mode). GET without it "
        "uses the read-only token and note."
    ),
)
X_CHALLENGER_ECHO = OpenApiParameter(
    "X-CHALLENGER",
    str,
    OpenApiParameter.HEADER,
    response=True,
    description=f"The session the request acted for, or `{UNKNOWN_CHALLENGER}`.",
)
X_AUTH_TOKEN_PARAM = OpenApiParameter(
    "X-AUTH-TOKEN",
    str,
    OpenApiParameter.HEADER,
    description=(
        "Your secret token (from POST /api/secret/token). A valid `Authorization: Bearer` "
        "header wins over this one."
    ),
)
X_AUTH_TOKEN_ECHO = OpenApiParameter(
    "X-AUTH-TOKEN",
    str,
    OpenApiParameter.HEADER,
    response=[200, 201],
    description="The session's secret token.",
)
WWW_AUTHENTICATE = OpenApiParameter(
    "WWW-Authenticate",
    str,
    OpenApiParameter.HEADER,
    response=[401],
    description="The credentials to send: `Basic` for the token, `Bearer` for the note.",
)
LIVE_WIDGET_PARAM = OpenApiParameter(
    "X-API-Challenges-Live-Widget",
    str,
    OpenApiParameter.HEADER,
    description=(
        "`true` (any case) leaves out `WWW-Authenticate` on a 401 (no browser login dialog); "
        "other values are ignored."
    ),
)


def _formats(
    schema: dict[str, Any], status: int, description: str
) -> dict[tuple[int, str], OpenApiResponse]:
    return {
        (status, media_type): OpenApiResponse(schema, description) for media_type in SECRET_TYPES
    }


def _no_body(description: str) -> OpenApiResponse:
    return OpenApiResponse(description=description)


ERRORS_406 = {(406, JSON): OpenApiResponse(ERROR_SCHEMA, "Accept names no JSON or XML type.")}
NOTE_401 = _formats(
    ERROR_SCHEMA, 401, "No token (`WWW-Authenticate: Bearer`), or no known session."
)
NOTE_403 = _formats(ERROR_SCHEMA, 403, "The token is not this session's token.")
TOKEN_401 = _formats(
    ERROR_SCHEMA,
    401,
    "Wrong, malformed or missing Basic credentials (with `WWW-Authenticate: Basic`), or no "
    "known session (`X-CHALLENGER: UNKNOWN CHALLENGER - Challenger not found`).",
)


# ---------------------------------------------------------------------------------- views

BASIC_REQUIRED = (
    "Invalid or missing credentials: send the admin username and password as "
    "Authorization: Basic <base64 of username:password>"
)
NO_SESSION = (
    "Missing X-CHALLENGER header: create a session with POST /api/challenger and send its "
    "X-CHALLENGER header"
)
UNKNOWN_SESSION = (
    "Unknown X-CHALLENGER: no session has this GUID; create one with POST /api/challenger "
    "or restore one with PUT /api/challenger/{guid}"
)
NO_TOKEN = (
    "Missing token: send your secret token as X-AUTH-TOKEN or as Authorization: Bearer "
    "<token> (get it with POST /api/secret/token)"
)
WRONG_TOKEN = "Invalid token: it is not the secret token of the X-CHALLENGER session"
WRONG_READ_ONLY_TOKEN = (
    f"Invalid token: without an X-CHALLENGER header only the read-only token "
    f"{READ_ONLY_TOKEN} is accepted"
)


class _SecretView(ApiView):
    """What both routes share: JSON/XML answers (errors included) and the session checks."""

    # Negotiated by hand: 406 comes after authentication on GET, before it on POST.
    negotiate = False
    producible = SECRET_TYPES

    def after_negotiation(self, request: Request) -> None:
        # Until a route insists on an acceptable type, answers (401s included) use the best
        # of JSON/XML the client accepts, JSON otherwise.
        media_type = _lenient_media_type(request._request)
        renderer = next(r for r in self.get_renderers() if r.media_type == media_type)
        request.accepted_renderer, request.accepted_media_type = renderer, media_type

    def negotiate_strictly(self, request: Request) -> None:
        """406 unless Accept names JSON or XML (or nothing)."""
        renderer, media_type = self.perform_content_negotiation(request)
        request.accepted_renderer, request.accepted_media_type = renderer, media_type

    def handle_exception(self, exc: Exception) -> HttpResponse:
        # Render errors in the type this route chose (JSON or XML), not in whatever the
        # full Accept list would prefer elsewhere (e.g. CSV for `text/*`).
        refused = isinstance(exc, ApiError) and exc.status in (401, 403)
        if refused and not edition().secret_error_bodies:
            # The classic service answered refused credentials with no body, typed JSON.
            response = empty_response(exc.status, {"Content-Type": JSON, **exc.headers})
            response.error_messages = exc.messages  # read by challenge tracking
            return response
        if isinstance(exc, ApiError) and not exc.force_json:
            response = Response(ErrorMessages(exc.messages), status=exc.status, headers=exc.headers)
            response.error_messages = exc.messages  # read by challenge tracking
            return response
        return super().handle_exception(exc)


def _lenient_media_type(request: HttpRequest) -> str:
    try:
        return negotiated_type(request, SECRET_TYPES)
    except NotAcceptable:
        return JSON


def _named_session_missing(request: HttpRequest) -> bool:
    """Multi-player: an `X-CHALLENGER` was sent but names no session."""
    header = request.META.get("HTTP_X_CHALLENGER") or ""
    return request.challenger is None and mode() == "multi" and bool(header.strip())


def _no_session(request: HttpRequest, challenge: dict[str, str] | None = None) -> ApiError:
    message = UNKNOWN_SESSION if _named_session_missing(request) else NO_SESSION
    return ApiError(401, message, headers={**(challenge or {}), "X-CHALLENGER": UNKNOWN_CHALLENGER})


def _check_admin(request: HttpRequest) -> None:
    credentials = parse_basic(request.META.get("HTTP_AUTHORIZATION"))
    if credentials_match(
        credentials, settings.APICHALLENGES_ADMIN_USER, settings.APICHALLENGES_ADMIN_PASSWORD
    ):
        return
    # The GUI's live widget must not make the browser pop up its login dialog.
    widget = request.META.get("HTTP_X_API_CHALLENGES_LIVE_WIDGET", "").strip().lower()
    raise ApiError(401, BASIC_REQUIRED, headers={} if widget == "true" else BASIC_CHALLENGE)


def _token_allow() -> dict[str, str]:
    return {"Allow": edition().token_allow}


class SecretTokenView(_SecretView):
    """POST: the session's token for Basic admin credentials; GET: the same, read-only."""

    schema = TokenSchema()

    @property
    def headers_on_405(self) -> dict[str, str]:  # type: ignore[override]
        return _token_allow()

    def implements(self, method: str) -> bool:
        return super().implements(method) and (method != "GET" or edition().token_get)

    @extend_schema(
        operation_id="secret_token_create",
        summary="Get your secret token with Basic admin credentials",
        description=(
            "Send `Authorization: Basic` with the admin credentials and your `X-CHALLENGER`; "
            "the token of your session comes back in `X-AUTH-TOKEN`."
        ),
        parameters=[
            X_CHALLENGER_PARAM,
            LIVE_WIDGET_PARAM,
            X_AUTH_TOKEN_ECHO,
            WWW_AUTHENTICATE,
            X_CHALLENGER_ECHO,
        ],
        request=None,
        responses={201: _no_body("The token is in the X-AUTH-TOKEN header."), **TOKEN_401},
    )
    def post(self, request: Request) -> HttpResponse:
        django_request = request._request
        _check_admin(django_request)
        challenger = django_request.challenger
        if challenger is None:
            raise _no_session(django_request)
        token = secret_for(challenger).token
        return empty_response(201, {"X-AUTH-TOKEN": token, "X-CHALLENGER": challenger.guid})

    @extend_schema(
        operation_id="secret_token_retrieve",
        summary="Read your secret token (no challenge)",
        description=(
            "The same Basic credentials as POST; answers the token in the body as well. "
            f"Without any `X-CHALLENGER` (multi-player) it is the read-only token "
            f"`{READ_ONLY_TOKEN}`. An Accept naming neither JSON nor XML gets JSON."
        ),
        parameters=[
            X_CHALLENGER_PARAM,
            LIVE_WIDGET_PARAM,
            X_AUTH_TOKEN_ECHO,
            WWW_AUTHENTICATE,
            X_CHALLENGER_ECHO,
        ],
        responses={
            **_formats(TOKEN_SCHEMA, 200, "The token, also in the X-AUTH-TOKEN header."),
            **TOKEN_401,
        },
    )
    def get(self, request: Request) -> Response:
        django_request = request._request
        _check_admin(django_request)
        challenger = django_request.challenger
        if _named_session_missing(django_request):
            raise _no_session(django_request)
        token = READ_ONLY_TOKEN if challenger is None else secret_for(challenger).token
        payload = Item("secrettoken", ("token",), {"token": token})
        return Response(payload, headers={"X-AUTH-TOKEN": token})

    def head(self, request: Request) -> HttpResponse:
        # Django would otherwise answer HEAD with GET (§E.3: HEAD is a 405 here).
        return empty_response(405, _token_allow())

    def options(self, request: Request) -> HttpResponse:
        return empty_response(204, _token_allow())


class SecretNoteView(_SecretView):
    """GET/HEAD read the session's note, POST replaces it; a token is required for both."""

    headers_on_405 = NOTE_ALLOW
    schema = NoteSchema()
    body_formats = {"POST": NOTE_BODY}
    xml_roots = ("secretnote",)

    def after_negotiation(self, request: Request) -> None:
        super().after_negotiation(request)
        # A write insists on an acceptable type before its Content-Type is looked at.
        if request.method == "POST":
            self.negotiate_strictly(request)

    @extend_schema(
        operation_id="secret_note_retrieve",
        summary="Read your secret note",
        description=(
            "Send your token as `X-AUTH-TOKEN` or `Authorization: Bearer <token>` together "
            "with your `X-CHALLENGER`. Without any `X-CHALLENGER` (multi-player) the "
            f"read-only token `{READ_ONLY_TOKEN}` reads a fixed read-only note. HEAD answers "
            "the same without a body."
        ),
        parameters=[X_CHALLENGER_PARAM, X_AUTH_TOKEN_PARAM, WWW_AUTHENTICATE, X_CHALLENGER_ECHO],
        responses={
            **_formats(NOTE_SCHEMA, 200, "The note (an empty string before the first POST)."),
            **NOTE_401,
            **NOTE_403,
            **ERRORS_406,
        },
    )
    def get(self, request: Request) -> Response:
        django_request = request._request
        challenger = django_request.challenger
        if _named_session_missing(django_request):
            raise _no_session(django_request, BEARER_CHALLENGE)
        # Multi-player without any X-CHALLENGER: the read-only token and note (§E.5).
        secret = None if challenger is None else secret_for(challenger)
        _check_token(django_request, secret)
        self.negotiate_strictly(request)
        return _note_response(READ_ONLY_NOTE if secret is None else secret.note)

    def head(self, request: Request) -> Response:
        # The server drops the body; status, headers and Content-Length stay GET's.
        return self.get(request)

    @extend_schema(
        operation_id="secret_note_create",
        summary="Replace your secret note",
        description=(
            f"Stores `note` (truncated to {NOTE_MAX} characters) in place of the previous "
            "note and answers it like GET. Accept and Content-Type are checked before the "
            "token."
        ),
        parameters=[X_CHALLENGER_PARAM, X_AUTH_TOKEN_PARAM, WWW_AUTHENTICATE, X_CHALLENGER_ECHO],
        request={media_type: NOTE_INPUT_SCHEMA for media_type in SECRET_TYPES},
        responses={
            **_formats(NOTE_SCHEMA, 200, "The note as stored."),
            **_formats(ERROR_SCHEMA, 400, "The body is not valid JSON / XML."),
            **NOTE_401,
            **NOTE_403,
            **ERRORS_406,
            **_formats(
                ERROR_SCHEMA,
                415,
                "Content-Type is not application/json, application/xml or text/xml.",
            ),
            **_formats(
                ERROR_SCHEMA, 422, "Empty body, no `note`, an unknown field or a non-string note."
            ),
        },
    )
    def post(self, request: Request) -> Response:
        django_request = request._request
        challenger = django_request.challenger
        if challenger is None:  # no read-only mode for writes
            raise _no_session(django_request, BEARER_CHALLENGE)
        secret = secret_for(challenger)
        _check_token(django_request, secret)
        return _note_response(replace_note(secret, _note_from_body(request)).note)

    def options(self, request: Request) -> HttpResponse:
        return empty_response(204, NOTE_ALLOW)


def _check_token(request: HttpRequest, secret: Secret | None) -> None:
    """401 without a token, 403 with a wrong one (`secret` None: read-only mode)."""
    token = presented_token(
        request.META.get("HTTP_AUTHORIZATION"), request.META.get("HTTP_X_AUTH_TOKEN")
    )
    if token is None:
        raise ApiError(401, NO_TOKEN, headers=BEARER_CHALLENGE)
    if not token_is_valid(token, secret):
        raise ApiError(403, WRONG_READ_ONLY_TOKEN if secret is None else WRONG_TOKEN)


def _note_response(note: str) -> Response:
    return Response(Item("secretnote", ("note",), {"note": note}))


def _note_from_body(request: Request) -> str:
    """The note of a `{"note": "..."}` / `<secretnote><note>...</note></secretnote>` body.

    Parse errors are 400s (from the protocol parsers); a body that parses but does not hold
    exactly one string `note` is a 422 listing everything wrong with it.
    """
    kind = BODY_KINDS[request._request.content_type]
    if not request.body.strip():
        raise ApiError(
            edition().validation_status,
            f"Failed Validation: the request body is empty, send {EXAMPLE_BODIES[kind]}",
        )
    fields = request.data
    if not isinstance(fields, dict):  # `null` included: it is no object either
        raise BodyError(NOT_AN_OBJECT)
    messages = []
    unknown = [name for name in fields if name != "note"]
    if unknown:
        named = ", ".join(unknown[:MAX_NAMED_UNKNOWN])
        more = len(unknown) - MAX_NAMED_UNKNOWN
        suffix = f" and {more} more" if more > 0 else ""
        messages.append(f"Failed Validation: Could not find field: {named}{suffix}")
    if "note" not in fields:
        messages.append(NOTE_MANDATORY)
    else:
        note = fields["note"]
        if not isinstance(note, str):
            messages.append(
                f"Failed Validation: note should be STRING but was {json_type_name(note)}"
            )
        elif "\x00" in note:
            # PostgreSQL text cannot hold NUL; refusing it keeps both databases alike.
            messages.append("Failed Validation: note can not contain the NUL character")
    rules = edition()
    if messages:
        raise ApiError(rules.validation_status, *messages)
    if not rules.truncate_notes and len(fields["note"]) > NOTE_MAX:
        raise ApiError(400, VALIDATION_PREFIX + too_long("note", NOTE_MAX))
    return fields["note"]
