"""One `make hosted` in the current edition (tests/hosted/shape.py), shared by the tests of
this directory that need no shape of their own, and stopped once they are done."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.hosted.shape import Shape, hosted_shape


@pytest.fixture(scope="package")
def shape() -> Iterator[Shape]:
    with hosted_shape("current") as running:
        yield running
