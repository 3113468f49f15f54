"""X-HTTP-Method-Override is honoured on POST only."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("verb", "status"), [("DELETE", 405), ("PATCH", 500), ("TRACE", 501), ("GET", 204)]
)
def test_post_behaves_as_the_named_verb(client, verb, status) -> None:
    response = client.post("/api/heartbeat", headers={"X-HTTP-Method-Override": verb})
    assert response.status_code == status


def test_the_value_is_case_insensitive(client) -> None:
    response = client.post("/api/heartbeat", headers={"X-HTTP-Method-Override": "patch"})
    assert response.status_code == 500


def test_it_is_ignored_on_other_methods(client) -> None:
    response = client.get("/api/heartbeat", headers={"X-HTTP-Method-Override": "PATCH"})
    assert response.status_code == 204


def test_an_unknown_value_is_a_400_naming_it(client) -> None:
    response = client.post("/api/heartbeat", headers={"X-HTTP-Method-Override": "FETCH"})
    assert response.status_code == 400
    assert "FETCH" in response.json()["errorMessages"][0]


def test_head_override_sends_no_body_but_the_length(client, guid) -> None:
    headers = {"X-HTTP-Method-Override": "HEAD", "X-CHALLENGER": guid}
    get = client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    head = client.post("/api/challenges", headers=headers)
    assert head.status_code == 200
    assert head.content == b""
    assert int(head["Content-Length"]) == len(get.content)
