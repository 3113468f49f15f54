"""`practiceapi.editions.edition()`: which declaration is served, read per call."""

from __future__ import annotations

import orjson
import pytest
from django.test import Client

from practiceapi.editions import CLASSIC, CURRENT, edition


def test_the_current_edition_is_the_default() -> None:
    assert edition() is CURRENT


def test_the_setting_picks_the_classic_edition(settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_EDITION = "classic"
    assert edition() is CLASSIC


@pytest.mark.django_db
def test_the_same_server_answers_as_the_edition_set_per_request(client: Client, settings) -> None:  # noqa: ANN001
    guid = client.post("/challenger")["X-CHALLENGER"]
    assert client.delete("/todos/1", HTTP_X_CHALLENGER=guid).status_code == 204
    settings.APICHALLENGES_EDITION = "classic"
    assert client.delete("/todos/2", HTTP_X_CHALLENGER=guid).status_code == 200


def test_editions_are_immutable() -> None:
    with pytest.raises(AttributeError):
        CLASSIC.delete_status = 204  # type: ignore[misc]


def test_the_classic_todo_store_document_is_valid_json_whatever_the_titles() -> None:
    rows = [{"id": 1, "title": 'a "quoted" \\ back\nslash', "doneStatus": True, "description": ""}]
    assert orjson.loads(CLASSIC.todo_store_json(rows)) == {"todos": rows}


def test_the_current_todo_store_document_is_compact_json() -> None:
    rows = [{"id": 1, "title": "t", "doneStatus": False, "description": ""}]
    assert CURRENT.todo_store_json(rows) == orjson.dumps({"todos": rows})
