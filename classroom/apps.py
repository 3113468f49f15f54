from typing import Any

from django.apps import AppConfig
from django.core.signals import request_started
from django.db.models.signals import post_delete, post_save


class ClassroomConfig(AppConfig):
    """What an instructor runs: the assignments given to a cohort
    (`classroom.models.Assignment`), the admin of sessions, cohorts and assignments, the
    live class page, the class reports and their CSV, a class's join link and the sessions
    it made (`classroom.models.LinkSession`), and merging two sessions of one student. It
    sits on top: it reads sessions (`challengers`), the request history and the
    curriculum's catalogue and progress, and nothing below it imports it. The curriculum's
    student pages show a session's assignments and the start page a class's join link
    through what this app registers at start-up (`challenges.assigned`). It also serves LTI
    1.3 launches from an LMS and posts their learners' scores back (`classroom.lti`)."""

    name = "classroom"
    label = "classroom"
    verbose_name = "Classroom"

    def ready(self) -> None:
        from challenges.assigned import join_paths_with, read_assigned_with
        from classroom.assignments import row_changed, statuses_of
        from classroom.class_view import join_path
        from classroom.models import Assignment, EarlierDueTime, Extension

        read_assigned_with(statuses_of)
        join_paths_with(join_path)
        for model in (Assignment, EarlierDueTime, Extension):
            post_save.connect(row_changed, sender=model, dispatch_uid=f"{model.__name__}.saved")
            post_delete.connect(row_changed, sender=model, dispatch_uid=f"{model.__name__}.gone")
        # The LTI grade thread starts with a process's first request, so that management
        # commands (a migration among them) run none; the receiver then leaves, and later
        # requests do not call it.
        request_started.connect(_start_grade_sender, dispatch_uid=GRADE_SENDER_UID)


GRADE_SENDER_UID = "classroom.lti.grades.start"


def _start_grade_sender(**kwargs: Any) -> None:
    from classroom.lti.grades import sender

    request_started.disconnect(dispatch_uid=GRADE_SENDER_UID)
    sender.start()
