"""Requests and readings the classic row tests share."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.test import Client

UNKNOWN = "UNKNOWN CHALLENGER - Challenger not found"
NO_SUCH_GUID = "00000000-0000-4000-8000-000000000000"


def send_json(client: Client, method: str, path: str, body: Any, **headers: str) -> HttpResponse:
    return client.generic(
        method, path, json.dumps(body), content_type="application/json", **headers
    )


def messages(response: HttpResponse) -> list[str]:
    return response.json()["errorMessages"]


def fill_to(client: Client, known: dict[str, str], total: int) -> None:
    """Create todos until the session holds `total` (a new session holds 10)."""
    count = len(client.get("/todos", **known).json()["todos"])
    for n in range(count, total):
        response = send_json(client, "POST", "/todos", {"title": f"todo {n}"}, **known)
        assert response.status_code == 201
