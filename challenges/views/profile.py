"""`GET`/`PUT /api/challenger/{guid}/profile`: a session's display name and cohort.

The progress page's profile form writes through the same `parse_profile`/`save_profile`
(`challenges.services`), so a name or cohort code is accepted or refused with the same
message on both paths.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from challengers.lookup import unknown_challenger, url_guid
from challengers.messages import challenger_not_found
from challengers.models import Challenger
from challengers.sessions import find_session
from challenges.services import NAME_MAX, parse_profile, save_profile
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.messages import INVALID_JSON
from practiceapi.protocol.parsers import BodyFormats, OrjsonParser
from practiceapi.protocol.payloads import Item

FIELDS = ("xChallenger", "displayName", "cohort", "cohortName")
ALLOW = {"Allow": "GET, PUT, HEAD, OPTIONS"}


def profile_row(challenger: Challenger) -> dict[str, Any]:
    cohort = challenger.cohort
    return {
        "xChallenger": challenger.guid,
        "displayName": challenger.display_name,
        "cohort": cohort.code if cohort else None,
        "cohortName": cohort.name if cohort else None,
    }


# --------------------------------------------------------------------------- API route


class ProfileInput(serializers.Serializer):
    displayName = serializers.CharField(  # noqa: N815 - the JSON member name
        max_length=NAME_MAX,
        required=False,
        allow_blank=True,
        allow_null=True,
        help_text='Shown to the instructor; at most 100 characters. null or "" clears it.',
    )
    cohort = serializers.CharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        help_text='A cohort code from your instructor (case-insensitive). null or "" clears '
        "the cohort.",
    )


class ProfileOutput(serializers.Serializer):
    xChallenger = serializers.CharField()  # noqa: N815
    displayName = serializers.CharField()  # noqa: N815
    cohort = serializers.CharField(allow_null=True)
    cohortName = serializers.CharField(allow_null=True)  # noqa: N815


class ErrorOutput(serializers.Serializer):
    errorMessages = serializers.ListField(child=serializers.CharField())  # noqa: N815


def _error(description: str, example: str) -> OpenApiResponse:
    return OpenApiResponse(
        ErrorOutput,
        description=description,
        examples=[OpenApiExample(example, value={"errorMessages": [example]})],
    )


ERRORS = {
    400: _error("Malformed GUID or JSON body", INVALID_JSON),
    404: _error("Unknown challenger GUID", challenger_not_found("{guid}")),
    415: _error("The body is not JSON", "Unsupported Content Type - text/plain"),
    422: _error(
        "Unknown cohort code, a name over 100 characters, or an unknown member",
        "Unknown cohort code: X",
    ),
}


def _profile_owner(guid: str) -> Challenger:
    """The session the URL names, with its cohort; 400 for a malformed GUID, 404 (naming
    the GUID, in every edition) for an unknown one."""
    guid = url_guid(guid)
    challenger = find_session(guid, with_cohort=True)
    if challenger is None:
        raise unknown_challenger(challenger_not_found(guid))
    return challenger


class ProfileJsonParser(OrjsonParser):
    """JSON under any `+json` type too; a blank body is a syntax error (400 INVALID_JSON)."""

    suffix = "+json"


# No Content-Type is read as JSON: this route takes nothing else. Another type is refused
# only once the session is known, so an unknown GUID stays a 404 (or 400) whatever it says.
PROFILE_BODY = BodyFormats((ProfileJsonParser,), fallback="missing", refused_before_view=False)


def _profile_response(challenger: Challenger) -> Response:
    return Response(
        Item("profile", FIELDS, profile_row(challenger)),
        headers={"X-CHALLENGER": challenger.guid},
    )


class ChallengerProfileView(ApiView):
    """A session's display name and cohort, so an instructor can tell students apart."""

    headers_on_405 = ALLOW
    body_formats = {"PUT": PROFILE_BODY}

    @extend_schema(
        operation_id="getChallengerProfile",
        summary="Read a session's display name and cohort",
        responses={200: ProfileOutput, 400: ERRORS[400], 404: ERRORS[404]},
        tags=["challenger"],
    )
    def get(self, request: Request, guid: str) -> Response:
        return _profile_response(_profile_owner(guid))

    @extend_schema(
        operation_id="putChallengerProfile",
        summary="Set a session's display name and cohort",
        description=(
            "Members you leave out are not changed. `cohort` must be a code your instructor "
            "created; an unknown code is refused with 422 `Unknown cohort code: X`."
        ),
        request={"application/json": ProfileInput},
        responses={200: ProfileOutput, **ERRORS},
        examples=[
            OpenApiExample(
                "join a class",
                value={"displayName": "Ada L.", "cohort": "monday-am"},
                request_only=True,
            )
        ],
        tags=["challenger"],
    )
    def put(self, request: Request, guid: str) -> Response:
        challenger = _profile_owner(guid)
        changes = parse_profile(request.data)
        return _profile_response(save_profile(challenger, changes))
