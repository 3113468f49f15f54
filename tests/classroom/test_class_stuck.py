""" "Where the class is stuck" on a made-up class: among students with an API request in
the last 30 minutes and the assignment's challenges, the challenges where most of them
have their latest near miss, each student named with the reason they were told; the
students sending API requests with no new credit for 15 minutes, each beside the
challenge and reason of their latest near miss; and how many sessions seen in the last
hour belong to no cohort."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from datetime import timedelta

from django.test import Client
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import by_key, display_id, keys_for
from tests.assignment_fixtures import assign
from tests.near_miss_entries import near_miss

KEYS = keys_for("multi")


def stuck_section(client: Client, cohort: Cohort) -> str:
    html = client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    found = re.search(r'<section class="cp-stuck".*?</section>', html, re.S)
    assert found, "no stuck section"
    return found.group(0)


def stuck_items(section: str) -> list[str]:
    """The display ids of the challenges listed as stuck, in their order."""
    return re.findall(r"<li><strong>#(\d+) ", section)


def stalled_items(section: str) -> list[str]:
    """The stalled list's lines, as text."""
    found = re.search(r'<ul class="cp-stalled-list">(.*?)</ul>', section, re.S)
    assert found, "no stalled list"
    lines = re.findall(r"<li>(.*?)</li>", found.group(1), re.S)
    return [re.sub(r"<[^>]+>", "", line) for line in lines]


def named(key: str) -> str:
    """A challenge as the class page names it: `#08 GET /api/todos (200)`."""
    return f"#{display_id(key, 'multi')} {by_key(key).name}"


