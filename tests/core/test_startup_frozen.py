"""practiceapi/wsgi.py freezes what startup made out of the garbage collector's reach, so a
full collection in a serving worker walks only what requests made since.

Every server shape imports practiceapi/wsgi.py (`make run`'s ASGI front through it), so a
fresh interpreter importing it stands for a worker that has just started.
"""

from __future__ import annotations

from tests.fresh_python import run_python

SCRIPT = """
import gc
before = gc.get_freeze_count()
import practiceapi.wsgi
print(before, gc.get_freeze_count(), len(gc.get_objects()))
"""


def test_a_started_worker_leaves_startups_objects_out_of_collections() -> None:
    before, frozen, collected = (int(figure) for figure in run_python(SCRIPT).split())
    assert before == 0
    # Django's apps, the models, the URL patterns and the catalogue: tens of thousands of
    # objects frozen, next to a handful still tracked.
    assert frozen > 20_000
    assert collected < frozen / 10
