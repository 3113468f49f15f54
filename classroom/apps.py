from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    """What an instructor runs: the assignments given to a cohort
    (`classroom.models.Assignment`), the admin of sessions, cohorts and assignments, the
    live class page, the class reports and their CSV, a class's join link and the sessions
    it made (`classroom.models.LinkSession`), and merging two sessions of one student. It
    sits on top: it reads sessions (`challengers`), the request history and the
    curriculum's catalogue and progress, and nothing below it imports it. The curriculum's student pages
    show a session's assignments and the start page a class's join link through what this
    app registers at start-up (`challenges.assigned`)."""

    name = "classroom"
    label = "classroom"
    verbose_name = "Classroom"

    def ready(self) -> None:
        from challenges.assigned import join_paths_with, read_assigned_with
        from classroom.assignments import statuses_of
        from classroom.class_view import join_path

        read_assigned_with(statuses_of)
        join_paths_with(join_path)