def at(minutes_ago: float) -> str:
    """A near miss's time, `minutes_ago` minutes ago, as tracking stores it."""
    return (timezone.now() - timedelta(minutes=minutes_ago)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def sent_api_request(session: Challenger, minutes_ago: float, *, created: float) -> None:
    Challenger.objects.filter(pk=session.pk).update(
        last_api_request=timezone.now() - timedelta(minutes=minutes_ago),
        created_at=timezone.now() - timedelta(minutes=created),
    )


def seen(session: Challenger, minutes_ago: float, *, created: float) -> None:
    """The session was last seen (a page or a request) and made that many minutes ago."""
    Challenger.objects.filter(pk=session.pk).update(
        last_seen=timezone.now() - timedelta(minutes=minutes_ago),
        created_at=timezone.now() - timedelta(minutes=created),
    )


def test_it_ranks_challenges_by_active_students_with_a_near_miss(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    # Challenge 08 is where three active students nearly are, 07 one.
    for n in range(3):
        make_session(
            1,
            name=f"S{n}",
            cohort=cohort,
            near_misses={KEYS[7]: near_miss("no 8")},
            api_minutes_ago=1,
        )
    make_session(
        1, name="T", cohort=cohort, near_misses={KEYS[6]: near_miss("no 7")}, api_minutes_ago=1
    )
    section = stuck_section(admin_client, cohort)
    assert stuck_items(section) == ["08", "07"]
    assert "3 students trying it without credit" in section


def test_it_names_each_student_beside_the_challenge_and_their_reason(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    make_session(
        1,
        name="Ada",
        cohort=cohort,
        near_misses={KEYS[7]: near_miss("no header")},
        api_minutes_ago=1,
    )
    make_session(
        1,
        name="Bob",
        cohort=cohort,
        near_misses={KEYS[7]: near_miss("wrong status")},
        api_minutes_ago=1,
    )
    make_session(
        1,
        name="Cy",
        cohort=cohort,
        near_misses={KEYS[7]: near_miss("no header")},
        api_minutes_ago=1,
    )
    text = re.sub(r"<[^>]+>", "", stuck_section(admin_client, cohort))
    # The reason most were told first, each with the students told it.
    assert (
        f"{named(KEYS[7])}: 3 students trying it without credit, told “no header” (Ada, Cy); “wrong status” (Bob)."
        in text
    )


def test_a_student_is_named_at_their_latest_near_miss(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    # Ada tried 07 twenty minutes ago and 12 a minute ago: she is at 12 now.
    misses = {KEYS[6]: near_miss("old try", at=at(20)), KEYS[11]: near_miss("new try", at=at(1))}
    make_session(1, name="Ada", cohort=cohort, near_misses=misses, api_minutes_ago=1)
    section = stuck_section(admin_client, cohort)
    assert stuck_items(section) == [display_id(KEYS[11], "multi")]
    assert "told “new try” (Ada)." in re.sub(r"<[^>]+>", "", section)
    assert "old try" not in section


def test_a_student_with_no_api_request_is_not_stuck(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    # A near miss of a session that has sent no API request since it is known (only
    # joined, or its pages looked at) says nothing of where the class is now.
    make_session(1, name="Ada", cohort=cohort, near_misses={KEYS[7]: near_miss()})
    section = stuck_section(admin_client, cohort)
    assert "No challenge has a near miss among them." in section
    assert "Ada" not in section


def test_students_inactive_for_30_minutes_do_not_count(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    for _n in range(3):
        make_session(1, cohort=cohort, near_misses={KEYS[7]: near_miss()}, api_minutes_ago=45)
    make_session(1, cohort=cohort, near_misses={KEYS[6]: near_miss()}, api_minutes_ago=1)
    assert stuck_items(stuck_section(admin_client, cohort)) == ["07"]


def test_nobody_having_tried_a_challenge_does_not_make_it_stuck(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    # Six students at challenge 2: nobody reached 04, so 04 is not named.
    for _ in range(6):
        make_session(2, cohort=cohort, api_minutes_ago=1)
    section = stuck_section(admin_client, cohort)
    assert "No challenge has a near miss among them." in section
    assert "#04" not in section


def test_only_the_assignments_challenges_count(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    assign(cohort, first=0, count=7)  # 01-07
    for _ in range(3):
        make_session(1, cohort=cohort, near_misses={KEYS[20]: near_miss()}, api_minutes_ago=1)
    make_session(1, cohort=cohort, near_misses={KEYS[6]: near_miss()}, api_minutes_ago=1)
    assert stuck_items(stuck_section(admin_client, cohort)) == ["07"]


def test_a_done_challenge_is_not_stuck(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    make_session(8, cohort=cohort, near_misses={KEYS[7]: near_miss()}, api_minutes_ago=1)  # 08 done
    assert "No challenge has a near miss among them." in stuck_section(admin_client, cohort)


def test_students_past_the_listed_challenges_are_counted(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    # Seven challenges each with one student: five are listed, two students are not.
    for n in range(7):
        make_session(
            0, name=f"S{n}", cohort=cohort, near_misses={KEYS[n]: near_miss()}, api_minutes_ago=1
        )
    section = stuck_section(admin_client, cohort)
    assert len(stuck_items(section)) == 5
    assert "2 more students with their latest near miss on other challenges." in section


def test_it_names_students_sending_requests_without_new_credit(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    # The fixture's completions date from 2026-03-04: long before these 15 minutes.
    stalled = make_session(2, name="Stalled", cohort=cohort, near_misses={KEYS[7]: near_miss()})
    sent_api_request(stalled, 1, created=60)
    quiet = make_session(2, name="Quiet", cohort=cohort)
    sent_api_request(quiet, 20, created=60)  # stopped sending requests
    new = make_session(0, name="Newcomer", cohort=cohort)
    sent_api_request(new, 1, created=5)  # began five minutes ago
    section = stuck_section(admin_client, cohort)
    assert ">Stalled</a>" in section
    assert "1 near miss" in section
    assert "Quiet" not in section
    assert "Newcomer" not in section


def test_a_stalled_student_is_named_beside_their_latest_near_miss(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    misses = {KEYS[6]: near_miss("old try", at=at(30)), KEYS[11]: near_miss("new try", at=at(2))}
    ada = make_session(2, name="Ada", cohort=cohort, near_misses=misses)
    sent_api_request(ada, 1, created=60)
    bob = make_session(2, name="Bob", cohort=cohort)
    sent_api_request(bob, 1, created=40)
    assert stalled_items(stuck_section(admin_client, cohort)) == [
        f"{named(KEYS[11])}, told “new try”: Ada (60 min, 2 near misses)",
        "no near miss: Bob (40 min)",
    ]


def test_stalled_ignores_students_with_no_api_request(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    # No credit for an hour and seen a minute ago, on a page: not sending API requests.
    idle = make_session(2, name="Looking", cohort=cohort, near_misses={KEYS[7]: near_miss()})
    Challenger.objects.filter(pk=idle.pk).update(
        created_at=timezone.now() - timedelta(hours=1), last_seen=timezone.now()
    )
    section = stuck_section(admin_client, cohort)
    assert "Looking" not in section
    assert "cp-stalled-list" not in section


def test_a_fresh_credit_means_not_stalled(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    busy = make_session(0, name="Busy", cohort=cohort, api_minutes_ago=1)
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


def projected_stuck_text(client: Client, cohort: Cohort, query: str) -> str:
    page = client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/{query}").content.decode()
    found = re.search(r'<section class="cp-stuck".*?</section>', page, re.S)
    assert found, "no stuck section"
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(0)))


def test_projected_a_long_reason_is_cut_short(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    reason = "the todo's title was " + "much " * 30 + "too long"
    make_session(
        1, name="Ada", cohort=cohort, near_misses={KEYS[7]: near_miss(reason)}, api_minutes_ago=1
    )
    assert f"“{reason}” (Ada)" in projected_stuck_text(admin_client, cohort, "")
    projected = projected_stuck_text(admin_client, cohort, "?projector=1&names=full")
    assert reason not in projected
    assert f"“{reason[:69]}…” (Ada)" in projected


def test_with_names_hidden_it_counts_the_students_told_each_reason(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    for name in ("Ada", "Bob"):
        make_session(
            1, name=name, cohort=cohort, near_misses={KEYS[7]: near_miss("no 8")}, api_minutes_ago=1
        )
    text = projected_stuck_text(admin_client, cohort, "?projector=1&names=hidden")
    assert "told “no 8” (2)." in text
    assert "Ada" not in text and "Bob" not in text
