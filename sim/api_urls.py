"""The /sim routes as documented: the URL conf the /sim OpenAPI document is generated from.

`sim.urls` serves the same views (also with a trailing slash, D2.2).
"""

from __future__ import annotations

from django.urls import path

from sim.views import EntitiesView, EntityView

urlpatterns = [
    path("sim/entities", EntitiesView.as_view()),
    path("sim/entities/<str:id>", EntityView.as_view()),
]
