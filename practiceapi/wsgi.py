"""Django's WSGI application. The production server runs it behind practiceapi/asgi.py
(`make run`); any WSGI server can serve it directly."""

from __future__ import annotations

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "practiceapi.settings")
django.setup(set_prefix=False)

from practiceapi.handlers import ApiHandler, ResolvedOnceHandler, SplitApplication  # noqa: E402

application = SplitApplication(site=ResolvedOnceHandler(), api=ApiHandler())
