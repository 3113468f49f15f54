"""What the session routes do differently per edition (`practiceapi.editions` says how an
edition is chosen). The classic table declares only what differs from the current one."""

from __future__ import annotations

from dataclasses import dataclass, replace

from practiceapi.editions import PerEdition


@dataclass(frozen=True)
class SessionEdition:
    # PUT /challenger/{guid} whose payload names another GUID.
    guid_mismatch_status: int
    # A GUID that names no session: a 404 naming it (True), or the answer of an unknown
    # resource (the classic service's status-only 404; a browser's 307 to its GUI page).
    unknown_challenger_messages: bool


CURRENT = SessionEdition(guid_mismatch_status=409, unknown_challenger_messages=True)
CLASSIC = replace(CURRENT, guid_mismatch_status=400, unknown_challenger_messages=False)

session_edition = PerEdition(current=CURRENT, classic=CLASSIC)
