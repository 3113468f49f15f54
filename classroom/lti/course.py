"""What the class page shows and does for a cohort that LMS courses launch into: the
course roster (Names and Role Provisioning Services), learners who have not launched yet
("not started"), and which assignment each LMS link of the course is tied to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import requests
from django.db import DatabaseError, transaction
from lti_tool.models import LtiContext, LtiLineItem, LtiMembership, LtiResourceLink
from pylti1p3.exception import LtiException
from pylti1p3.names_roles import NamesRolesProvisioningService
from pylti1p3.service_connector import ServiceConnector

from challengers.models import Cohort
from classroom.lti.platforms import ensure_signing_key
from classroom.lti.tool import lms_session
from classroom.models import Assignment, LtiLearner, LtiLinkedAssignment

ROSTER_MAX = 5000  # members read from one course at most
TEXT_MAX = 255  # characters kept of a member's id and names


class CourseRefused(Exception):
    """What the class page could not do, with why."""


@dataclass(frozen=True)
class CourseLink:
    resource_link: LtiResourceLink
    assignment_id: int | None
    grades_column: bool  # the LMS gave a line item for its scores


def courses(cohort: Cohort) -> list[LtiContext]:
    return list(
        LtiContext.objects.filter(course__cohort=cohort).select_related("deployment__registration")
    )


def not_started(cohort: Cohort, contexts: list[LtiContext]) -> list[str]:
    """The names of the courses' active learners who have no session in the cohort yet."""
    launched = LtiLearner.objects.filter(cohort=cohort).values("lti_user_id")
    members = (
        LtiMembership.objects.filter(context__in=contexts, is_learner=True, is_active=True)
        .exclude(user_id__in=launched)
        .select_related("user")
    )
    names = {
        " ".join((m.user.name or f"{m.user.given_name} {m.user.family_name}").split()) or m.user.sub
        for m in members
    }
    return sorted(names, key=str.casefold)


def links(contexts: list[LtiContext]) -> list[CourseLink]:
    tied = dict(
        LtiLinkedAssignment.objects.filter(resource_link__context__in=contexts).values_list(
            "resource_link_id", "assignment_id"
        )
    )
    columns = set(
        LtiLineItem.objects.filter(context__in=contexts).values_list("resource_link_id", flat=True)
    )
    return [
        CourseLink(link, tied.get(link.pk), link.pk in columns or tied.get(link.pk) is not None)
        for link in LtiResourceLink.objects.filter(context__in=contexts).order_by("title", "pk")
    ]


def section(cohort: Cohort) -> dict[str, Any] | None:
    """The class page's LMS section, or None for a cohort no course launches into."""
    contexts = courses(cohort)
    if not contexts:
        return None
    return {
        "can_import": any(c.memberships_url for c in contexts),
        "not_started": not_started(cohort, contexts),
        "links": links(contexts),
        "assignments": list(Assignment.objects.filter(cohort=cohort)),
    }


def _member(raw: Any) -> dict[str, Any] | None:
    """A roster entry as django-lti stores it, bounded; None for one that is no member."""
    if not isinstance(raw, dict):
        return None
    user_id, roles = raw.get("user_id"), raw.get("roles")
    if not isinstance(user_id, str) or not user_id or len(user_id) > TEXT_MAX:
        return None
    if not isinstance(roles, list) or not all(isinstance(r, str) for r in roles):
        return None
    member: dict[str, Any] = {
        "user_id": user_id,
        "roles": roles,
        "status": raw.get("status") if raw.get("status") in ("Active", "Inactive") else "Active",
    }
    for name in ("name", "given_name", "family_name"):
        if isinstance(raw.get(name), str):
            member[name] = " ".join(raw[name].split())[:TEXT_MAX]
    return member


def import_roster(cohort: Cohort) -> int:
    """Reads each course's roster from the LMS and stores its members (django-lti's
    memberships). Returns how many members were read."""
    contexts = [c for c in courses(cohort) if c.memberships_url]
    if not contexts:
        raise CourseRefused("No launch from this class's LMS course offered its roster.")
    ensure_signing_key()
    read = 0
    for context in contexts:
        registration = context.deployment.registration.to_registration()
        service = NamesRolesProvisioningService(
            ServiceConnector(registration, lms_session()),
            {"context_memberships_url": context.memberships_url},
        )
        try:
            raw = service.get_members()
        except (LtiException, requests.RequestException, ValueError) as failed:
            raise CourseRefused(f"The LMS did not give the roster: {failed}"[:500]) from None
        members = [m for m in map(_member, raw[:ROSTER_MAX]) if m is not None]
        try:
            with transaction.atomic():
                context.update_memberships(members)
        except DatabaseError:
            raise CourseRefused(
                "The LMS's roster holds entries this server cannot store."
            ) from None
        read += len(members)
    return read


def tie_link(cohort: Cohort, resource_link_id: str, assignment_id: str) -> LtiResourceLink:
    """Ties one of the cohort's courses' LMS links to one of its assignments (or unties it,
    for an empty `assignment_id`), with the link's grade column when the LMS gave one."""
    link = LtiResourceLink.objects.filter(
        pk=int(resource_link_id) if resource_link_id.isdigit() else 0,
        context__course__cohort=cohort,
    ).first()
    if link is None:
        raise CourseRefused("That LMS link is not one of this class's courses.")
    if not assignment_id:
        LtiLinkedAssignment.objects.filter(resource_link=link).delete()
        return link
    assignment = Assignment.objects.filter(
        pk=int(assignment_id) if assignment_id.isdigit() else 0, cohort=cohort
    ).first()
    if assignment is None:
        raise CourseRefused("That assignment is not one of this class's.")
    column = LtiLineItem.objects.filter(resource_link=link).order_by("-pk").first()
    LtiLinkedAssignment.objects.update_or_create(
        resource_link=link,
        defaults={"assignment": assignment, "line_item_url": column.url if column else ""},
    )
    return link
