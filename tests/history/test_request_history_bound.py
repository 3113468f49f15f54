"""A serving process keeps a bounded number of history entries waiting for their batch:
past the bound, requests go unrecorded, and the writer logs how many."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from history import recorder, writer

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()  # what earlier tests of this process sent


def paths_of(client: Client, guid: str) -> list[str]:
    writer.flush()
    response = client.get(f"/api/challenger/{guid}/requests")
    assert response.status_code == 200, response.content
    return [entry["path"] for entry in response.json()["requests"]]


def test_requests_past_the_buffer_s_bound_are_not_recorded(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    guid = client.post("/api/challenger")["X-CHALLENGER"]
    monkeypatch.setattr(recorder, "BUFFER_LIMIT", 3)
    for n in range(5):
        client.get(f"/api/todos?n={n}", headers={"X-CHALLENGER": guid})
    assert paths_of(client, guid) == [f"/api/todos?n={n}" for n in (2, 1, 0)]


def test_the_writer_logs_how_many_requests_went_unrecorded(
    client: Client, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    guid = client.post("/api/challenger")["X-CHALLENGER"]
    monkeypatch.setattr(recorder, "BUFFER_LIMIT", 3)
    for n in range(5):
        client.get(f"/api/todos?n={n}", headers={"X-CHALLENGER": guid})
    with caplog.at_level(logging.WARNING, logger="history.writer"):
        writer.flush()
    assert "2 requests not recorded" in caplog.text
    with caplog.at_level(logging.WARNING, logger="history.writer"):
        caplog.clear()
        writer.flush()
    assert "not recorded" not in caplog.text  # counted once
