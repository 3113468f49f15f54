"""Django's WSGI application. The production server runs it behind practiceapi/asgi.py
(`make run`); any WSGI server can serve it directly."""

from __future__ import annotations

import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "practiceapi.settings")
django.setup(set_prefix=False)

from practiceapi.handlers import ApiHandler, ResolvedOnceHandler, SplitApplication  # noqa: E402

application = SplitApplication(site=ResolvedOnceHandler(), api=ApiHandler())

# What startup made (Django's apps and URL patterns, the models, the challenge catalogue:
# about 100,000 objects) lives as long as the process. Left to the collector, every full
# collection walks all of it: 50-60 ms in which a worker answers nobody. Frozen, a full
# collection walks only what requests made since: 4-7 ms (one worker under load: p99 39-48
# ms against 72-95; docs/benchmark.md).
gc.freeze()
