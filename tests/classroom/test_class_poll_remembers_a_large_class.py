"""The class page's poll remembers every row of a large class: it reads all its students
at each poll, and works out again only the rows whose progress, near misses or credit
channels changed. A class of 1,500 (more rows than a cache of a fixed thousand entries
would hold, read in a loop) is worked out once, not at every poll."""

from __future__ import annotations

import uuid
from unittest import mock

from django.test import Client

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from classroom import reports

STUDENTS = 1500


def live(client: Client, cohort: Cohort) -> dict:
    reply = client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/live.json")
    assert reply.status_code == 200
    return reply.json()


def test_a_second_poll_works_out_no_row_again(admin_client: Client, cohort: Cohort) -> None:
    keys = keys_for("multi")
    Challenger.objects.bulk_create(
        Challenger(
            guid=str(uuid.uuid4()),
            display_name=f"Student {n:04d}",
            cohort=cohort,
            # Each row different: no two students share their facts.
            progress={keys[n % 20]: f"2026-03-04T10:{n % 60:02d}:{n // 60 % 60:02d}Z"},
        )
        for n in range(STUDENTS)
    )
    assert live(admin_client, cohort)["students"] == STUDENTS
    with mock.patch.object(reports, "_json_object", wraps=reports._json_object) as parsed:
        assert live(admin_client, cohort)["students"] == STUDENTS
    assert parsed.call_count == 0
