"""A session's request history never holds this site's cookies: an instructor logged in to
the admin who tries the student's API docs (Swagger UI sends the browser's cookies) is not
recorded at all, and any other request's `Cookie` header shows its cookie names only. The
student reads their history at `GET /api/challenger/{guid}/requests` and on the progress
page; in single mode everyone reads the one shared history."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from history import writer
from tests.client import Client

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery staple"


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()  # what earlier tests of this process sent


@pytest.fixture
def instructor(settings: Any) -> Client:
    """A browser logged in to the admin through its login form: it holds the site's
    `csrftoken` and `sessionid` cookies."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_user_model().objects.create_superuser("teacher", "teacher@example.edu", PASSWORD)
    browser = Client()
    assert browser.get("/admin/login/").status_code == 200
    login = browser.post(
        "/admin/login/?next=/admin/", {"username": "teacher", "password": PASSWORD}
    )
    assert login.status_code == 302, login.content
    assert browser.cookies["sessionid"].value
    assert browser.cookies["csrftoken"].value
    return browser


def site_cookie_values(browser: Client) -> list[str]:
    return [morsel.value for morsel in browser.cookies.values() if morsel.value]


def history_text(client: Client, guid: str) -> str:
    writer.flush()
    response = client.get(f"/api/challenger/{guid}/requests")
    assert response.status_code == 200, response.content
    return response.content.decode()


def requests_of(client: Client, guid: str) -> list[dict[str, Any]]:
    writer.flush()
    response = client.get(f"/api/challenger/{guid}/requests")
    assert response.status_code == 200, response.content
    return response.json()["requests"]


def cookie_header(entry: dict[str, Any]) -> str | None:
    found = [h["value"] for h in entry["requestHeaders"] if h["name"].lower() == "cookie"]
    return found[0] if found else None


def test_a_request_from_a_logged_in_admin_s_browser_is_not_recorded(
    client: Client, guid: str, instructor: Client
) -> None:
    client.get("/api/todos/1", headers={"X-CHALLENGER": guid})
    # Try it out in the student's API docs: the instructor's browser sends its cookies.
    assert instructor.get("/api/todos", headers={"X-CHALLENGER": guid}).status_code == 200
    assert [entry["path"] for entry in requests_of(client, guid)] == ["/api/todos/1"]


def test_no_value_of_the_admin_s_cookies_shows_in_the_history(
    client: Client, guid: str, instructor: Client
) -> None:
    instructor.get("/api/todos", headers={"X-CHALLENGER": guid})
    instructor.post(
        "/api/todos", {"title": "from the docs"}, "application/json", headers={"X-CHALLENGER": guid}
    )
    text = history_text(client, guid)
    for value in site_cookie_values(instructor):
        assert value not in text


def test_a_cookie_shows_by_its_name_without_its_value(client: Client, guid: str) -> None:
    client.get("/api/todos", headers={"X-CHALLENGER": guid, "Cookie": "foo=bar"})
    [entry] = requests_of(client, guid)
    assert cookie_header(entry) == "foo"
    assert "bar" not in history_text(client, guid)


def test_the_site_s_cookies_show_by_their_names_only(
    client: Client, guid: str, instructor: Client
) -> None:
    # A browser that logged out of the admin still holds its form token, and the
    # dashboard's remembered session.
    token = instructor.cookies["csrftoken"].value
    sent = f"csrftoken={token}; X-CHALLENGER={uuid.uuid4()}; theme=dark"
    client.get("/api/todos", headers={"X-CHALLENGER": guid, "Cookie": sent})
    [entry] = requests_of(client, guid)
    assert cookie_header(entry) == "csrftoken; X-CHALLENGER; theme"
    text = history_text(client, guid)
    assert token not in text
    assert "dark" not in text


def test_the_progress_page_shows_cookie_names_only(client: Client, guid: str) -> None:
    client.get("/api/todos", headers={"X-CHALLENGER": guid, "Cookie": "foo=bar; sid=s3cr3t"})
    writer.flush()
    page = client.get(f"/gui/challenges/{guid}/status.json?history=0")
    assert page.status_code == 200
    [entry] = page.json()["history"]["entries"]
    assert ["Cookie", "foo; sid"] in entry["headers"]
    assert "s3cr3t" not in page.content.decode()


def test_the_student_s_own_credentials_still_show_as_sent(client: Client, guid: str) -> None:
    client.get(
        "/api/secret/note",
        headers={"X-CHALLENGER": guid, "Authorization": "Bearer abc", "X-AUTH-TOKEN": "xyz"},
    )
    [entry] = requests_of(client, guid)
    headers = {h["name"]: h["value"] for h in entry["requestHeaders"]}
    assert (headers["Authorization"], headers["X-Auth-Token"]) == ("Bearer abc", "xyz")


def test_single_mode_s_shared_history_leaves_out_the_admin_s_requests(
    client: Client, single_mode: None, instructor: Client
) -> None:
    client.get("/api/todos/1")
    # The instructor opens /api/todos in the address bar.
    assert instructor.get("/api/todos").status_code == 200
    shared = str(uuid.uuid4())  # single mode answers every GUID with the one history
    assert [entry["path"] for entry in requests_of(client, shared)] == ["/api/todos/1"]
    text = history_text(client, shared)
    for value in site_cookie_values(instructor):
        assert value not in text


def test_single_mode_s_shared_history_shows_a_browser_s_cookie_names_only(
    client: Client, single_mode: None, instructor: Client
) -> None:
    token = instructor.cookies["csrftoken"].value
    client.get("/api/todos", headers={"Cookie": f"csrftoken={token}; foo=bar"})
    shared = str(uuid.uuid4())
    [entry] = requests_of(client, shared)
    assert cookie_header(entry) == "csrftoken; foo"
    text = history_text(client, shared)
    assert token not in text
    assert "bar" not in text
