"""Every route. API routes are declared once by their apps and served under /api/
(canonical) and at the legacy root, with or without a trailing slash; their
names are their route shapes (practiceapi/routing.py)."""

from __future__ import annotations

import base64
import hashlib

from csp.decorators import csp_update
from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.negotiation import DefaultContentNegotiation as DRF_NEGOTIATION

from challengers.sessions import SINGLE_PLAYER_GUID
from challenges import urls as challenges_urls
from classroom import urls as classroom_urls
from history import urls as history_urls
from practiceapi import openapi, postman
from practiceapi.favicon import favicon
from practiceapi.routing import unrouted_below
from practiceapi.views import not_found
from secrets_app import urls as secrets_urls
from sim import openapi as sim_openapi
from todos import urls as todos_urls

# The one inline style Swagger UI writes: a <style> inside its logo's SVG (the standalone
# layout's top bar). The page's policy lets exactly this text in, by its hash; another
# version of Swagger UI with another logo is refused (tests/browser checks the page).
SWAGGER_LOGO_STYLE = ".logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}"
_LOGO_DIGEST = hashlib.sha256(SWAGGER_LOGO_STYLE.encode()).digest()
SWAGGER_LOGO_STYLE_HASH = f"'sha256-{base64.b64encode(_LOGO_DIGEST).decode()}'"
swagger_ui = csp_update({"style-src": [SWAGGER_LOGO_STYLE_HASH]})(
    SpectacularSwaggerSplitView.as_view(
        content_negotiation_class=DRF_NEGOTIATION, template_name="docs/swagger_ui.html"
    )
)

api_patterns = [
    *todos_urls.api_patterns,
    *challenges_urls.api_patterns,
    *classroom_urls.api_patterns,
    *history_urls.api_patterns,
    *secrets_urls.api_patterns,
]

urlpatterns = [
    # API routes first: nearly every request is one (the schema under api/ falls through).
    re_path(r"^api/", include((api_patterns, "api"), namespace="api")),
    path("admin/", admin.site.urls),
    # The documents use DRF's negotiation: the project-wide one renders API payloads only.
    path(
        "api/schema/",
        SpectacularAPIView.as_view(content_negotiation_class=DRF_NEGOTIATION),
        name="schema",
    ),
    # Swagger UI with its start script served as a file (`/docs?script=`), not inline: the
    # pages' Content-Security-Policy runs no inline script or style.
    path("docs", swagger_ui, name="swagger-ui"),
    path("docs/", swagger_ui, name="swagger-ui-slash"),
    path("favicon.ico", favicon, name="favicon"),
    # A page, not an API route: fetching it completes nothing.
    path(
        "postman/collection.json",
        postman.collection_view(
            postman.Documents(openapi.document, sim_openapi.document),
            lambda: SINGLE_PLAYER_GUID if settings.APICHALLENGES_MODE == "single" else "",
        ),
        name="postman-collection",
    ),
    re_path(
        r"^",
        include(([*api_patterns, unrouted_below(api_patterns)], "legacy"), namespace="legacy"),
    ),
    path("", include("sim.urls")),
    path("", include("challenges.gui_urls")),
    path("", include("classroom.urls")),
    re_path(r"^.*$", not_found, name="not-found"),
]
