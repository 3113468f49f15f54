"""The apps depend on each other one way: sessions (`challengers`) at the bottom, the
request history on them, the todo and secret apps on the sessions, the curriculum
(`challenges`) on those, the classroom an instructor runs (`classroom`) on top, the
simulator on its own.
No app imports one that imports it back, whether at module level, inside a function or
under `TYPE_CHECKING`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("challengers", "history", "todos", "secrets_app", "challenges", "classroom", "sim")
# What each app may import, beside the project package (`practiceapi`) and itself.
ALLOWED = {
    "challengers": set(),
    "history": {"challengers"},
    "todos": {"challengers"},
    "secrets_app": {"challengers"},
    "challenges": {"challengers", "history", "todos", "secrets_app"},
    "classroom": {"challengers", "history", "todos", "secrets_app", "challenges"},
    "sim": set(),
}


def app_imports(app: str) -> dict[str, set[str]]:
    """The other apps each module of `app` imports, by module path."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / app).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module.split(".")[0])
        others = {name for name in names if name in APPS and name != app}
        if others:
            found[str(path.relative_to(ROOT))] = others
    return found


def test_each_app_imports_only_the_apps_below_it() -> None:
    wrong = {
        module: sorted(others - ALLOWED[app])
        for app in APPS
        for module, others in app_imports(app).items()
        if others - ALLOWED[app]
    }
    assert not wrong


def test_the_allowed_dependencies_have_no_cycle() -> None:
    def reaches(start: str, target: str, seen: frozenset[str] = frozenset()) -> bool:
        return any(
            below == target or (below not in seen and reaches(below, target, seen | {below}))
            for below in ALLOWED[start]
        )

    assert not [app for app in APPS if reaches(app, app)]


def test_the_project_package_imports_apps_only_in_its_url_conf() -> None:
    # The root URL conf mounts every app's routes; the settings name apps as strings.
    importing = {
        module
        for module, others in app_imports("practiceapi").items()
        if others and module != "practiceapi/urls.py"
    }
    assert not importing
