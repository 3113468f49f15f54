"""OpenAPI pieces of every route that names a session in its path (drf-spectacular)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

TAG = "challenger"
GUID = OpenApiParameter(
    "guid", OpenApiTypes.STR, OpenApiParameter.PATH, description="Session GUID."
)
EMPTY = OpenApiResponse(description="No body.")
