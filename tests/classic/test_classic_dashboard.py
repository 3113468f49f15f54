"""The student dashboard and near misses in the classic edition: the classic sections and
names, counted against 59, and near misses recorded and explained with root paths."""

from __future__ import annotations

import pytest
from django.test import Client

from challengers.models import Challenger

pytestmark = pytest.mark.django_db


def test_the_progress_page_shows_the_classic_catalogue(client: Client, session: str) -> None:
    html = client.get(f"/gui/challenges/{session}").content.decode()
    assert "Fancy a Break? Restore your session" in html
    assert "PUT /todos/{id} no amend id (400)" in html
    assert "X-CHALLENGER too long" not in html


def test_status_json_counts_against_59(client: Client, session: str) -> None:
    data = client.get(f"/gui/challenges/{session}/status.json").json()
    assert data["total"] == 59
    assert data["done"] == 1
    assert data["next"] == "GET_CHALLENGES"


def test_a_near_miss_is_recorded_with_the_root_path(client: Client, session: str) -> None:
    reply = client.get("/todos?doneStatus=true", headers={"X-CHALLENGER": session})
    assert reply.status_code == 200
    listed = client.get(f"/challenger/{session}/near-misses").json()["nearMisses"]
    near = [n for n in listed if n["id"] == 7]
    assert near == [
        {
            "id": 7,
            "name": "GET /todos (200) ?filter",
            "at": near[0]["at"],
            "request": "GET /todos?doneStatus=true",
            "status": 200,
            "reason": "your todos include 0 done todos; this challenge needs at least one done "
            "and one not done",
        }
    ]


def test_a_near_miss_names_the_root_route_it_needed(client: Client, session: str) -> None:
    client.options("/todos/1", headers={"X-CHALLENGER": session})
    entry = Challenger.objects.get(pk=session).near_misses["OPTIONS_TODOS"]
    assert entry["reason"] == "the request went to /todos/1; this challenge needs /todos"
