"""OpenAPI annotations of the secret area (drf-spectacular), one decorator per operation.

`Authorization` cannot be documented as a header parameter (OpenAPI ignores one with that
name), so Basic and Bearer are security schemes, declared by each view's `AutoSchema`.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema

from challengers.sessions import UNKNOWN_CHALLENGER
from practiceapi.openapi import ERRORS
from practiceapi.protocol.negotiation import JSON, TEXT_XML, XML
from secrets_app.models import NOTE_MAX, READ_ONLY_TOKEN

# The secret area speaks JSON or XML only.
SECRET_TYPES = (JSON, XML, TEXT_XML)


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
        requirements: list[dict[str, list[str]]] = [{name: []} for name in self.security]
        return requirements + [{}]

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
TOKEN_HEADERS = [
    X_CHALLENGER_PARAM,
    LIVE_WIDGET_PARAM,
    X_AUTH_TOKEN_ECHO,
    WWW_AUTHENTICATE,
    X_CHALLENGER_ECHO,
]
NOTE_HEADERS = [X_CHALLENGER_PARAM, X_AUTH_TOKEN_PARAM, WWW_AUTHENTICATE, X_CHALLENGER_ECHO]

create_token = extend_schema(
    operation_id="secret_token_create",
    summary="Get your secret token with Basic admin credentials",
    description=(
        "Send `Authorization: Basic` with the admin credentials and your `X-CHALLENGER`; "
        "the token of your session comes back in `X-AUTH-TOKEN`."
    ),
    parameters=TOKEN_HEADERS,
    request=None,
    responses={201: _no_body("The token is in the X-AUTH-TOKEN header."), **TOKEN_401},
)

read_token = extend_schema(
    operation_id="secret_token_retrieve",
    summary="Read your secret token (no challenge)",
    description=(
        "The same Basic credentials as POST; answers the token in the body as well. "
        f"Without any `X-CHALLENGER` (multi-player) it is the read-only token "
        f"`{READ_ONLY_TOKEN}`. An Accept naming neither JSON nor XML gets JSON."
    ),
    parameters=TOKEN_HEADERS,
    responses={
        **_formats(TOKEN_SCHEMA, 200, "The token, also in the X-AUTH-TOKEN header."),
        **TOKEN_401,
    },
)

read_note = extend_schema(
    operation_id="secret_note_retrieve",
    summary="Read your secret note",
    description=(
        "Send your token as `X-AUTH-TOKEN` or `Authorization: Bearer <token>` together "
        "with your `X-CHALLENGER`. Without any `X-CHALLENGER` (multi-player) the "
        f"read-only token `{READ_ONLY_TOKEN}` reads a fixed read-only note. HEAD answers "
        "the same without a body."
    ),
    parameters=NOTE_HEADERS,
    responses={
        **_formats(NOTE_SCHEMA, 200, "The note (an empty string before the first POST)."),
        **NOTE_401,
        **NOTE_403,
        **ERRORS_406,
    },
)

write_note = extend_schema(
    operation_id="secret_note_create",
    summary="Replace your secret note",
    description=(
        f"Stores `note` (truncated to {NOTE_MAX} characters) in place of the previous "
        "note and answers it like GET. Accept and Content-Type are checked before the "
        "token."
    ),
    parameters=NOTE_HEADERS,
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
