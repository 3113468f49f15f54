"""The pages that show a session's class (the progress page, the profile route) read the
class in the statement that reads the session: no second query for it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from challengers.models import Challenger, Cohort
from tests.client import Client

# The statement Django sends to load a session's class on its own.
CLASS_BY_ID = 'WHERE "challenges_cohort"."id" ='


@pytest.fixture
def member(guid: str) -> str:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    Challenger.objects.filter(pk=guid).update(cohort=cohort)
    return guid


def class_reads(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if CLASS_BY_ID in q["sql"]]


def test_the_progress_page_shows_the_class_read_with_the_session(
    client: Client, member: str
) -> None:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/gui/challenges/{member}")
    assert "Class: Monday morning" in response.content.decode()
    assert class_reads(queries) == []


def test_the_profile_route_answers_the_class_read_with_the_session(
    client: Client, member: str
) -> None:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/api/challenger/{member}/profile")
    assert response.json()["cohortName"] == "Monday morning"
    assert class_reads(queries) == []
