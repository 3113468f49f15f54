"""The admin action "Export progress of the selected sessions as CSV" and the class page's
"Download CSV": UTF-8 with a byte-order mark (so a spreadsheet reads "Müller" right), one
row per session, totals, then one column per challenge, headed by its id and name as the
class page names it, holding its completion time."""

from __future__ import annotations

import codecs
import csv
import html
import io
import re
from datetime import datetime

from django.test import Client

from challengers.models import Challenger, Cohort
from challenges.catalogue import challenges_for, display_id
from tests.assignment_fixtures import assign
from tests.classroom.conftest import STAMP

LIST = "/admin/challengers/challenger/"


def export(client: Client, *guids: str) -> object:
    return client.post(LIST, {"action": "export_progress_csv", "_selected_action": list(guids)})


def table(response: object) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_it_downloads_a_csv_file(admin_client: Client, make_session) -> None:
    response = export(admin_client, make_session(1).guid)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="progress-')


def test_the_header_has_totals_then_every_challenge_key(admin_client: Client, make_session) -> None:
    header = table(export(admin_client, make_session(1).guid))[0]
    assert header[:8] == [
        "guid",
        "display_name",
        "cohort",
        "done",
        "total",
        "percent",
        "created_at",
        "last_seen",
    ]
    assert header[8:-8] == [
        f"{display_id(c.key, 'multi')} {c.name}" for c in challenges_for("multi")
    ]
    assert header[-8:] == [
        "assignment",
        "assigned",
        "assigned_done",
        "late",
        "last_api_request",
        "done_in_page",
        "done_by_collection",
        "done_restored",
    ]


def test_the_challenge_columns_are_headed_as_the_class_page_names_them(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    session = make_session(1, name="Ada", cohort=cohort)
    header = table(export(admin_client, session.guid))[0]
    page = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/?columns=all").text
    titles = re.findall(r'<th scope="col" title="([^"]*)">', page)
    assert header[8:-8] == [html.unescape(title) for title in titles]
    assert header[8] == "01 POST /api/challenger (201)"
    assert header[-9] == "99 POST /api/todos (409) max todos"


def test_it_starts_with_a_byte_order_mark(admin_client: Client, make_session) -> None:
    response = export(admin_client, make_session(1).guid)
    assert response.content.startswith(b"\xef\xbb\xbfguid,")


def as_a_spreadsheet_reads(content: bytes) -> list[list[str]]:
    """What Excel does on opening a CSV: UTF-8 after a byte-order mark, otherwise the
    machine's legacy code page (Windows-1252 in western Europe and the Americas)."""
    text = content.decode("utf-8-sig" if content.startswith(codecs.BOM_UTF8) else "cp1252")
    return list(csv.reader(io.StringIO(text)))


def test_a_name_with_accents_reads_right_in_a_spreadsheet(
    admin_client: Client, make_session
) -> None:
    session = make_session(1, name="Jürgen Müller-Ødegård")
    header, row = as_a_spreadsheet_reads(export(admin_client, session.guid).content)
    assert header[0] == "guid"
    assert row[1] == "Jürgen Müller-Ødegård"


def test_the_class_page_download_has_the_same_columns(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    session = make_session(2, name="Ada", cohort=cohort)
    response = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress.csv")
    assert response.status_code == 200
    assert response.content.startswith(b"\xef\xbb\xbf")
    assert table(response) == table(export(admin_client, session.guid))


def test_it_has_one_row_per_selected_session(admin_client: Client, make_session) -> None:
    chosen = [make_session(1).guid, make_session(2).guid]
    make_session(3)
    rows = table(export(admin_client, *chosen))
    assert sorted(row[0] for row in rows[1:]) == sorted(chosen)


def test_a_row_holds_totals_and_completion_times(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    session = make_session(3, name="Ada", cohort=cohort)
    row = table(export(admin_client, session.guid))[1]
    assert row[:6] == [session.guid, "Ada", "monday-am", "3", "99", "3"]
    assert row[8:11] == [STAMP] * 3
    assert row[11:-8] == [""] * 96


def test_it_defuses_spreadsheet_formulas_in_names(admin_client: Client, make_session) -> None:
    session = make_session(0, name="=HYPERLINK(1)")
    assert table(export(admin_client, session.guid))[1][1] == "'=HYPERLINK(1)"


def test_it_needs_a_staff_login(client: Client, make_session) -> None:
    response = export(client, make_session(1).guid)
    assert response.status_code == 302


def test_the_class_download_has_one_row_per_session(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    # Two open assignments: the leading one gives the standing, neither adds rows.
    assign(cohort, count=4, title="First")
    assign(cohort, first=4, count=4, title="Second")
    sessions = [make_session(n, name=f"S{n}", cohort=cohort) for n in range(3)]
    make_session(1, name="elsewhere")
    rows = table(admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress.csv"))[1:]
    assert sorted(row[0] for row in rows) == sorted(s.guid for s in sessions)


def test_the_last_column_is_empty_for_a_session_with_no_api_request(
    admin_client: Client, make_session
) -> None:
    header, row = table(export(admin_client, make_session(1).guid))
    assert header[-4] == "last_api_request"
    assert row[-4] == ""


def test_a_column_holds_the_time_of_the_latest_api_request(
    admin_client: Client, client, guid: str
) -> None:
    assert client.get("/api/todos", headers={"X-CHALLENGER": guid}).status_code == 200
    row = table(export(admin_client, guid))[1]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00", row[-4]), row[-4]
    sent = Challenger.objects.get(pk=guid).last_api_request
    assert datetime.fromisoformat(row[-4]) == sent
