"""How the classic edition is declared: as what differs from the current one.

A classic challenge is mostly the current challenge of the same key, with its routes
explained at the root paths the classic service had (`/todos`: it had no `/api` tree) and,
where the classic service answered another status, that status in its rule and name. So
`classic` declares each one with `like`, naming only what differs (its texts, a name or a
credit condition of its own, the statuses mapped), and `derive` makes the challenges from
those entries and the current catalogue. A classic challenge whose rule the current edition
has no counterpart for is declared whole, with `declarations.declare`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from challenges.conditions import Condition, route, status
from challenges.declarations import Catalogue, Challenge, Hint, Section, declare

_STATUS_IS = "status is "


def at(*shapes: str) -> Condition:
    """The request went to one of these routes; explained with root paths (`/todos`)."""
    return route(*shapes, root="/")


@dataclass(frozen=True)
class Like:
    """A classic challenge whose rule is the current challenge of the same key: `derive`
    makes it. It declares its own texts, and what else differs."""

    key: str
    section: Section
    description: str
    hints: tuple[Hint, ...]
    name: str | None = None  # None: the current name at the root paths, statuses mapped
    statuses: Mapping[int, int] = field(default_factory=dict)
    credit: tuple[Condition, ...] | None = None  # None: the current credit conditions


def like(
    key: str,
    section: Section,
    description: str,
    hints: tuple[Hint, ...],
    *,
    name: str | None = None,
    statuses: Mapping[int, int] | None = None,
    credit: tuple[Condition, ...] | None = None,
) -> Like:
    return Like(key, section, description, hints, name, statuses or {}, credit)


def _at_root(condition: Condition) -> Condition:
    # A route condition's name and explanation write the API root before each route
    # shape (`conditions.route`); the classic service served the same shapes at `/`.
    if not condition.shapes:
        return condition
    return replace(
        condition,
        name=condition.name.replace("/api/", "/"),
        explain=condition.explain.replace("/api/", "/"),
    )


def _answered(condition: Condition, statuses: Mapping[int, int]) -> Condition:
    """`condition` as the classic service answered: a status condition's codes mapped."""
    if not statuses or not condition.name.startswith(_STATUS_IS):
        return condition
    codes = {int(code) for code in condition.name.removeprefix(_STATUS_IS).split(" or ")}
    return status(*sorted({statuses.get(code, code) for code in codes}))


def _classic(
    conditions: tuple[Condition, ...], statuses: Mapping[int, int]
) -> tuple[Condition, ...]:
    return tuple(_answered(_at_root(condition), statuses) for condition in conditions)


def _classic_name(name: str, statuses: Mapping[int, int]) -> str:
    name = name.replace("/api/", "/")
    for current, classic in statuses.items():
        name = name.replace(f"({current})", f"({classic})")
    return name


def derive(
    current: Catalogue,
    entries: tuple[Like | Challenge, ...],
    deprecated_keys: Mapping[str, str],
    *,
    listing_xml_order: tuple[str, ...] | None = None,
) -> Catalogue:
    """The classic catalogue: `entries` in order, each `Like` made from the current
    challenge of its key."""
    challenges = []
    for entry in entries:
        if isinstance(entry, Challenge):
            challenges.append(entry)
            continue
        base = current.by_key(entry.key)
        challenges.append(
            declare(
                entry.key,
                entry.name or _classic_name(base.name, entry.statuses),
                entry.section,
                entry.description,
                entry.hints,
                attempt=_classic(base.attempt, entry.statuses),
                credit=_classic(base.credit, entry.statuses)
                if entry.credit is None
                else entry.credit,
                modes=base.modes,
            )
        )
    return Catalogue(tuple(challenges), deprecated_keys, listing_xml_order=listing_xml_order)
