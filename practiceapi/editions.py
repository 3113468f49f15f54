"""The editions of the service, and how the served one is chosen.

The classic service (2024-04 to its 2026-07 rewrite) and the current one differ in values
(statuses, texts, header values) and, in a few places, in the shape of a behaviour (how
Accept is read, how a JSON body is read, how a bare status looks, CORS). An edition is a
table of the values and of the classes it chooses for those behaviours, as DRF's settings
choose negotiation, parser and renderer classes. Each app keeps its own table of what is
its own (`todos.editions`, `secrets_app.editions`, `challengers.editions`, the catalogue
in `challenges.catalogue`); this module holds the project's: what the protocol layer and
the middleware read. The classic table declares only what differs from the current one.
The protocol layer imports nothing of the project: it reads its part of the served
edition from its own `protocol_settings`, which this module fills at startup and again
whenever the edition is chosen again (`serve_protocol_settings`).

`PerEdition` is how any of those tables is served: `APICHALLENGES_EDITION` picks one when
first asked, and it is picked again only when the setting changes (tests switch editions
per test through Django's `setting_changed`; a server never does). A request pays one call
and one attribute read; nothing is built per request. No call site asks which edition is
running: it reads a value or calls the chosen class.

This module imports nothing from the apps, and of the project only the protocol layer,
whose classes it chooses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic, TypeVar

from django.conf import settings
from django.core.signals import setting_changed

from practiceapi.protocol.cors import Cors, FixedCors, RequestedCors
from practiceapi.protocol.messages import body_too_large, body_too_large_capitalised
from practiceapi.protocol.negotiation import HeaderOrderAccept, RankedAccept
from practiceapi.protocol.parsers import LenientJsonObject, StrictJsonObject
from practiceapi.protocol.responses import BareStatusAnswers, ErrorStatusAnswers
from practiceapi.protocol.settings import (
    AcceptReading,
    JsonObjectReading,
    StatusAnswers,
    protocol_settings,
)

CURRENT = "current"
CLASSIC = "classic"

T = TypeVar("T")


class PerEdition(Generic[T]):
    """One table (or class) per edition, and the one being served.

    Calling it answers the table of the edition `APICHALLENGES_EDITION` names; the choice
    is made on first use and kept until the setting changes."""

    _all: ClassVar[list[PerEdition[Any]]] = []

    def __init__(self, *, current: T, classic: T) -> None:
        self.by_name: Mapping[str, T] = {CURRENT: current, CLASSIC: classic}
        self._served: tuple[T] | None = None
        PerEdition._all.append(self)

    def __call__(self) -> T:
        served = self._served
        if served is None:
            served = self._served = (self.by_name[settings.APICHALLENGES_EDITION],)
        return served[0]

    def forget(self) -> None:
        self._served = None


def _rechoose(*, setting: str, **kwargs: Any) -> None:
    if setting == "APICHALLENGES_EDITION":
        for part in PerEdition._all:
            part.forget()
        serve_protocol_settings()


setting_changed.connect(_rechoose, dispatch_uid="practiceapi.editions.rechoose")


_OVERRIDABLE = frozenset({"GET", "PUT", "PATCH", "DELETE", "TRACE", "HEAD", "OPTIONS", "QUERY"})


@dataclass(frozen=True)
class Edition:
    """What the protocol layer and the middleware do differently per edition."""

    # ---- values
    # Status of a body that breaks a field rule (types, lengths, unknown fields, ids), on
    # every route that validates one.
    validation_status: int
    # The 413 message for a body over a limit of so many bytes.
    body_too_large: Callable[[int], str]
    # Methods whose `X-HTTP-Method-Override` is honoured (None: every method), and the
    # methods it may name (others are a 400).
    override_methods: frozenset[str] | None
    override_targets: frozenset[str]
    # Reason phrases that are not the standard ones.
    reason_phrases: Mapping[int, str]
    # The `Server` header of every answer; None leaves the server's own.
    server: str | None

    # ---- classes
    # How the response type is chosen from Accept on the API-challenge routes.
    accept_reading: type[AcceptReading]
    # How a POST/PUT JSON object body is read.
    json_object_reading: type[JsonObjectReading]
    # How a bare status looks: an unrouted path's 404, a fixed route's 405.
    status_answers: type[StatusAnswers]
    # The CORS headers of the API-challenge routes.
    cors: type[Cors]


CURRENT_EDITION = Edition(
    validation_status=422,
    body_too_large=body_too_large,
    override_methods=frozenset({"POST"}),
    override_targets=_OVERRIDABLE,
    reason_phrases={500: "Server Error"},
    server=None,
    accept_reading=RankedAccept,
    json_object_reading=StrictJsonObject,
    status_answers=ErrorStatusAnswers,
    cors=RequestedCors,
)

CLASSIC_EDITION = replace(
    CURRENT_EDITION,
    validation_status=400,
    body_too_large=body_too_large_capitalised,
    # The classic router (Spark) chose the route by the header whatever the method.
    override_methods=None,
    override_targets=_OVERRIDABLE | {"POST"},
    # Jetty's phrases where they are not Python's standard ones.
    reason_phrases={500: "Server Error", 413: "Payload Too Large"},
    # The classic service ran on Jetty, and student suites assert its header.
    server="Jetty(9.4.z-SNAPSHOT)",
    accept_reading=HeaderOrderAccept,
    json_object_reading=LenientJsonObject,
    status_answers=BareStatusAnswers,
    cors=FixedCors,
)

served = PerEdition(current=CURRENT_EDITION, classic=CLASSIC_EDITION)


def serve_protocol_settings() -> None:
    """Fill the protocol layer's settings with the served edition's part (at startup, by
    `practiceapi.apps`, and whenever the edition is chosen again)."""
    edition = served()
    protocol_settings.configure(
        validation_status=edition.validation_status,
        accept_reading=edition.accept_reading,
        json_object_reading=edition.json_object_reading,
        status_answers=edition.status_answers,
    )
