"""The history's poll sends the page only what it lacks: `status.json?history=N` names
the newest entry the page shows (0: none), and a changed history answers the entries newer
than that one, newest first, with how many entries the page should show. So a poll of a
long history stays an entry or two long; and a poll whose status did not change carries no
status, only the history."""

from __future__ import annotations

import pytest

from history import writer
from tests.client import Client


def send(client: Client, guid: str, *paths: str) -> None:
    for path in paths:
        client.get(path, headers={"X-CHALLENGER": guid})
        writer.flush()  # each request in a row of its own, as a class's requests are stored


def answer(client: Client, guid: str, after: object = 0, version: str = ""):  # noqa: ANN201
    headers = {"If-None-Match": version} if version else {}
    reply = client.get(f"/gui/challenges/{guid}/status.json?history={after}", headers=headers)
    assert reply.status_code == 200
    return reply


def poll(client: Client, guid: str, after: object = 0) -> dict:
    return answer(client, guid, after).json()["history"]


def paths(history: dict) -> list[str]:
    return [entry["path"] for entry in history["entries"]]


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()  # what earlier tests of this process sent


def test_with_none_shown_every_entry_is_sent(client: Client, guid: str) -> None:
    send(client, guid, "/api/todos?n=1", "/api/todos?n=2")
    history = poll(client, guid)
    assert paths(history) == ["/api/todos?n=2", "/api/todos?n=1"]
    assert history["full"] is True
    assert history["count"] == 2


def test_with_the_newest_shown_only_newer_entries_are_sent(client: Client, guid: str) -> None:
    send(client, guid, "/api/todos?n=1", "/api/todos?n=2")
    newest = poll(client, guid)["entries"][0]["id"]
    send(client, guid, "/api/todos?n=3", "/api/todos?n=4")
    history = poll(client, guid, newest)
    assert paths(history) == ["/api/todos?n=4", "/api/todos?n=3"]
    assert history["full"] is False


def test_the_count_is_what_the_page_should_show(client: Client, guid: str) -> None:
    send(client, guid, "/api/todos?n=1", "/api/todos?n=2")
    newest = poll(client, guid)["entries"][0]["id"]
    send(client, guid, "/api/todos?n=3")
    assert poll(client, guid, newest)["count"] == 3


@pytest.mark.parametrize("after", ["", "abc", "-5", "1e3"])
def test_a_newest_that_is_not_an_entry_id_sends_every_entry(
    client: Client, guid: str, after: str
) -> None:
    send(client, guid, "/api/todos?n=1")
    assert paths(poll(client, guid, after)) == ["/api/todos?n=1"]


def test_a_newest_beyond_every_entry_sends_none(client: Client, guid: str) -> None:
    send(client, guid, "/api/todos?n=1")
    history = poll(client, guid, "9" * 30)
    assert history["entries"] == []
    assert history["count"] == 1


def test_an_unchanged_status_is_not_sent_again(client: Client, guid: str) -> None:
    send(client, guid, "/api/todos?n=1", "/api/todos?n=2")
    first = answer(client, guid)
    assert "status" in first.json()
    send(client, guid, "/api/todos?n=2")  # nothing new done or nearly done
    newest = first.json()["history"]["entries"][0]["id"]
    again = answer(client, guid, newest, first["ETag"]).json()
    assert "status" not in again
    assert paths(again["history"]) == ["/api/todos?n=2"]


def test_an_unchanged_history_is_not_sent_again(client: Client, guid: str) -> None:
    send(client, guid, "/api/todos?n=1")
    first = answer(client, guid)
    history_version = first["ETag"].strip('"').partition(".")[2]
    again = answer(client, guid, 0, f'"stale.{history_version}"').json()
    assert "history" not in again
    assert "status" in again
