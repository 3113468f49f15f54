"""Classic edition: GET/HEAD/OPTIONS /challenges."""

from __future__ import annotations

from django.test import Client


def test_row_10_get_challenges_lists_the_59_classic_challenges(
    client: Client, session: str
) -> None:
    response = client.get("/challenges", HTTP_X_CHALLENGER=session)
    challenges = response.json()["challenges"]
    assert response.status_code == 200
    assert response["Location"] == f"/gui/challenges/{session}"
    assert [c["id"] for c in challenges] == list(range(1, 60))
    assert list(challenges[0]) == ["id", "name", "description", "status"]
    assert challenges[0]["name"] == "POST /challenger (201)"
    assert challenges[58]["name"] == "POST /todos (201) all"
    # GET_CHALLENGES is passed before the list is rendered.
    assert challenges[1]["status"] is True


def test_row_11_head_and_options_challenges_are_200_other_verbs_405(
    client: Client, db: None
) -> None:
    head = client.head("/challenges")
    options = client.options("/challenges")
    post = client.post("/challenges")
    assert (head.status_code, head.content) == (200, b"")
    assert (options.status_code, options.content) == (200, b"")
    assert options["Allow"] == "GET, HEAD, OPTIONS"
    assert options["Content-Type"] == "application/json"
    assert post.status_code == 405
