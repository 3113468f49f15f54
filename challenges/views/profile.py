"""A session's profile (display name and cohort): its validation, its write, and the API
route `GET`/`PUT /api/challenger/{guid}/profile`.

The dashboard's profile form goes through the same `parse_profile`/`save_profile`, so a
name or cohort code is accepted or refused with the same message on both paths.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from challengers.lookup import url_guid
from challengers.messages import challenger_not_found
from challengers.models import Challenger, Cohort
from challengers.sessions import UNKNOWN_CHALLENGER, mode, single_player
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.messages import (
    INVALID_JSON,
    VALIDATION_PREFIX,
    not_of_type,
    too_long,
    unknown_field,
)
from practiceapi.protocol.parsers import BodyFormats, OrjsonParser
from practiceapi.protocol.payloads import Item
from practiceapi.protocol.typenames import json_type_name

NAME_MAX = 100
FIELDS = ("xChallenger", "displayName", "cohort", "cohortName")
ALLOW = {"Allow": "GET, PUT, HEAD, OPTIONS"}


def find_cohort(code: str) -> Cohort:
    """The cohort a student typed the code of; codes match case-insensitively."""
    cohort = Cohort.objects.filter(code__iexact=code.strip()).first()
    if cohort is None:
        raise ApiError(422, f"Unknown cohort code: {code.strip()}")
    return cohort


def cohort_of(code: str) -> Cohort | None:
    """The cohort of a code as `find_cohort` matches it, or None where there is none."""
    try:
        return find_cohort(code)
    except ApiError:
        return None


def parse_profile(doc: Any) -> dict[str, Any]:
    """The changes a profile document asks for: `display_name` and/or `cohort` (a Cohort or
    None). Absent members change nothing; `null` or `""` clears."""
    if not isinstance(doc, dict):
        raise ApiError(400, "Invalid Json Payload: expected an object with displayName, cohort")
    for name in doc:
        if name not in ("displayName", "cohort"):
            raise ApiError(422, VALIDATION_PREFIX + unknown_field(name))
    changes: dict[str, Any] = {}
    if "displayName" in doc:
        name = doc["displayName"]
        if name is not None and not isinstance(name, str):
            raise ApiError(
                422, VALIDATION_PREFIX + not_of_type("displayName", "STRING", json_type_name(name))
            )
        name = " ".join((name or "").split())  # one line, no stray whitespace
        if len(name) > NAME_MAX:
            raise ApiError(422, VALIDATION_PREFIX + too_long("displayName", NAME_MAX))
        changes["display_name"] = name
    if "cohort" in doc:
        code = doc["cohort"]
        if code is not None and not isinstance(code, str):
            raise ApiError(
                422, VALIDATION_PREFIX + not_of_type("cohort", "STRING", json_type_name(code))
            )
        changes["cohort"] = find_cohort(code) if code and code.strip() else None
    return changes


def save_profile(challenger: Challenger, changes: dict[str, Any]) -> Challenger:
    """Write only the profile columns: a full save would overwrite progress that tracking
    merges concurrently."""
    update: dict[str, Any] = {}
    if "display_name" in changes:
        update["display_name"] = challenger.display_name = changes["display_name"]
    if "cohort" in changes:
        update["cohort"] = challenger.cohort = changes["cohort"]
    if update:
        Challenger.objects.filter(pk=challenger.pk).update(**update)
    return challenger


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


def _challenger(guid: str) -> Challenger:
    guid = single_player().guid if mode() == "single" else url_guid(guid)
    challenger = Challenger.objects.select_related("cohort").filter(pk=guid).first()
    if challenger is None:
        raise ApiError(
            404, challenger_not_found(guid), headers={"X-CHALLENGER": UNKNOWN_CHALLENGER}
        )
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
        return _profile_response(_challenger(guid))

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
        challenger = _challenger(guid)
        changes = parse_profile(request.data)
        return _profile_response(save_profile(challenger, changes))
