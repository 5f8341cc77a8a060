"""The window and the command line read the services' values by attribute: no adapter subscripts a
service's ``as_json()`` dict or reads a dict by a written-out key, no service function they call
returns a dict, the window's tables hold typed rows, and the removed dict builders do not come back."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import typing
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from pathlib import Path

import creative_memory
from creative_memory.services.derivation.pref_view import PreferenceView

PACKAGE = Path(creative_memory.__file__).parent
ADAPTERS = [p for d in ("gui", "cli") for p in sorted((PACKAGE / d).rglob("*.py"))]
GONE = {"pref_json", "fate_json", "fate_from_json", "retrieval_json"}

#: the dicts the window and the command line may read by a written-out key: none of them is a
#: service's value (file, the expression read)
KEYED_READS = {
    # the process's environment
    *((f, "os.environ") for f in ("gui/app.py", "gui/offscreen.py", "gui/single_instance.py", "cli/main.py")),
    # a request another start of the window sends (JSON, checked by single_instance.parse_request)
    ("gui/app.py", "request"),
    ("gui/single_instance.py", "value"),
    # a JSON-RPC request line as serve reads it, before its params are validated
    ("cli/commands/serve.py", "req"),
    # column numbers and widgets by name
    ("gui/itemmodels/projects.py", "COL"),
    ("gui/tabs/projects/view.py", "COL"),
    ("gui/dialogs/pause.py", "self.preset_buttons"),
    ("gui/dialogs/pause.py", "self.what_buttons"),
    ("gui/tabs/overview/cards.py", "self.count_labels"),
    # the Inspector's own field table (inspector.fields.record_fields, read from a PreferenceView)
    ("gui/tabs/inspector/fields.py", "rec"),
    # a stage event's numbers: each kind of event carries its own (DiagEvent.fields)
    ("gui/itemmodels/stage_events.py", "event.fields"),
    ("gui/tabs/diagnostics/kept.py", "event.fields"),
}


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


def _keyed_reads(tree: ast.AST) -> Iterator[tuple[int, str, str]]:
    """Each ``x["key"]`` read and ``x.get("key", …)`` call: line, what ``x`` is, the whole read."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.ctx, ast.Load)
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)
        ):
            yield node.lineno, ast.unparse(node.value), ast.unparse(node)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.lineno, ast.unparse(node.func.value), ast.unparse(node)


def test_no_adapter_reads_a_dict_by_a_written_out_key() -> None:
    """``row["id"]``, ``row.get("at")``, ``data["cleared"]``: a value from a service is read by
    attribute, so the type checker finds every reader of a renamed field. The few dicts the window
    and the command line do read by key are listed in KEYED_READS, each with why."""
    found, allowed_seen = [], set()
    for path in ADAPTERS:
        rel = path.relative_to(PACKAGE).as_posix()
        for line, receiver, read in _keyed_reads(ast.parse(path.read_text(encoding="utf-8"))):
            if (rel, receiver) in KEYED_READS:
                allowed_seen.add((rel, receiver))
            else:
                found.append(f"{rel}:{line}: {read}")
    assert found == []
    assert allowed_seen == KEYED_READS, "an entry of KEYED_READS is no longer needed"


def _service_names(path: Path) -> set[str]:
    """The dotted names of the services' functions and classes one adapter module uses."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("creative_memory.services"):
            for alias in node.names:
                imported[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in imported:
            used.add(f"{imported[node.value.id]}.{node.attr}")
        elif isinstance(node, ast.Name) and node.id in imported:
            used.add(imported[node.id])
    return used


def _resolve(dotted: str) -> object | None:
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for name in parts[i:]:
            obj = getattr(obj, name, None)
        return obj
    return None


_DICT = re.compile(r"\b(dict|Mapping|MutableMapping)\b")


def test_no_service_function_the_adapters_call_returns_a_dict() -> None:
    """Every function of the services the window or the command line names says it returns a typed
    value (a dataclass, a named tuple, a list of them …), never a dict: a dict is a value's wire
    form, built by its ``as_json()``."""
    names = set().union(*(_service_names(p) for p in ADAPTERS))
    assert len(names) > 100  # the scan sees the adapters' imports
    found = []
    for dotted in sorted(names):
        obj = _resolve(dotted)
        if not callable(obj) or inspect.isclass(obj):
            continue
        try:
            returns = inspect.signature(obj).return_annotation
        except (TypeError, ValueError):
            continue
        if _DICT.search(str(returns)):
            found.append(f"{dotted} -> {returns}")
    assert found == []


def test_the_window_tables_hold_the_services_values_as_rows() -> None:
    """The Diagnostics and Activity tables' rows are frozen dataclasses, named as each model's row
    type (so mypy checks its columns' accessors), and their fetch functions return them."""
    from creative_memory.gui.itemmodels import audit, diagnostics, stage_events  # noqa: F401 (the models)
    from creative_memory.gui.itemmodels.rows import RowsTableModel

    def concrete(cls: type) -> Iterator[type]:
        for sub in cls.__subclasses__():
            yield sub
            yield from concrete(sub)

    models = {m for m in concrete(RowsTableModel) if m.__module__.startswith("creative_memory.gui")}
    assert {m.__name__ for m in models} >= {"AuditModel", "RetrievalsModel", "StageEventsModel"}
    for model in models:
        rows = [
            arg
            for base in model.__dict__.get("__orig_bases__", ())
            for arg in typing.get_args(base)
            if not isinstance(arg, typing.TypeVar)
        ]
        if model.__name__ == "PagedTableModel":  # generic itself: its tables name the row
            assert rows == []
            continue
        assert len(rows) == 1, f"{model.__name__} names no row type"
        assert is_dataclass(rows[0]) and rows[0].__dataclass_params__.frozen, (model, rows[0])  # type: ignore[attr-defined]
    for fetch in (audit.fetch_audit, diagnostics.fetch_retrievals, diagnostics.fetch_retrieval_events):
        returns = typing.get_type_hints(fetch)["return"]
        assert typing.get_origin(returns) is list, fetch
        (row,) = typing.get_args(returns)
        assert is_dataclass(row) and row.__dataclass_params__.frozen, (fetch, row)  # type: ignore[attr-defined]


def test_the_inspector_shows_every_field_of_a_preference_under_a_title() -> None:
    from creative_memory.gui.tabs.inspector.fields import field_titles, record_fields

    view = PreferenceView(**dict.fromkeys((f.name for f in fields(PreferenceView)), None))  # type: ignore[arg-type]
    shown = list(record_fields(view))
    assert sorted(n for n in shown if n != "project_name") == sorted(f.name for f in fields(PreferenceView))
    # the project (its id and Open Design's name for it) is in the scope
    assert [n for n in shown if n not in ("project_id", "project_name")] == list(field_titles())
