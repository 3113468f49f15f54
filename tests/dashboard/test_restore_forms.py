"""POST /gui/restore: restore a session from a pasted progress payload (same services and
checks as PUT /api/challenger/{guid})."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from challengers.models import Challenger


def payload(guid: str, **status: bool) -> str:
    return json.dumps({"xChallenger": guid, "challengeStatus": status})


def test_it_restores_an_existing_session(client: Client, guid: str) -> None:
    response = client.post("/gui/restore", {"payload": payload(guid, GET_TODOS=True)})
    assert response.status_code == 303
    assert response["Location"] == f"/gui/challenges/{guid}"
    assert "GET_TODOS" in Challenger.objects.get(pk=guid).progress


def test_it_keeps_the_original_completion_time(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    before = Challenger.objects.get(pk=guid).progress["GET_CHALLENGES"]
    client.post("/gui/restore", {"payload": payload(guid, GET_CHALLENGES=True)})
    assert Challenger.objects.get(pk=guid).progress["GET_CHALLENGES"] == before


@pytest.mark.django_db
def test_it_recreates_a_session_that_no_longer_exists(client: Client) -> None:
    guid = str(uuid.uuid4())
    response = client.post("/gui/restore", {"payload": payload(guid, GET_TODOS=True)})
    assert response["Location"] == f"/gui/challenges/{guid}"
    challenger = Challenger.objects.get(pk=guid)
    assert list(challenger.progress) == ["GET_TODOS"]


@pytest.mark.django_db
def test_it_accepts_the_full_api_payload(client: Client) -> None:
    guid = client.post("/api/challenger")["X-CHALLENGER"]
    client.get("/api/todos", headers={"X-CHALLENGER": guid})
    saved = client.get(f"/api/challenger/{guid}", headers={"X-CHALLENGER": guid}).content
    Challenger.objects.filter(pk=guid).delete()
    response = client.post("/gui/restore", {"payload": saved.decode()})
    assert response.status_code == 303
    assert "GET_TODOS" in Challenger.objects.get(pk=guid).progress


@pytest.mark.django_db
def test_it_accepts_the_downloaded_file(client: Client) -> None:
    guid = client.post("/api/challenger")["X-CHALLENGER"]
    client.get("/api/todos", headers={"X-CHALLENGER": guid})
    saved = client.get(f"/gui/challenges/{guid}/progress.json").content
    Challenger.objects.filter(pk=guid).delete()
    client.post("/gui/restore", {"payload": saved.decode()})
    assert "GET_TODOS" in Challenger.objects.get(pk=guid).progress


@pytest.mark.django_db
def test_it_uses_the_page_guid_when_the_payload_names_none(client: Client) -> None:
    guid = str(uuid.uuid4())
    body = json.dumps({"challengeStatus": {"GET_TODOS": True}})
    response = client.post("/gui/restore", {"payload": body, "guid": guid})
    assert response["Location"] == f"/gui/challenges/{guid}"


@pytest.mark.django_db
def test_it_explains_invalid_json(client: Client) -> None:
    response = client.post("/gui/restore", {"payload": "{not json"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "That is not valid JSON" in html
    assert "{not json</textarea>" in html  # what was typed is kept


@pytest.mark.django_db
def test_it_explains_a_bad_status_map(client: Client) -> None:
    body = json.dumps({"xChallenger": str(uuid.uuid4()), "challengeStatus": {"GET_TODOS": "yes"}})
    response = client.post("/gui/restore", {"payload": body})
    assert response.status_code == 400
    assert b"challengeStatus must map challenge keys to booleans" in response.content


@pytest.mark.django_db
def test_it_refuses_a_guid_that_is_not_a_uuid(client: Client) -> None:
    response = client.post("/gui/restore", {"payload": payload("bob", GET_TODOS=True)})
    assert response.status_code == 400
    assert b"Invalid Challenger GUID" in response.content
    assert not Challenger.objects.filter(pk="bob").exists()


@pytest.mark.django_db
def test_it_asks_for_a_payload_when_empty(client: Client) -> None:
    response = client.post("/gui/restore", {"payload": "  "})
    assert response.status_code == 400
    assert b"Paste the progress payload" in response.content


@pytest.mark.django_db
def test_it_asks_which_session_when_nothing_names_one(client: Client) -> None:
    body = json.dumps({"challengeStatus": {"GET_TODOS": True}})
    response = client.post("/gui/restore", {"payload": body})
    assert response.status_code == 400
    assert b"no xChallenger" in response.content


@pytest.mark.django_db
def test_an_error_marks_the_field_invalid(client: Client) -> None:
    html = client.post("/gui/restore", {"payload": "[]"}).content.decode()
    assert 'aria-invalid="true"' in html
    assert 'role="alert"' in html


@pytest.mark.django_db
def test_single_mode_restores_into_the_single_session(client: Client, single_mode: None) -> None:
    response = client.post("/gui/restore", {"payload": payload("anything", GET_TODOS=True)})
    assert response.status_code == 303
    assert response["Location"] == "/gui/challenges/rest-api-challenges-single-player"
