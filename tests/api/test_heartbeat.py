"""/api/heartbeat answers every verb with its deliberate status."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("method", "status"),
    [
        ("GET", 204),
        ("HEAD", 204),
        ("OPTIONS", 204),
        ("POST", 405),
        ("PUT", 405),
        ("DELETE", 405),
        ("PATCH", 500),
        ("TRACE", 501),
        ("QUERY", 405),
    ],
)
def test_it_answers_each_verb_with_its_status(client, method, status) -> None:
    assert client.generic(method, "/api/heartbeat").status_code == status


def test_it_answers_at_the_legacy_path(client) -> None:
    assert client.get("/heartbeat").status_code == 204


def test_it_ignores_an_unsupported_accept(client) -> None:
    assert client.get("/api/heartbeat", headers={"Accept": "application/gzip"}).status_code == 204


def test_its_204_has_no_content_type(client) -> None:
    assert "Content-Type" not in client.get("/api/heartbeat")


def test_options_lists_the_allowed_verbs(client) -> None:
    assert client.options("/api/heartbeat")["Allow"] == "GET, HEAD, OPTIONS"


def test_patch_uses_the_reference_reason_phrase(client) -> None:
    assert client.patch("/api/heartbeat").reason_phrase == "Server Error"


def test_it_tolerates_a_trailing_slash(client) -> None:
    assert client.get("/api/heartbeat/").status_code == 204
