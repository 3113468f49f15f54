"""Unknown paths: 404 in the negotiated format, a friendly page for browsers."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_an_unknown_path_is_a_json_404_by_default(client) -> None:
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert response.json() == {"errorMessages": ["404 resource Unknown"]}


def test_the_xml_404_uses_the_message_element(client) -> None:
    response = client.get("/api/todo", headers={"Accept": "application/xml"})
    assert response.status_code == 404
    assert response.content == (
        b"<errorMessages><message>404 resource Unknown</message></errorMessages>"
    )


def test_a_browser_gets_an_html_page(client) -> None:
    response = client.get("/api/todo", headers={"Accept": "text/html,application/xhtml+xml"})
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert b"Page not found" in response.content


def test_paths_are_case_sensitive(client) -> None:
    assert client.get("/API/heartbeat").status_code == 404


def test_the_singular_todo_path_is_not_routed(client) -> None:
    assert client.get("/api/todo").status_code == 404


def test_an_error_negotiated_as_calendar_is_answered_in_json(client, guid) -> None:
    response = client.get(
        "/api/todos/99999", headers={"X-CHALLENGER": guid, "Accept": "text/calendar"}
    )
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
