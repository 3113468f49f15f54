"""What the student's pages show of a class's work, supplied from above the curriculum.

The curriculum lays out a session's progress; what a session's class was assigned, and the
link that joins a class, belong to the app that runs classes, which registers them here
when it starts (its AppConfig.ready()). With nothing registered a session has no
assignment and the start page offers no join link: the pages show nothing of either.

Reading the assignments costs what the registered reader costs, and only on the pages
that show progress (the progress page and its status JSON), never on the API's routes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from challengers.models import Challenger, Cohort


class Assigned(Protocol):
    """One assignment as a session stands against it. The progress page's template reads
    more of it (title, counts, due time); the curriculum itself needs only these."""

    @property
    def keys(self) -> frozenset[str]:
        """The keys of the challenges it holds."""
        ...

    def as_status(self) -> dict[str, Any]:
        """What the progress page's script reads to update the assignment panel."""
        ...


ReadAssigned = Callable[[Challenger, str], Sequence[Assigned]]
JoinPath = Callable[[Cohort], str]


def _none_assigned(challenger: Challenger, current_mode: str) -> Sequence[Assigned]:
    return ()


def _no_join_path(cohort: Cohort) -> str:
    return ""


_read: list[ReadAssigned] = [_none_assigned]
_join: list[JoinPath] = [_no_join_path]


def read_assigned_with(read: ReadAssigned) -> None:
    """Read a session's open assignments with `read` from now on, the leading one first."""
    _read[0] = read


def join_paths_with(join: JoinPath) -> None:
    """Make a cohort's join link (a path on this site) with `join` from now on."""
    _join[0] = join


def assigned_to(challenger: Challenger, current_mode: str) -> Sequence[Assigned]:
    """The session's open assignments, the leading one first; none when nothing is
    registered."""
    return _read[0](challenger, current_mode)


def offers_join_links() -> bool:
    """Whether classes have join links (something is registered to make them)."""
    return _join[0] is not _no_join_path


def join_path(cohort: Cohort) -> str:
    """The path of the cohort's join link; empty when nothing is registered."""
    return _join[0](cohort)
