""" "Where the class is stuck" on a made-up class: among students active in the last 30
minutes and the assignment's challenges, the challenges most of them nearly did without
credit, the students sending requests with no new credit for 15 minutes, and how many
sessions seen in the last hour belong to no cohort."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from django.test import Client
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from tests.assignment_fixtures import assign
from tests.near_miss_entries import near_miss

KEYS = keys_for("multi")


def stuck_section(client: Client, cohort: Cohort) -> str:
    html = client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    found = re.search(r'<section class="cp-stuck".*?</section>', html, re.S)
    assert found, "no stuck section"
    return found.group(0)


def seen(session: Challenger, minutes_ago: float, *, created: float | None = None) -> None:
    moment = timezone.now() - timedelta(minutes=minutes_ago)
    fields = {"last_seen": moment}
    if created is not None:
        fields["created_at"] = timezone.now() - timedelta(minutes=created)
    Challenger.objects.filter(pk=session.pk).update(**fields)


def test_it_ranks_challenges_by_active_students_with_a_near_miss(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    # Challenge 08 is nearly done by three active students, 07 by one.
    for n in range(3):
        make_session(1, name=f"S{n}", cohort=cohort, near_misses={KEYS[7]: near_miss("no 8")})
    make_session(1, name="T", cohort=cohort, near_misses={KEYS[6]: near_miss("no 7")})
    section = stuck_section(admin_client, cohort)
    items = re.findall(r"<li><strong>#(\d+) ", section)
    assert items == ["08", "07"]
    assert "3 students nearly did it" in section
    assert "“no 8” (3 of 3)" in section


def test_students_inactive_for_30_minutes_do_not_count(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    for _n in range(3):
        gone = make_session(1, cohort=cohort, near_misses={KEYS[7]: near_miss()})
        seen(gone, 45)
    make_session(1, cohort=cohort, near_misses={KEYS[6]: near_miss()})
    items = re.findall(r"<li><strong>#(\d+) ", stuck_section(admin_client, cohort))
    assert items == ["07"]


def test_nobody_having_tried_a_challenge_does_not_make_it_stuck(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    # Six students at challenge 2: nobody reached 04, so 04 is not named.
    for _ in range(6):
        make_session(2, cohort=cohort)
    section = stuck_section(admin_client, cohort)
    assert "No challenge has a near miss among them." in section
    assert "#04" not in section


def test_only_the_assignments_challenges_count(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    assign(cohort, first=0, count=7)  # 01-07
    for _ in range(3):
        make_session(1, cohort=cohort, near_misses={KEYS[20]: near_miss()})
    make_session(1, cohort=cohort, near_misses={KEYS[6]: near_miss()})
    items = re.findall(r"<li><strong>#(\d+) ", stuck_section(admin_client, cohort))
    assert items == ["07"]


def test_a_done_challenge_is_not_stuck(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    make_session(8, cohort=cohort, near_misses={KEYS[7]: near_miss()})  # 08 done
    assert "No challenge has a near miss among them." in stuck_section(admin_client, cohort)


def test_it_names_students_sending_requests_without_new_credit(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    # The fixture's completions date from 2026-03-04: long before these 15 minutes.
    stalled = make_session(2, name="Stalled", cohort=cohort, near_misses={KEYS[7]: near_miss()})
    seen(stalled, 1, created=60)
    quiet = make_session(2, name="Quiet", cohort=cohort)
    seen(quiet, 20, created=60)  # stopped sending requests
    new = make_session(0, name="Newcomer", cohort=cohort)
    seen(new, 1, created=5)  # began five minutes ago
    section = stuck_section(admin_client, cohort)
    assert ">Stalled</a>" in section
    assert "1 near miss" in section
    assert "Quiet" not in section
    assert "Newcomer" not in section


def test_a_fresh_credit_means_not_stalled(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    busy = make_session(0, name="Busy", cohort=cohort)
    fresh = (timezone.now() - timedelta(minutes=3)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    Challenger.objects.filter(pk=busy.pk).update(
        progress={KEYS[0]: fresh}, created_at=timezone.now() - timedelta(hours=1)
    )
    assert "Busy" not in stuck_section(admin_client, cohort)


def test_it_counts_sessions_made_in_the_last_hour_in_no_cohort(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    make_session(1, name="In class", cohort=cohort)
    make_session(0)
    make_session(0)
    seen(make_session(0), 1, created=90)  # made 90 minutes ago, busy now: not counted
    seen(make_session(0), 90, created=90)  # made and last seen 90 minutes ago: not counted
    html = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    assert "<strong>2</strong> sessions made in the last hour belong to no class" in html


def test_the_count_tells_how_a_student_joins_with_their_own_session(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    make_session(0)
    html = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    line = html[html.index('<p class="cp-unassigned">') :]
    line = line[: line.index("</p>")]
    assert "<strong>1</strong> session made in the last hour belongs to no class" in line
    assert "not joined" not in line
    assert "<code>POST /api/challenger</code>" in line
    assert "opening the join link <code>/join/monday-am</code> and pasting its GUID" in line
