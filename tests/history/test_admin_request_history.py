"""A session's admin page shows its recent requests to the instructor helping the
student: newest first, credentials masked, what the student sent drawn as text."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from history import writer
from history.models import RequestBatch
from secrets_app.models import Secret
from tests.client import Client as ApiClient

CHANGE = "/admin/challengers/challenger/{}/change/"


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()


@pytest.fixture
def api() -> ApiClient:
    return ApiClient()


@pytest.fixture
def guid(api: ApiClient, db: None) -> str:
    return api.post("/api/challenger")["X-CHALLENGER"]


def change_page(admin_client: Client, guid: str) -> str:
    writer.flush()
    response = admin_client.get(CHANGE.format(guid))
    assert response.status_code == 200
    return response.content.decode()


def recent(html: str) -> str:
    match = re.search(r'<div class="history history-admin">.*?</div>\s*</div>', html, re.S)
    assert match, "no recent requests on the page"
    return match.group(0)


def test_it_lists_the_session_s_requests_newest_first(
    admin_client: Client, api: ApiClient, guid: str
) -> None:
    api.get("/api/todos/1", headers={"X-CHALLENGER": guid})
    api.get("/api/heartbeat", headers={"X-CHALLENGER": guid})
    section = recent(change_page(admin_client, guid))
    assert re.findall(r'<code class="history-request">(.*?)</code>', section) == [
        "GET /api/heartbeat",
        "GET /api/todos/1",
    ]


def test_credentials_are_masked(admin_client: Client, api: ApiClient, guid: str) -> None:
    api.post(
        "/api/secret/token",
        headers={"X-CHALLENGER": guid, "Authorization": "Basic YWRtaW46cGFzc3dvcmQ="},
    )
    token = Secret.objects.get(challenger=guid).token
    api.get(
        "/api/secret/note",
        headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token, "Cookie": "sid=hush"},
    )
    api.get(f"/api/challenger/{guid}", headers={"X-CHALLENGER": guid})  # carries the token
    section = recent(change_page(admin_client, guid))
    assert "YWRtaW46cGFzc3dvcmQ=" not in section
    assert token not in section
    assert "hush" not in section
    assert section.count("••••••") >= 4
    # What the student reads keeps them as sent, but for the cookie's value, which no one
    # reads (tests/history/test_history_hides_site_cookies.py).
    writer.flush()
    own = api.get(f"/api/challenger/{guid}/requests").content.decode()
    assert "YWRtaW46cGFzc3dvcmQ=" in own and token in own
    assert '{"name":"Cookie","value":"sid"}' in own and "hush" not in own


def test_what_a_student_sent_is_shown_as_text(
    admin_client: Client, api: ApiClient, guid: str
) -> None:
    api.post(
        '/api/todos?q="><svg onload=alert(1)>',
        '{"title":"<script>alert(1)</script>"}',
        content_type="application/json",
        headers={"X-CHALLENGER": guid, "X-Note": "<img src=x onerror=alert(1)>"},
    )
    section = recent(change_page(admin_client, guid))
    assert "<script>" not in section and "<img" not in section and "<svg" not in section
    assert "&lt;img src=x onerror=alert(1)&gt;" in section


def test_deleting_the_session_in_the_admin_removes_its_history(
    admin_client: Client, api: ApiClient, guid: str, django_capture_on_commit_callbacks: Any
) -> None:
    api.get("/api/todos", headers={"X-CHALLENGER": guid})
    writer.flush()
    assert RequestBatch.objects.filter(challenger=guid).exists()
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            f"/admin/challengers/challenger/{guid}/delete/", {"post": "yes"}
        )
    assert response.status_code == 302
    assert not RequestBatch.objects.filter(challenger=guid).exists()
