"""A diligent student's walk through every challenge, and what it leaves behind: the near
misses recorded on challenges other than the one being done (`Stray`). Shared by the
current edition's walk (`test_no_stray_near_misses.py`) and the classic one's
(`tests/classic/`).

`walk` goes through the challenges on one session, in display order. `walk_alone` does
each step on a session of its own where every other challenge is still open, with the
list as long as a walk in another order may find it: a near miss is recorded only on an
open challenge, and how a request is judged for one challenge never depends on which
others are done, so no order of the steps can record a near miss that one of these does
not.

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
from todos.selectors import default_rows
from todos.services import replace_all

Send = Call | Callable[["Walker"], None]


@dataclass(frozen=True)
class Step:
    """The challenge `key` and the requests that do it; `needs`: what an earlier step
    leaves that this one uses (the secret token, a todo to match), sent first when the
    step is done alone (`walk_alone`)."""

    key: str
    sends: tuple[Send, ...]
    needs: tuple[Send, ...] = ()


def step(key: str, *sends: Send, needs: tuple[Send, ...] = ()) -> Step:
    return Step(key, sends, needs)


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


def _ours(steps: tuple[Step, ...]) -> list[Step]:
    keys = keys_for(mode())
    ours = [s for s in steps if s.key in keys]
    assert [s.key for s in ours] == list(keys), "the walk is not in display order"
    return ours


def _do(walker: Walker, current: Step, sends: tuple[Send, ...]) -> tuple[list[Stray], bool]:
    """Send `sends` while doing `current`: the near misses they record on other challenges,
    and whether `current` is done afterwards."""
    watched = (walker.guid, walker.new_guid)
    before = _near_misses(watched)
    for send in sends:
        if isinstance(send, Call):
            walker.send(send)
        else:
            send(walker)
    strays = [
        Stray(current.key, key, entry["request"], entry["reason"])
        for (guid, key), entry in _near_misses(watched).items()
        if key != current.key and before.get((guid, key)) != entry
    ]
    return strays, any(_done(guid, current.key) for guid in watched)


def walk(
    steps: tuple[Step, ...], root: str = "/api", accept: str | None = None
) -> tuple[list[Stray], list[str]]:
    """Walk `steps` (those of the running mode, in its display order) on one new session,
    every request without an Accept of its own sending `accept` (None: none). Returns the
    stray near misses and the steps that did not complete their challenge."""
    walker = Walker(root, accept)
    strays: list[Stray] = []
    undone: list[str] = []
    for current in _ours(steps):
        found, done = _do(walker, current, current.sends)
        strays += found
        if not done:
            undone.append(current.key)
    return strays, undone


def hold_todos(guid: str, total: int) -> None:
    """Make the session's list hold `total` todos, the seeded ones first, as if earlier
    steps had created the rest; written straight to the store, so that no challenge is
    done by it."""
    rows = default_rows()
    rows += [{"title": f"earlier todo {n}"} for n in range(len(rows), total)]
    replace_all(Challenger.objects.get(pk=guid), rows[:total])


def walk_alone(
    steps: tuple[Step, ...], root: str = "/api", accept: str | None = None, listed: int = 10
) -> tuple[list[Stray], list[str]]:
    """Do each of `steps` on a new session of its own, whose list holds `listed` todos:
    its `needs`, then its requests, each without an Accept of its own sending `accept`.
    Returns the stray near misses (those of the needs too) and the steps that did not
    complete their challenge."""
    strays: list[Stray] = []
    undone: list[str] = []
    for current in _ours(steps):
        walker = Walker(root, accept)
        hold_todos(walker.guid, listed)
        found, done = _do(walker, current, (*current.needs, *current.sends))
        strays += found
        if not done:
            undone.append(current.key)
    return strays, undone
