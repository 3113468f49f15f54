"""ASGI entry point (not used by the default run; kept for completeness)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "practiceapi.settings")

application = get_asgi_application()
