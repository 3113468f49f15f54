"""The designs below the framework's floor (bench/floor.py's PROTOTYPES, served by
`make bench` as `+plain` and `+bare`) are only worth their figures while they answer what
ours answers, with the statements ours runs."""

from __future__ import annotations

import importlib

import pytest

from bench import floor


@pytest.fixture
def ours():
    from practiceapi.wsgi import application

    return floor.Side("ours", application, floor.new_session(application))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("name", "module"), floor.PROTOTYPES)
def test_a_prototype_answers_each_request_type_as_ours_does(ours, name: str, module: str):
    from practiceapi.wsgi import application

    prototype = floor.Side(
        name, importlib.import_module(module).wsgi, floor.new_session(application)
    )

    counts = floor.check(ours, [prototype])  # raises on another status or body

    for kind in (*floor.READS, *floor.WRITES):
        assert counts[(name, kind)] == counts[("ours", kind)], kind
