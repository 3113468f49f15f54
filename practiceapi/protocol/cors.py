"""The CORS headers of an API-challenge answer, in the two shapes the services sent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class Cors(Protocol):
    """The CORS headers of an API-challenge answer (the project chooses which)."""

    @staticmethod
    def headers(meta: Mapping[str, str], preflight: bool) -> dict[str, str]: ...


class RequestedCors:
    """Open CORS whose preflight answer grants the headers and method it asks for."""

    @staticmethod
    def headers(meta: Mapping[str, str], preflight: bool) -> dict[str, str]:
        wanted_headers = meta.get("HTTP_ACCESS_CONTROL_REQUEST_HEADERS", "").strip()
        wanted_method = meta.get("HTTP_ACCESS_CONTROL_REQUEST_METHOD", "").strip()
        return {
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Allow-Headers": wanted_headers if preflight and wanted_headers else "*",
            "Access-Control-Allow-Methods": wanted_method if preflight and wanted_method else "*",
            "Access-Control-Expose-Headers": "*",
        }


class FixedCors:
    """The classic service's fixed CORS headers, credentials allowed. On OPTIONS it echoed
    the request's own `Access-Control-Allow-Methods` header (not
    `Access-Control-Request-Method`), an accident of its response hook that clients of
    that era saw."""

    @staticmethod
    def headers(meta: Mapping[str, str], preflight: bool) -> dict[str, str]:
        echoed = meta.get("HTTP_ACCESS_CONTROL_ALLOW_METHODS") if preflight else None
        return {
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Allow-Headers": "*",
            "Access-Control-Allow-Credentials": "true",
            "Access-Control-Allow-Methods": echoed.strip() if echoed is not None else "*",
            "Access-Control-Expose-Headers": "*",
        }
