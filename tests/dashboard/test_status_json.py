"""GET /gui/challenges/{guid}/status.json: what the progress page polls to update itself."""

from __future__ import annotations

import pytest
from django.test import Client

from challengers.models import Challenger
from challenges.catalogue import keys_for
from challenges.catalogue.current import SECTIONS
from tests.near_miss_entries import near_miss, store_near_misses


def status(client: Client, guid: str) -> dict:
    response = client.get(f"/gui/challenges/{guid}/status.json")
    assert response.status_code == 200
    return response.json()


def test_it_answers_json(client: Client, guid: str) -> None:
    response = client.get(f"/gui/challenges/{guid}/status.json")
    assert response["Content-Type"] == "application/json"


def test_it_is_never_cached(client: Client, guid: str) -> None:
    response = client.get(f"/gui/challenges/{guid}/status.json")
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_a_session_made_on_the_dashboard_has_nothing_done(client: Client) -> None:
    guid = client.post("/gui/sessions")["Location"].rsplit("/", 1)[-1]
    data = status(client, guid)
    assert data["known"] is True
    assert data["guid"] == guid
    assert (data["done"], data["total"], data["percent"]) == (0, 99, 0)
    assert data["completed"] == {}


def test_it_reports_a_completion_as_soon_as_it_happens(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    data = status(client, guid)
    assert "GET_CHALLENGES" in data["completed"]
    assert data["completed"]["GET_CHALLENGES"]["label"].endswith(" UTC")
    assert data["completed"]["GET_CHALLENGES"]["at"].startswith("20")
    assert data["done"] == len(data["completed"])


def test_it_counts_per_section(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    sections = status(client, guid)["sections"]
    assert list(sections) == [s.key for s in SECTIONS]
    assert sections["first-real-challenge"] == 1


def test_it_never_contains_the_secret_token(client: Client, guid: str) -> None:
    response = client.get(f"/gui/challenges/{guid}/status.json")
    assert b"xAuthToken" not in response.content
    assert b"token" not in response.content.lower()


@pytest.mark.django_db
def test_an_unknown_guid_is_404_with_known_false(client: Client) -> None:
    response = client.get("/gui/challenges/3f0c2a8e-5b7d-4c1e-9a62-0d3b8e4f7a10/status.json")
    assert response.status_code == 404
    assert response.json()["known"] is False


def test_it_queries_no_more_for_more_progress(
    client: Client, guid: str, django_assert_max_num_queries
) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    with django_assert_max_num_queries(2):
        client.get(f"/gui/challenges/{guid}/status.json")


NEAR = near_miss()


def test_it_reports_the_near_miss_of_an_open_challenge(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_TODOS_FILTERED": NEAR})
    assert status(client, guid)["nearMisses"] == {"GET_TODOS_FILTERED": NEAR}


def test_it_leaves_out_the_near_miss_of_a_done_challenge(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    store_near_misses(guid, {"GET_CHALLENGES": NEAR})
    assert status(client, guid)["nearMisses"] == {}


def test_it_names_the_next_challenge(client: Client, guid: str) -> None:
    assert status(client, guid)["next"] == "GET_CHALLENGES"
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    assert status(client, guid)["next"] == "GET_TODOS"


def test_with_everything_done_there_is_no_next_challenge(client: Client, guid: str) -> None:
    everything = {key: "2026-11-23T10:00:00Z" for key in keys_for("multi")}
    Challenger.objects.filter(pk=guid).update(progress=everything)
    assert status(client, guid)["next"] is None
