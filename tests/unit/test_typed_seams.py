"""The window and the command line read the services' values by attribute: no adapter subscripts a
service's ``as_json()`` dict, and the removed dict builders do not come back."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

import creative_memory
from creative_memory.services.derivation.pref_view import PreferenceView

PACKAGE = Path(creative_memory.__file__).parent
ADAPTERS = [p for d in ("gui", "cli") for p in sorted((PACKAGE / d).rglob("*.py"))]
GONE = {"pref_json", "fate_json", "fate_from_json", "retrieval_json"}


def _called(node: ast.expr) -> str | None:
    """The name of the function or method a call expression calls (``a.b()`` → ``b``)."""
    if not isinstance(node, ast.Call):
        return None
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def test_no_adapter_subscripts_a_wire_dict_or_uses_a_removed_builder() -> None:
    assert ADAPTERS
    found = []
    for path in ADAPTERS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Subscript) and _called(node.value) == "as_json":
                found.append(f"{where}: subscripts an as_json() dict")
            if isinstance(node, ast.Name | ast.Attribute | ast.alias):
                name = (
                    node.id
                    if isinstance(node, ast.Name)
                    else (node.attr if isinstance(node, ast.Attribute) else node.name)
                )
                if name in GONE:
                    found.append(f"{where}: uses {name}")
    assert found == []


def test_the_inspector_shows_every_field_of_a_preference_under_a_title() -> None:
    from creative_memory.gui.tabs.inspector.fields import field_titles, record_fields

    view = PreferenceView(**dict.fromkeys((f.name for f in fields(PreferenceView)), None))  # type: ignore[arg-type]
    shown = list(record_fields(view))
    assert sorted(shown) == sorted(f.name for f in fields(PreferenceView))
    assert [n for n in shown if n != "project_id"] == list(field_titles())  # the project is in the scope
