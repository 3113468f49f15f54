"""manage.py purge_challengers removes idle sessions with all their data."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.db.models import F
from django.utils import timezone

from challengers.models import Challenger, SessionCreations
from secrets_app.models import Secret
from todos.models import Todo

pytestmark = pytest.mark.django_db


def make_idle(guid: str, days: int) -> None:
    Challenger.objects.filter(pk=guid).update(last_seen=timezone.now() - timedelta(days=days))


def purge(*args: str) -> str:
    out = StringIO()
    call_command("purge_challengers", *args, stdout=out)
    return out.getvalue()


def test_it_removes_sessions_idle_longer_than_the_ttl_with_their_data(client, guid) -> None:
    client.get("/api/secret/token", headers={"X-CHALLENGER": guid})
    make_idle(guid, 31)
    output = purge()
    assert "Removed 1 sessions" in output
    assert not Challenger.objects.filter(pk=guid).exists()
    assert not Todo.objects.filter(challenger_id=guid).exists()
    assert not Secret.objects.filter(challenger_id=guid).exists()


def test_it_keeps_recently_active_sessions(client, guid) -> None:
    make_idle(guid, 29)
    purge()
    assert Challenger.objects.filter(pk=guid).exists()


def test_dry_run_reports_counts_and_changes_nothing(client, guid) -> None:
    make_idle(guid, 40)
    output = purge("--dry-run")
    assert output.startswith("Would remove 1 sessions")
    assert "10 todos" in output
    assert Challenger.objects.filter(pk=guid).exists()


def test_the_ttl_follows_the_setting(client, guid, settings) -> None:
    settings.APICHALLENGES_SESSION_TTL_DAYS = 5
    make_idle(guid, 6)
    purge()
    assert not Challenger.objects.filter(pk=guid).exists()


def test_it_removes_a_sessions_near_misses_with_it(client, guid) -> None:
    client.get("/api/todos?doneStatus=true", headers={"X-CHALLENGER": guid})
    assert "GET_TODOS_FILTERED" in Challenger.objects.get(pk=guid).near_misses
    make_idle(guid, 31)
    purge()
    assert not Challenger.objects.filter(pk=guid).exists()


def test_it_removes_the_session_counts_of_hours_that_ended(client) -> None:
    client.post("/api/challenger", REMOTE_ADDR="192.0.2.1")
    client.post("/api/challenger", REMOTE_ADDR="192.0.2.2")
    SessionCreations.objects.filter(client="192.0.2.1").update(
        window_start=F("window_start") - timedelta(hours=1)
    )
    output = purge()
    assert "Removed 1 counts of sessions created per client in hours that ended." in output
    assert list(SessionCreations.objects.values_list("client", flat=True)) == ["192.0.2.2"]


def test_dry_run_keeps_the_session_counts_of_hours_that_ended(client) -> None:
    client.post("/api/challenger")
    SessionCreations.objects.update(window_start=F("window_start") - timedelta(hours=2))
    output = purge("--dry-run")
    assert "Would remove 1 counts of sessions created per client in hours that ended." in output
    assert SessionCreations.objects.count() == 1


def test_an_open_progress_page_keeps_a_session_that_sends_no_api_request(client, guid) -> None:
    make_idle(guid, 31)
    assert client.get(f"/gui/challenges/{guid}/status.json").status_code == 200
    purge()
    assert Challenger.objects.filter(pk=guid).exists()
