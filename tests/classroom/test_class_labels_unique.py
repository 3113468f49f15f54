"""Projector mode shows initials instead of names, unique within the class: where two
students' initials collide, their labels take letters of the first name part in which the
names differ until they differ; the same name twice (or no name) is numbered."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from django.test import Client
from django.utils import timezone

from challengers.models import Challenger, Cohort


def labels(client: Client, cohort: Cohort) -> list[str]:
    """The students' labels on the projected class page, in row order (by name)."""
    page = client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/?projector=1")
    assert page.status_code == 200
    rows = re.findall(r'<th scope="row" class="cp-student">.*?<a [^>]*>([^<]*)</a></th>', page.text)
    assert rows, "no student rows"
    return rows


def class_of(make_session: Callable[..., Challenger], cohort: Cohort, *names: str) -> None:
    for name in names:
        make_session(1, name=name, cohort=cohort)


def test_a_name_alone_keeps_its_initials(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    class_of(make_session, cohort, "Ada Lovelace", "Grace Hopper")
    assert labels(admin_client, cohort) == ["AL", "GH"]


def test_first_names_that_differ_take_their_letters(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    class_of(make_session, cohort, "Ali Lee", "Ana Lopez")
    assert labels(admin_client, cohort) == ["AlL", "AnL"]


def test_the_same_first_name_takes_letters_of_the_last(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    class_of(make_session, cohort, "Ben Smith", "Ben Stone")
    assert labels(admin_client, cohort) == ["BSm", "BSt"]


def test_letters_are_added_until_the_labels_differ(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    class_of(make_session, cohort, "Christina Lee", "Christopher Lee")
    assert labels(admin_client, cohort) == ["ChristiL", "ChristoL"]


def test_the_same_name_twice_is_numbered(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    class_of(make_session, cohort, "Ben Smith", "Ben Smith", "Ben Stone")
    assert labels(admin_client, cohort) == ["BSm1", "BSm2", "BSt"]


def test_students_without_a_name_are_numbered(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    class_of(make_session, cohort, "", "", "Ada Lovelace")
    assert sorted(labels(admin_client, cohort)) == ["?1", "?2", "AL"]


def test_labels_are_unique_in_a_class_of_many_alike_names(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    firsts = ("Ali", "Ana", "Ben", "Bea", "Al", "Ann")
    lasts = ("Lee", "Lopez", "Smith", "Stone", "Li")
    class_of(make_session, cohort, *(f"{f} {last}" for f in firsts for last in lasts), "Ali Lee")
    shown = labels(admin_client, cohort)
    assert len(shown) == 31
    assert len(set(shown)) == 31


def test_the_stalled_list_names_students_by_the_same_labels(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    class_of(make_session, cohort, "Ali Lee", "Ana Lopez")
    # Both still sending API requests, with no new credit for an hour.
    Challenger.objects.filter(cohort=cohort).update(
        created_at=timezone.now() - timedelta(hours=1), progress={}, last_api_request=timezone.now()
    )
    page = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/?projector=1")
    assert re.findall(r'class="cp-stalled">([^<]*)</a>', page.text) == ["AlL", "AnL"]
