"""Assignments in the classic edition: an assignment made while the current edition was
served holds the classic challenges the editions store under other keys, and the class
page measures against the classic catalogue."""

from __future__ import annotations

import uuid

from django.test import Client

from challengers.models import Challenger, Cohort
from challenges.catalogue import display_id
from classroom.models import Assignment


def test_a_current_key_assigns_its_classic_predecessor(admin_client: Client, db: None) -> None:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    Assignment.objects.create(
        cohort=cohort, title="Amends", challenges=["PUT_TODOS_422", "GET_TODOS"]
    )
    Challenger.objects.create(guid=str(uuid.uuid4()), display_name="Ada", cohort=cohort)
    html = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    assert html.count('<th scope="col" title="') == 2
    classic_id = display_id("PUT_TODOS_400", "multi")
    assert f'<th scope="col" title="{classic_id} PUT /todos/{{id}} (400)">' in html
