"""Conditions of intent: what a request shows of the challenge it is meant for, beyond its
method and route.

They are the attempt conditions that tell a challenge from its siblings on the same route.
Each holds for every request that can complete its challenge (a request the API answers
as the challenge needs always shows its intent), so crediting is unchanged; what changes
is which failed requests are near misses, and on which challenges. The topic modules
build theirs with these three, one for each thing a condition can read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from challenges.conditions import Condition, on_body, on_request, on_response
from challenges.exchange import Exchange


def intent(name: str, test: Callable[[Exchange], bool], **reading: Any) -> Condition:
    """An attempt condition of the request alone (`reading`: `on_request`'s `looks_at`,
    `needs`, `per_client`, `unaimed`)."""
    return on_request(name, test, f"the request did not show {name}", **reading)


def intent_in_body(name: str, test: Callable[[Exchange], bool]) -> Condition:
    """An attempt condition on the request body (`conditions.BODY`)."""
    return on_body(name, test, f"the request did not show {name}")


def intent_in_answer(name: str, test: Callable[[Exchange], bool]) -> Condition:
    """An attempt condition that needs the API's answer: what only the server knows (which
    todos a list holds, a session's token), read from how it answered."""
    return on_response(name, test, f"the request did not show {name}")
