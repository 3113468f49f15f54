"""What the student pages read: the served catalogue as the pages show it, a session's
progress laid out by section, the status JSON the progress page polls, and the cohort a
code names. Reading only; the writes are `challenges.services`'s."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import orjson
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from challengers.models import Challenger, Cohort
from challenges.assigned import Assigned, join_path, offers_join_links
from challenges.catalogue import active, challenges_for, completion_value
from challenges.declarations import Catalogue, is_done
from challenges.learn_more import learn_more
from challenges.near_misses import open_near_misses
from challenges.times import format_time, parse_time
from practiceapi.protocol.errors import ApiError

_CODE = re.compile(r"`([^`]+)`")


# --------------------------------------------------------------------------- catalogue view


def markdown_inline(text: str) -> SafeString:
    """Catalogue texts use `back-ticks` for code; everything else is escaped."""
    return mark_safe(_CODE.sub(r"<code>\1</code>", escape(text)))  # escaped first


@dataclass(frozen=True)
class HintView:
    text: SafeString
    link: str | None


@dataclass(frozen=True)
class ChallengeView:
    key: str
    display_id: str
    name: str
    description: SafeString
    hints: tuple[HintView, ...]


@dataclass(frozen=True)
class SectionView:
    key: str
    title: str
    blurb: SafeString
    challenges: tuple[ChallengeView, ...]


def catalogue_view(current_mode: str) -> tuple[SectionView, ...]:
    """The served edition's sections with their challenges, texts pre-rendered."""
    return _rendered(active(), current_mode)


@cache
def _rendered(catalogue: Catalogue, current_mode: str) -> tuple[SectionView, ...]:
    # Once per edition and mode: the catalogues are fixed data.
    by_section: dict[str, list[ChallengeView]] = {}
    for challenge in catalogue.challenges_for(current_mode):
        by_section.setdefault(challenge.section.key, []).append(
            ChallengeView(
                key=challenge.key,
                display_id=catalogue.display_id(challenge.key, current_mode),
                name=challenge.name,
                description=markdown_inline(challenge.description),
                hints=tuple(
                    HintView(markdown_inline(h.text), learn_more(challenge, h.link))
                    for h in challenge.hints
                ),
            )
        )
    return tuple(
        SectionView(s.key, s.title, markdown_inline(s.blurb), tuple(by_section[s.key]))
        for s in catalogue.sections
        if s.key in by_section
    )


# --------------------------------------------------------------------------- progress


def percent(done: int, total: int) -> int:
    """Rounded down, so 98/99 never shows as 100%."""
    return (100 * done) // total if total else 0


def progress_rows(
    challenger: Challenger,
    current_mode: str,
    assigned: frozenset[str] = frozenset(),
    more_hints: Mapping[str, tuple[HintView, ...]] | None = None,
) -> dict[str, Any]:
    """Sections with each challenge's done flag, time, near miss, hints (the catalogue's,
    then `more_hints` of the challenges still open) and whether the open assignment holds
    it (`assigned`); the totals; and the next challenge (the first open one of the
    assignment, else the first open one in display order, None when all are done)."""
    progress = challenger.progress or {}
    near = {n.key: n for n in open_near_misses(progress, challenger.near_misses, current_mode)}
    sections = []
    done_total = 0
    next_row = assigned_next = None
    for section in catalogue_view(current_mode):
        rows = []
        for challenge in section.challenges:
            value = completion_value(progress, challenge.key)
            done = is_done(value)
            moment = parse_time(value) if done else None
            row = {
                "c": challenge,
                "done": done,
                "at": format_time(moment),
                "iso": moment.isoformat() if moment else "",
                "near": None if done else near.get(challenge.key),
                "assigned": challenge.key in assigned,
                "hints": challenge.hints
                + (() if done or not more_hints else more_hints.get(challenge.key, ())),
            }
            rows.append(row)
            if next_row is None and not done:
                next_row = row
            if assigned_next is None and not done and row["assigned"]:
                assigned_next = row
        section_done = sum(1 for row in rows if row["done"])
        done_total += section_done
        sections.append({"s": section, "rows": rows, "done": section_done, "total": len(rows)})
    total = len(challenges_for(current_mode))
    return {
        "sections": sections,
        "done": done_total,
        "total": total,
        "percent": percent(done_total, total),
        "next": assigned_next or next_row,
    }


