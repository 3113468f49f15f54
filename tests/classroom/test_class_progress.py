"""/admin/challengers/cohort/{id}/progress/: the class progress page (students × challenges
matrix and completions per challenge)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from challengers.models import Challenger, Cohort
from challenges.catalogue import challenges_for
from tests.near_miss_entries import near_miss


def url(cohort: Cohort) -> str:
    return f"/admin/challengers/cohort/{cohort.pk}/progress/"


def test_it_needs_a_staff_login(client: Client, cohort: Cohort) -> None:
    response = client.get(url(cohort))
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_a_non_staff_user_is_sent_to_login(
    client: Client, cohort: Cohort, django_user_model
) -> None:
    user = django_user_model.objects.create_user("student", password="pw")
    client.force_login(user)
    assert client.get(url(cohort)).status_code == 302


def test_it_shows_one_row_per_student(admin_client: Client, cohort: Cohort, make_session) -> None:
    make_session(3, name="Ada", cohort=cohort)
    make_session(0, name="Grace", cohort=cohort)
    make_session(5, name="Not in class")
    html = admin_client.get(url(cohort)).content.decode()
    assert ">Ada</a></th>" in html
    assert ">Grace</a></th>" in html
    assert "Not in class" not in html


def test_done_cells_carry_a_symbol_and_the_time(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    make_session(2, name="Ada", cohort=cohort)
    html = admin_client.get(url(cohort)).content.decode()
    row = re.search(r">Ada</a></th>.*?</tr>", html, re.S).group(0)
    assert row.count('<td class="cp-done" title="#') == 2
    assert '<td class="cp-done" title="#01 done 2026-03-04 10:15 UTC">✓</td>' in row
    assert row.count("<td></td>") == 97


def test_it_has_a_column_per_challenge(admin_client: Client, cohort: Cohort, make_session) -> None:
    make_session(1, cohort=cohort)
    html = admin_client.get(url(cohort)).content.decode()
    assert html.count('<th scope="col" title="') == 99
    for challenge in challenges_for("multi"):
        assert f"{escape(challenge.name)}</th>" in html  # bar chart row label


def test_it_counts_completions_per_challenge(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    make_session(2, cohort=cohort)
    make_session(1, cohort=cohort)
    html = admin_client.get(url(cohort)).content.decode()
    assert "2 / 2 (100%)" in html  # challenge 01
    assert "1 / 2 (50%)" in html  # challenge 02
    assert '<span class="cp-w-50"></span>' in html


def test_an_empty_cohort_explains_how_students_join(admin_client: Client, cohort: Cohort) -> None:
    html = admin_client.get(url(cohort)).content.decode()
    assert "No students have joined yet" in html
    assert "monday-am" in html


def test_it_escapes_student_names(admin_client: Client, cohort: Cohort, make_session) -> None:
    make_session(1, name="<script>x</script>", cohort=cohort)
    html = admin_client.get(url(cohort)).content.decode()
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


def test_an_unknown_cohort_is_404(admin_client: Client, db: None) -> None:
    assert admin_client.get("/admin/challengers/cohort/999/progress/").status_code == 404


def test_the_cohort_list_links_to_it(admin_client: Client, cohort: Cohort) -> None:
    html = admin_client.get("/admin/challengers/cohort/").content.decode()
    assert f'href="{url(cohort)}"' in html


def test_the_cohort_page_links_to_it(admin_client: Client, cohort: Cohort) -> None:
    html = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/change/").content.decode()
    assert f'href="{url(cohort)}"' in html


def _queries(client: Client, cohort: Cohort) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url(cohort)).status_code == 200
    return len(captured)


def test_its_query_count_does_not_grow_with_the_class(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    for n in range(3):
        make_session(n * 7, cohort=cohort)
    small = _queries(admin_client, cohort)
    for n in range(27):
        make_session(n * 3, cohort=cohort)
    assert Challenger.objects.filter(cohort=cohort).count() == 30
    assert _queries(admin_client, cohort) == small


@pytest.mark.django_db
def test_the_cohort_csv_has_a_row_per_student(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    make_session(2, name="Ada", cohort=cohort)
    make_session(1, name="Grace")
    response = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    lines = response.content.decode().splitlines()
    assert len(lines) == 2
    assert ",Ada,monday-am,2,99,2," in lines[1]


# ------------------------------------------------------------------ near misses

FILTERED = "GET_TODOS_FILTERED"  # challenge 07


def student_row(html: str, name: str) -> str:
    return re.search(rf">{name}</a></th>.*?</tr>", html, re.S).group(0)


def test_a_near_miss_cell_carries_a_symbol_and_the_last_try(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    make_session(1, name="Ada", cohort=cohort, near_misses={FILTERED: near_miss("0 done todos")})
    row = student_row(admin_client.get(url(cohort)).content.decode(), "Ada")
    assert (
        '<td class="cp-near" title="#07 last try: GET /api/todos?doneStatus=true → 200: '
        '0 done todos">≈</td>'
    ) in row
    assert row.count("<td></td>") == 97


def test_a_done_challenge_is_never_shown_as_a_near_miss(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    make_session(2, name="Ada", cohort=cohort, near_misses={"GET_CHALLENGES": near_miss("old")})
    html = admin_client.get(url(cohort)).content.decode()
    assert 'class="cp-near"' not in html
    assert "No near misses" in html


def test_the_near_miss_title_is_escaped(admin_client: Client, cohort: Cohort, make_session) -> None:
    entry = near_miss('"><script>x</script>', request="GET /api/<b>")
    make_session(1, name="Ada", cohort=cohort, near_misses={FILTERED: entry})
    html = admin_client.get(url(cohort)).content.decode()
    assert "<script>x" not in html
    assert "/api/<b>" not in html
    assert "&quot;&gt;&lt;script&gt;x&lt;/script&gt;" in student_row(html, "Ada")


def test_it_counts_near_misses_per_challenge_with_the_most_common_reason(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    for reason in ("no done todo", "no done todo", "not JSON"):
        make_session(1, cohort=cohort, near_misses={FILTERED: near_miss(reason)})
    make_session(1, cohort=cohort)
    html = admin_client.get(url(cohort)).content.decode()
    table = re.search(r'<table class="cp-near-table".*?</table>', html, re.S).group(0)
    assert table.count('<tr><th scope="row">') == 1
    assert '<span class="cp-id">07</span> GET /api/todos (200) ?filter</th>' in table
    assert '<td class="cp-num">3 / 4</td>' in table
    assert 'no done todo <span class="cp-quiet">(2 of 3)</span>' in table


def test_equally_common_reasons_resolve_alphabetically(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    for reason in ("zeta", "alpha"):
        make_session(1, cohort=cohort, near_misses={FILTERED: near_miss(reason)})
    html = admin_client.get(url(cohort)).content.decode()
    assert 'alpha <span class="cp-quiet">(1 of 2)</span>' in html


def test_near_misses_cost_no_extra_query(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    make_session(3, cohort=cohort)
    plain = _queries(admin_client, cohort)
    for n in range(10):
        make_session(n, cohort=cohort, near_misses={FILTERED: near_miss(f"reason {n}")})
    assert _queries(admin_client, cohort) == plain
