"""WSGI entry point for the production server (granian, see `make run`)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "practiceapi.settings")

application = get_wsgi_application()
