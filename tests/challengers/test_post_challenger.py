"""POST /api/challenger: new session 201, existing 200, unknown 404."""

from __future__ import annotations

import uuid

import pytest

from challengers.models import Challenger
from todos.models import Todo

pytestmark = pytest.mark.django_db


def test_it_creates_a_session_with_a_uuid4_guid(client) -> None:
    response = client.post("/api/challenger")
    assert response.status_code == 201
    assert uuid.UUID(response["X-CHALLENGER"]).version == 4


def test_it_points_to_the_progress_page(client) -> None:
    response = client.post("/api/challenger")
    assert response["Location"] == f"/gui/challenges/{response['X-CHALLENGER']}"


def test_a_new_session_has_the_ten_default_todos(client) -> None:
    guid = client.post("/api/challenger")["X-CHALLENGER"]
    titles = list(Todo.objects.filter(challenger_id=guid).values_list("todo_id", "title"))
    assert titles[0] == (1, "scan paperwork") and titles[-1] == (10, "install webcam")
    assert len(titles) == 10


def test_an_existing_session_in_the_header_is_200(client, guid) -> None:
    response = client.post("/api/challenger", headers={"X-CHALLENGER": guid})
    assert response.status_code == 200
    assert response["X-CHALLENGER"] == guid


def test_an_unknown_session_in_the_header_is_404(client) -> None:
    response = client.post("/api/challenger", headers={"X-CHALLENGER": str(uuid.uuid4())})
    assert response.status_code == 404
    assert response["X-CHALLENGER"] == "UNKNOWN CHALLENGER - Challenger not found"
    assert "POST /api/challenger" in response.json()["errorMessages"][0]


def test_an_unknown_session_is_never_created(client) -> None:
    wanted = str(uuid.uuid4())
    client.post("/api/challenger", headers={"X-CHALLENGER": wanted})
    assert not Challenger.objects.filter(pk=wanted).exists()


def test_single_mode_always_answers_the_single_session(client, single_mode) -> None:
    response = client.post("/api/challenger", headers={"X-CHALLENGER": "whatever"})
    assert response.status_code == 201
    assert response["X-CHALLENGER"] == "rest-api-challenges-single-player"
    assert response["Location"] == "/gui/challenges"


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE", "PATCH", "TRACE"])
def test_other_verbs_are_405(client, method) -> None:
    assert client.generic(method, "/api/challenger").status_code == 405


def test_options_lists_post(client) -> None:
    response = client.options("/api/challenger")
    assert response.status_code == 204
    assert response["Allow"] == "POST, OPTIONS"


def test_the_legacy_path_works(client) -> None:
    assert client.post("/challenger").status_code == 201
