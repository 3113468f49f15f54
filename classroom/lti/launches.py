"""What a verified LTI launch does here: the learner gets their session in the course's
cohort, the instructor a staff account that teaches that cohort, logged in.

Everything a launch writes happens in one transaction, after the launch was verified: a
launch refused here (an unknown cohort code or assignment title, a role with nothing to
do here) leaves nothing behind.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission, User
from django.db import DataError, IntegrityError, transaction
from django.utils.text import slugify
from lti_tool.models import LtiContext, LtiLaunch, LtiLineItem, LtiMembership, LtiUser
from lti_tool.utils import sync_data_from_launch

from challengers.models import Challenger, Cohort
from challengers.sessions import create_challenger
from challenges.selectors import cohort_of
from challenges.services import NAME_MAX, save_profile
from classroom.models import (
    Assignment,
    CohortInstructor,
    LtiCourse,
    LtiInstructor,
    LtiLearner,
    LtiLinkedAssignment,
)

# What an LTI instructor may do in the admin: watch their cohorts' sessions and class
# pages, rename their cohort, and manage its assignments. What they see of each is narrowed
# to the cohorts they teach (classroom.admin).
INSTRUCTOR_PERMISSIONS = (
    ("challengers", "view_challenger"),
    ("challengers", "view_cohort"),
    ("challengers", "change_cohort"),
    ("classroom", "view_assignment"),
    ("classroom", "add_assignment"),
    ("classroom", "change_assignment"),
    ("classroom", "delete_assignment"),
)
CONTEXT_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/context"
LINK_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/resource_link"
CODE_MAX = 40  # Cohort.code
COHORT_NAME_MAX = 100  # Cohort.name
URL_MAX = 200  # django-lti's line item URL column
CUSTOM_MAX = 100  # a custom parameter longer than any code or title here is refused


class LaunchRefused(Exception):
    """A verified launch this service cannot act on; the message says why."""


@dataclass(frozen=True)
class Landing:
    """Where a launch ends: the learner's session, or the instructor's account and cohort."""

    cohort: Cohort
    challenger: Challenger | None = None
    user: User | None = None


def _custom(launch: LtiLaunch, name: str) -> str:
    value = launch.get_custom_claim(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise LaunchRefused(f"The custom parameter {name} must be text.")
    value = value.strip()
    if len(value) > CUSTOM_MAX:
        raise LaunchRefused(f"The custom parameter {name} is longer than {CUSTOM_MAX} characters.")
    # An LMS sends a substitution variable it does not know as written ("$Context.id").
    return "" if value.startswith("$") else value


def person_name(user: LtiUser) -> str:
    """The name the LMS gave (its `name` claim, else given and family name), one line."""
    name = user.name or f"{user.given_name} {user.family_name}"
    return " ".join(name.split())[:NAME_MAX]


def _course_cohort(launch: LtiLaunch, context: LtiContext) -> Cohort:
    """The cohort the custom parameter `cohort` names, else the course's own, made on the
    course's first launch."""
    code = _custom(launch, "cohort")
    if code:
        cohort = cohort_of(code)
        if cohort is None:
            raise LaunchRefused(
                f"The custom parameter cohort names no class on this server: {code!r}."
            )
        LtiCourse.objects.update_or_create(context=context, defaults={"cohort": cohort})
        return cohort
    course = LtiCourse.objects.filter(context=context).select_related("cohort").first()
    if course is not None:
        return course.cohort
    title = " ".join((context.title or context.label or "LMS course").split())
    cohort = Cohort.objects.create(code=_free_code(context), name=title[:COHORT_NAME_MAX])
    LtiCourse.objects.create(context=context, cohort=cohort)
    return cohort


def _free_code(context: LtiContext) -> str:
    """A cohort code for a course: its label or title as a slug, with a short hash of the
    course's identity, so two courses with the same label get codes of their own."""
    identity = f"{context.deployment_id}:{context.id_on_platform}"
    suffix = hashlib.sha256(identity.encode()).hexdigest()[:8]
    stem = slugify(context.label or context.title or "course")[: CODE_MAX - len(suffix) - 1]
    code = f"{stem.strip('-') or 'course'}-{suffix}"
    while Cohort.objects.filter(code__iexact=code).exists():
        code = f"{code[: CODE_MAX - 3]}-{hashlib.sha256(code.encode()).hexdigest()[:2]}"
    return code


def _link_assignment(launch: LtiLaunch, cohort: Cohort) -> None:
    """The custom parameter `assignment`: this resource link's assignment, by title, in
    the cohort; the launch's AGS line item is where its scores go."""
    title = _custom(launch, "assignment")
    ags = launch.ags_claim if isinstance(launch.ags_claim, dict) else {}
    line_item = ags.get("lineitem", "")
    line_item = line_item if isinstance(line_item, str) and len(line_item) <= URL_MAX else ""
    if line_item:
        # The link's grade column, kept with django-lti's model so that an instructor can
        # tie the link to an assignment on the class page later. The AGS claim does not
        # say the column's maximum; the scores posted carry their own.
        LtiLineItem.objects.update_or_create(
            url=line_item,
            defaults={
                "context": launch.context,
                "resource_link": launch.resource_link,
                "label": (launch.resource_link.title or "API Challenges")[:255],
                "maximum_score": 0,
            },
        )
    if not title:
        existing = LtiLinkedAssignment.objects.filter(resource_link=launch.resource_link)
        if line_item:
            existing.update(line_item_url=line_item)
        return
    assignment = Assignment.objects.filter(cohort=cohort, title=title).first()
    if assignment is None:
        raise LaunchRefused(
            f"The custom parameter assignment names no assignment of {cohort.name}: {title!r}."
        )
    LtiLinkedAssignment.objects.update_or_create(
        resource_link=launch.resource_link,
        defaults={"assignment": assignment, "line_item_url": line_item},
    )


