from django.apps import AppConfig


class TodosConfig(AppConfig):
    name = "todos"

    def ready(self) -> None:
        from challengers.signals import challenger_created
        from todos.services import seed_new_session

        challenger_created.connect(seed_new_session, dispatch_uid="todos.seed_new_session")
