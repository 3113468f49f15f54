"""Small request helpers shared by the secret-area tests."""

from __future__ import annotations

from typing import Any

from django.test import Client

TOKEN = "/api/secret/token"
NOTE = "/api/secret/note"


def post_note(
    client: Client,
    body: str | bytes,
    headers: dict[str, str],
    content_type: str = "application/json",
) -> Any:
    # CONTENT_TYPE is passed explicitly: Django's client drops it when the body is empty.
    return client.generic("POST", NOTE, data=body, headers=headers, CONTENT_TYPE=content_type)


def challenge_done(client: Client, guid: str, name: str) -> bool:
    """The `status` of the challenge with this exact name, as GET /api/challenges shows it."""
    response = client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    matches = [c for c in response.json()["challenges"] if c["name"] == name]
    assert len(matches) == 1, f"no challenge named {name!r}"
    return matches[0]["status"]
