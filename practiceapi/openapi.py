"""The main OpenAPI document: which endpoints it lists, and schema pieces every app shares.

Routes are served twice (canonical `/api/...` and the legacy root, D2.1) and tolerate a
trailing slash (D2.2); the document lists each operation once, at its canonical path.
QUERY has no place in OpenAPI 3.1 and `/sim` has its own document (sim/openapi.py).
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter

ERRORS = {
    "type": "object",
    "properties": {"errorMessages": {"type": "array", "items": {"type": "string"}}},
    "required": ["errorMessages"],
    "xml": {"name": "errorMessages"},
}

X_CHALLENGER = OpenApiParameter(
    "X-CHALLENGER",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        "The session GUID from `POST /api/challenger` (at most 100 characters, else 431). "
        "Multi-player mode: needed for progress tracking and for writes. Single-player: ignored."
    ),
)


# OpenAPI 3.1 has no QUERY operation (3.2 adds one); QUERY is described in prose instead.
UNEXPRESSIBLE_METHODS = frozenset({"QUERY"})


def drop_unexpressible(endpoints: list[tuple]) -> list[tuple]:
    """Preprocessing hook: drop (path, regex, method, view) endpoints OpenAPI cannot hold."""
    return [e for e in endpoints if e[2] not in UNEXPRESSIBLE_METHODS]


def main_document_endpoints(endpoints: list[tuple]) -> list[tuple]:
    """Preprocessing hook: canonical `/api/` paths only, without the optional trailing slash."""
    listed = []
    for path, regex, method, view in drop_unexpressible(endpoints):
        if not path.startswith("/api/") or path.startswith("/api/schema"):
            continue
        listed.append((path.rstrip("/") or "/", regex, method, view))
    return listed
