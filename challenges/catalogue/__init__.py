"""The challenge catalogue being served, and every lookup on it.

The two editions' catalogues are data, declared in this package: the current one in
`current` (by topic), the classic one in `classic` (as what differs from the current).
`active()` is the catalogue of the edition being served (`practiceapi.editions`), and
the lookups below ask it: the challenges API, the progress payload, the dashboard, the
admin and the tracker all read the catalogue through them and never name a challenge
themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from challenges.catalogue.classic import CLASSIC
from challenges.catalogue.current import CATALOGUE
from challenges.declarations import Challenge, Judgement, Section
from challenges.exchange import Exchange
from practiceapi.editions import PerEdition

# The catalogue of the edition being served (`practiceapi.editions.PerEdition`: chosen
# once, chosen again when tests switch the setting).
active = PerEdition(current=CATALOGUE, classic=CLASSIC)


def known_keys() -> frozenset[str]:
    """Every key any edition stores progress under: a restore keeps them all, so progress
    saved in one edition is still there when the server is switched to the other."""
    return frozenset().union(*(c.known_keys for c in active.by_name.values()))


# The served edition's lookups, by name, for the views, the admin and the tracker.


def challenges_for(mode: str) -> tuple[Challenge, ...]:
    return active().challenges_for(mode)


def sections() -> tuple[Section, ...]:
    return active().sections


def display_id(key: str, mode: str) -> str:
    return active().display_id(key, mode)


def by_key(key: str) -> Challenge:
    return active().by_key(key)


def keys_for(mode: str) -> tuple[str, ...]:
    return active().keys_for(mode)


def completion_value(progress: Mapping[str, Any], key: str) -> Any:
    return active().completion_value(progress, key)


def progress_status(progress: Mapping[str, Any], mode: str) -> dict[str, bool]:
    return active().progress_status(progress, mode)


def candidates(exchange: Exchange) -> tuple[Challenge, ...]:
    return active().candidates(exchange)


def route_candidates(mode: str, method: str, path: str) -> tuple[Challenge, ...]:
    return active().route_candidates(mode, method, path)


def attempts(
    mode: str,
    method: str,
    shape: str,
    part: Callable[[str], str | None],
    exchange: Callable[[], Exchange],
) -> tuple[Challenge, ...]:
    return active().attempts(mode, method, shape, part, exchange)


def completed_keys(exchange: Exchange) -> set[str]:
    return active().completed_keys(exchange)


def completed_on_arrival(exchange: Exchange) -> set[str]:
    return active().completed_on_arrival(exchange)


def judge(
    exchange: Exchange, challenges: Iterable[Challenge], *, sifted: bool = False
) -> Judgement:
    return active().judge(exchange, challenges, sifted=sifted)
