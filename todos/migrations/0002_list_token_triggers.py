"""Database triggers that change `Challenger.list_token` with every write to a todo row.

`todos.middleware` reuses a session's rendered todo list while the session's `list_token`
is unchanged, so the token must change on *every* write to the session's todos: the API's
services, the import, the admin, a cascade, a hand-run UPDATE. A trigger is the one place
all of those pass through. An UPDATE that moves a todo to another session changes both
sessions' tokens.

SQLite drops a table's triggers when Django rebuilds the table (most field changes on
SQLite). A later migration that alters `Todo` must create them again:
`tests/todos/test_list_token.py` fails if they are missing.
"""

from django.db import migrations

TRIGGER = "todos_todo_list_token"


def names(apps, schema_editor) -> dict[str, str]:
    quote = schema_editor.connection.ops.quote_name
    todo = apps.get_model("todos", "Todo")._meta
    session = apps.get_model("challenges", "Challenger")._meta
    return {
        "todo": quote(todo.db_table),
        "owner": quote(todo.get_field("challenger").column),
        "session": quote(session.db_table),
        "guid": quote(session.pk.column),
        "token": quote(session.get_field("list_token").column),
    }


def sqlite_statements(n: dict[str, str]) -> list[str]:
    bump = f"UPDATE {n['session']} SET {n['token']} = random() WHERE {n['guid']}"
    return [
        f"CREATE TRIGGER {TRIGGER}_insert AFTER INSERT ON {n['todo']} "
        f"BEGIN {bump} = NEW.{n['owner']}; END",
        f"CREATE TRIGGER {TRIGGER}_delete AFTER DELETE ON {n['todo']} "
        f"BEGIN {bump} = OLD.{n['owner']}; END",
        f"CREATE TRIGGER {TRIGGER}_update AFTER UPDATE ON {n['todo']} "
        f"BEGIN {bump} IN (OLD.{n['owner']}, NEW.{n['owner']}); END",
    ]


def postgresql_statements(n: dict[str, str]) -> list[str]:
    bump = (
        f"UPDATE {n['session']} SET {n['token']} = (random() * 4611686018427387903)::bigint "
        f"WHERE {n['guid']}"
    )
    return [
        f"""CREATE FUNCTION {TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('UPDATE', 'DELETE') THEN
                {bump} = OLD.{n["owner"]};
            END IF;
            IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.{n["owner"]} <> OLD.{n["owner"]})
            THEN
                {bump} = NEW.{n["owner"]};
            END IF;
            RETURN NULL;
        END $$""",
        f"CREATE TRIGGER {TRIGGER} AFTER INSERT OR UPDATE OR DELETE ON {n['todo']} "
        f"FOR EACH ROW EXECUTE FUNCTION {TRIGGER}()",
    ]


def create_triggers(apps, schema_editor) -> None:
    vendor = schema_editor.connection.vendor
    builders = {"sqlite": sqlite_statements, "postgresql": postgresql_statements}
    if vendor not in builders:
        raise NotImplementedError(f"list_token triggers are written for {sorted(builders)}")
    for statement in builders[vendor](names(apps, schema_editor)):
        schema_editor.execute(statement)


def drop_triggers(apps, schema_editor) -> None:
    n = names(apps, schema_editor)
    if schema_editor.connection.vendor == "sqlite":
        for event in ("insert", "delete", "update"):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {TRIGGER}_{event}")
    else:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TRIGGER} ON {n['todo']}")
        schema_editor.execute(f"DROP FUNCTION IF EXISTS {TRIGGER}()")


class Migration(migrations.Migration):
    dependencies = [
        ("todos", "0001_initial"),
        ("challenges", "0002_list_token"),
    ]

    operations = [migrations.RunPython(create_triggers, drop_triggers)]
