"""GET /api/challenges: the catalogue with this session's statuses."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_lists_99_challenges_in_multi_mode(client, guid) -> None:
    challenges = client.get("/api/challenges", headers={"X-CHALLENGER": guid}).json()["challenges"]
    assert len(challenges) == 99
    assert challenges[0] == {
        "id": 1,
        "name": "POST /api/challenger (201)",
        "description": challenges[0]["description"],
        "status": True,
    }
    assert [c["id"] for c in challenges] == list(range(1, 100))


def test_it_lists_96_in_single_mode(client, single_mode) -> None:
    assert len(client.get("/api/challenges").json()["challenges"]) == 96


def test_without_a_session_every_status_is_false(client, db) -> None:
    response = client.get("/api/challenges")
    assert not any(c["status"] for c in response.json()["challenges"])
    assert "Location" not in response


def test_it_points_to_the_progress_page(client, guid) -> None:
    response = client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    assert response["Location"] == f"/gui/challenges/{guid}"


def test_it_renders_xml(client, guid) -> None:
    response = client.get(
        "/api/challenges", headers={"X-CHALLENGER": guid, "Accept": "application/xml"}
    )
    assert response["Content-Type"] == "application/xml"
    assert response.content.startswith(
        b"<challenges><challenge><id>1</id><name>POST /api/challenger (201)</name>"
    )


def test_it_filters_by_status(client, guid) -> None:
    response = client.get("/api/challenges?status=true", headers={"X-CHALLENGER": guid})
    names = [c["name"] for c in response.json()["challenges"]]
    assert names == ["POST /api/challenger (201)", "GET /api/challenges (200)"]


def test_head_has_no_body(client, guid) -> None:
    response = client.head("/api/challenges", headers={"X-CHALLENGER": guid})
    assert response.status_code == 200
    assert response.content == b""


def test_options_is_200_with_allow(client, db) -> None:
    response = client.options("/api/challenges")
    assert response.status_code == 200
    assert response["Allow"] == "GET, HEAD, OPTIONS"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "TRACE"])
def test_other_verbs_are_405(client, db, method) -> None:
    assert client.generic(method, "/api/challenges").status_code == 405


def test_an_unsupported_accept_is_406(client, guid) -> None:
    response = client.get(
        "/api/challenges", headers={"X-CHALLENGER": guid, "Accept": "application/gzip"}
    )
    assert response.status_code == 406
    assert response.json() == {"errorMessages": ["Unrecognised Accept Type"]}
