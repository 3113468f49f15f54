"""Django's WSGI application. The production server runs it behind practiceapi/asgi.py
(`make run`); any WSGI server can serve it directly. Repeated plain list reads are
answered in front of Django while the session's row is unchanged (todos/replay.py)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "practiceapi.settings")

django_application = get_wsgi_application()

from todos.replay import ReplayedLists  # noqa: E402 - needs the apps loaded above

application = ReplayedLists(django_application)