def _learner_session(lti_user: LtiUser, cohort: Cohort) -> Challenger:
    name = person_name(lti_user)
    known = LtiLearner.objects.filter(lti_user=lti_user, cohort=cohort).first()
    if known is not None:
        challenger = Challenger.objects.get(pk=known.challenger_id)
        if name and challenger.display_name != name:
            save_profile(challenger, {"display_name": name})
        return challenger
    challenger = save_profile(create_challenger(), {"display_name": name, "cohort": cohort})
    LtiLearner.objects.create(lti_user=lti_user, cohort=cohort, challenger=challenger)
    return challenger


def _instructor_account(lti_user: LtiUser, context: LtiContext, cohort: Cohort) -> User:
    User = get_user_model()
    known = LtiInstructor.objects.filter(lti_user=lti_user, context=context).first()
    if known is not None:
        user = User.objects.get(pk=known.user_id)
    else:
        identity = f"{lti_user.registration_id}:{lti_user.sub}:{context.pk}"
        username = "lti-" + hashlib.sha256(identity.encode()).hexdigest()[:24]
        user = User(
            username=username,
            first_name=(lti_user.given_name or "")[:150],
            last_name=(lti_user.family_name or "")[:150],
            email=lti_user.email or "",
            is_staff=True,
        )
        user.set_unusable_password()  # the LMS logs them in; there is no password to guess
        user.save()
        user.user_permissions.set(_instructor_permissions())
        LtiInstructor.objects.create(lti_user=lti_user, context=context, user=user)
    if not user.is_active:
        raise LaunchRefused("This instructor's account here has been deactivated.")
    CohortInstructor.objects.get_or_create(cohort=cohort, user=user)
    return user


def _instructor_permissions() -> list[Permission]:
    wanted = set(INSTRUCTOR_PERMISSIONS)
    found = Permission.objects.filter(
        content_type__app_label__in={app for app, _ in wanted},
        codename__in={codename for _, codename in wanted},
    ).select_related("content_type")
    return [p for p in found if (p.content_type.app_label, p.codename) in wanted]


# The claims django-lti stores, cut to its columns: a signed launch may still carry more
# than they hold, and a value too long must not fail the launch on one database only.
USER_TEXT = {"name": 500, "given_name": 500, "family_name": 500}
CONTEXT_TEXT = {"title": 500, "label": 255, "id": 255}
LINK_TEXT = {"title": 500, "id": 255}
EMAIL_MAX = 254
PICTURE_MAX = 200


def _bounded(claims: dict[str, Any], limits: dict[str, int]) -> None:
    for name, limit in limits.items():
        if name in claims:
            value = claims[name]
            claims[name] = value[:limit] if isinstance(value, str) else ""


def bound_claims(launch: LtiLaunch) -> None:
    """Cuts the claims django-lti stores to what its columns hold, and drops an e-mail or
    picture that is no address."""
    body = launch.get_launch_data()
    if not isinstance(body, dict):
        raise LaunchRefused("The launch carries no claims.")
    _bounded(body, USER_TEXT)
    email = body.get("email")
    if email is not None and not (
        isinstance(email, str) and "@" in email and len(email) <= EMAIL_MAX
    ):
        body.pop("email")
    picture = body.get("picture")
    if picture is not None and not (isinstance(picture, str) and len(picture) <= PICTURE_MAX):
        body.pop("picture")
    for claim, limits in ((CONTEXT_CLAIM, CONTEXT_TEXT), (LINK_CLAIM, LINK_TEXT)):
        value = body.get(claim)
        if value is not None and not isinstance(value, dict):
            raise LaunchRefused(f"The launch's {claim.rsplit('/', 1)[-1]} claim is malformed.")
        if value is not None:
            _bounded(value, limits)


def land(launch: LtiLaunch) -> Landing:
    """Acts on a verified resource-link launch, all or nothing."""
    if not launch.deployment.is_active:
        raise LaunchRefused("This LMS deployment is not active on this server.")
    bound_claims(launch)
    try:
        with transaction.atomic():
            sync_data_from_launch(launch)
            membership: LtiMembership = launch.membership
            context = launch.context
            cohort = _course_cohort(launch, context)
            _link_assignment(launch, cohort)
            if membership.is_instructor or membership.is_administrator:
                user = _instructor_account(launch.user, context, cohort)
                return Landing(cohort=cohort, user=user)
            if membership.is_learner:
                return Landing(cohort=cohort, challenger=_learner_session(launch.user, cohort))
            raise LaunchRefused(
                "This launch names neither a learner nor an instructor of the course."
            )
    except IntegrityError:
        # Two first launches of the same person at once: the other one made the rows.
        raise LaunchRefused("This launch met another of the same person; launch again.") from None
    except DataError:
        raise LaunchRefused("The launch carries a value this server cannot store.") from None
