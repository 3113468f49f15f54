"""The admin action "Export progress of the selected sessions as CSV": one row per session,
totals, then one column per challenge key holding its completion time."""

from __future__ import annotations

import csv
import io

from django.test import Client

from challengers.models import Cohort
from challenges.catalogue import keys_for
from tests.admin.conftest import STAMP

LIST = "/admin/challengers/challenger/"


def export(client: Client, *guids: str) -> object:
    return client.post(LIST, {"action": "export_progress_csv", "_selected_action": list(guids)})


def table(response: object) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


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
    assert header[8:-4] == list(keys_for("multi"))


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
    assert row[11:-4] == [""] * 96


def test_it_defuses_spreadsheet_formulas_in_names(admin_client: Client, make_session) -> None:
    session = make_session(0, name="=HYPERLINK(1)")
    assert table(export(admin_client, session.guid))[1][1] == "'=HYPERLINK(1)"


def test_it_needs_a_staff_login(client: Client, make_session) -> None:
    response = export(client, make_session(1).guid)
    assert response.status_code == 302
