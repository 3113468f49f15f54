"""The harness that starts `make run`'s server for the tests and `make bench`
(practiceapi/server/harness.py) starts a server once: a second start of a running one is
refused. Started again, a second server would listen on the same port beside the first,
a measurement would count the load of two servers as one's, and only the second would
ever be stopped."""

from __future__ import annotations

import pytest

from practiceapi.server.harness import Server


def test_a_running_server_is_not_started_again(production_server: Server) -> None:
    group = production_server.group
    with pytest.raises(RuntimeError, match="already started"):
        production_server.start()
    assert production_server.group is group
    assert group is not None and group.alive()
