"""Ctrl-C (SIGINT to `make hosted`), or SIGTERM, stops everything it started: HAProxy and
both app processes with all their workers; nothing answers on their ports afterwards."""

from __future__ import annotations

import os
import signal
import socket

import pytest

from tests.hosted.shape import hosted_shape

pytestmark = pytest.mark.server


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_the_signal_stops_the_proxy_and_both_app_processes(signum: int) -> None:
    with hosted_shape() as shape:
        started = shape.children()
        assert len(started) == 3, started  # two app processes and HAProxy
        os.kill(shape.group.pid, signum)
        assert shape.group.process.wait(30) == 0
        for pid in started:
            with pytest.raises(ProcessLookupError):
                os.killpg(pid, 0)  # the process and every worker it forked
        for port in (shape.port, *shape.app_ports):
            with pytest.raises(ConnectionRefusedError):
                socket.create_connection((shape.host, port), timeout=2).close()
