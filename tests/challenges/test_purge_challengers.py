"""manage.py purge_challengers removes idle sessions with all their data (D1.5)."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from challengers.models import Challenger
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
