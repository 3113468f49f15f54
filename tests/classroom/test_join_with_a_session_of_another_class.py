"""/join/<code> with the GUID of a session already in another class: refused (422) with a
message saying how to bring it over; the session stays where it was, as it was."""

from __future__ import annotations

import pytest

from challengers.cookie import COOKIE
from challengers.models import Challenger, Cohort
from tests.client import Client

pytestmark = pytest.mark.django_db


def test_a_session_of_another_class_is_refused_and_unchanged(
    client: Client, cohort: Cohort, guid: str
) -> None:
    other = Cohort.objects.create(code="tuesday-pm", name="Tuesday afternoon")
    Challenger.objects.filter(pk=guid).update(cohort=other, display_name="Grace")

    reply = client.post("/join/monday-am", {"display_name": "Ada", "guid": guid})

    assert reply.status_code == 422
    assert COOKIE not in reply.cookies
    assert "already belongs to another class" in reply.content.decode()
    session = Challenger.objects.get()
    assert (session.cohort, session.display_name) == (other, "Grace")