def status_data(
    challenger: Challenger, current_mode: str, assignments: Sequence[Assigned] = ()
) -> dict[str, Any]:
    """What the progress page's script needs to update itself in place."""
    data = progress_rows(
        challenger, current_mode, assignments[0].keys if assignments else frozenset()
    )
    rows = [row for s in data["sections"] for row in s["rows"]]
    return {
        "guid": challenger.guid,
        "done": data["done"],
        "total": data["total"],
        "percent": data["percent"],
        "sections": {s["s"].key: s["done"] for s in data["sections"]},
        "completed": {
            row["c"].key: {"at": row["iso"], "label": row["at"]} for row in rows if row["done"]
        },
        "nearMisses": {
            row["c"].key: {
                "at": row["near"].at,
                "request": row["near"].request,
                "status": row["near"].status,
                "reason": row["near"].reason,
            }
            for row in rows
            if row["near"]
        },
        "next": data["next"]["c"].key if data["next"] else None,
        "assignments": [a.as_status() for a in assignments],
    }


# The challenge a session made for a student by a class's join link cannot do: a client
# creating a session of its own.
CREATE_SESSION = "CREATE_NEW_CHALLENGER"


def class_hints(challenger: Challenger) -> dict[str, tuple[HintView, ...]]:
    """What the progress page adds to the catalogue's hints for a session in a class: how
    to do challenge 01 so that it counts there, since a session made by the join link
    cannot. Reads the cohort the session was found with."""
    cohort = challenger.cohort if challenger.cohort_id is not None else None
    if cohort is None or not offers_join_links():
        return {}
    path = join_path(cohort)
    text = (
        "In a class: send `POST /api/challenger` from your own API client, with no "
        f"X-CHALLENGER header, then open your class's join link `{path}` again, type the same "
        "name and paste the GUID the answer gave you. The class then follows that new "
        "session, and what you did in this one is merged into it."
    )
    return {CREATE_SESSION: (HintView(markdown_inline(text), None),)}


def status_version(
    challenger: Challenger, current_mode: str, assignments: Sequence[Assigned] = ()
) -> str:
    """A digest of everything `status_data` is made from: the served catalogue's keys, the
    session's progress and stored near misses, and its open assignments as they stand. It
    changes whenever the status can (and, rarely, when it cannot: a near miss of another
    edition's challenge), so an unchanged one answers "not modified" without building the
    status."""
    parts = [
        current_mode,
        [c.key for c in challenges_for(current_mode)],
        challenger.progress,
        challenger.near_misses,
        [[sorted(a.keys), a.as_status()] for a in assignments],
    ]
    # Keys sorted: the same progress read back in another order is the same status.
    encoded = orjson.dumps(parts, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    return hashlib.blake2b(encoded, digest_size=12).hexdigest()


# --------------------------------------------------------------------------- cohorts


def has_cohorts() -> bool:
    """Whether an instructor has made any class (the progress page says when none exists)."""
    return Cohort.objects.exists()


def cohort_of(code: str) -> Cohort | None:
    """The cohort a student typed the code of, or None; codes match case-insensitively."""
    return Cohort.objects.filter(code__iexact=code.strip()).first()


def find_cohort(code: str) -> Cohort:
    """`cohort_of`, answering 422 for a code no cohort has."""
    cohort = cohort_of(code)
    if cohort is None:
        raise ApiError(422, f"Unknown cohort code: {code.strip()}")
    return cohort
