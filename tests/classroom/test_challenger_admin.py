"""/admin/challengers/challenger/: sessions with progress, filters, search, the change page."""

from __future__ import annotations

import re
from datetime import timedelta

from django.test import Client
from django.utils import timezone

from challengers.models import Challenger, Cohort
from secrets_app.services import secret_for
from tests.near_miss_entries import near_miss
from todos.models import Todo

LIST = "/admin/challengers/challenger/"


def rows(html: str) -> list[str]:
    return re.findall(r'<tr[^>]*>\s*<td class="action-checkbox">.*?</tr>', html, re.S)


def test_it_needs_a_staff_login(client: Client, db: None) -> None:
    assert client.get(LIST)["Location"].startswith("/admin/login/")


def test_it_lists_name_cohort_and_progress(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    make_session(33, name="Ada", cohort=cohort)
    html = admin_client.get(LIST).content.decode()
    (row,) = rows(html)
    assert "Ada" in row
    assert "Monday morning (monday-am)" in row
    assert '<td class="field-progress_done">33/99</td>' in row
    assert '<td class="field-progress_percent">33%</td>' in row
    assert "field-last_api_request" in row and "field-last_seen" in row
    assert "field-created_at" in row


def test_it_searches_by_guid(admin_client: Client, make_session) -> None:
    wanted = make_session(1)
    make_session(1)
    html = admin_client.get(LIST, {"q": wanted.guid[:13]}).content.decode()
    assert len(rows(html)) == 1
    assert wanted.guid in html


def test_it_searches_by_name(admin_client: Client, make_session) -> None:
    make_session(1, name="Ada Lovelace")
    make_session(1, name="Grace Hopper")
    html = admin_client.get(LIST, {"q": "lovelace"}).content.decode()
    assert len(rows(html)) == 1


def test_it_filters_by_cohort(admin_client: Client, cohort: Cohort, make_session) -> None:
    make_session(1, name="in", cohort=cohort)
    make_session(1, name="out")
    html = admin_client.get(LIST, {"cohort__id__exact": cohort.pk}).content.decode()
    assert len(rows(html)) == 1


def test_it_filters_by_progress_band(admin_client: Client, make_session) -> None:
    for done in (0, 1, 24, 25, 50, 75, 98, 99):
        make_session(done)
    expected = {"none": 1, "1-24": 2, "25-49": 1, "50-74": 1, "75-most": 2, "all": 1}
    for band, count in expected.items():
        html = admin_client.get(LIST, {"progress": band}).content.decode()
        assert len(rows(html)) == count, band


def test_the_band_filter_names_its_ranges(admin_client: Client, db: None) -> None:
    html = admin_client.get(LIST).content.decode()
    for label in ("Not started (0)", "1–24", "25–49", "50–74", "75–98", "All 99 done"):
        assert label in html


def test_it_filters_sessions_active_today(admin_client: Client, make_session) -> None:
    make_session(1, name="today")
    old = make_session(1, name="last week")
    Challenger.objects.filter(pk=old.pk).update(last_seen=timezone.now() - timedelta(days=7))
    start = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    params = {
        "last_seen__gte": start.strftime("%Y-%m-%d %H:%M:%S%z"),
        "last_seen__lt": (start + timedelta(days=1)).strftime("%Y-%m-%d %H:%M:%S%z"),
    }
    html = admin_client.get(LIST, params).content.decode()
    assert len(rows(html)) == 1
    assert "today" in html


def test_it_offers_the_today_filter(admin_client: Client, db: None) -> None:
    assert "Today" in admin_client.get(LIST).content.decode()


def test_sessions_cannot_be_added_by_hand(admin_client: Client, db: None) -> None:
    assert admin_client.get(f"{LIST}add/").status_code == 403


def test_the_change_page_shows_the_challenge_table(admin_client: Client, make_session) -> None:
    session = make_session(2, name="Ada")
    html = admin_client.get(f"{LIST}{session.guid}/change/").content.decode()
    assert html.count('<tr class="cp-done">') == 2
    assert "<td>01</td><td>POST /api/challenger (201)</td><td>✓ Done</td>" in html
    assert "<td>2026-03-04 10:15 UTC</td>" in html
    assert html.count("– Not done") == 97


def test_the_change_page_never_shows_the_secret_token(admin_client: Client, make_session) -> None:
    session = make_session(2)
    token = secret_for(session).token
    assert token not in admin_client.get(f"{LIST}{session.guid}/change/").content.decode()


def test_the_progress_is_read_only(admin_client: Client, make_session) -> None:
    session = make_session(2)
    html = admin_client.get(f"{LIST}{session.guid}/change/").content.decode()
    assert 'name="progress"' not in html


def test_saving_changes_only_name_and_cohort(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    session = make_session(2)
    # A completion lands after the instructor opened the form: saving must not undo it.
    Challenger.objects.filter(pk=session.pk).update(progress={**session.progress, "X": "t"})
    response = admin_client.post(
        f"{LIST}{session.guid}/change/", {"display_name": "Ada", "cohort": cohort.pk}
    )
    assert response.status_code == 302
    saved = Challenger.objects.get(pk=session.pk)
    assert (saved.display_name, saved.cohort) == ("Ada", cohort)
    assert "X" in saved.progress


def test_the_change_page_links_the_dashboard(admin_client: Client, make_session) -> None:
    session = make_session(0)
    html = admin_client.get(f"{LIST}{session.guid}/change/").content.decode()
    assert f'href="/gui/challenges/{session.guid}"' in html


def test_cohorts_list_student_counts(admin_client: Client, cohort: Cohort, make_session) -> None:
    make_session(1, cohort=cohort)
    make_session(1, cohort=cohort)
    html = admin_client.get("/admin/challengers/cohort/").content.decode()
    assert f'href="{LIST}?cohort__id__exact={cohort.pk}">2</a>' in html


def test_instructors_create_cohorts(admin_client: Client, db: None) -> None:
    response = admin_client.post(
        "/admin/challengers/cohort/add/",
        {
            "name": "Tuesday",
            "code": "tue-pm",
            "created_at_0": "2026-01-01",
            "created_at_1": "10:00",
        },
    )
    assert response.status_code == 302
    assert Cohort.objects.filter(code="tue-pm").exists()


def test_the_delete_action_removes_sessions_with_their_todos(
    admin_client: Client, guid: str
) -> None:
    response = admin_client.post(
        LIST, {"action": "delete_selected", "_selected_action": [guid], "post": "yes"}
    )
    assert response.status_code == 302
    assert not Challenger.objects.filter(pk=guid).exists()
    assert not Todo.objects.filter(challenger_id=guid).exists()


def test_the_delete_page_removes_a_session_with_its_todos(admin_client: Client, guid: str) -> None:
    response = admin_client.post(f"{LIST}{guid}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not Challenger.objects.filter(pk=guid).exists()
    assert not Todo.objects.filter(challenger_id=guid).exists()


def near_miss_table(html: str) -> str:
    match = re.search(r'<table class="cp-challenges cp-near-misses">.*?</table>', html, re.S)
    assert match
    return match.group(0)


def test_the_change_page_lists_near_misses_newest_first(admin_client: Client, make_session) -> None:
    session = make_session(
        1,
        near_misses={
            "GET_TODOS_FILTERED": near_miss("no done todo", at="2026-03-04T10:20:00Z"),
            "GET_TODOS": near_miss(
                "wrong path", request="GET /api/todo", at="2026-03-04T10:30:00Z"
            ),
        },
    )
    table = near_miss_table(admin_client.get(f"{LIST}{session.guid}/change/").content.decode())
    assert table.index("wrong path") < table.index("no done todo")
    assert (
        "<tr><td>07</td><td>GET /api/todos (200) ?filter</td><td>2026-03-04 10:20 UTC</td>"
        "<td><code>GET /api/todos?doneStatus=true</code></td><td>200</td>"
        "<td>no done todo</td></tr>"
    ) in table


def test_the_change_page_leaves_out_near_misses_of_done_challenges(
    admin_client: Client, make_session
) -> None:
    session = make_session(2, near_misses={"GET_CHALLENGES": near_miss("stale")})
    html = admin_client.get(f"{LIST}{session.guid}/change/").content.decode()
    assert "stale" not in html
    assert "None: no request has nearly completed a challenge still open." in html


def test_the_change_page_escapes_near_misses(admin_client: Client, make_session) -> None:
    entry = near_miss("<script>x</script>", request="GET /api/<img src=x>")
    session = make_session(0, near_misses={"GET_TODOS_FILTERED": entry})
    html = admin_client.get(f"{LIST}{session.guid}/change/").content.decode()
    assert "<script>x" not in html and "<img src=x>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in near_miss_table(html)


def test_the_list_shows_the_last_api_request_apart_from_last_seen(
    admin_client: Client, client, guid: str, make_session
) -> None:
    make_session(0, name="Only joined")
    assert client.get("/api/todos", headers={"X-CHALLENGER": guid}).status_code == 200
    html = admin_client.get(LIST).content.decode()
    assert ">Last API request</a>" in html
    assert ">Last seen (pages too)</a>" in html
    sent = {
        "Only joined" in row: re.search(r'field-last_api_request[^"]*">(.*?)</td>', row, re.S)[1]
        for row in rows(html)
    }
    assert sent[True] == "-"  # none known
    assert re.fullmatch(r"\w+\.? \d+, \d{4}, .+", sent[False]), sent[False]


def test_it_filters_sessions_that_sent_no_api_request(
    admin_client: Client, client, guid: str, make_session
) -> None:
    make_session(0, name="Only joined")
    assert client.get("/api/todos", headers={"X-CHALLENGER": guid}).status_code == 200
    html = admin_client.get(LIST, {"last_api_request__isnull": "True"}).content.decode()
    (row,) = rows(html)
    assert "Only joined" in row


def test_the_change_page_shows_the_last_api_request(
    admin_client: Client, client, guid: str
) -> None:
    assert client.get("/api/todos", headers={"X-CHALLENGER": guid}).status_code == 200
    html = admin_client.get(f"{LIST}{guid}/change/").content.decode()
    assert re.search(r"<label>Last API request:</label>\s*<div class=\"readonly\">\w", html)
    assert "<label>Last seen (pages too):</label>" in html
