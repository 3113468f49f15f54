"""Student dashboard routes (HTML), mounted at the site root."""

from __future__ import annotations

from django.urls import path, re_path

from challenges.views import dashboard

GUID = r"(?P<guid>[^/]+)"

urlpatterns = [
    path("", dashboard.start_page, name="dashboard-start"),
    re_path(r"^gui/sessions/?$", dashboard.create_session, name="dashboard-create"),
    re_path(r"^gui/restore/?$", dashboard.restore_form, name="dashboard-restore"),
    re_path(r"^gui/challenges/?$", dashboard.open_session, name="dashboard-open"),
    re_path(r"^gui/forget/?$", dashboard.forget_form, name="dashboard-forget"),
    re_path(
        rf"^gui/challenges/{GUID}/remember/?$", dashboard.remember_form, name="dashboard-remember"
    ),
    re_path(
        rf"^gui/challenges/{GUID}/status\.json$", dashboard.status_json, name="dashboard-status"
    ),
    re_path(
        rf"^gui/challenges/{GUID}/progress\.json$",
        dashboard.progress_download,
        name="dashboard-download",
    ),
    re_path(
        rf"^gui/challenges/{GUID}/profile/?$", dashboard.profile_form, name="dashboard-profile"
    ),
    re_path(rf"^gui/challenges/{GUID}/?$", dashboard.progress_page, name="dashboard-progress"),
]
