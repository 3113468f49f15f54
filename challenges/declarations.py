"""What a challenge catalogue is made of, and every lookup on one.

A catalogue is data: sections, challenges with their texts, and each challenge's rule as
two tuples of named conditions (`challenges.conditions`, `challenges.rules`): `attempt`,
what makes a request an attempt at it, and `credit`, what must then hold. The same
declaration credits a request and explains a near miss.

The current edition's catalogue is declared with these types in
`challenges.catalogue.current`; the classic one in `challenges.catalogue.classic`, as what
differs from the current one; `challenges.catalogue` says which one is served.

* Keys (e.g. `GET_TODOS`) are stable and are what progress maps store.
* Display ids (`"01"`…) are positions in the mode's list, so they shift with the mode.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from challenges.conditions import ANY_METHOD, REQUEST, Condition, Test, request_carries
from challenges.exchange import Exchange
from challenges.routes import OTHER, route_shape

logger = logging.getLogger(__name__)


MULTI = "multi"
SINGLE = "single"
MODES = (MULTI, SINGLE)

BOTH_MODES = frozenset(MODES)
MULTI_ONLY = frozenset({MULTI})

# Pages hints link to.
DOCS = "/docs"
MIRROR = "/mirror/request"
DASHBOARD = "/gui/challenges"

JSON = "application/json"
XML = "application/xml"


@dataclass(frozen=True)
class Hint:
    text: str
    link: str | None = None


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    blurb: str


@dataclass(frozen=True)
class Challenge:
    """One challenge: its texts and its rule, declared as named conditions.

    A request is an attempt when every `attempt` condition holds; it completes the
    challenge when every `credit` condition holds too, and is a near miss otherwise, unless
    it met an attempt condition without showing it aimed at this one (`Condition.unaimed`).
    Everything the tracker needs besides (the routes to index it under, whether it can be
    judged on arrival, what a request must carry) is derived from the conditions.
    """

    key: str
    name: str
    section: Section
    description: str
    hints: tuple[Hint, ...]
    attempt: tuple[Condition, ...]
    credit: tuple[Condition, ...]
    modes: frozenset[str] = BOTH_MODES

    def __post_init__(self) -> None:
        if not any(c.shapes for c in self.attempt):
            raise ValueError(f"{self.key}: the attempt names no route")

    @cached_property
    def routes(self) -> tuple[tuple[str, str], ...]:
        """(method, route shape) pairs an attempt can have; `ANY_METHOD` when the attempt
        names no method (`Catalogue.route_index`)."""
        shapes = _narrowest(c.shapes for c in self.attempt)
        methods = _narrowest(c.methods for c in self.attempt) or frozenset({ANY_METHOD})
        return tuple(sorted((m, s) for m in methods for s in shapes))

    @cached_property
    def on_arrival(self) -> bool:
        """True when every condition reads only the request: the challenge is judged before
        the view runs, as the public service does (e.g. GET /api/challenges lists itself done)."""
        return all(c.reads == REQUEST for c in (*self.attempt, *self.credit))

    @cached_property
    def needs(self) -> frozenset[str]:
        """What a request must carry to be an attempt (`conditions.QUERY`, header names)."""
        return frozenset().union(*(c.needs for c in self.attempt))

    @cached_property
    def _beyond_route(self) -> tuple[Condition, ...]:
        # The attempt conditions the route index does not already guarantee.
        return tuple(c for c in self.attempt if not c.methods and not c.shapes)

    @cached_property
    def request_attempt(self) -> tuple[Condition, ...]:
        """The attempt conditions beyond the route that read only the request: whether
        they hold is known when the request arrives (`Catalogue.attempts`)."""
        return tuple(c for c in self._beyond_route if c.reads == REQUEST)

    @cached_property
    def _response_attempt(self) -> tuple[Condition, ...]:
        return tuple(c for c in self._beyond_route if c.reads != REQUEST)

    def judge(self, exchange: Exchange, *, routed: bool = False, sifted: bool = False) -> Verdict:
        """CREDITED, a near miss with the first unmet credit condition, or NOT_AN_ATTEMPT.

        `routed`: the challenge was found through the route index for this exchange, so
        its method and route conditions hold; `sifted`: found through
        `Catalogue.attempts`, so its `request_attempt` conditions hold too. The tracker
        skips what is known to hold.
        """
        if sifted:
            attempt = self._response_attempt
        else:
            attempt = self._beyond_route if routed else self.attempt
        for condition in attempt:
            if not condition.test(exchange):
                return NOT_AN_ATTEMPT
        for condition in self.credit:
            if not condition.test(exchange):
                if self.aimed(exchange):
                    return Verdict(condition)
                return NOT_AN_ATTEMPT
        return CREDITED

    @cached_property
    def _aim_tests(self) -> tuple[Test, ...]:
        return tuple(c.unaimed for c in self.attempt if c.unaimed is not None)

    def aimed(self, exchange: Exchange) -> bool:
        """Whether the request, an attempt, shows the student aimed at this challenge: it
        meets no attempt condition only with its client's defaults or another challenge's
        aim (`Condition.unaimed`). One that does not is no near miss."""
        return not any(unaimed(exchange) for unaimed in self._aim_tests)

    def credits(self, exchange: Exchange) -> bool:
        return self.judge(exchange) is CREDITED


@dataclass(frozen=True)
class Verdict:
    """How a request relates to a challenge; `unmet` is the credit condition it failed."""

    unmet: Condition | None = None
    attempt: bool = True

    @property
    def near_miss(self) -> bool:
        return self.unmet is not None

    def reason(self, exchange: Exchange) -> str:
        return self.unmet.explanation(exchange) if self.unmet is not None else ""


CREDITED = Verdict()
NOT_AN_ATTEMPT = Verdict(attempt=False)


def _narrowest(sets: Iterable[frozenset[str]]) -> frozenset[str]:
    """The intersection of the non-empty sets (an empty set admits anything)."""
    found: frozenset[str] | None = None
    for admitted in sets:
        if admitted:
            found = admitted if found is None else found & admitted
    return found or frozenset()


# --------------------------------------------------------------------------- declaring


def section(key: str, title: str, blurb: str) -> Section:
    return Section(key=key, title=title, blurb=blurb)


def hint(text: str, link: str | None = None) -> Hint:
    return Hint(text=text, link=link)


def declare(
    key: str,
    name: str,
    section: Section,
    description: str,
    hints: tuple[Hint, ...],
    *,
    attempt: tuple[Condition, ...],
    credit: tuple[Condition, ...],
    modes: frozenset[str] = BOTH_MODES,
) -> Challenge:
    """A challenge, written the way the catalogues read: texts first, then the rule."""
    return Challenge(key, name, section, description, hints, attempt, credit, modes)


def in_section_order(
    sections: tuple[Section, ...], *declared: tuple[Challenge, ...]
) -> tuple[Challenge, ...]:
    """The challenges of `declared` in display order: by their section's place in
    `sections`, and within a section in the order they were declared. A catalogue declared
    by topic lists its challenges as its sections do."""
    place = {s: n for n, s in enumerate(sections)}
    challenges = [c for group in declared for c in group]
    unplaced = [c.key for c in challenges if c.section not in place]
    if unplaced:
        raise ValueError(f"challenges of no listed section: {', '.join(unplaced)}")
    return tuple(sorted(challenges, key=lambda c: place[c.section]))


# --------------------------------------------------------------------------- lookups


@dataclass
class Judgement:
    """What one exchange did to a set of challenges: keys credited, and near misses
    (key → the first unmet credit condition's explanation)."""

    credited: set[str] = field(default_factory=set)
    near_misses: dict[str, str] = field(default_factory=dict)


RouteIndex = dict[tuple[str, str], tuple[Challenge, ...]]

# Requests with a part longer than this are judged afresh rather than remembered
# (`Catalogue.attempts`), and the memory is emptied when it holds this many answers: a
# client that sends ever new values costs judging, never memory.
REMEMBERED_PART_MAX = 256
REMEMBERED_DECISIONS = 4096


@dataclass(frozen=True, eq=False)
class RouteAttempts:
    """The candidates of one route (method and shape), and the request parts their
    attempt conditions read (None: decided afresh for each request, because one of those
    conditions does not say, or reads a part that names a client: `Condition`)."""

    challenges: tuple[Challenge, ...]
    parts: tuple[str, ...] | None

    @cached_property
    def _needed(self) -> frozenset[str]:
        return frozenset().union(*(c.needs for c in self.challenges))

    def sift(self, exchange: Exchange) -> tuple[Challenge, ...]:
        """Those whose attempt conditions reading the request hold for `exchange`. Those
        needing what the request lacks (`Challenge.needs`) are passed over untested."""
        carried = request_carries(
            exchange.query_string, exchange.header, self._needed, lambda: exchange.query
        )
        found = []
        for challenge in self.challenges:
            if not challenge.needs <= carried:
                continue
            try:
                if all(condition.test(exchange) for condition in challenge.request_attempt):
                    found.append(challenge)
            except Exception:
                # A faulty condition must never turn a student's request into a 500.
                logger.exception("conditions of %s failed", challenge.key)
        return tuple(found)


class Catalogue:
    """A tuple of challenge declarations and every lookup on it.

    The route index maps (method, route shape) to the challenges an attempt on that route
    can be at (`ANY_METHOD` holds those whose attempt names no method), so a request costs
    one shape classification, two dict look-ups and the conditions of its route's
    challenges. `attempts` also drops those the request cannot attempt because it lacks
    what they need (a query, an Accept header ...) or because an attempt condition that
    reads the request fails, so that a request that attempts nothing open is judged
    without building an Exchange.
    """

    def __init__(
        self,
        challenges: tuple[Challenge, ...],
        deprecated_keys: Mapping[str, str] | None = None,
        *,
        listing_xml_order: tuple[str, ...] | None = None,
    ) -> None:
        self.challenges = challenges
        self.deprecated_keys = dict(deprecated_keys or {})
        # The element order of a challenge in the XML form of `GET /challenges` (None: the
        # JSON member order), as the edition's service rendered it.
        self.listing_xml_order = listing_xml_order
        self._old_key_for = {new: old for old, new in self.deprecated_keys.items()}
        self._by_key = {c.key: c for c in challenges}
        if len(self._by_key) != len(challenges):
            raise ValueError("two challenges share a key")
        self._for_mode: dict[str, tuple[Challenge, ...]] = {}
        self._display_ids: dict[str, dict[str, str]] = {}
        self._indexes: dict[str, RouteIndex] = {}
        # Methods are whatever clients send: bounded, not unbounded.
        self._route_attempts = lru_cache(maxsize=1024)(self._find_route_attempts)
        # (route, the parts its conditions read) -> the challenges attempted (`attempts`).
        self._decided: dict[
            tuple[RouteAttempts, tuple[str | None, ...]], tuple[Challenge, ...]
        ] = {}

    # ------------------------------------------------------------------- modes and keys

    def challenges_for(self, mode: str) -> tuple[Challenge, ...]:
        """The challenges offered in `mode`, in display order."""
        found = self._for_mode.get(mode)
        if found is None:
            if mode not in MODES:
                raise ValueError(f"unknown mode {mode!r}; expected one of {MODES}")
            found = tuple(c for c in self.challenges if mode in c.modes)
            self._for_mode[mode] = found
        return found

    def display_id(self, key: str, mode: str) -> str:
        """Zero-padded position of `key` in `mode`'s list; KeyError if not offered there."""
        ids = self._display_ids.get(mode)
        if ids is None:
            ids = {c.key: f"{n:02d}" for n, c in enumerate(self.challenges_for(mode), start=1)}
            self._display_ids[mode] = ids
        return ids[key]

    def by_key(self, key: str) -> Challenge:
        """The challenge with this key (any mode); KeyError if there is none."""
        return self._by_key[key]

    def keys_for(self, mode: str) -> tuple[str, ...]:
        return tuple(c.key for c in self.challenges_for(mode))

    @cached_property
    def sections(self) -> tuple[Section, ...]:
        """The sections of this catalogue, in display order."""
        return tuple({c.section.key: c.section for c in self.challenges}.values())

    @cached_property
    def known_keys(self) -> frozenset[str]:
        """Every key progress may be stored under: the challenges' and their predecessors'."""
        return frozenset(self._by_key) | frozenset(self.deprecated_keys)

    def completion_value(self, progress: Mapping[str, Any], key: str) -> Any:
        """The stored value for `key`; a key missing from `progress` falls back to its
        deprecated predecessor, so progress saved under an older key still counts."""
        if key in progress:
            return progress[key]
        old = self._old_key_for.get(key)
        return progress.get(old) if old else None

    def progress_status(self, progress: Mapping[str, Any], mode: str) -> dict[str, bool]:
        """Challenge key → done, for every challenge of `mode`, in display order."""
        return {key: is_done(self.completion_value(progress, key)) for key in self.keys_for(mode)}

    # ------------------------------------------------------------------- the route index

    def route_index(self, mode: str) -> RouteIndex:
        """(method, route shape) → challenges an attempt there can be at, in display order."""
        index = self._indexes.get(mode)
        if index is None:
            found: dict[tuple[str, str], list[Challenge]] = {}
            for challenge in self.challenges_for(mode):
                for where in challenge.routes:
                    found.setdefault(where, []).append(challenge)
            index = {where: tuple(them) for where, them in found.items()}
            self._indexes[mode] = index
        return index

    def candidates(self, exchange: Exchange) -> tuple[Challenge, ...]:
        """The challenges worth judging for this exchange."""
        return self._shape_candidates(exchange.mode, exchange.method, exchange.shape)

    def route_candidates(self, mode: str, method: str, path: str) -> tuple[Challenge, ...]:
        """The challenges a request of `method` on `path` can be an attempt at."""
        return self._shape_candidates(mode, method, route_shape(path))

    def _shape_candidates(self, mode: str, method: str, shape: str) -> tuple[Challenge, ...]:
        if shape == OTHER:
            return ()
        index = self.route_index(mode)
        return index.get((method, shape), ()) + index.get((ANY_METHOD, shape), ())

    def attempts(
        self,
        mode: str,
        method: str,
        shape: str,
        part: Callable[[str], str | None],
        exchange: Callable[[], Exchange],
    ) -> tuple[Challenge, ...]:
        """The challenges of `mode` that a request of `method` on route `shape` attempts
        as far as the request alone shows: every attempt condition that reads the request
        holds. Completed ones included: the tracker drops those of the session it credits,
        and judges the rest once the response exists (`judge(..., sifted=True)`).

        `part(name)` reads one part of the request (a lower-case header name, `QUERY`);
        `exchange()` builds the exchange, needed only when the answer is not remembered.
        Requests that show the same parts attempt the same challenges, so the answer is
        remembered per route and parts: a class's clients send the same few Accept and
        Content-Type values again and again, and deciding afresh judged a dozen Accept
        conditions on every read of the todo list.
        """
        route = self._route_attempts(mode, method, shape)
        if not route.challenges:
            return ()
        if route.parts is None:
            return route.sift(exchange())
        values = tuple(part(name) for name in route.parts)
        if any(value is not None and len(value) > REMEMBERED_PART_MAX for value in values):
            return route.sift(exchange())
        key = (route, values)
        found = self._decided.get(key)
        if found is None:
            found = route.sift(exchange())
            if len(self._decided) >= REMEMBERED_DECISIONS:
                self._decided.clear()
            self._decided[key] = found
        return found

    def _find_route_attempts(self, mode: str, method: str, shape: str) -> RouteAttempts:
        found = self._shape_candidates(mode, method, shape)
        parts: set[str] = set()
        for condition in (condition for c in found for condition in c.request_attempt):
            if condition.looks_at is None or condition.per_client:
                return RouteAttempts(found, None)
            parts |= condition.looks_at
        return RouteAttempts(found, tuple(sorted(parts)))

    # ------------------------------------------------------------------- judging

    def judge(
        self, exchange: Exchange, challenges: Iterable[Challenge], *, sifted: bool = False
    ) -> Judgement:
        """Which of `challenges` (candidates of this exchange's route: `candidates`, or
        with `sifted` those of `attempts`) this exchange credits, and which it nearly
        misses."""
        judgement = Judgement()
        for challenge in challenges:
            try:
                verdict = challenge.judge(exchange, routed=True, sifted=sifted)
                if verdict is CREDITED:
                    judgement.credited.add(challenge.key)
                elif verdict.unmet is not None:
                    judgement.near_misses[challenge.key] = verdict.reason(exchange)
            except Exception:
                # A faulty condition must never turn a student's request into a 500.
                logger.exception("conditions of %s failed", challenge.key)
        return judgement

    def completed_keys(self, exchange: Exchange) -> set[str]:
        """Keys of every challenge of `exchange.mode` that this exchange completes."""
        return self.judge(exchange, self.candidates(exchange)).credited

    def completed_on_arrival(self, exchange: Exchange) -> set[str]:
        """Keys completed by the request alone, for crediting before the response is built.

        Only challenges judged on arrival are evaluated, so the exchange's response fields
        may be blank (status 0, no body). `completed_keys` reports the same keys again once
        the response exists; crediting is idempotent.
        """
        arriving = tuple(c for c in self.candidates(exchange) if c.on_arrival)
        return self.judge(exchange, arriving).credited


def is_done(value: Any) -> bool:
    # Progress values are completion timestamps in the database and booleans in progress
    # payloads; a blank or "false" value means not done.
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        return bool(text) and text != "false"
    return value is not None and bool(value)
