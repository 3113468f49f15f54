"""Small helpers for the todo API tests: headers, bodies and what a response says."""

from __future__ import annotations

from typing import Any

import orjson
from django.http import HttpResponse
from django.test import Client

SEED_TITLES = [
    "scan paperwork",
    "file paperwork",
    "process payments",
    "escalate late payments",
    "pay invoices",
    "process payroll",
    "train staff",
    "schedule meeting",
    "tidy meeting room",
    "install webcam",
]


def session(guid: str | None, **headers: str) -> dict[str, str]:
    """Request headers carrying the session (`None`: no X-CHALLENGER) plus `headers`."""
    extra = {name.replace("_", "-"): value for name, value in headers.items()}
    return {**({"X-CHALLENGER": guid} if guid else {}), **extra}


def send(
    client: Client,
    method: str,
    path: str,
    body: Any = None,
    *,
    guid: str | None = None,
    content_type: str | None = "application/json",
    **headers: str,
) -> HttpResponse:
    """Any verb with an optional body; dicts/lists are sent as JSON text."""
    if isinstance(body, dict | list):
        data: bytes | str = orjson.dumps(body)
    else:
        data = body if body is not None else b""
    kwargs: dict[str, Any] = {"headers": session(guid, **headers)}
    if content_type is not None:
        kwargs["content_type"] = content_type
        # Django's client drops Content-Type from body-less requests; a client may not.
        kwargs["CONTENT_TYPE"] = content_type
    elif data:
        kwargs["content_type"] = ""
    return client.generic(method, path, data=data, **kwargs)


def errors(response: HttpResponse) -> list[str]:
    return response.json()["errorMessages"]


def todos(response: HttpResponse) -> list[dict]:
    return response.json()["todos"]


def ids(response: HttpResponse) -> list[int]:
    return [todo["id"] for todo in todos(response)]


def create(client: Client, guid: str, title: str = "a todo", **fields: Any) -> dict:
    response = send(client, "POST", "/api/todos", {"title": title, **fields}, guid=guid)
    assert response.status_code == 201, response.content
    return response.json()


def get_one(client: Client, guid: str | None, todo_id: int | str) -> HttpResponse:
    return client.get(f"/api/todos/{todo_id}", headers=session(guid))
