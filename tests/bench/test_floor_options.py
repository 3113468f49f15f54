"""bench/floor.py refuses request types it cannot time before it builds anything."""

from __future__ import annotations

import pytest

from bench import floor


@pytest.mark.parametrize("types", ["put,delete", "create", "list,delete"])
def test_a_write_is_timed_only_with_its_whole_cycle(types: str) -> None:
    with pytest.raises(SystemExit):
        floor.main(["--types", types])


def test_an_unknown_type_is_refused() -> None:
    with pytest.raises(SystemExit):
        floor.main(["--types", "list,bob"])
