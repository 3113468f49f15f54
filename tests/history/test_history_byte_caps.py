"""The request history is bounded in bytes, whatever a client sends: each entry is cut to
its documented sizes (headers, path, bodies, and the entry's JSON as a whole), a serving
process's buffer holds a bounded number of bytes, each session keeps a bounded number of
bytes, and the whole history is capped at `APICHALLENGES_HISTORY_MAX_MB`, the oldest
requests going first while a student still sees their latest."""

from __future__ import annotations

import logging
import random
import string
from typing import Any

import orjson
import pytest

from history import recorder, writer
from history.models import RequestBatch
from tests.client import Client

pytestmark = pytest.mark.django_db

_random = random.Random(7)


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()  # what earlier tests of this process sent


def noise(length: int) -> str:
    """Text that compresses badly, as an attacker's would."""
    return "".join(_random.choices(string.ascii_letters + string.digits, k=length))


def hostile(client: Client, guid: str, tag: str = "") -> None:
    """The most a client sends in one request: 30 headers of 1,000 characters, a 2 KB
    path and a 4.9 KB body."""
    headers = {f"X-Hostile-{n:02d}": noise(1000) for n in range(30)}
    path = f"/api/todos?tag={tag}&q=" + noise(2048)
    response = client.post(
        path,
        noise(4900),
        content_type="application/json",
        headers={**headers, "X-CHALLENGER": guid},
    )
    assert response.status_code < 500


def requests_of(client: Client, guid: str) -> list[dict[str, Any]]:
    writer.flush()
    response = client.get(f"/api/challenger/{guid}/requests")
    assert response.status_code == 200, response.content
    return response.json()["requests"]


def stored_bytes(guid: str | None = None) -> int:
    """The JSON the history holds for session `guid` (every session: None)."""
    rows = (
        RequestBatch.objects.all() if guid is None else RequestBatch.objects.filter(challenger=guid)
    )
    return sum(len(orjson.dumps(entries)) for entries in rows.values_list("entries", flat=True))


def test_a_hostile_request_s_headers_are_cut_to_2048_characters_in_all(
    client: Client, guid: str
) -> None:
    hostile(client, guid)
    [entry] = requests_of(client, guid)
    headers = entry["requestHeaders"]
    assert sum(len(h["name"]) + len(h["value"]) for h in headers) == 2048
    assert headers[-1]["value"].endswith("…")  # where the budget ran out
    assert len(headers) < 30


def test_a_hostile_request_s_path_is_cut_to_1024_characters(client: Client, guid: str) -> None:
    hostile(client, guid, tag="t")
    [entry] = requests_of(client, guid)
    assert entry["path"].startswith("/api/todos?tag=t&q=")
    assert len(entry["path"]) == 1024 + 1
    assert entry["path"].endswith("…")


def test_a_hostile_entry_is_stored_in_at_most_8000_bytes(client: Client, guid: str) -> None:
    hostile(client, guid)
    writer.flush()
    assert stored_bytes(guid) <= 8000 + 2  # the row's brackets


def test_a_body_that_json_escapes_is_cut_to_the_entry_s_bytes(client: Client, guid: str) -> None:
    # Each control character takes 6 bytes of JSON ("\u0001").
    body = "\x01" * 4000
    client.post("/api/todos", body, content_type="application/json", headers={"X-CHALLENGER": guid})
    [entry] = requests_of(client, guid)
    assert stored_bytes(guid) <= 8000 + 2
    assert 0 < len(entry["requestBody"]) < 2048
    assert body.startswith(entry["requestBody"])


def test_a_process_buffers_a_bounded_number_of_bytes(
    client: Client, guid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Far fewer entries than the entry bound: their bytes (a 2 KB body each) stop them.
    monkeypatch.setattr(recorder, "BUFFER_BYTES", 4000)
    for n in range(5):
        client.post(
            f"/api/todos?n={n}",
            noise(2500),
            content_type="application/json",
            headers={"X-CHALLENGER": guid},
        )
    assert [e["path"] for e in requests_of(client, guid)] == ["/api/todos?n=1", "/api/todos?n=0"]


def test_the_writer_logs_how_many_requests_the_full_buffer_dropped(
    client: Client, guid: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(recorder, "BUFFER_BYTES", 4000)
    for _ in range(5):
        client.post(
            "/api/todos",
            noise(2500),
            content_type="application/json",
            headers={"X-CHALLENGER": guid},
        )
    with caplog.at_level(logging.WARNING, logger="history.writer"):
        writer.flush()
    assert "3 requests not recorded" in caplog.text


def test_a_session_keeps_a_bounded_number_of_bytes(client: Client, guid: str) -> None:
    # About 5.7 KB each: fewer than a session's 100 fit in its bytes.
    for n in range(150):
        hostile(client, guid, tag=str(n))
        if n % 10 == 9:
            writer.flush()
    assert stored_bytes(guid) <= writer.SESSION_BYTES + writer.TRIM_BYTES
    shown = requests_of(client, guid)
    assert shown[0]["path"].startswith("/api/todos?tag=149&")
    assert len(shown) < writer.KEPT


def test_one_batch_writes_a_session_s_newest_bytes_only(client: Client, guid: str) -> None:
    for n in range(100):
        hostile(client, guid, tag=str(n))
    writer.flush()
    assert stored_bytes(guid) <= writer.SESSION_BYTES
    shown = requests_of(client, guid)
    assert shown[0]["path"].startswith("/api/todos?tag=99&")
    assert len(shown) < writer.KEPT


def test_past_the_cap_the_oldest_requests_go_and_the_latest_still_show(
    client: Client, settings: Any
) -> None:
    settings.APICHALLENGES_HISTORY_MAX_MB = 1
    cap = 1024 * 1024
    guids = [client.post("/api/challenger")["X-CHALLENGER"] for _ in range(12)]
    for guid in guids:  # about 5 KB each: 1.6 MB in all, a session after another
        for n in range(25):
            hostile(client, guid, tag=str(n))
        writer.flush()
    assert stored_bytes() <= cap
    assert requests_of(client, guids[0]) == []  # the oldest went first
    latest = requests_of(client, guids[-1])
    assert [e["path"].split("&")[0] for e in latest[:2]] == [
        "/api/todos?tag=24",
        "/api/todos?tag=23",
    ]
