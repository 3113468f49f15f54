"""The request history names the challenges a request completed or nearly completed as
the curriculum names them in the edition and mode being served (the history itself knows
no challenge): by the id of `GET /api/challenges` and the name, with no id where the mode
has no such challenge, and by the key alone where no edition knows it (a history written
by an older release)."""

from __future__ import annotations

import time
from typing import Any

import orjson
import pytest
from django.test import Client

from challengers.sessions import SINGLE_PLAYER_GUID
from history import writer
from history.models import RequestBatch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()  # what earlier tests of this process sent


def stored(guid: str, completed: list[str], near_misses: list[list[str]]) -> None:
    """One entry in session `guid`'s history, as the database holds it."""
    at = int(time.time() * 1_000_000)
    entries = [[at, "GET", "/api/todos", [], 200, completed, near_misses, "", "[]"]]
    RequestBatch.objects.create(
        challenger=guid,
        first_at=at,
        last_at=at,
        count=1,
        entries=entries,
        size=len(orjson.dumps(entries)),
    )


def only_entry(client: Client, guid: str) -> dict[str, Any]:
    response = client.get(f"/api/challenger/{guid}/requests")
    assert response.status_code == 200, response.content
    [entry] = response.json()["requests"]
    return entry


def test_a_challenge_no_edition_knows_shows_by_its_key(client: Client, guid: str) -> None:
    stored(guid, ["RETIRED_CHALLENGE"], [["ANOTHER_RETIRED_CHALLENGE", "why not"]])
    entry = only_entry(client, guid)
    assert entry["completed"] == [{"id": None, "name": "RETIRED_CHALLENGE"}]
    assert entry["nearMisses"] == [
        {"id": None, "name": "ANOTHER_RETIRED_CHALLENGE", "reason": "why not"}
    ]


def test_a_challenge_the_mode_lacks_shows_by_its_name_without_an_id(
    client: Client, single_mode: None
) -> None:
    client.get("/api/todos")  # the single session, made on its first request
    stored(SINGLE_PLAYER_GUID, ["GET_RESTORE_EXISTING_CHALLENGER"], [])
    entry = only_entry(client, SINGLE_PLAYER_GUID)
    assert entry["completed"] == [{"id": None, "name": "GET /api/challenger/guid (200)"}]
