"""OpenAPI annotations of the challenges app's API views (drf-spectacular)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from drf_spectacular.utils import OpenApiResponse, extend_schema

from challengers.schema import EMPTY, GUID, TAG
from practiceapi.openapi import ERRORS, X_CHALLENGER

View = TypeVar("View", bound=Callable[..., Any])  # the decorated handler, unchanged

PROGRESS = {
    "type": "object",
    "properties": {
        "xAuthToken": {"type": "string"},
        "xChallenger": {"type": "string"},
        "secretNote": {"type": "string", "maxLength": 100},
        "challengeStatus": {"type": "object", "additionalProperties": {"type": "boolean"}},
    },
    "required": ["xChallenger", "challengeStatus"],
}
CHALLENGES = {
    "type": "object",
    "properties": {
        "challenges": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer"},
                    "name": {"type": "string"},
                    "description": {"type": "string"},
                    "status": {"type": "boolean"},
                },
                "required": ["id", "name", "description", "status"],
                "xml": {"name": "challenge"},
            },
        }
    },
    "required": ["challenges"],
    "xml": {"name": "challenges"},
}
NEAR_MISSES = {
    "type": "object",
    "properties": {
        "nearMisses": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer", "description": "As in `GET /api/challenges`."},
                    "name": {"type": "string"},
                    "at": {"type": "string", "format": "date-time"},
                    "request": {
                        "type": "string",
                        "description": "Method and target, e.g. `GET /api/todos?doneStatus=true`.",
                    },
                    "status": {"type": "integer", "description": "The status it was answered."},
                    "reason": {"type": "string", "description": "Why it did not count."},
                },
                "required": ["id", "name", "at", "request", "status", "reason"],
                "xml": {"name": "nearMiss"},
            },
        }
    },
    "required": ["nearMisses"],
    "xml": {"name": "nearMisses"},
}


TOO_MANY_SESSIONS = (
    "This client address created its hour's sessions already "
    "(`APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR`); `Retry-After` says when it may again."
)


def _error(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=ERRORS, description=description)


create_challenger = extend_schema(
    tags=[TAG],
    summary="Create a session (no X-CHALLENGER), or confirm an existing one",
    parameters=[X_CHALLENGER],
    request=None,
    responses={
        201: OpenApiResponse(description="New session: its GUID is in `X-CHALLENGER`."),
        200: OpenApiResponse(description="The session named in `X-CHALLENGER` exists."),
        404: _error("The session named in `X-CHALLENGER` does not exist."),
        429: _error(TOO_MANY_SESSIONS),
    },
)
get_progress = extend_schema(
    tags=[TAG],
    summary="A session's progress payload",
    parameters=[GUID, X_CHALLENGER],
    responses={200: PROGRESS, 404: _error("Unknown session.")},
)
put_progress = extend_schema(
    tags=[TAG],
    summary="Restore a progress payload (creates the session when it does not exist)",
    parameters=[GUID],
    request={"application/json": PROGRESS},
    responses={
        200: PROGRESS,
        201: OpenApiResponse(description="Session created from the payload."),
        400: _error("Not a UUID, or not a valid payload."),
        409: _error("The payload's xChallenger is not the URL GUID."),
        429: _error(TOO_MANY_SESSIONS),
    },
)
get_near_misses = extend_schema(
    tags=[TAG],
    summary="Requests that nearly completed a challenge, and why they did not",
    description=(
        "For each challenge still open, the latest request that looked like an attempt at "
        "it but missed a condition, newest first. An entry goes when its challenge is "
        "completed."
    ),
    parameters=[GUID, X_CHALLENGER],
    responses={
        200: NEAR_MISSES,
        404: _error("Unknown session."),
        406: _error("No acceptable response type."),
    },
)
get_challenges = extend_schema(
    tags=["challenges"],
    summary="Every challenge with this session's completion status",
    parameters=[X_CHALLENGER],
    responses={200: CHALLENGES, 406: _error("No acceptable response type.")},
)


def heartbeat(status: int, summary: str) -> Callable[[View], View]:
    return extend_schema(
        tags=["heartbeat"],
        summary=summary,
        parameters=[X_CHALLENGER],
        request=None,
        responses={status: EMPTY},
    )
