"""`practiceapi.editions`: which tables are served, chosen once and again when the setting
changes, and the values and classes they hold."""

from __future__ import annotations

import dataclasses

import orjson
import pytest
from django.test import Client

from challenges import catalogue
from practiceapi.editions import CLASSIC_EDITION, CURRENT_EDITION, served
from practiceapi.protocol.cors import FixedCors, RequestedCors
from practiceapi.protocol.negotiation import HeaderOrderAccept, RankedAccept
from practiceapi.protocol.parsers import LenientJsonObject, StrictJsonObject
from practiceapi.protocol.responses import BareStatusAnswers, ErrorStatusAnswers
from practiceapi.protocol.settings import protocol_settings
from secrets_app.editions import secret_edition
from todos import editions as todo_editions
from todos.editions import todo_edition


def test_the_current_edition_is_the_default() -> None:
    assert served() is CURRENT_EDITION
    assert todo_edition() is todo_editions.CURRENT


def test_the_setting_picks_the_classic_edition(settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_EDITION = "classic"
    assert served() is CLASSIC_EDITION
    assert todo_edition() is todo_editions.CLASSIC
    assert catalogue.active() is catalogue.CLASSIC


def test_the_choice_is_kept_until_the_setting_changes(settings) -> None:  # noqa: ANN001
    assert served() is served()
    settings.APICHALLENGES_EDITION = "classic"
    assert secret_edition() is secret_edition.by_name["classic"]
    settings.APICHALLENGES_EDITION = "current"
    assert secret_edition() is secret_edition.by_name["current"]


def test_an_edition_chooses_classes() -> None:
    assert (CURRENT_EDITION.accept_reading, CURRENT_EDITION.cors) == (RankedAccept, RequestedCors)
    assert (CLASSIC_EDITION.accept_reading, CLASSIC_EDITION.cors) == (HeaderOrderAccept, FixedCors)


def test_the_served_edition_fills_the_protocol_layers_settings(settings) -> None:  # noqa: ANN001
    def read() -> tuple[object, ...]:
        return (
            protocol_settings.validation_status,
            protocol_settings.accept_reading,
            protocol_settings.json_object_reading,
            protocol_settings.status_answers,
        )

    assert read() == (422, RankedAccept, StrictJsonObject, ErrorStatusAnswers)
    settings.APICHALLENGES_EDITION = "classic"
    assert read() == (400, HeaderOrderAccept, LenientJsonObject, BareStatusAnswers)


@pytest.mark.django_db
def test_the_same_server_answers_as_the_edition_set_per_request(client: Client, settings) -> None:  # noqa: ANN001
    guid = client.post("/challenger")["X-CHALLENGER"]
    assert client.delete("/todos/1", HTTP_X_CHALLENGER=guid).status_code == 204
    settings.APICHALLENGES_EDITION = "classic"
    assert client.delete("/todos/2", HTTP_X_CHALLENGER=guid).status_code == 200


def test_editions_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        todo_editions.CLASSIC.delete_status = 204  # type: ignore[misc]


def test_the_classic_todo_store_document_is_valid_json_whatever_the_titles() -> None:
    rows = [{"id": 1, "title": 'a "quoted" \\ back\nslash', "doneStatus": True, "description": ""}]
    assert orjson.loads(todo_editions.CLASSIC.store.document(rows)) == {"todos": rows}


def test_the_current_todo_store_document_is_compact_json() -> None:
    rows = [{"id": 1, "title": "t", "doneStatus": False, "description": ""}]
    assert todo_editions.CURRENT.store.document(rows) == orjson.dumps({"todos": rows})
