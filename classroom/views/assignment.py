"""GET /api/challenger/{guid}/assignment: the open assignments of the session's class,
one row per assigned challenge with whether the session has done it.

Additional to the public service's routes, so `/api/challenges` and `/api/challenger/{guid}`
keep its shape; negotiated like the near-misses route (JSON, XML and the tabular formats
when asked, 406 otherwise); an unknown GUID is answered as on the progress route."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from challengers.lookup import known_session, with_session
from challengers.schema import GUID, TAG
from challengers.sessions import mode
from challenges.catalogue import display_id
from classroom.assignments import statuses_for
from practiceapi.openapi import ERRORS, X_CHALLENGER
from practiceapi.protocol.apiview import ApiView
from practiceapi.protocol.payloads import Collection

FIELDS = ("assignment", "dueAt", "closed", "id", "name", "status", "late")

ASSIGNED = {
    "type": "object",
    "properties": {
        "assignedChallenges": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "assignment": {"type": "string", "description": "The assignment's title."},
                    "dueAt": {
                        "type": ["string", "null"],
                        "format": "date-time",
                        "description": (
                            "When it is due for this session (its own extension's due "
                            "time when it was given one; null: no due time)."
                        ),
                    },
                    "closed": {"type": "boolean", "description": "Past its due time."},
                    "id": {"type": "integer", "description": "As in `GET /api/challenges`."},
                    "name": {"type": "string"},
                    "status": {
                        "type": "boolean",
                        "description": (
                            "Done by this session. Where the assignment counts the "
                            "student's own client only, a challenge done with Try it, "
                            "in the API docs, by the provided Postman collection or "
                            "restored from saved progress is false until it is done "
                            "from the student's own client."
                        ),
                    },
                    "late": {
                        "type": "boolean",
                        "description": (
                            "Done after the due time that was in force for this session "
                            "when it was done."
                        ),
                    },
                },
                "required": list(FIELDS),
                "xml": {"name": "assignedChallenge"},
            },
        }
    },
    "required": ["assignedChallenges"],
    "xml": {"name": "assignedChallenges"},
}

get_assignment = extend_schema(
    tags=[TAG],
    summary="The challenges the session's class is assigned now, and which are done",
    description=(
        "For each open assignment of the session's class (the one due first leads), one "
        "row per assigned challenge in display order. Empty when the session is in no "
        "class or its class has no open assignment."
    ),
    parameters=[GUID, X_CHALLENGER],
    responses={
        200: ASSIGNED,
        404: OpenApiResponse(response=ERRORS, description="Unknown session."),
        406: OpenApiResponse(response=ERRORS, description="No acceptable response type."),
    },
)


class ChallengerAssignmentView(ApiView):
    headers_on_405 = {"Allow": "GET, HEAD, OPTIONS"}

    @get_assignment
    def get(self, request: Request, guid: str) -> HttpResponse:
        challenger = known_session(request, guid)
        current = mode()
        rows = [
            {
                "assignment": status.title,
                "dueAt": status.due_at.isoformat() if status.due_at else None,
                "closed": status.closed,
                "id": int(display_id(challenge.key, current)),
                "name": challenge.name,
                "status": challenge.key in status.done_keys,
                "late": challenge.key in status.late_keys,
            }
            for status in statuses_for(
                challenger.cohort_id,
                challenger.guid,
                challenger.progress or {},
                current,
                challenger.credit_channels,
            )
            for challenge in status.challenges
        ]
        payload = Collection("assignedChallenges", "assignedChallenge", FIELDS, rows)
        return with_session(request, Response(payload), challenger)
