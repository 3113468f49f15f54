"""The class page's poll (`…/progress/live.json`) answers 304 while the class is as the
page shows it, with the headers its 200 has, and 200 with the new class once a student's
progress, near misses, name or API requests, or the page's switches, make it differ."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from django.test import Client
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from tests.client import Client as ApiClient
from tests.near_miss_entries import near_miss

SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options")


def live(client: Client, cohort: Cohort, version: str = "", query: str = ""):  # noqa: ANN201
    headers = {"If-None-Match": version} if version else {}
    url = f"/admin/challengers/cohort/{cohort.pk}/progress/live.json{query}"
    return client.get(url, headers=headers)


def test_an_unchanged_class_is_not_modified(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    make_session(3, name="Ada Lovelace", cohort=cohort)
    first = live(admin_client, cohort)
    again = live(admin_client, cohort, first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]
    assert again["Cache-Control"] == first["Cache-Control"]
    for name in SECURITY_HEADERS:
        assert again[name] == first[name], name


def test_a_students_completion_changes_the_class(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    student = make_session(0, name="Ada Lovelace", cohort=cohort)
    first = live(admin_client, cohort)
    ApiClient().get("/api/todos", headers={"X-CHALLENGER": student.guid})
    changed = live(admin_client, cohort, first["ETag"])
    assert changed.status_code == 200
    assert 'class="cp-done"' in changed.json()["html"]


def test_a_students_near_miss_changes_the_class(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    student = make_session(0, name="Ada Lovelace", cohort=cohort)
    first = live(admin_client, cohort)
    Challenger.objects.filter(pk=student.pk).update(near_misses={keys_for("multi")[1]: near_miss()})
    changed = live(admin_client, cohort, first["ETag"])
    assert changed.status_code == 200
    assert 'class="cp-near"' in changed.json()["html"]


def test_a_student_renamed_changes_the_class(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    student = make_session(2, name="Ada Lovelace", cohort=cohort)
    first = live(admin_client, cohort)
    Challenger.objects.filter(pk=student.pk).update(display_name="Ada King")
    changed = live(admin_client, cohort, first["ETag"])
    assert changed.status_code == 200
    assert "Ada King" in changed.json()["html"]


def test_a_student_gone_quiet_changes_the_class(
    admin_client: Client,
    cohort: Cohort,
    make_session: Callable[..., Challenger],
    monkeypatch,  # noqa: ANN001 - pytest's
) -> None:
    make_session(2, name="Ada Lovelace", cohort=cohort, api_minutes_ago=1)
    first = live(admin_client, cohort)
    assert "cp-row-active" in first.json()["html"]
    # Nothing stored changes: eleven minutes pass, and she is no longer active.
    later = timezone.now() + timedelta(minutes=11)
    monkeypatch.setattr("classroom.reports.timezone.now", lambda: later)
    changed = live(admin_client, cohort, first["ETag"])
    assert changed.status_code == 200
    assert "cp-row-active" not in changed.json()["html"]


def test_each_switch_has_its_own_version(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    make_session(2, name="Ada Lovelace", cohort=cohort)
    laptop = live(admin_client, cohort)
    projector = live(admin_client, cohort, laptop["ETag"], "?projector=1")
    assert projector.status_code == 200
    assert projector["ETag"] != laptop["ETag"]


def test_the_class_page_names_the_version_it_shows(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    make_session(2, name="Ada Lovelace", cohort=cohort)
    html = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    shown = re.search(r'data-live-version="([0-9a-f]+)"', html)
    assert shown is not None
    assert live(admin_client, cohort, f'"{shown.group(1)}"').status_code == 304
