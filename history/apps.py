from django.apps import AppConfig
from django.db.models.signals import post_delete


class HistoryConfig(AppConfig):
    """The request history: what each session sent and was answered, recorded on the
    request's path (`history.recorder`), written in batches off it (`history.writer`) and
    read back (`history.reader`) for its API route, the progress page and the admin
    (`history.views`, `history.admin`). It sits on the sessions app and below the apps
    whose requests it records; the curriculum names the challenges in it at start-up."""

    name = "history"
    label = "history"
    verbose_name = "Request history"

    def ready(self) -> None:
        from challengers.models import Challenger
        from history import writer

        # The history holds no foreign key to its session (it may be in a database of its
        # own), so nothing cascades: it is deleted when its session is.
        post_delete.connect(
            writer.forget_deleted, sender=Challenger, dispatch_uid="history.forget_deleted"
        )
