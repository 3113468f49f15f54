"""A diligent student's walk through every challenge, one session, in display order, and
what it leaves behind: the near misses recorded on challenges other than the one being
done (`stray_near_misses`). Shared by the current edition's walk
(`test_no_stray_near_misses.py`) and the classic one's (`tests/classic/`).

A step is the challenge being done and the requests a student sends for it, preparation
included (the done todo a filter needs, the token the secret note needs). Requests are
`credit_cases.Call`s, sent through the test client as written: no Accept header unless
the step sets one, as a plain HTTP library sends them, or (`accept="*/*"`) with the
`Accept: */*` curl and Postman add to every request that does not set its own.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from django.http import HttpResponse

from challengers.models import Challenger
from challengers.sessions import SINGLE_PLAYER_GUID, mode
from challenges.catalogue import keys_for, progress_status
from tests.challenges.credit_cases import Call, Student
from tests.client import Client

Send = Call | Callable[["Walker"], None]


@dataclass(frozen=True)
class Step:
    key: str
    sends: tuple[Send, ...]


def step(key: str, *sends: Send) -> Step:
    return Step(key, sends)


class Walker(Student):
    """`credit_cases.Student` on a session created at `root` + `challenger` (the classic
    edition's students started at `/challenger`)."""

    def __init__(self, root: str = "/api", accept: str | None = None) -> None:
        if mode() == "single":
            Challenger.objects.filter(pk=SINGLE_PLAYER_GUID).delete()
        self.client = Client()
        reply = self.client.post(f"{root}/challenger")
        assert reply.status_code == 201, reply.content
        self.guid = reply["X-CHALLENGER"]
        self.new_guid = str(uuid.uuid4())
        self.token = ""
        self.accept = accept

    def send(self, call: Call) -> HttpResponse:
        if self.accept and "accept" not in {name.lower() for name, _ in call.headers}:
            call = replace(call, headers=(*call.headers, ("Accept", self.accept)))
        return super().send(call)

    def json(self, path: str) -> Any:
        reply = self.client.get(self.fill(path), headers={"X-CHALLENGER": self.guid})
        assert reply.status_code == 200, f"GET {path} -> {reply.status_code}"
        return reply.json()


@dataclass(frozen=True)
class Stray:
    """A near miss recorded while doing `during`, on another challenge."""

    during: str
    key: str
    request: str
    reason: str

    def __str__(self) -> str:
        return f"doing {self.during}: {self.key} <- {self.request}: {self.reason}"


def _near_misses(guids: Iterable[str]) -> dict[tuple[str, str], Any]:
    found: dict[tuple[str, str], Any] = {}
    for challenger in Challenger.objects.filter(pk__in=list(guids)):
        for key, entry in (challenger.near_misses or {}).items():
            found[(challenger.guid, key)] = entry
    return found


def _done(guid: str, key: str) -> bool:
    challenger = Challenger.objects.filter(pk=guid).first()
    return challenger is not None and progress_status(challenger.progress, mode())[key]


def walk(
    steps: tuple[Step, ...], root: str = "/api", accept: str | None = None
) -> tuple[list[Stray], list[str]]:
    """Walk `steps` (those of the running mode, in its display order) on one new session,
    every request without an Accept of its own sending `accept` (None: none). Returns the
    stray near misses and the steps that did not complete their challenge."""
    keys = keys_for(mode())
    ours = [s for s in steps if s.key in keys]
    assert [s.key for s in ours] == list(keys), "the walk is not in display order"
    walker = Walker(root, accept)
    watched = (walker.guid, walker.new_guid)
    strays: list[Stray] = []
    undone: list[str] = []
    for current in ours:
        before = _near_misses(watched)
        for send in current.sends:
            if isinstance(send, Call):
                walker.send(send)
            else:
                send(walker)
        after = _near_misses(watched)
        for (guid, key), entry in after.items():
            if key != current.key and before.get((guid, key)) != entry:
                strays.append(Stray(current.key, key, entry["request"], entry["reason"]))
        if not any(_done(guid, current.key) for guid in watched):
            undone.append(current.key)
    return strays, undone
