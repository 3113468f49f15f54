"""The history's poll (the progress page's `status.json?history=`): a 304 with the headers its 200 has while nothing
was recorded, and every entry as recorded, none left over, once something was (rows read
before are kept in the process: what they show must follow the database)."""

from __future__ import annotations

from history import writer
from history.models import RequestBatch
from tests.client import Client

SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options")


def history_poll(client: Client, guid: str, version: str = ""):  # noqa: ANN201
    headers = {"If-None-Match": version} if version else {}
    return client.get(f"/gui/challenges/{guid}/status.json?history=0", headers=headers)


def paths(reply) -> list[str]:  # noqa: ANN001 - the test client's answer
    return [entry["path"] for entry in reply.json()["history"]["entries"]]


def test_the_not_modified_answer_has_the_headers_of_the_full_one(client: Client, guid: str) -> None:
    writer.discard()
    client.get("/api/todos", headers={"X-CHALLENGER": guid})
    writer.flush()
    first = history_poll(client, guid)
    again = history_poll(client, guid, first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]
    assert again["Cache-Control"] == first["Cache-Control"]
    for name in SECURITY_HEADERS:
        assert again[name] == first[name], name


def test_a_new_request_shows_beside_those_read_before(client: Client, guid: str) -> None:
    writer.discard()
    client.get("/api/todos", headers={"X-CHALLENGER": guid})
    writer.flush()
    first = history_poll(client, guid)
    client.get("/api/todos/77", headers={"X-CHALLENGER": guid})
    writer.flush()
    changed = history_poll(client, guid, first["ETag"])
    assert changed.status_code == 200
    assert paths(changed) == ["/api/todos/77", "/api/todos"]


def test_a_deleted_row_no_longer_shows(client: Client, guid: str) -> None:
    writer.discard()
    client.get("/api/todos", headers={"X-CHALLENGER": guid})
    writer.flush()
    client.get("/api/todos/77", headers={"X-CHALLENGER": guid})
    writer.flush()
    first = history_poll(client, guid)
    assert paths(first) == ["/api/todos/77", "/api/todos"]
    oldest = RequestBatch.objects.filter(challenger=guid).order_by("id").first()
    assert oldest is not None
    oldest.delete()
    changed = history_poll(client, guid, first["ETag"])
    assert changed.status_code == 200
    assert paths(changed) == ["/api/todos/77"]
