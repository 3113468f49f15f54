"""Django's WSGI application. The production server runs it behind practiceapi/asgi.py
(`make run`); any WSGI server can serve it directly."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "practiceapi.settings")

application = get_wsgi_application()
