"""Assignments in the admin: the form chooses sections, then adds or removes single
challenges, and stores the keys; the cohort's page lists its assignments."""

from __future__ import annotations

import pytest
from django.test import Client

from challengers.models import Cohort
from challenges.catalogue import challenges_for, keys_for
from classroom.assignments import section_keys
from classroom.models import Assignment
from tests.assignment_fixtures import assign

ADD = "/admin/classroom/assignment/add/"


def form(cohort: Cohort, **fields: object) -> dict[str, object]:
    data: dict[str, object] = {
        "cohort": cohort.pk,
        "title": "Sections 1 and 2",
        "opens_at_0": "",
        "opens_at_1": "",
        "due_at_0": "",
        "due_at_1": "",
        # The change page's inline of extensions, sent empty.
        "extensions-TOTAL_FORMS": "0",
        "extensions-INITIAL_FORMS": "0",
    }
    data.update(fields)
    return data


def sections() -> list[str]:
    return list(section_keys("multi"))


def a_large_section() -> tuple[int, str]:
    """A section of four or more challenges, and its position in the form."""
    return next(
        (n, key) for n, key in enumerate(sections()) if len(section_keys("multi")[key]) >= 4
    )


def test_ticked_sections_store_their_challenges_in_display_order(
    admin_client: Client, cohort: Cohort
) -> None:
    first, second = sections()[:2]
    reply = admin_client.post(ADD, form(cohort, sections=[second, first]))
    assert reply.status_code == 302, reply.content.decode()[:2000]
    stored = Assignment.objects.get()
    expected = list(section_keys("multi")[first] + section_keys("multi")[second])
    assert stored.challenges == expected
    assert stored.cohort == cohort


def test_single_challenges_are_added_and_removed(admin_client: Client, cohort: Cohort) -> None:
    first = sections()[0]
    in_first = section_keys("multi")[first]
    extra = keys_for("multi")[40]
    reply = admin_client.post(
        ADD,
        form(cohort, sections=[first], add_challenges=[extra], remove_challenges=[in_first[0]]),
    )
    assert reply.status_code == 302
    assert Assignment.objects.get().challenges == [*in_first[1:], extra]


def test_an_assignment_needs_at_least_one_challenge(admin_client: Client, cohort: Cohort) -> None:
    reply = admin_client.post(ADD, form(cohort))
    assert reply.status_code == 200
    assert "Choose at least one challenge" in reply.content.decode()
    assert not Assignment.objects.exists()


def test_the_due_time_must_follow_the_opening_time(admin_client: Client, cohort: Cohort) -> None:
    fields = form(
        cohort,
        sections=sections()[:1],
        opens_at_0="2026-12-01",
        opens_at_1="16:00:00",
        due_at_0="2026-12-01",
        due_at_1="15:00:00",
    )
    reply = admin_client.post(ADD, fields)
    assert "The due time must come after the opening time." in reply.content.decode()
    assert not Assignment.objects.exists()


def test_an_unknown_challenge_key_is_refused(admin_client: Client, cohort: Cohort) -> None:
    reply = admin_client.post(ADD, form(cohort, add_challenges=["NOT_A_CHALLENGE"]))
    assert reply.status_code == 200
    assert "Select a valid choice" in reply.content.decode()
    assert not Assignment.objects.exists()


def test_editing_opens_with_the_stored_choice_and_keeps_it(
    admin_client: Client, cohort: Cohort
) -> None:
    position, first = a_large_section()
    in_first = section_keys("multi")[first]
    extra = keys_for("multi")[50]
    stored = Assignment.objects.create(
        cohort=cohort, title="Mixed", challenges=[*in_first[1:], extra]
    )
    page = admin_client.get(f"/admin/classroom/assignment/{stored.pk}/change/").content.decode()
    assert f'value="{first}" id="id_sections_{position}" checked' in page
    assert f'<option value="{extra}" selected>' in page
    assert f'<option value="{in_first[0]}" selected>' in page  # in "Except these challenges"
    reply = admin_client.post(
        f"/admin/classroom/assignment/{stored.pk}/change/",
        form(
            cohort,
            title="Mixed",
            sections=[first],
            add_challenges=[extra],
            remove_challenges=[in_first[0]],
        ),
    )
    assert reply.status_code == 302
    stored.refresh_from_db()
    assert stored.challenges == [*in_first[1:], extra]


def test_the_cohort_page_lists_its_assignments(admin_client: Client, cohort: Cohort) -> None:
    assignment = assign(cohort, title="Warm-up")
    page = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/change/").content.decode()
    assert f'href="/admin/classroom/assignment/{assignment.pk}/change/">Warm-up</a>' in page
    assert f'href="/admin/classroom/assignment/add/?cohort={cohort.pk}"' in page


def test_the_add_link_names_the_cohort(admin_client: Client, cohort: Cohort) -> None:
    page = admin_client.get(f"{ADD}?cohort={cohort.pk}").content.decode()
    assert f'<option value="{cohort.pk}" selected>' in page


@pytest.mark.parametrize("mode", ["multi"])
def test_the_form_offers_every_challenge_of_the_edition(
    admin_client: Client, db: None, mode: str
) -> None:
    page = admin_client.get(ADD).content.decode()
    for challenge in challenges_for(mode):
        assert f'<option value="{challenge.key}">' in page
