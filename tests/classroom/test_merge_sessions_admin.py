"""The instructor merges two sessions of one student from the sessions' list: the action
asks which of exactly two selected sessions to keep, then the kept session holds what both
did (each challenge at its earlier completion time, the near misses of challenges still
open, both request histories) and the other is deleted with its todos and secret."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client as DjangoClient

from challengers.models import Challenger, Cohort
from history import writer
from secrets_app.models import Secret
from tests.client import Client
from tests.near_miss_entries import near_miss
from todos.models import Todo

pytestmark = pytest.mark.django_db

LIST = "/admin/challengers/challenger/"
EARLY, LATE = "2026-03-04T10:00:00Z", "2026-03-04T11:00:00Z"


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()  # what earlier tests of this process sent


def session(client: Client) -> str:
    reply = client.post("/api/challenger")
    assert reply.status_code == 201
    return reply["X-CHALLENGER"]


def merge(admin: DjangoClient, guids: list[str], **more: Any) -> Any:
    return admin.post(LIST, {"action": "merge_two_sessions", "_selected_action": guids, **more})


def test_it_asks_which_session_to_keep(admin_client: DjangoClient, client: Client) -> None:
    guids = [session(client), session(client)]
    Challenger.objects.filter(pk=guids[0]).update(display_name="Ada")
    reply = merge(admin_client, guids)
    assert reply.status_code == 200
    html = reply.content.decode()
    assert "Which session do you keep?" in html
    for guid in guids:
        assert f'name="keep" value="{guid}"' in html
    assert "10 todos" in html  # each new session starts with the default list
    assert "deleted, with its todos and its\n  secret token and note" in html
    assert Challenger.objects.count() == 2  # asking changes nothing


def test_it_needs_exactly_two_sessions(admin_client: DjangoClient, client: Client) -> None:
    guids = [session(client), session(client), session(client)]
    reply = merge(admin_client, guids, post="yes", keep=guids[0])
    assert reply.status_code == 302
    assert Challenger.objects.count() == 3
    followed = admin_client.get(reply["Location"]).content.decode()
    assert "Select exactly two sessions to merge" in followed


def test_a_keep_that_is_not_one_of_the_two_asks_again(
    admin_client: DjangoClient, client: Client
) -> None:
    guids = [session(client), session(client)]
    reply = merge(admin_client, guids, post="yes", keep=session(client))
    assert reply.status_code == 200
    assert "Choose the session to keep." in reply.content.decode()
    assert Challenger.objects.count() == 3


def test_merging_unites_progress_at_the_earlier_times(
    admin_client: DjangoClient, client: Client, cohort: Cohort
) -> None:
    keep, other = session(client), session(client)
    Challenger.objects.filter(pk=keep).update(progress={"GET_CHALLENGES": LATE, "GET_TODOS": EARLY})
    Challenger.objects.filter(pk=other).update(
        progress={"GET_CHALLENGES": EARLY, "GET_TODOS": LATE, "GET_TODO": LATE},
        display_name="Ada",
        cohort=cohort,
    )

    reply = merge(admin_client, [keep, other], post="yes", keep=keep)

    assert reply.status_code == 302
    assert reply["Location"] == f"{LIST}{keep}/change/"
    kept = Challenger.objects.get()
    assert kept.guid == keep
    assert kept.progress == {"GET_CHALLENGES": EARLY, "GET_TODOS": EARLY, "GET_TODO": LATE}
    # The kept session had no name or class: it takes the other's.
    assert (kept.display_name, kept.cohort) == ("Ada", cohort)


def test_merging_keeps_the_near_misses_of_open_challenges(
    admin_client: DjangoClient, client: Client
) -> None:
    keep, other = session(client), session(client)
    Challenger.objects.filter(pk=keep).update(
        progress={"GET_TODOS": EARLY}, near_misses={"GET_TODO": near_miss("older", at=EARLY)}
    )
    Challenger.objects.filter(pk=other).update(
        near_misses={
            "GET_TODO": near_miss("newer", at=LATE),
            "GET_TODOS": near_miss("done in the kept one"),
            "POST_TODOS": near_miss("still open"),
        }
    )

    merge(admin_client, [keep, other], post="yes", keep=keep)

    misses = Challenger.objects.get().near_misses
    assert sorted(misses) == ["GET_TODO", "POST_TODOS"]
    assert misses["GET_TODO"]["reason"] == "newer"


def test_merging_moves_the_request_history(admin_client: DjangoClient, client: Client) -> None:
    keep, other = session(client), session(client)
    client.get("/api/todos", headers={"X-CHALLENGER": keep})
    writer.flush()
    client.get("/api/challenges", headers={"X-CHALLENGER": other})  # not written yet

    merge(admin_client, [keep, other], post="yes", keep=keep)

    writer.flush()
    shown = client.get(f"/api/challenger/{keep}/requests").json()["requests"]
    assert sorted(entry["path"] for entry in shown) == ["/api/challenges", "/api/todos"]


def test_the_other_session_goes_with_its_todos_and_secret(
    admin_client: DjangoClient, client: Client
) -> None:
    keep, other = session(client), session(client)
    assert client.get(f"/api/challenger/{other}").status_code == 200  # holds its secret
    assert Secret.objects.filter(challenger_id=other).exists()

    merge(admin_client, [keep, other], post="yes", keep=keep)

    assert list(Challenger.objects.values_list("guid", flat=True)) == [keep]
    assert not Todo.objects.filter(challenger_id=other).exists()
    assert not Secret.objects.filter(challenger_id=other).exists()
    assert Todo.objects.filter(challenger_id=keep).count() == 10


def test_staff_who_may_only_view_sessions_cannot_merge(
    client: Client, django_user_model: Any
) -> None:
    keep, other = session(client), session(client)
    viewer = django_user_model.objects.create_user("viewer", password="x", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_challenger"))
    admin = DjangoClient()
    admin.force_login(viewer)

    reply = merge(admin, [keep, other], post="yes", keep=keep)

    assert Challenger.objects.count() == 2
    assert "Which session do you keep?" not in reply.content.decode()


def test_the_confirmation_needs_the_csrf_token(admin_user: Any, client: Client) -> None:
    keep, other = session(client), session(client)
    admin = DjangoClient(enforce_csrf_checks=True)
    admin.force_login(admin_user)

    reply = merge(admin, [keep, other], post="yes", keep=keep)

    assert reply.status_code == 403
    assert Challenger.objects.count() == 2


def test_merging_keeps_the_students_extension_and_latest_api_request(
    admin_client: DjangoClient, client: Client, cohort: Cohort
) -> None:
    from classroom.models import Assignment, Extension

    keep, other = session(client), session(client)
    Challenger.objects.filter(pk__in=[keep, other]).update(cohort=cohort)
    assignment = Assignment.objects.create(cohort=cohort, title="Week 1", challenges=["GET_TODOS"])
    Extension.objects.create(
        assignment=assignment, challenger_id=other, due_at="2040-01-01T09:00:00Z"
    )
    Challenger.objects.filter(pk=keep).update(last_api_request=None)
    latest = Challenger.objects.get(pk=other).last_api_request
    assert latest is not None  # creating it was an API request
    merge(admin_client, [keep, other], post="yes", keep=keep)
    assert list(Extension.objects.values_list("challenger_id", flat=True)) == [keep]
    assert Challenger.objects.get(pk=keep).last_api_request == latest


def test_merging_keeps_how_each_kept_completion_was_done(
    admin_client: DjangoClient, client: Client
) -> None:
    keep, other = session(client), session(client)
    Challenger.objects.filter(pk=keep).update(
        progress={"GET_TODOS": LATE, "GET_CHALLENGES": EARLY},
        credit_channels={"GET_TODOS": "page"},
    )
    Challenger.objects.filter(pk=other).update(
        progress={"GET_TODOS": EARLY, "GET_CHALLENGES": LATE},
        credit_channels={"GET_TODOS": "collection", "GET_CHALLENGES": "collection"},
    )
    merge(admin_client, [keep, other], post="yes", keep=keep)
    # Each at its earlier completion: GET_TODOS the other's, by the collection;
    # GET_CHALLENGES the kept one's, from the student's own client (no entry).
    assert Challenger.objects.get(pk=keep).credit_channels == {"GET_TODOS": "collection"}
