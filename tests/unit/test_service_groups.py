"""The services' groups: each ``__init__`` names entry points that exist, and every module is in a group."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import creative_memory.services as services

SERVICES = Path(services.__file__).parent
TOP_LEVEL = {"context", "selftest"}  # they compose groups for the adapters (services/__init__.py)


def _groups() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules([str(SERVICES)]) if m.ispkg)


def test_every_module_is_in_a_group_or_one_of_the_two_that_compose_them() -> None:
    loose = {m.name for m in pkgutil.iter_modules([str(SERVICES)]) if not m.ispkg}
    assert loose == TOP_LEVEL


def test_each_group_names_its_entry_points_and_they_exist() -> None:
    missing = []
    for group in _groups():
        package = importlib.import_module(f"creative_memory.services.{group}")
        doc = package.__doc__ or ""
        named = re.findall(r"`([a-z_]+)(?:\.([A-Za-z_]+))?`", doc)
        assert named, f"services/{group}/__init__.py names no entry point"
        for module, attribute in named:
            if not (SERVICES / group / f"{module}.py").is_file() and not (SERVICES / group / module).is_dir():
                continue  # a word in backticks, not a module of the group
            if attribute:
                mod = importlib.import_module(f"creative_memory.services.{group}.{module}")
                if not hasattr(mod, attribute):
                    missing.append(f"{group}.{module}.{attribute}")
    assert missing == []


def test_the_group_docstrings_list_every_group() -> None:
    doc = services.__doc__ or ""
    assert sorted(re.findall(r"^- ``([a-z_]+)``", doc, re.M)) == _groups()
