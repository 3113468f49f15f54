"""The editions of the service, and how the served one is chosen.

The classic service (2024-04 to its 2026-07 rewrite) and the current one differ in values
(statuses, texts, header values) and, in a few places, in the shape of a behaviour (how
Accept is read, how a JSON body is read, how a bare status looks, CORS). An edition is a
table of the values and of the classes it chooses for those behaviours, as DRF's settings
choose negotiation, parser and renderer classes. Each app keeps its own table of what is
its own (`todos.editions`, `secrets_app.editions`, `challengers.editions`, the catalogue
in `challenges.catalogue`); this module holds the project's: what the protocol layer and
the middleware read. The classic table declares only what differs from the current one.

`PerEdition` is how any of those tables is served: `APICHALLENGES_EDITION` picks one when
first asked, and it is picked again only when the setting changes (tests switch editions
per test through Django's `setting_changed`; a server never does). A request pays one call
and one attribute read; nothing is built per request. No call site asks which edition is
running: it reads a value or calls the chosen class.

This module imports nothing from the apps; the classes it names live in the protocol layer
and the middleware, and are named by dotted path (imported when first served) because
those modules read the served edition themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from django.conf import settings
from django.core.signals import setting_changed
from django.utils.module_loading import import_string

from practiceapi.protocol.messages import body_too_large, body_too_large_capitalised

if TYPE_CHECKING:
    from practiceapi.middleware import Cors
    from practiceapi.protocol.negotiation import AcceptReading
    from practiceapi.protocol.parsers import JsonObjectReading
    from practiceapi.protocol.responses import StatusAnswers

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

    # ---- classes, by dotted path
    # How the response type is chosen from Accept on the API-challenge routes.
    accept_reading_class: str
    # How a POST/PUT JSON object body is read.
    json_object_reading_class: str
    # How a bare status looks: an unrouted path's 404, a fixed route's 405.
    status_answers_class: str
    # The CORS headers of the API-challenge routes.
    cors_class: str

    @cached_property
    def accept_reading(self) -> type[AcceptReading]:
        return import_string(self.accept_reading_class)

    @cached_property
    def json_object_reading(self) -> type[JsonObjectReading]:
        return import_string(self.json_object_reading_class)

    @cached_property
    def status_answers(self) -> type[StatusAnswers]:
        return import_string(self.status_answers_class)

    @cached_property
    def cors(self) -> type[Cors]:
        return import_string(self.cors_class)


CURRENT_EDITION = Edition(
    validation_status=422,
    body_too_large=body_too_large,
    override_methods=frozenset({"POST"}),
    override_targets=_OVERRIDABLE,
    reason_phrases={500: "Server Error"},
    server=None,
    accept_reading_class="practiceapi.protocol.negotiation.RankedAccept",
    json_object_reading_class="practiceapi.protocol.parsers.StrictJsonObject",
    status_answers_class="practiceapi.protocol.responses.ErrorStatusAnswers",
    cors_class="practiceapi.middleware.RequestedCors",
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
    accept_reading_class="practiceapi.protocol.negotiation.HeaderOrderAccept",
    json_object_reading_class="practiceapi.protocol.parsers.LenientJsonObject",
    status_answers_class="practiceapi.protocol.responses.BareStatusAnswers",
    cors_class="practiceapi.middleware.FixedCors",
)

served = PerEdition(current=CURRENT_EDITION, classic=CLASSIC_EDITION)
