"""/join/<code> with a GUID that names no session it can take: a malformed one, an unknown
one, one too long to read, the single-player GUID. Each answers the form again (422) with
a message saying what is wrong, and changes nothing: no session is made or joined."""

from __future__ import annotations

import pytest

from challengers.cookie import COOKIE
from challengers.models import Challenger, Cohort
from challengers.sessions import SINGLE_PLAYER_GUID
from tests.client import Client

pytestmark = pytest.mark.django_db

UNKNOWN = "0b8f6a1e-58c3-4f7e-9a51-3c2d4e5f6a7b"


def refused(client: Client, pasted: str) -> str:
    reply = client.post("/join/monday-am", {"display_name": "Ada", "guid": pasted})
    assert reply.status_code == 422
    assert COOKIE not in reply.cookies
    html = reply.content.decode()
    assert 'id="join-error"' in html
    return html


def test_a_malformed_guid_is_refused(client: Client, cohort: Cohort, guid: str) -> None:
    html = refused(client, "not-a-guid")
    assert "“not-a-guid” is not a session GUID" in html
    assert Challenger.objects.get().cohort is None  # the only session, untouched


def test_an_unknown_guid_is_refused(client: Client, cohort: Cohort, guid: str) -> None:
    html = refused(client, UNKNOWN)
    assert f"No session on this server has the GUID {UNKNOWN}" in html
    assert list(Challenger.objects.values_list("guid", "cohort")) == [(guid, None)]


def test_a_guid_too_long_to_read_is_refused_before_it_is_parsed(
    client: Client, cohort: Cohort, guid: str
) -> None:
    html = refused(client, guid + " " * 60 + "x" * 10)
    assert "That is too long to be a GUID" in html
    assert Challenger.objects.get().cohort is None


def test_the_single_player_guid_is_refused(client: Client, cohort: Cohort) -> None:
    Challenger.objects.create(guid=SINGLE_PLAYER_GUID)
    html = refused(client, SINGLE_PLAYER_GUID)
    assert "is not a session GUID" in html
    assert Challenger.objects.get().cohort is None


def test_the_form_keeps_what_was_typed(client: Client, cohort: Cohort) -> None:
    html = refused(client, UNKNOWN)
    assert 'value="Ada"' in html
    assert f'value="{UNKNOWN}"' in html
