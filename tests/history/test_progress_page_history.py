"""The progress page's "Your recent requests": the session's requests newest first, each
expandable, drawn as text; and the poll the page's script keeps it current with
(`status.json?history=`, 304 while unchanged)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from history import writer

pytestmark = pytest.mark.django_db

XSS_PATH = '/api/todos?q="><svg onload=alert(1)>'
XSS_HEADER = "<img src=x onerror=alert(1)>"
XSS_BODY = '{"title":"<script>window.__owned=1</script>"}'


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()


def page(client: Client, guid: str) -> str:
    writer.flush()
    response = client.get(f"/gui/challenges/{guid}")
    assert response.status_code == 200
    return response.content.decode()


def section(html: str) -> str:
    match = re.search(r'<section class="card history".*?</section>', html, re.S)
    assert match, "no history card"
    return match.group(0)


def test_a_fresh_session_shows_none_yet(client: Client, guid: str) -> None:
    card = section(page(client, guid))
    assert "Your recent requests" in card
    assert re.search(r"<p [^>]*data-history-empty>None yet", card)
    assert "<li" not in card


def test_requests_show_newest_first_each_expandable(client: Client, guid: str) -> None:
    client.get("/api/todos/1", headers={"X-CHALLENGER": guid})
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    card = section(page(client, guid))
    summaries = re.findall(r'<code class="history-request">(.*?)</code>', card)
    assert summaries == ["GET /api/challenges", "GET /api/todos/1"]
    assert card.count("<details>") == 2
    assert "completed 1" in card
    assert "02 GET /api/challenges (200)" in card
    assert re.search(r"data-history-empty hidden", card)


def test_what_a_student_sent_is_shown_as_text(client: Client, guid: str) -> None:
    client.post(
        XSS_PATH,
        XSS_BODY,
        content_type="application/json",
        headers={"X-CHALLENGER": guid, "X-Note": XSS_HEADER},
    )
    card = section(page(client, guid))
    assert "<script>" not in card and "<img" not in card and "<svg" not in card
    assert "&lt;script&gt;window.__owned=1&lt;/script&gt;" in card
    assert "&lt;img src=x onerror=alert(1)&gt;" in card
    # The path shows as HTTP carries it, with its quotes and brackets percent-encoded.
    assert "/api/todos?q=%22%3E%3Csvg%20onload=alert(1)%3E" in card


def test_another_session_s_requests_are_not_on_the_page(client: Client, guid: str) -> None:
    other = client.post("/api/challenger")["X-CHALLENGER"]
    client.get("/api/todos/7", headers={"X-CHALLENGER": other})
    assert "/api/todos/7" not in section(page(client, guid))


def test_the_json_lists_the_entries_with_a_version(client: Client, guid: str) -> None:
    client.get("/api/todos?doneStatus=true", headers={"X-CHALLENGER": guid})
    writer.flush()
    response = client.get(f"/gui/challenges/{guid}/status.json?history=0")
    assert response.status_code == 200
    assert response["Cache-Control"].startswith("max-age=0")
    [entry] = response.json()["history"]["entries"]
    assert entry["method"] == "GET"
    assert entry["path"] == "/api/todos?doneStatus=true"
    assert ["X-Challenger", guid] in entry["headers"]
    assert any(n["label"] == "07 GET /api/todos (200) ?filter" for n in entry["nearMisses"])
    assert response["ETag"]


def test_the_json_is_not_modified_until_a_request_is_recorded(client: Client, guid: str) -> None:
    first = client.get(f"/gui/challenges/{guid}/status.json?history=0")
    unchanged = client.get(
        f"/gui/challenges/{guid}/status.json?history=0", headers={"If-None-Match": first["ETag"]}
    )
    assert unchanged.status_code == 304
    client.get("/api/todos", headers={"X-CHALLENGER": guid})
    writer.flush()
    changed = client.get(
        f"/gui/challenges/{guid}/status.json?history=0", headers={"If-None-Match": first["ETag"]}
    )
    assert changed.status_code == 200
    assert len(changed.json()["history"]["entries"]) == 1


def test_the_json_of_an_unknown_session_is_404(client: Client, db: None) -> None:
    response = client.get(f"/gui/challenges/{uuid.uuid4()}/status.json?history=0")
    assert response.status_code == 404
    assert response.json()["known"] is False
