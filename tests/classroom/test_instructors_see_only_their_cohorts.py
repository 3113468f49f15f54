"""Cohorts have instructors: a staff account that is not a superuser sees only the cohorts
it teaches and those cohorts' students, in every admin list and page, the class page, its
live updates, the CSV and a session's history; a superuser sees every cohort. Whether the
account teaches a cohort by an LTI launch or by an administrator's hand makes no
difference."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import Permission, User

from challengers.models import Challenger, Cohort
from classroom.models import CohortInstructor
from tests.assignment_fixtures import assign
from tests.client import Client

pytestmark = pytest.mark.django_db

SESSIONS = "/admin/challengers/challenger/"
COHORTS = "/admin/challengers/cohort/"
PERMISSIONS = (
    "view_challenger",
    "view_cohort",
    "change_cohort",
    "view_assignment",
    "change_assignment",
)


@pytest.fixture
def mine(db: None) -> Cohort:
    return Cohort.objects.create(code="mine-101", name="Mine 101")


@pytest.fixture
def theirs(db: None) -> Cohort:
    return Cohort.objects.create(code="theirs-202", name="Theirs 202")


@pytest.fixture
def ada(make_session: Callable[..., Challenger], mine: Cohort) -> Challenger:
    return make_session(2, name="Ada Mine", cohort=mine)


@pytest.fixture
def bob(make_session: Callable[..., Challenger], theirs: Cohort) -> Challenger:
    return make_session(3, name="Bob Theirs", cohort=theirs)


@pytest.fixture
def tutor(mine: Cohort) -> User:
    user = User.objects.create_user("tutor", password="not-used-here", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=PERMISSIONS))
    CohortInstructor.objects.create(cohort=mine, user=user)
    return user


@pytest.fixture
def tutor_client(tutor: User) -> Client:
    client = Client()
    client.force_login(tutor)
    return client


def page(client: Client, url: str) -> str:
    reply = client.get(url)
    assert reply.status_code == 200
    return reply.content.decode()


@pytest.mark.usefixtures("ada", "bob")
def test_the_cohort_list_shows_only_the_cohorts_they_teach(tutor_client: Client) -> None:
    html = page(tutor_client, COHORTS)
    assert "Mine 101" in html
    assert "Theirs 202" not in html


@pytest.mark.usefixtures("ada", "bob")
def test_the_session_list_shows_only_their_students(tutor_client: Client) -> None:
    html = page(tutor_client, SESSIONS)
    assert "Ada Mine" in html
    assert "Bob Theirs" not in html


@pytest.mark.usefixtures("ada", "bob")
def test_the_session_list_s_cohort_filter_offers_only_their_cohorts(
    tutor_client: Client,
) -> None:
    html = page(tutor_client, SESSIONS)
    assert "Theirs 202" not in html and "theirs-202" not in html


def test_another_cohort_s_student_s_page_is_not_shown(
    tutor_client: Client, bob: Challenger
) -> None:
    reply = tutor_client.get(f"{SESSIONS}{bob.guid}/change/", follow=True)
    assert "Bob Theirs" not in reply.content.decode()


def test_another_cohort_s_student_s_history_page_is_not_shown(
    tutor_client: Client, bob: Challenger
) -> None:
    reply = tutor_client.get(f"{SESSIONS}{bob.guid}/history/", follow=True)
    assert "Bob Theirs" not in reply.content.decode()


@pytest.mark.usefixtures("bob")
def test_another_cohort_s_class_page_live_updates_and_csv_are_not_found(
    tutor_client: Client, theirs: Cohort
) -> None:
    base = f"{COHORTS}{theirs.pk}"
    for url in (f"{base}/progress/", f"{base}/progress/live.json", f"{base}/progress.csv"):
        assert tutor_client.get(url).status_code == 404, url


@pytest.mark.usefixtures("ada", "bob")
def test_their_own_class_page_and_csv_show_their_students(
    tutor_client: Client, mine: Cohort
) -> None:
    assert "Ada Mine" in page(tutor_client, f"{COHORTS}{mine.pk}/progress/")
    csv = page(tutor_client, f"{COHORTS}{mine.pk}/progress.csv")
    assert "Ada Mine" in csv and "Bob Theirs" not in csv


def test_the_export_action_leaves_out_other_cohorts_students(
    tutor_client: Client, ada: Challenger, bob: Challenger
) -> None:
    reply = tutor_client.post(
        SESSIONS, {"action": "export_progress_csv", "_selected_action": [ada.guid, bob.guid]}
    )
    csv = reply.content.decode("utf-8-sig")
    assert "Ada Mine" in csv and "Bob Theirs" not in csv


def test_the_assignment_list_shows_only_their_cohorts_assignments(
    tutor_client: Client, mine: Cohort, theirs: Cohort
) -> None:
    assign(mine, title="Mine week 1")
    assign(theirs, title="Theirs week 1")
    html = page(tutor_client, "/admin/classroom/assignment/")
    assert "Mine week 1" in html and "Theirs week 1" not in html


@pytest.mark.usefixtures("ada")
def test_a_session_s_cohort_can_only_be_set_to_one_they_teach(
    tutor: User, ada: Challenger, theirs: Cohort
) -> None:
    tutor.user_permissions.add(Permission.objects.get(codename="change_challenger"))
    client = Client()
    client.force_login(tutor)
    html = page(client, f"{SESSIONS}{ada.guid}/change/")
    assert "Mine 101" in html and "Theirs 202" not in html
    reply = client.post(
        f"{SESSIONS}{ada.guid}/change/", {"display_name": "Ada Mine", "cohort": theirs.pk}
    )
    assert reply.status_code == 200  # the form again, with the error
    assert Challenger.objects.get(pk=ada.guid).cohort_id != theirs.pk


@pytest.mark.usefixtures("ada", "bob")
def test_a_cohort_given_to_them_by_hand_shows_too(
    tutor: User, tutor_client: Client, theirs: Cohort
) -> None:
    CohortInstructor.objects.create(cohort=theirs, user=tutor)
    assert "Bob Theirs" in page(tutor_client, SESSIONS)


@pytest.mark.usefixtures("ada", "bob")
def test_a_superuser_sees_every_cohort_and_student(admin_client: Client) -> None:
    html = page(admin_client, SESSIONS)
    assert "Ada Mine" in html and "Bob Theirs" in html
    html = page(admin_client, COHORTS)
    assert "Mine 101" in html and "Theirs 202" in html


def test_a_superuser_names_a_cohort_s_instructors_on_its_page(
    admin_client: Client, theirs: Cohort, tutor: User
) -> None:
    CohortInstructor.objects.create(cohort=theirs, user=tutor)
    html = page(admin_client, f"{COHORTS}{theirs.pk}/change/")
    assert '<ul class="cp-instructor-list"><li>tutor</li></ul>' in html


def test_an_instructor_s_cohort_page_has_no_instructor_list(
    tutor_client: Client, mine: Cohort
) -> None:
    html = page(tutor_client, f"{COHORTS}{mine.pk}/change/")
    assert "Mine 101" in html
    assert "cp-instructor-list" not in html
    assert "Add an instructor" not in html


def test_a_superuser_adds_an_instructor_by_hand(
    admin_client: Client, theirs: Cohort, tutor: User
) -> None:
    reply = admin_client.post(
        "/admin/classroom/cohortinstructor/add/", {"cohort": theirs.pk, "user": tutor.pk}
    )
    assert reply.status_code == 302
    assert CohortInstructor.objects.filter(cohort=theirs, user=tutor).exists()


def test_an_instructor_cannot_add_instructors(
    tutor_client: Client, theirs: Cohort, tutor: User
) -> None:
    reply = tutor_client.post(
        "/admin/classroom/cohortinstructor/add/", {"cohort": theirs.pk, "user": tutor.pk}
    )
    assert reply.status_code == 403
    assert not CohortInstructor.objects.filter(cohort=theirs).exists()
