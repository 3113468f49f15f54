"""OpenAPI annotations of the request history's API route (drf-spectacular)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema

from challengers.schema import GUID, TAG
from practiceapi.openapi import ERRORS, X_CHALLENGER

# An entry's fields in the API's answer, in this order (`history.views.payload_row`).
REQUEST_FIELDS = (
    "id",
    "at",
    "method",
    "path",
    "requestHeaders",
    "requestBody",
    "status",
    "responseBody",
    "completed",
    "nearMisses",
)

_LINES = "In XML and the other text formats: one line per item."
REQUESTS = {
    "type": "object",
    "properties": {
        "requests": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer", "description": "The entry's number."},
                    "at": {"type": "string", "format": "date-time"},
                    "method": {"type": "string", "description": "As sent."},
                    "path": {"type": "string", "description": "With the query, as sent."},
                    "requestHeaders": {
                        "type": "array",
                        "description": (
                            "As received, in order; each value cut at 1,000 characters. "
                            "In XML and the other text formats: one `Name: value` line each."
                        ),
                        "items": {
                            "type": "object",
                            "properties": {"name": {"type": "string"}, "value": {"type": "string"}},
                            "required": ["name", "value"],
                        },
                    },
                    "requestBody": {"type": "string", "description": "Its first 2 KB."},
                    "status": {"type": "integer"},
                    "responseBody": {"type": "string", "description": "Its first 2 KB."},
                    "completed": {
                        "type": "array",
                        "description": f"The challenges this request completed. {_LINES}",
                        "items": {
                            "type": "object",
                            "properties": {
                                "id": {"type": ["integer", "null"]},
                                "name": {"type": "string"},
                            },
                            "required": ["id", "name"],
                        },
                    },
                    "nearMisses": {
                        "type": "array",
                        "description": (
                            f"The challenges it nearly completed, and why not. {_LINES}"
                        ),
                        "items": {
                            "type": "object",
                            "properties": {
                                "id": {"type": ["integer", "null"]},
                                "name": {"type": "string"},
                                "reason": {"type": "string"},
                            },
                            "required": ["id", "name", "reason"],
                        },
                    },
                },
                "required": list(REQUEST_FIELDS),
                "xml": {"name": "request"},
            },
        }
    },
    "required": ["requests"],
    "xml": {"name": "requests"},
}


def _error(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=ERRORS, description=description)


get_requests = extend_schema(
    tags=[TAG],
    summary="The session's recent requests, as the server received and answered them",
    description=(
        "Its latest 100 API requests sent with its `X-CHALLENGER` (reads of this route "
        "left out), newest first: method, path, headers, the first 2 KB of each body, the "
        "status, and the challenges each completed or nearly completed. Written every "
        "second or so: a request just sent may take that long to show."
    ),
    parameters=[GUID, X_CHALLENGER],
    responses={
        200: REQUESTS,
        404: _error("Unknown session."),
        406: _error("No acceptable response type."),
    },
)
