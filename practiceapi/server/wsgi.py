"""Django's WSGI application. The production server runs it behind practiceapi/server/asgi.py
(`make run`); any WSGI server can serve it directly."""

from __future__ import annotations

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "practiceapi.settings")
django.setup(set_prefix=False)

from practiceapi.server.handlers import (  # noqa: E402
    ApiHandler,
    PollHandler,
    ResolvedOnceHandler,
    SplitApplication,
)

application = SplitApplication(site=ResolvedOnceHandler(), api=ApiHandler(), poll=PollHandler())
